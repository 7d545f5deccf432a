// Sub-group collectives on NVPTX (issue 20): a kernel that uses them is
// compiled twice, chosen at its entry by whether the block size is a
// multiple of 32 (compiler/passes/whole_warps.hpp). In the copy for whole
// warps every vote.sync/shfl.sync has the constant mask -1 (and clamp 31),
// as CUDA's __any_sync(0xffffffff, ...) does, so ptxas emits the bare
// instruction; the other copy carries the computed mask in a register.
// inclusive_scan_over_group computes no exclusive value or total, which
// would be dead shuffles (convergent: nothing deletes them).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx | FileCheck %s
//
// CHECK-LABEL: .entry {{.*}}Votes
// CHECK:       %ntid.y
// CHECK:       and.b32 {{.*}}, 31;
// CHECK-DAG:   vote.sync.any.pred {{.*}}, -1;
// CHECK-DAG:   vote.sync.all.pred {{.*}}, -1;
// CHECK-DAG:   vote.sync.any.pred {{.*}}, %r{{[0-9]+}};
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .entry {{.*}}Shuffles
// CHECK-DAG:   shfl.sync.down.b32 {{.*}}, 1, 31, -1;
// CHECK-DAG:   shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK-LABEL: // -- End function
// Five steps with constants in each copy (in the other, for its whole
// warps), then the general loop; no shfl.sync.idx for the total, no sixth
// constant shuffle for the exclusive value.
// CHECK-LABEL: .entry {{.*}}Scan
// CHECK-NOT:   shfl.sync.idx
// CHECK-COUNT-10: shfl.sync.up.b32 {{.*}}, 0, -1;
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
