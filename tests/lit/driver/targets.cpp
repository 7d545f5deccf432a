// -fsycl-targets: one device pass per GPU target, none for the CPU, aliases,
// the target macros of seed 004, and sections named after the targets.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -v -c -fsycl-targets=spir64_x86_64,nvidia_gpu_sm_80,nvptx64-nvidia-cuda %s -o %t/multi.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MULTI
// MULTI: --offload-device-only --offload-arch=sm_80 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_80__
// MULTI: --offload-device-only --offload-arch=sm_50 {{.*}}-fplugin-arg-usycl-target=nvptx64-nvidia-cuda
// MULTI-NOT: -D__SYCL_TARGET_NVIDIA
// MULTI: --offload-host-only {{.*}}-D__SYCL_TARGET_INTEL_X86_64__
// RUN: llvm-readelf -S %t/multi.o | FileCheck %s --check-prefix=MULTI-SECTIONS
// MULTI-SECTIONS-DAG: .usycl.device.nvidia_gpu_sm_80
// MULTI-SECTIONS-DAG: .usycl.device.nvptx64-nvidia-cuda
//
// The CPU alone needs no device pass; only the analysis pass that gives its
// kernels' requirements (generic NVPTX, -O0, no code generated from it),
// embedded as .usycl.device.x86_64.
// RUN: %usycl -v -c -fsycl-targets=native_cpu %s -o %t/cpu.o 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: --offload-device-only --offload-arch=sm_50 {{.*}}-emit-llvm -c -O0 {{.*}}-fplugin-arg-usycl-target=x86_64 {{.*}}-D__SYCL_TARGET_INTEL_X86_64__
// CPU-NOT: --offload-device-only
// CPU: --offload-host-only {{.*}}-D__SYCL_TARGET_INTEL_X86_64__
// CPU: embed device code into '{{.*}}cpu.o': .usycl.device.x86_64=
// RUN: llvm-readelf -S %t/cpu.o | FileCheck %s --check-prefix=CPU-SECTIONS
// CPU-SECTIONS: .usycl.device.x86_64
// CPU-SECTIONS-NOT: .usycl.device
//
// A GPU alone: no CPU macro in the host pass.
// RUN: %usycl -v -c -fsycl-targets=nvidia_gpu_sm_90a %s -o %t/gpu.o 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: --offload-arch=sm_90a {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_90A__
// GPU-NOT: __SYCL_TARGET_INTEL_X86_64__
//
// DPC++'s way of choosing the GPU of the generic CUDA target: the backend
// option names the architecture, which makes it that device's target.
// RUN: %usycl -v -c -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend --cuda-gpu-arch=sm_80 %s -o %t/arch.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH
// ARCH-NOT: warning
// ARCH: --offload-device-only --offload-arch=sm_80 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_80__
// ARCH-NOT: --offload-arch=sm_50
// RUN: %usycl -v -c -fsycl-targets=x86_64,nvptx64-nvidia-cuda,nvidia_gpu_sm_90 "-Xsycl-target-backend=nvptx64-nvidia-cuda" "--offload-arch=sm_90" %s -o %t/arch2.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH2
// ARCH2-COUNT-1: --offload-device-only --offload-arch=sm_90
// ARCH2-NOT: --offload-arch=sm_50
// DPC++'s spelling with the triple, and the architecture of the issue (19.9).
// RUN: %usycl -v -c -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend=nvptx64-nvidia-cuda --cuda-gpu-arch=sm_80 %s -o %t/arch6.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH
// RUN: llvm-readelf -S %t/arch6.o | FileCheck %s --check-prefix=ARCH-SECTIONS
// ARCH-SECTIONS: .usycl.device.nvidia_gpu_sm_80
// ARCH-SECTIONS-NOT: .usycl.device.nvptx64-nvidia-cuda
//
// An architecture usycl++ has no target for is one error naming the value,
// the flag and the supported list; nothing is compiled (no generic sm_50).
// RUN: not %usycl -c -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend --cuda-gpu-arch=sm_99 %s -o %t/arch3.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH3 --implicit-check-not=warning --implicit-check-not=error
// ARCH3: error: '-Xsycl-target-backend "--cuda-gpu-arch=sm_99"': usycl++ has no NVIDIA GPU target for 'sm_99'; supported architectures: sm_50, {{.*}}sm_90, {{.*}} (usycl++ --print-targets lists every target)
// RUN: not test -e %t/arch3.o
// RUN: not %usycl -c -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend=nvptx64-nvidia-cuda --cuda-gpu-arch=gfx90a %s -o %t/arch7.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH7
// ARCH7: error: '-Xsycl-target-backend=nvptx64-nvidia-cuda "--cuda-gpu-arch=gfx90a"': usycl++ has no NVIDIA GPU target for 'gfx90a'; supported architectures: sm_50,
// RUN: not %usycl -c -fsycl-targets=x86_64 -Xs --offload-arch=sm_99 %s -o %t/arch8.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH8
// ARCH8: error: '-Xs "--offload-arch=sm_99"': usycl++ has no NVIDIA GPU target for 'sm_99'
// RUN: %usycl -c -fsycl-targets=nvidia_gpu_sm_80 -Xsycl-target-backend --cuda-gpu-arch=sm_80 %s -o %t/arch4.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH4
// ARCH4: warning: '-Xsycl-target-backend "--cuda-gpu-arch=sm_80"' ignored: it chooses the GPU of the generic target nvptx64-nvidia-cuda, which -fsycl-targets does not list
// RUN: %usycl -c -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend=nvptx64-nvidia-cuda -O3 %s -o %t/arch5.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARCH5
// ARCH5: warning: '-Xsycl-target-backend=nvptx64-nvidia-cuda "-O3"' ignored: usycl++ runs the CUDA backend
//
// Duplicates (also through aliases) collapse to one pass.
// RUN: %usycl -v -c -fsycl-targets=nvidia_gpu_sm_80,nvidia_gpu_sm_80,x86_64,spir64_x86_64 %s -o %t/dup.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUP
// DUP-COUNT-1: --offload-device-only
// DUP-NOT: --offload-device-only

#include "Inputs/kernels.hpp"

void fill(int *p) {
  test_kernel_entry<class FillKernel>([=]() { p[0] = 42; });
}
