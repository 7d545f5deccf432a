// Sub-group collectives on NVPTX (issue 20). The warp mask is computed once,
// outside the loop (a vote loop does not recompute it). A whole-warp scan
// runs five steps with the constant mask -1, as CUDA's __shfl_up_sync(
// 0xffffffff, ...) does, then the general loop for partial warps; an
// inclusive scan computes no exclusive value or total, which would be dead
// shuffles (convergent: nothing deletes them).
// (The whole-warp copies of kernels, compiler/passes/whole_warps.hpp, are off
// in the pipelines for now: lit passes/whole-warp-versioning.ll tests them.)
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx | FileCheck %s
//
// CHECK-LABEL: .entry {{.*}}Votes
// CHECK:       and.b32 {{.*}}, 31;
// CHECK:       Loop Header
// CHECK-NOT:   and.b32 {{.*}}, 31;
// CHECK:       vote.sync.any.pred
// CHECK:       vote.sync.all.pred
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .entry {{.*}}Scan
// CHECK-NOT:   shfl.sync.idx
// CHECK-COUNT-5: shfl.sync.up.b32 {{.*}}, 0, -1;
// CHECK-NOT:   shfl.sync.{{.*}}, -1;
// CHECK-NOT:   shfl.sync.idx
// CHECK:       // -- End function

#include <sycl/sycl.hpp>
using namespace sycl;

void kernels() {
  queue q;
  float *in = malloc_device<float>(1 << 20, q);
  int *out = malloc_device<int>(1 << 20, q);
  q.parallel_for<class Votes>(nd_range<1>(1 << 20, 256), [=](nd_item<1> it) {
    sub_group sg = it.get_sub_group();
    int any = 0, all = 0;
    for (int k = 0; k < 64; ++k) {
      const bool p = in[(it.get_global_id(0) + 32 * k) & ((1 << 20) - 1)] > float(k);
      any += any_of_group(sg, p);
      all += all_of_group(sg, p);
    }
    out[it.get_global_id(0)] = any * 256 + all;
  });
  q.parallel_for<class Shuffles>(nd_range<1>(1 << 20, 256), [=](nd_item<1> it) {
    sub_group sg = it.get_sub_group();
    float x = in[it.get_global_id(0)];
    x += shift_group_left(sg, x, 1);
    x += permute_group_by_xor(sg, x, 4);
    out[it.get_global_id(0)] = int(x);
  });
  q.parallel_for<class Scan>(nd_range<1>(1 << 20, 256), [=](nd_item<1> it) {
    out[it.get_global_id(0)] =
        inclusive_scan_over_group(it.get_sub_group(), int(in[it.get_global_id(0)]), plus<int>());
  });
  q.wait();
}
