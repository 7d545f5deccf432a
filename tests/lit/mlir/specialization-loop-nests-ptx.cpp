// NVPTX clones keep a loop nest rolled where its bound was a run-time value
// (compiler/passes/host_device_specialize.cpp, keepLoopNestsRolled):
//  * MatVec: 8 steps (a captured int) of a 4 x 4 matrix-vector product. The
//    clone folds the step count and the matrix; its step loop stays a loop
//    (fully unrolled it ran at 0.76x the generic kernel on the H200), the
//    inner 4 x 4 loops (literal bounds) still unroll;
//  * Taps: a single loop over a captured radius: still unrolled into
//    straight-line taps (no loop left in the clone; the weight 1.0 an add);
//  * Literal: a nest whose outer bound is a literal: left to the unroller
//    as in the generic kernel (no remark about it).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-host-device-opt -O2 -fsycl-targets=nvidia_gpu_sm_90 -Rpass=usycl-host-device-opt -save-temps -fPIC -shared %s -o %t/k.so > %t/gpu.log 2>&1
// RUN: FileCheck %s --check-prefix=DEV < %t/gpu.log
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s --check-prefix=MATVEC < %t/all.ptx
// RUN: FileCheck %s --check-prefix=TAPS < %t/all.ptx
//
// DEV-DAG: remark: kernel '_ZTS6MatVec': clone '_ZTS6MatVec$hdo{{[0-9a-f]+}}' with {{.*}} folded (global size and offset); 1 loop nest with a run-time bound kept rolled [-Rpass=usycl-host-device-opt]
// DEV-DAG: remark: kernel '_ZTS4Taps': clone '_ZTS4Taps$hdo{{[0-9a-f]+}}' with {{.*}} folded (global size and offset) [-Rpass=usycl-host-device-opt]
// DEV-DAG: remark: kernel '_ZTS7Literal': clone '_ZTS7Literal$hdo{{[0-9a-f]+}}' with {{.*}} folded (global size and offset) [-Rpass=usycl-host-device-opt]
//
// The clone's step loop: a loop back edge around one step's 16 products.
// MATVEC-LABEL: .entry _ZTS6MatVec$hdo{{[0-9a-f]+}}(
// MATVEC:       $L__BB[[#]]_[[LOOP:[0-9]+]]:
// MATVEC-COUNT-4: fma.rn.f32
// MATVEC:       @%p{{[0-9]+}} bra $L__BB[[#]]_[[LOOP]];
// MATVEC-LABEL: // -- End function
//
// TAPS-LABEL: .entry _ZTS4Taps$hdo{{[0-9a-f]+}}(
// TAPS-COUNT-4: fma.rn.f32
// TAPS:       add.f32
// TAPS-COUNT-4: fma.rn.f32
// TAPS-NOT:   bra $L__BB
// TAPS-LABEL: // -- End function
#include <sycl/sycl.hpp>

#include <array>

class MatVec;
class Taps;
class Literal;

int main() {
  constexpr size_t n = 1 << 16;
  sycl::queue q;
  float *in = sycl::malloc_device<float>(n, q), *out = sycl::malloc_device<float>(n, q);
  int steps = 8;
  std::array<float, 16> m = {0.5f, 0.25f, 0.0f, 0.0f, 0.0f, 0.5f, 0.25f, 0.0f,
                             0.0f, 0.0f, 0.5f, 0.25f, 0.25f, 0.0f, 0.0f, 0.5f};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<MatVec>(sycl::range<1>{n / 4}, [=](sycl::id<1> id) {
      const size_t b = 4 * id[0];
      float v[4] = {in[b], in[b + 1], in[b + 2], in[b + 3]};
      for (int s = 0; s < steps; ++s) {
        float r[4];
        for (int row = 0; row < 4; ++row) {
          r[row] = 0.0f;
          for (int col = 0; col < 4; ++col)
            r[row] += m[size_t(row * 4 + col)] * v[col];
        }
        for (int row = 0; row < 4; ++row)
          v[row] = r[row];
      }
      for (int row = 0; row < 4; ++row)
        out[b + size_t(row)] = v[row];
    });
  });
  int radius = 4;
  std::array<float, 9> w = {0.0625f, 0.125f, 0.25f, 0.5f, 1.0f, 0.5f, 0.25f, 0.125f, 0.0625f};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Taps>(sycl::range<1>{n - 8}, [=](sycl::id<1> id) {
      const size_t i = id[0] + size_t(radius);
      float s = 0.0f;
      for (int j = -radius; j <= radius; ++j)
        s += w[size_t(j + radius)] * in[i + j];
      out[i] = s;
    });
  });
  float scale = 0.5f;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Literal>(sycl::range<1>{n / 4}, [=](sycl::id<1> id) {
      float acc = 0.0f;
      for (int a = 0; a < 2; ++a)
        for (int c = 0; c < 4; ++c)
          acc += scale * in[4 * id[0] + size_t(c)] * float(a + 1);
      out[id[0]] = acc;
    });
  });
  q.wait();
  sycl::free(in, q);
  sycl::free(out, q);
}
