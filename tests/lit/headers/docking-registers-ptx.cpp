// A docking code's energy kernel (benchmarks/docking, issue 44) at 8 poses
// per work-item, -O3 -ffast-math for sm_90 (and -fsycl-host-device-opt): the
// private arrays stay in registers (no stack frame in the kernel or its
// host-device-opt clone, whose body is inlined, not a .func), the atom loop
// is one block whose square roots and cosines issue side by side
// (usycl-latency-order: all 8 sqrt.approx before the first cos.approx).
//
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O3 -ffast-math -fsycl-host-device-opt -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/k.ptx
// RUN: %ptxas -arch=sm_90 -O3 -v %t/k.ptx -o %t/k.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s < %t/k.ptx
//
// PTXAS-COUNT-2: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: .func
// CHECK-LABEL: .entry _ZTS{{.*}}5Poses(
// CHECK: This Inner Loop Header: Depth=2
// CHECK-COUNT-8: sqrt.approx.ftz.f32
// CHECK-NOT: sqrt.approx
// CHECK: cos.approx.ftz.f32
// CHECK: bra.uni
#include <sycl/sycl.hpp>

struct atom {
  float x, y, z;
  int type;
};
struct force_field {
  float radius, hardness, charge, desolvation;
};
constexpr int ppwi = 8, group = 64;

void energies(sycl::queue &q, int poses, int natpro, int natlig, const atom *protein,
              const atom *ligand, const force_field *field, const float *rx, float *out) {
  q.parallel_for<class Poses>(sycl::nd_range<1>(poses / ppwi, group), [=](sycl::nd_item<1> it) {
    const int first = int(it.get_group(0)) * group * ppwi + int(it.get_local_id(0));
    float s[ppwi], c[ppwi], etot[ppwi];
    for (int i = 0; i < ppwi; ++i) {
      s[i] = sycl::sin(rx[first + i * group]);
      c[i] = sycl::cos(rx[first + i * group]);
      etot[i] = 0.0f;
    }
    for (int l = 0; l < natlig; ++l) {
      const atom la = ligand[l];
      const force_field lf = field[la.type];
      float lx[ppwi], ly[ppwi], lz[ppwi];
      for (int i = 0; i < ppwi; ++i) {
        lx[i] = c[i] * la.x + s[i] * la.y;
        ly[i] = c[i] * la.y - s[i] * la.x;
        lz[i] = la.z - s[i] * la.x + c[i];
      }
      for (int a = 0; a < natpro; ++a) {
        const atom pa = protein[a];
        const force_field pf = field[pa.type];
        const float radij = lf.radius + pf.radius, hard = lf.hardness * pf.hardness;
        const float qq = lf.charge * pf.charge, ds = lf.desolvation + pf.desolvation;
        for (int i = 0; i < ppwi; ++i) {
          const float dx = lx[i] - pa.x, dy = ly[i] - pa.y, dz = lz[i] - pa.z;
          const float r = sycl::sqrt(dx * dx + dy * dy + dz * dz);
          const float sw = 0.5f + 0.5f * sycl::cos(3.14159265f * sycl::fmin(r * 0.125f, 1.0f));
          const float steric = r < radij ? (1.0f - r / radij) * hard : 0.0f;
          etot[i] += steric + qq / (r + 0.5f) * sw + ds * sw * sw;
        }
      }
    }
    for (int i = 0; i < ppwi; ++i)
      out[first + i * group] = etot[i] * 0.5f;
  });
}
