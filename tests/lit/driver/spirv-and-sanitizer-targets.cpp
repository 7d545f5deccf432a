// No usycl backend runs SPIR-V: a build for spir64 or an intel_gpu_* device
// says so and names the targets whose kernels do run (none, or the CPU);
// -fsyntax-only and -fsycl-device-only, which are about the checks and the
// IR, stay quiet, as do builds without SPIR-V targets.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -fsycl-targets=spir64 %s -o %t/spir.o 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: usycl++: warning: no usycl backend runs SPIR-V: the code for spir64 is built for its compile-time checks only and never runs; no target of '-fsycl-targets' runs the kernels (targets that run: x86_64 for the CPU, nvidia_gpu_sm_NN or nvptx64-nvidia-cuda for NVIDIA GPUs)
// RUN: test -s %t/spir.o
// RUN: %usycl -c -fsycl-targets=x86_64,intel_gpu_pvc %s -o %t/pvc.o 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: usycl++: warning: no usycl backend runs SPIR-V: the code for intel_gpu_pvc is built for its compile-time checks only and never runs; the kernels run only on x86_64 (targets that run:
// RUN: %usycl -fsyntax-only -fsycl-targets=spir64 %s 2>&1 | count 0
// RUN: %usycl -c -fsycl-targets=x86_64 %s -o %t/cpu.o 2>&1 | count 0
//
// -Xarch_device -fsanitize=... (DPC++: instrument only the device code)
// cannot be honoured: NVPTX has no sanitizers and the CPU device's kernels
// are host code. An error that says so and what to do instead, not clang's
// "argument unused" and an uninstrumented program.
// RUN: not %usycl -c -Xarch_device -fsanitize=address %s -o %t/asan.o 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=unused
// ASAN: usycl++: error: '-Xarch_device -fsanitize=address' is not supported: usycl++ cannot instrument device code alone (clang has no sanitizers for NVIDIA GPUs, and the CPU device's kernels are compiled with the host code); to check the kernels on the CPU, compile and link the whole program with '-fsanitize=address' and run it with ONEAPI_DEVICE_SELECTOR=native_cpu:*
// RUN: not test -e %t/asan.o
// RUN: not %usycl -c -fsycl-targets=x86_64 -Xarch_device -fsanitize=thread %s -o %t/tsan.o 2>&1 | FileCheck %s --check-prefix=TSAN
// TSAN: error: '-Xarch_device -fsanitize=thread' is not supported

#include "Inputs/kernels.hpp"

void fill(int *p) {
  test_kernel_entry<class FillKernel>([=]() { p[0] = 42; });
}
