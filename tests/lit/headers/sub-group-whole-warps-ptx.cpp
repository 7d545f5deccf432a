// Sub-group and work-group collectives on NVPTX (issue 20). Every kernel
// that asks whether its warps are whole gets a whole-warp entry point
// <kernel>$ww (compiler/passes/whole_warps.hpp), which the CUDA backend
// launches for blocks of whole warps:
//  * there the votes use the constant mask -1 and nothing recomputes a mask;
//    in the kernel itself the mask is computed once, outside the loop;
//  * a whole-warp sub-group scan runs five steps with the constant mask -1,
//    as CUDA's __shfl_up_sync(0xffffffff, ...) does, and computes no
//    exclusive value or total (dead shuffles: convergent, nothing deletes
//    them);
//  * a work-group reduce_over_group whose result only work-item 0 stores
//    has one barrier in the whole-warp entry (every warp folds the warp
//    totals itself; the scratch release after it goes, as nothing follows)
//    and two in the kernel (a partial warp may lack the lanes to read the
//    totals: warp 0 folds and hands the result over);
//  * the whole-warp reduce has no branch before its warp reduction (a
//    single whole warp takes the general path) and folds the totals of up
//    to 8 warps (groups of up to 256) in three butterfly steps, two more
//    after them for more warps;
//  * a work-group scan's warp 0 scans the warp totals in three steps, two
//    more after them for more than 8 warps, with no branch between them (a
//    shuffle behind a branch ptxas cannot prove uniform gets a divergence
//    check; no shfl with a computed mask in the whole-warp entry).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s < %t/all.ptx
// RUN: FileCheck %s --check-prefix=WHOLE < %t/all.ptx
// RUN: FileCheck %s --check-prefix=REDUCE < %t/all.ptx
//
// CHECK-LABEL: .entry {{.*}}Votes(
// CHECK:       and.b32 {{.*}}, 31;
// CHECK:       Loop Header
// CHECK-NOT:   and.b32 {{.*}}, 31;
// CHECK:       vote.sync.any.pred
// CHECK:       vote.sync.all.pred
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .entry {{.*}}Scan(
// CHECK-NOT:   shfl.sync.idx
// CHECK-COUNT-5: shfl.sync.up.b32 {{.*}}, 0, -1;
// CHECK-NOT:   shfl.sync.{{.*}}, -1;
// CHECK-NOT:   shfl.sync.idx
// CHECK:       // -- End function
//
// WHOLE-LABEL: .entry {{.*}}Votes$ww(
// WHOLE-NOT:   vote.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       Loop Header
// WHOLE-NOT:   vote.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       vote.sync.any.pred {{.*}}, -1;
// WHOLE:       vote.sync.all.pred {{.*}}, -1;
// WHOLE:       // -- End function
// WHOLE-LABEL: .entry {{.*}}Scan$ww(
// WHOLE-COUNT-5: shfl.sync.up.b32 {{.*}}, 0, -1;
// WHOLE-NOT:   shfl.sync
// WHOLE:       // -- End function
// WHOLE-LABEL: .entry {{.*}}GroupScan$ww(
// WHOLE-NOT:   shfl.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       barrier.sync
// WHOLE-NOT:   shfl.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       shfl.sync.up.b32 {{.*}}, 1, 0, -1;
// WHOLE-NOT:   bra
// WHOLE:       shfl.sync.up.b32 {{.*}}, 2, 0, -1;
// WHOLE-NOT:   bra
// WHOLE:       shfl.sync.up.b32 {{.*}}, 4, 0, -1;
// WHOLE-NOT:   shfl.sync
// WHOLE:       bra
// WHOLE:       shfl.sync.up.b32 {{.*}}, 8, 0, -1;
// WHOLE-NOT:   bra
// WHOLE:       shfl.sync.up.b32 {{.*}}, 16, 0, -1;
// WHOLE-NOT:   shfl.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       barrier.sync
// WHOLE-NOT:   shfl.sync.{{.*}}, %r{{[0-9]+}};
// WHOLE:       // -- End function
//
// REDUCE-LABEL: .entry {{.*}}GroupReduce(
// REDUCE-COUNT-2: barrier.sync
// REDUCE-NOT:   barrier.sync
// REDUCE:       // -- End function
// REDUCE-LABEL: .entry {{.*}}GroupReduce$ww(
// REDUCE-NOT:   bra
// REDUCE:       shfl.sync.down.b32 {{.*}}, 1, 31, -1;
// REDUCE:       barrier.sync
// REDUCE-NOT:   barrier.sync
// REDUCE:       shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// REDUCE-NEXT:  add.f32
// REDUCE-NEXT:  shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// REDUCE-NEXT:  add.f32
// REDUCE-NEXT:  shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// REDUCE-NOT:   barrier.sync
// REDUCE:       // -- End function

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
  q.parallel_for<class GroupReduce>(nd_range<1>(1 << 20, 256), [=](nd_item<1> it) {
    const float s = reduce_over_group(it.get_group(), in[it.get_global_id(0)], plus<float>());
    if (it.get_local_id(0) == 0) out[it.get_group(0)] = int(s);
  });
  q.parallel_for<class GroupScan>(nd_range<1>(1 << 20, 256), [=](nd_item<1> it) {
    out[it.get_global_id(0)] =
        int(inclusive_scan_over_group(it.get_group(), in[it.get_global_id(0)], plus<float>()));
  });
  q.wait();
}
