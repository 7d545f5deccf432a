// Local accessors start 16-byte aligned (runtime: place_local_memory;
// header: local_memory_at clears the offset's low bits so that the optimiser
// knows it), and the device link infers address spaces and alignment before
// llc (driver: optArguments), so consecutive elements of a local-memory row
// are read 16 bytes at a time, as CUDA's __shared__ arrays are (issue 20:
// the tiled matmul read its A-tile rows one float at a time, 0.80 of CUDA):
//  * a 1-D local accessor read at 4*l .. 4*l+3: one ld.shared.v4;
//  * a 16 x 16 tile whose range -fsycl-host-device-opt folds: the clone
//    ($hdo) reads each row of ta[lr][k] as four ld.shared.v4 (the generic
//    kernel cannot: its row stride is a run-time value).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -fsycl-host-device-opt -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s < %t/all.ptx
// RUN: FileCheck %s --check-prefix=TILE < %t/all.ptx
//
// CHECK-LABEL: .entry {{.*}}Rows1D
// CHECK:       ld.shared.v4.b32
// CHECK-LABEL: // -- End function
//
// TILE-LABEL:  .entry {{.*}}Tiles$hdo
// TILE:        barrier.sync
// TILE-COUNT-4: ld.shared.v4.b32
// TILE:        barrier.sync
// TILE-LABEL:  // -- End function
#include <sycl/sycl.hpp>

constexpr size_t tile = 16;

void rows(sycl::queue &q, const float *in, float *out, size_t n) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 1> t{sycl::range<1>{256}, h};
    h.parallel_for<class Rows1D>(sycl::nd_range<1>{n, 64}, [=](sycl::nd_item<1> it) {
      const size_t l = it.get_local_id(0);
      for (size_t j = 0; j < 4; ++j) t[l + 64 * j] = in[4 * it.get_global_id(0) + j];
      sycl::group_barrier(it.get_group());
      out[it.get_global_id(0)] = t[4 * l] + t[4 * l + 1] + t[4 * l + 2] + t[4 * l + 3];
    });
  });
}

void tiles(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 2> ta{sycl::range<2>{tile, tile}, h};
    sycl::local_accessor<float, 2> tb{sycl::range<2>{tile, tile}, h};
    h.parallel_for<class Tiles>(sycl::nd_range<2>{{n, n}, {tile, tile}}, [=](sycl::nd_item<2> it) {
      const size_t row = it.get_global_id(0), col = it.get_global_id(1);
      const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
      float sum = 0;
      for (size_t t = 0; t < n; t += tile) {
        ta[lr][lc] = a[row * n + t + lc];
        tb[lr][lc] = b[(t + lr) * n + col];
        sycl::group_barrier(it.get_group());
        for (size_t k = 0; k < tile; ++k) sum += ta[lr][k] * tb[k][lc];
        sycl::group_barrier(it.get_group());
      }
      c[row * n + col] = sum;
    });
  });
}
