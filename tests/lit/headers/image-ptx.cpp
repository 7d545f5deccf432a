// Images on NVPTX (docs/images.md): sampled_image_accessor reads become
// PTX tex on the texture object the runtime puts into the accessor,
// unsampled_image_accessor reads and writes become suld.b/sust.b of the raw
// texel on its surface object; each keeps the software path for formats
// CUDA cannot express (handle 0). ptxas accepts the module.
//
// REQUIRES: ptxas, usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -save-temps -shared -fPIC -fsycl-targets=nvidia_gpu_sm_90 %s -o %t/a.so
// RUN: cp %t/tmp/usycl-*/nvidia_gpu_sm_90/module_0.ptx %t/k.ptx
// RUN: FileCheck %s < %t/k.ptx
// RUN: %ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin
//
// CHECK-DAG: tex.1d.v4.f32.f32
// CHECK-DAG: tex.2d.v4.s32.f32
// CHECK-DAG: tex.3d.v4.f32.f32
// CHECK-DAG: suld.b.2d.v4.b32.zero
// CHECK-DAG: suld.b.2d.b32.zero
// CHECK-DAG: sust.b.3d.v2.b32.zero
// CHECK-DAG: sust.b.1d.b8.zero
#include <sycl/sycl.hpp>

class Sampled;
class Unsampled;

void sampled(sycl::queue &q, sycl::sampled_image<1> &a, sycl::sampled_image<2> &b,
             sycl::sampled_image<3> &c, sycl::float4 *out) {
  q.submit([&](sycl::handler &h) {
    sycl::sampled_image_accessor<sycl::float4, 1> ra(a, h);
    sycl::sampled_image_accessor<sycl::int4, 2> rb(b, h);
    sycl::sampled_image_accessor<sycl::float4, 3> rc(c, h);
    h.single_task<Sampled>([=] {
      out[0] = ra.read(0.5f);
      out[1] = rb.read(sycl::float2(0.5f, 0.5f)).convert<float>();
      out[2] = rc.read(sycl::float4(0.5f, 0.5f, 0.5f, 0.0f));
    });
  });
}

void unsampled(sycl::queue &q, sycl::unsampled_image<2> &a, sycl::unsampled_image<3> &b,
               sycl::unsampled_image<1> &c) {
  q.submit([&](sycl::handler &h) {
    sycl::unsampled_image_accessor<sycl::float4, 2, sycl::access_mode::read> ra(a, h);
    sycl::unsampled_image_accessor<sycl::uint4, 3, sycl::access_mode::write> wb(b, h);
    sycl::unsampled_image_accessor<sycl::float4, 1, sycl::access_mode::write> wc(c, h);
    h.single_task<Unsampled>([=] {
      const sycl::float4 v = ra.read(sycl::int2(1, 2));
      wb.write(sycl::int4(1, 2, 3, 0), sycl::uint4(static_cast<unsigned>(v[0]), 2, 3, 4));
      wc.write(3, v);
    });
  });
}
