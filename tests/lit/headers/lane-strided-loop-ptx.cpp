// A loop whose sub-group lanes start at their lane id and stride by the
// width (for c = lane; c < 1024; c += 32: the softmax row pattern) is
// runtime-unrolled on NVPTX, as nvcc does: its trip count,
// (1023 - (lane & 31)) / 32 + 1, costs more than SCEV's default expansion
// budget, and without -scev-cheap-expansion-budget=8 (driver: optArguments)
// LoopUnroll gave up and each lane had one load in flight (issue 20,
// row_reduce 1.065 of CUDA's time).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s < %t/all.ptx
//
// CHECK-LABEL: .entry {{.*}}RowSum{{.*}}$ww(
// CHECK:       Loop Header
// CHECK-COUNT-4: ld.global
// CHECK:       bra
// CHECK-LABEL: // -- End function
#include <sycl/sycl.hpp>

void rows(sycl::queue &q, const float *in, float *sums, size_t rows) {
  q.parallel_for<class RowSum>(
      sycl::nd_range<1>{rows * 32, 256},
      [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(32)]] {
        const sycl::sub_group sg = it.get_sub_group();
        const size_t row = it.get_group(0) * sg.get_group_linear_range() + sg.get_group_linear_id();
        if (row >= rows) return;
        const float *p = in + row * 1024;
        float s = 0.0f;
        for (size_t c = sg.get_local_linear_id(); c < 1024; c += sg.get_max_local_range()[0])
          s += p[c];
        s = sycl::reduce_over_group(sg, s, sycl::plus<float>());
        if (sg.leader()) sums[row] = s;
      });
}
