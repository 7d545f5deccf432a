// The NVIDIA targets newer than sm_90 (issue 19.13): each compiles a kernel
// that uses fp64 to an executable with PTX and a cubin for its architecture,
// at the PTX ISA the architecture needs (llc refuses less), with its macro;
// its device configuration entry keeps the fp64 image (an entry without
// fp64, or none, would drop it with a warning). No such GPU is needed.
// sm_101 is not a target: CUDA 13's ptxas no longer knows it (docs/driver.md).
//
// REQUIRES: ptxas, usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -v -fsycl-targets=nvidia_gpu_sm_100,nvidia_gpu_sm_100a,nvidia_gpu_sm_103,nvidia_gpu_sm_110,nvidia_gpu_sm_120,nvidia_gpu_sm_121 \
// RUN:   %s -o %t/k 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// CHECK: --offload-device-only --offload-arch=sm_100 {{.*}}-target-feature -Xclang +ptx86 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_100__
// CHECK: --offload-device-only --offload-arch=sm_100a {{.*}}-target-feature -Xclang +ptx86 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_100A__
// CHECK: --offload-device-only --offload-arch=sm_103 {{.*}}-target-feature -Xclang +ptx88 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_103__
// CHECK: --offload-device-only --offload-arch=sm_110 {{.*}}-target-feature -Xclang +ptx90 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_110__
// CHECK: --offload-device-only --offload-arch=sm_120 {{.*}}-target-feature -Xclang +ptx87 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_120__
// CHECK: --offload-device-only --offload-arch=sm_121 {{.*}}-target-feature -Xclang +ptx88 {{.*}}-D__SYCL_TARGET_NVIDIA_GPU_SM_121__
// CHECK-DAG: ptxas -arch=sm_100 -O3
// CHECK-DAG: ptxas -arch=sm_100a -O3
// CHECK-DAG: ptxas -arch=sm_103 -O3
// CHECK-DAG: ptxas -arch=sm_110 -O3
// CHECK-DAG: ptxas -arch=sm_120 -O3
// CHECK-DAG: ptxas -arch=sm_121 -O3
// CHECK: generate image wrapper {{.*}} (13 images)
//
// The executable holds each architecture's PTX (and its cubin: 12 GPU images
// and the CPU's requirements image above).
// RUN: llvm-strings %t/k | FileCheck %s --check-prefix=PTX
// PTX-DAG: .target sm_100{{$}}
// PTX-DAG: .target sm_100a{{$}}
// PTX-DAG: .target sm_103{{$}}
// PTX-DAG: .target sm_110{{$}}
// PTX-DAG: .target sm_120{{$}}
// PTX-DAG: .target sm_121{{$}}
//
// --print-targets lists them with their architectures.
// RUN: %usycl --print-targets | FileCheck %s --check-prefix=LIST
// LIST: nvidia_gpu_sm_90 (sm_90)
// LIST: nvidia_gpu_sm_100 (sm_100)
// LIST: nvidia_gpu_sm_103 (sm_103)
// LIST: nvidia_gpu_sm_110 (sm_110)
// LIST: nvidia_gpu_sm_120 (sm_120)
// LIST: nvidia_gpu_sm_121 (sm_121)
// LIST: nvidia_gpu_sm_90a (sm_90a)
// LIST: nvidia_gpu_sm_100a (sm_100a)
// RUN: not %usycl -c -fsycl-targets=nvidia_gpu_sm_101 %s -o %t/k101.o 2>&1 | FileCheck %s --check-prefix=SM101
// SM101: error: unknown target 'nvidia_gpu_sm_101' in '-fsycl-targets=nvidia_gpu_sm_101'

#include "Inputs/kernels.hpp"

void scale(double *p) {
  test_kernel_entry<class ScaleKernel>([=]() { p[0] = p[1] * 0.5; });
}

int main() {}
