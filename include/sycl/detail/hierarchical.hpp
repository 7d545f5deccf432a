// Hierarchical kernels (handler::parallel_for_work_group, SYCL 2020
// §4.10.4.2): device entry point and CPU launcher.
//
// Execution model. The work-group-scope code of a hierarchical kernel runs
// once per work-group and its variables are shared by the group's
// work-items; each group::parallel_for_work_item is a work-item scope with
// implicit work-group barriers around it. The logical work-group size
// travels with the kernel object (hierarchical_object); the launch is an
// nd_range over the work-groups with one work-item per group, plus the
// group's size in kernel_launch::hierarchical_group_items.
//  * CPU: one fiber per work-group. Work-group-scope variables are ordinary
//    locals of that fiber, each work-item scope is a loop
//    (sycl/h_item.hpp), and the barriers need no code.
//  * CUDA: one block per work-group whose threads are the work-items: a
//    leader thread runs the work-group scope and the block runs each
//    work-item scope in parallel, between barriers
//    (sycl/detail/work_group_scope.hpp; the LLVM pass of
//    compiler/passes/work_group_scope.hpp puts the work-group-scope
//    variables in shared memory). Its dynamic shared memory still holds the
//    group's local_accessors, after the pass's static shared variables.
#pragma once

#include <sycl/detail/device_assert.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/work_group_scope.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/group.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

// What a hierarchical launch stores as its kernel object: the user's kernel
// first (accessor slots are recorded relative to the stored object, and a
// member at offset 0 keeps them where the user's layout has them), then the
// work-group size the kernel sees.
template <typename K, int Dims> struct hierarchical_object {
  K kernel;
  range<Dims> local_range;
};

// The work-group size of a parallel_for_work_group without one.
template <int Dims> range<Dims> unit_range() {
  range<Dims> r;
  for (int d = 0; d < Dims; ++d) r[d] = 1;
  return r;
}

template <int Dims, typename K>
USYCL_INLINE void invoke_hierarchical_kernel(const K &k, const group<Dims> &g) {
  static_assert(std::is_invocable_v<const K &, group<Dims>>,
                "a parallel_for_work_group kernel must accept sycl::group<Dims>");
  k(g);
}

#if USYCL_DEVICE_NVPTX
// The work-group scope, run by the block's leader thread. The
// work-group-scope pass (the marker) inlines everything this calls and puts
// the variables the work-items can reach in shared memory, so the copy of
// the kernel object and the group made here are the ones a [&] closure
// sees; the kernel parameter itself would be a per-thread copy.
template <int Dims, typename K>
void run_work_group_scope(const K &kernel_parameter, const range<Dims> &local_range,
                          const kernel_dims &dims) {
  __usycl_work_group_scope();
  id<Dims> group_id;
  range<Dims> group_range;
  for (int d = 0; d < Dims; ++d) {
    group_id[d] = nvptx_ctaid(Dims - 1 - d); // SYCL's fastest dimension is CUDA's x
    group_range[d] = dims.global[d];
  }
  K kernel = kernel_parameter;
  invoke_hierarchical_kernel<Dims>(
      kernel, group<Dims>(leader_only_scope{}, group_id, local_range, group_range));
}
#endif

// On CUDA each work-group is a block (sycl/detail/work_group_scope.hpp):
// the leader's warp, then kernel_launch::hierarchical_group_items threads
// for the work-items, fewer where the device or the kernel allows fewer.
template <typename Name, typename K, int Dims>
[[clang::sycl_kernel_entry_point(Name)]] void
hierarchical_kernel(hierarchical_object<K, Dims> object, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  start_work_group();
  const uint32_t thread = __nvvm_read_ptx_sreg_tid_x();
  if (thread == 0) {
    run_work_group_scope<Dims>(object.kernel, object.local_range, dims);
    end_work_group_scope();
  } else if (thread >= hierarchical_leader_threads) {
    serve_work_item_scopes();
  }
  // The rest of the leader's warp ends here (see work_group_scope.hpp).
#elif USYCL_DEVICE_SPIRV
  // The requirements body (defines.hpp): never run.
  (void)dims;
  invoke_hierarchical_kernel<Dims>(object.kernel,
                                   group<Dims>(id<Dims>(), id<Dims>(), object.local_range,
                                               unit_range<Dims>()));
#else
  (void)object;
  (void)dims;
#endif
}

#ifndef __SYCL_DEVICE_ONLY__
// The CPU backend runs each work-group of the launch (one work-item each)
// through this launcher, on a fiber of its own.
template <typename K, int Dims>
void cpu_hierarchical_items(const void *object, const cpu_group_ctx &g, uint64_t begin,
                            uint64_t end) {
  const auto &obj = *static_cast<const hierarchical_object<K, Dims> *>(object);
  id<Dims> group_id;
  range<Dims> group_range;
  for (int d = 0; d < Dims; ++d) {
    group_id[d] = g.group[d];
    group_range[d] = g.group_range[d];
  }
  for (uint64_t i = begin; i < end; ++i) {
    __usycl_cpu_assert_item = i;
    invoke_hierarchical_kernel<Dims>(
        obj.kernel, group<Dims>(group_id, id<Dims>(), obj.local_range, group_range));
  }
}

template <typename K, int Dims>
void cpu_hierarchical_launcher(const void *object, const cpu_group_ctx &g, uint64_t begin,
                               uint64_t end) {
  __usycl_cpu_assert_run_nd(&cpu_hierarchical_items<K, Dims>, object, g, begin, end);
}
#endif

} // namespace detail
} // namespace _V1
} // namespace sycl
