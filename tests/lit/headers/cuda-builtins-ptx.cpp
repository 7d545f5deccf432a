// CUDA-specific extensions on NVPTX (sm_90):
//  * ext::oneapi::experimental::cuda::ldg reads through the non-coherent
//    cache: ld.global.nc, in the widest aligned words (a float4 is one
//    v4.b32; a double3 is 16 + 8 bytes; a char3 2 + 1 bytes, never the
//    padding element).
//  * ext::oneapi::dot_acc is one dp4a with the operands' signedness.
//  * ext::oneapi::bfloat16 converts with cvt.rn.bf16.f32 and computes with
//    the bf16 instructions (fma.rn.bf16, min/max/abs.bf16).
// Out of line functions, so the code of each is checked on its own.
//
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -fPIC -c %s -o %t/k.o
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -save-temps -shared -fPIC %t/k.o -o %t/a.so
// The functions land in images by their requirements (fp64, ...): every
// image's PTX, in image order, and each image assembles.
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/k.ptx
// RUN: FileCheck %s < %t/k.ptx
// RUN: bash -c 'for f in %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx; do %ptxas -arch=sm_90 $f -o %t/k.cubin || exit 1; done'
//
// CHECK-LABEL: .func {{.*}}ldg_int
// CHECK: ld.global.nc.b32
// CHECK-NOT: ld.global
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}ldg_float4
// CHECK: ld.global.nc.v4.b32
// CHECK-NOT: ld.global
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}ldg_char3
// CHECK-DAG: ld.global.nc.b16
// CHECK-DAG: ld.global.nc.b8
// CHECK-NOT: ld.global
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}ldg_ulong2
// CHECK: ld.global.nc.v4.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}dot_acc_ss
// CHECK: dp4a.s32.s32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}dot_acc_uu
// CHECK: dp4a.u32.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}dot_acc_su_vec
// CHECK: dp4a.s32.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}dot_acc_us_vec
// CHECK: dp4a.u32.s32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}bf16_from_float
// CHECK: cvt.rn.bf16.f32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}bf16_fma
// CHECK: fma.rn.bf16
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}bf16_fmin
// CHECK: min.bf16
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}bf16_fabs
// CHECK: abs.bf16
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}ldg_double3
// CHECK-DAG: ld.global.nc.v4.b32
// CHECK-DAG: ld.global.nc.b64
// CHECK-NOT: ld.global
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}ldg_half
// CHECK: ld.global.nc.b16
// CHECK-LABEL: // -- End function

#include <sycl/ext/oneapi/experimental/cuda/builtins.hpp>
#include <sycl/sycl.hpp>

using sycl::ext::oneapi::bfloat16;
using sycl::ext::oneapi::dot_acc;
using sycl::ext::oneapi::experimental::cuda::ldg;
namespace bf = sycl::ext::oneapi::experimental;

SYCL_EXTERNAL __attribute__((noinline)) int ldg_int(const int *p) { return ldg(p); }
SYCL_EXTERNAL __attribute__((noinline)) sycl::float4 ldg_float4(const sycl::float4 *p) {
  return ldg(p);
}
SYCL_EXTERNAL __attribute__((noinline)) sycl::double3 ldg_double3(const sycl::double3 *p) {
  return ldg(p);
}
SYCL_EXTERNAL __attribute__((noinline)) sycl::char3 ldg_char3(const sycl::char3 *p) {
  return ldg(p);
}
SYCL_EXTERNAL __attribute__((noinline)) sycl::half ldg_half(const sycl::half *p) { return ldg(p); }
SYCL_EXTERNAL __attribute__((noinline)) sycl::ulong2 ldg_ulong2(const sycl::ulong2 *p) {
  return ldg(p);
}

SYCL_EXTERNAL __attribute__((noinline)) int dot_acc_ss(int a, int b, int c) {
  return dot_acc(a, b, c);
}
SYCL_EXTERNAL __attribute__((noinline)) int dot_acc_uu(unsigned a, unsigned b, int c) {
  return dot_acc(a, b, c);
}
SYCL_EXTERNAL __attribute__((noinline)) int
dot_acc_su_vec(sycl::vec<int8_t, 4> a, sycl::vec<uint8_t, 4> b, int c) {
  return dot_acc(a, b, c);
}
SYCL_EXTERNAL __attribute__((noinline)) int
dot_acc_us_vec(sycl::vec<uint8_t, 4> a, sycl::vec<int8_t, 4> b, int c) {
  return dot_acc(a, b, c);
}

SYCL_EXTERNAL __attribute__((noinline)) bfloat16 bf16_from_float(float f) { return f; }
SYCL_EXTERNAL __attribute__((noinline)) bfloat16 bf16_fma(bfloat16 a, bfloat16 b, bfloat16 c) {
  return bf::fma(a, b, c);
}
SYCL_EXTERNAL __attribute__((noinline)) bfloat16 bf16_fmin(bfloat16 a, bfloat16 b) {
  return bf::fmin(a, b);
}
SYCL_EXTERNAL __attribute__((noinline)) bfloat16 bf16_fabs(bfloat16 a) { return bf::fabs(a); }

// The device module holds the functions its kernel calls.
void go(sycl::queue &q, int *i, sycl::float4 *f4, sycl::double3 *d3, sycl::char3 *c3,
        sycl::half *h, sycl::ulong2 *ul2, float *f) {
  q.single_task<class CudaBuiltinForms>([=] {
    const sycl::vec<int8_t, 4> s(i[5], i[6], i[7], i[8]);
    const sycl::vec<uint8_t, 4> u(i[9], i[10], i[11], i[12]);
    i[1] = ldg_int(i) + dot_acc_ss(i[2], i[3], i[4]) + dot_acc_uu(i[2], i[3], i[4]) +
           dot_acc_su_vec(s, u, i[4]) + dot_acc_us_vec(u, s, i[4]);
    f4[1] = ldg_float4(f4);
    d3[1] = ldg_double3(d3);
    c3[1] = ldg_char3(c3);
    h[1] = ldg_half(h);
    ul2[1] = ldg_ulong2(ul2);
    const bfloat16 a = bf16_from_float(f[0]), b = bf16_from_float(f[1]);
    f[2] = bf16_fma(a, b, a) + bf16_fmin(a, b) + bf16_fabs(b);
  });
}
