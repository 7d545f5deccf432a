// `usycl++ -c -v` runs a device pass per GPU target and a host pass, then
// embeds each target's device bitcode into the object as an excluded section.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -v -c %s -o %t/k.o 2>&1 | FileCheck %s --check-prefix=CMDS
// CMDS: clang++ -fsycl --offload-device-only --offload-arch=sm_90
// CMDS-SAME: -emit-llvm -c -O2
// CMDS-SAME: -fplugin={{.*}}libusycl-plugin.so
// CMDS-SAME: -D__SYCL_TARGET_NVIDIA_GPU_SM_90__
// CMDS-SAME: compile-verbose.cpp -o {{.*}}.bc
// CMDS: clang++ -fsycl --offload-host-only -c
// CMDS-SAME: -fplugin={{.*}}libusycl-plugin.so
// CMDS-SAME: -D__SYCL_TARGET_INTEL_X86_64__
// CMDS-SAME: compile-verbose.cpp -o {{.*}}.o
// CMDS: (in-process) embed device code into '{{.*}}k.o': .usycl.device.nvidia_gpu_sm_90=
//
// The section is SHF_EXCLUDE ("E") so a plain link drops it.
// RUN: llvm-readelf -S %t/k.o | FileCheck %s --check-prefix=SECTION
// SECTION: .usycl.device.nvidia_gpu_sm_90 PROGBITS {{.*}} E
//
// It holds NVPTX bitcode with the kernel as a ptx_kernel named _ZTS...
// RUN: llvm-objcopy --dump-section=.usycl.device.nvidia_gpu_sm_90=%t/k.bc %t/k.o %t/k.copy.o
// RUN: llvm-dis %t/k.bc -o - | FileCheck %s --check-prefix=IR
// IR: target triple = "nvptx64-nvidia-cuda"
// IR: define {{.*}}ptx_kernel void @_ZTS10FillKernel(
//
// The host object still has the host code.
// RUN: llvm-nm %t/k.o | FileCheck %s --check-prefix=HOST
// HOST: T _Z4fillPi

#include "Inputs/kernels.hpp"

struct FillKernel;
void fill(int *p) {
  test_kernel_entry<FillKernel>([=]() { p[0] = 42; });
}
