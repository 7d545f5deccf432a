// The host compilation of a kernel with [[sycl::reqd_sub_group_size(8)]]:
// the plugin annotates its call operator, usycl-launch-sub-group-width makes
// 8 the CPU launcher's width, and the work-item loops keep a copy for groups
// of full sub-groups (a multiple of 8 work-items). There the sub-group's
// lane count is the constant 8, so the exchange block (a stack array of the
// launcher) has a constant layout and the optimiser keeps the lanes' values
// and the reduction in registers: the full copy's sub-group loop loads the
// 8 inputs, folds them and stores the results, with no per-thread storage
// and no block. A kernel without the attribute keeps the runtime's width
// (and its block in per-thread storage). No annotation reaches the object.
//
// RUN: %clang -fsycl --offload-host-only -O2 -S -emit-llvm -fno-discard-value-names -isystem %sycl-include \
// RUN:   -D__SYCL_TARGET_INTEL_X86_64__ -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=host -fplugin-arg-usycl-tu-id=lit %s -o %t.ll
// RUN: FileCheck %s --input-file=%t.ll
//
// CHECK-NOT: usycl.reqd_sub_group_size
// CHECK-NOT: @llvm.global.annotations
// (The launchers are named after the lambdas: Fixed8's first.)
// CHECK-LABEL: define {{.*}}cpu_nd_group_loopsIZ3run{{.*}}EEEE_Li1E
// CHECK-NOT: __usycl_cpu_work_item_storage
// CHECK: and i64 %{{.*}}, 7
// CHECK: wi.sg.all.full
// CHECK: wi.sg.full:
// CHECK-NOT: __usycl_cpu_work_item_storage
// CHECK: wi.sg.i:
// CHECK-NOT: ptr %wi.sg.block
// CHECK: load <4 x float>
// CHECK-NOT: ptr %wi.sg.block
// CHECK: fadd <4 x float>
// CHECK-NOT: ptr %wi.sg.block
// CHECK: store <4 x float>
// CHECK-NOT: ptr %wi.sg.block
// CHECK: br i1 %{{.*}}, label %wi.sg.i, label
// CHECK-LABEL: define {{.*}}cpu_nd_group_loopsIZ3run{{.*}}EEEE0_Li1E
// CHECK-NOT: wi.sg.all.full
// CHECK: call {{.*}}@__usycl_cpu_work_item_storage(
// (true where it ran the group; false to a divisibility query: collectives)
// CHECK: ret i1 %wi.range.query
#include <sycl/sycl.hpp>

void run(sycl::queue &q, float *p) {
  q.parallel_for<class Fixed8>(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it)
                                   [[sycl::reqd_sub_group_size(8)]] {
    const size_t i = it.get_global_id(0);
    p[i] = sycl::reduce_over_group(it.get_sub_group(), p[i], sycl::plus<float>());
  });
  q.parallel_for<class AnyWidth>(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    p[i] = sycl::reduce_over_group(it.get_sub_group(), p[i], sycl::plus<float>());
  });
}
