// nd_range sycl::reduction kernels on the CPU run as work-item loops (issue
// 18): the reduction's group launcher hands the work-items the group's
// reducers through a pointer, so usycl-work-item-loops turns the kernel into
// loops whose partial stays in registers and vectorises (a float sum, in
// any order SYCL allows), and a kernel with a barrier still becomes loops
// (the reducers are the group's, not a copy per work-item). Before, each
// work-item ran on the fiber fallback and combined its own partial
// atomically (1.3 GB/s against 22-32 GB/s now, 2^24 floats on 2 cores).
//
// RUN: %clang -fsycl --offload-host-only -O2 -S -emit-llvm -o %t.ll -isystem %sycl-include \
// RUN:   -D__SYCL_TARGET_INTEL_X86_64__ -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=host -fplugin-arg-usycl-tu-id=lit %s \
// RUN:   '-Rpass=usycl-work-item-loops|loop-vectorize' -Rpass-missed=usycl-work-item-loops 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.ll --check-prefix=IR
//
// REMARK-NOT: remark: {{.*}}fibers
// REMARK-DAG: remark: vectorized loop
// REMARK-DAG: remark: kernel 'sycl::_V1::detail::reduction_nd_kernel<sum({{.*}}': work-group as 1 loop(s) over its work-items (0 barrier(s), 0 per-work-item array(s)
// REMARK-DAG: remark: kernel 'sycl::_V1::detail::reduction_nd_kernel<through_local_memory({{.*}}': work-group as 2 loop(s) over its work-items (1 barrier(s), 0 per-work-item array(s)
// REMARK-NOT: remark: {{.*}}fibers
//
// The launchers the runtime calls per group: one partial, one combine.
// IR-LABEL: define {{.*}}cpu_reduction_nd_group_loops{{.*}}3sum
// IR: call {{.*}}cpu_reduction_nd_group_items
// IR: cmpxchg
// IR-LABEL: define {{.*}}cpu_reduction_nd_group_items{{.*}}3sum
// IR: fadd reassoc <4 x float>
#include <sycl/sycl.hpp>

void sum(sycl::queue &q, const float *in, float *out, size_t n) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>{n, 256}, sycl::reduction(out, sycl::plus<float>()),
                               [=](sycl::nd_item<1> it, auto &s) { s += in[it.get_global_id(0)]; });
  });
}

void through_local_memory(sycl::queue &q, const int *in, int *out, size_t n) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(64), h);
    h.parallel_for(
        sycl::nd_range<1>{n, 64}, sycl::reduction(out, sycl::maximum<int>()),
        [=](sycl::nd_item<1> it, auto &m) {
          const size_t l = it.get_local_id(0);
          tile[l] = in[it.get_global_id(0)];
          sycl::group_barrier(it.get_group());
          m.combine(tile[63 - l] - tile[l]);
        });
  });
}
