// nd_range kernels store the launch's global offset in shared memory for the
// free-function work-item queries (khr::this_nd_item, work_item_builtins.hpp).
// The device link makes shared-memory variables internal (nothing outside a
// launch can name them), so opt drops the store from kernels that never ask:
// one st.shared per work-item was on the critical path of short kernels
// (issue 20: the work-group reduction ran 76% more instructions than CUDA's).
// Where a kernel of the device module asks, the store stays (the module's
// kernels share the variable) and the query reads the offset back.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/plain %t/query
// RUN: env TMPDIR=%t/plain %usycl -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/plain.so
// RUN: cat %t/plain/usycl-*/nvidia_gpu_sm_90/module_*.ptx | FileCheck %s --check-prefix=PLAIN
// RUN: env TMPDIR=%t/query %usycl -O2 -DFREE_QUERY -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/query.so
// RUN: cat %t/query/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/query.ptx
// RUN: sed -n '/^.visible .entry .*FreeQuery/,/-- End function/p' %t/query.ptx | FileCheck %s --check-prefix=QUERY
// RUN: FileCheck %s --check-prefix=READ < %t/query.ptx
//
// PLAIN:     .entry {{.*}}NoQuery
// PLAIN-NOT: nd_launch_offset
// PLAIN:     ld.global
// PLAIN-NOT: nd_launch_offset
// PLAIN:     -- End function
//
// QUERY:     .entry {{.*}}FreeQuery
// QUERY:     st.shared.b64 {{.*}}nd_launch_offset
// READ:      .func {{.*}}global_id_from_anywhere
// READ:      ld.shared.b64 {{.*}}nd_launch_offset
#include <sycl/sycl.hpp>

#ifdef FREE_QUERY
[[gnu::noinline]] size_t global_id_from_anywhere() {
  return sycl::khr::this_nd_item<1>().get_global_id(0);
}
#endif

void kernels(sycl::queue &q, const float *in, float *out, size_t *ids, size_t n) {
  q.parallel_for<class NoQuery>(sycl::nd_range<1>{n, 256}, [=](sycl::nd_item<1> it) {
    out[it.get_global_id(0)] = 2.0f * in[it.get_global_id(0)];
  });
#ifdef FREE_QUERY
  q.parallel_for<class FreeQuery>(sycl::nd_range<1>{n, 256}, [=](sycl::nd_item<1> it) {
    ids[it.get_global_linear_id()] = global_id_from_anywhere();
  });
#endif
}
