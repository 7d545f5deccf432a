// JIT mode (a generic target): every clause is compiled, guarded by the
// __usycl_device_has marker; the aspect a clause is guarded by does not make
// the kernel require it; at device link usycl++ makes one variant per answer
// set over the NVIDIA entries of the device configuration, and the variant
// of the devices without fp16 has no half arithmetic left.
//
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=nvptx64-nvidia-cuda %s -o - | FileCheck %s --check-prefix=IR
// (no !sycl_used_aspects: the kernel requires nothing)
// IR: define {{.*}}ptx_kernel void @_ZTS10HalfKernel({{.*}}) local_unnamed_addr #{{[0-9]+}} !sycl_fixed_targets
// IR: call {{.*}}i1 @__usycl_device_has(i32 {{.*}}5)
//
// The same code for a device target decides at compile time: no marker, and
// the fp16 clause makes the kernel use fp16.
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=nvidia_gpu_sm_90 %s -o - | FileCheck %s --check-prefix=AOT
// AOT: define {{.*}}ptx_kernel void @_ZTS10HalfKernel{{.*}} !sycl_used_aspects ![[FP16:[0-9]+]]
// AOT-NOT: __usycl_device_has
// AOT: ![[FP16]] = !{i32 5}
//
// REQUIRES: usycl-runtime
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -v -save-temps -fsycl-targets=nvptx64-nvidia-cuda %s -o %t/app 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: (in-process) if_device_has for nvptx64-nvidia-cuda: {{.*}}device_0.bc -> 2 variant(s): {{.*}}module_0.v0.bc (nvidia_gpu_sm_50,nvidia_gpu_sm_52) {{.*}}module_0.v1.bc (nvidia_gpu_sm_53,{{.*}}nvidia_gpu_sm_90{{.*}})
// RUN: llvm-dis %t/tmp/usycl-*/nvptx64-nvidia-cuda/module_0.v0.opt.bc -o - | FileCheck %s --check-prefix=NOFP16
// NOFP16-NOT: {{ half|half }}
// NOFP16-NOT: __usycl_device_has
// RUN: llvm-dis %t/tmp/usycl-*/nvptx64-nvidia-cuda/module_0.v1.opt.bc -o - | FileCheck %s --check-prefix=HASFP16
// HASFP16-NOT: __usycl_device_has
// HASFP16: {{fptrunc .* to half|fmul half}}

#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

class HalfKernel;

void run(sycl::queue &q, float *out) {
  q.parallel_for<HalfKernel>(sycl::range<1>(16), [=](sycl::id<1> i) {
    const float x = static_cast<float>(i[0]);
    syclex::if_device_has<sycl::aspect::fp16>([&] {
      sycl::half h = x;
      out[i] = static_cast<float>(h * sycl::half(2.0f));
    }).else_device([&] { out[i] = x * 2.0f; });
  });
}

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(16, q);
  run(q, out);
  q.wait();
  return 0;
}
