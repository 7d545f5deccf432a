// Hierarchical kernels on NVPTX (sycl/detail/work_group_scope.hpp): the
// work-group-scope variables that work-items reach (a [&] closure, an array,
// private_memory, the kernel's captures) are .shared variables, not the
// leader's per-thread .local stack; the leader publishes each work-item scope
// with a block-scope release and waits for the work-item warps' done count
// (acquire); the work-item threads run it through the published pointer.
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -fPIC -c %s -o %t/k.o
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -save-temps -shared -fPIC %t/k.o -o %t/a.so
// RUN: FileCheck %s < %t/tmp/usycl-*/nvidia_gpu_sm_90/module_0.ptx
//
// CHECK-LABEL: .entry _ZTS11hier_shared(
// CHECK-NOT: .local
// CHECK-NOT: __local_depot
// CHECK-DAG: .shared .align 4 .b8 __usycl_wg_scope_$_{{[a-z0-9]+}}[256];
// CHECK-DAG: .shared .align 8 .b8 __usycl_wg_scope_$_{{[a-z0-9]+}}[272];
// The block's one hardware barrier, before anyone diverges.
// CHECK: barrier.sync 0;
// CHECK-NOT: barrier.sync
// Work-item threads: wait for a scope, run it, count their warp done.
// CHECK: ld.acquire.cta.u32
// CHECK: call %rd
// CHECK: bar.warp.sync -1;
// CHECK: red.release.cta.add.u32
// Leader: publish, then wait for the work-items.
// CHECK: st.release.cta.u32
// CHECK: ld.acquire.cta.u32
// CHECK-LABEL: // -- End function
#include <sycl/sycl.hpp>

class hier_shared;

void submit(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<hier_shared>(
        sycl::range<1>(4), sycl::range<1>(64), [=](sycl::group<1> g) {
          int tile[64];
          sycl::private_memory<int> mine(g);
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            tile[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
            mine(it) = 7;
          });
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            out[it.get_global_id(0)] = mine(it) + tile[(it.get_local_id(0) + 1) % 64];
          });
        });
  });
}
