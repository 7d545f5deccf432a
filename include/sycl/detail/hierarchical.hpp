// Hierarchical kernels (handler::parallel_for_work_group, SYCL 2020
// §4.10.4.2): device entry point and CPU launcher.
//
// Execution model. The work-group-scope code of a hierarchical kernel runs
// once per work-group and its variables are shared by the group's
// work-items; each group::parallel_for_work_item is a work-item scope with
// implicit work-group barriers around it. usycl runs every work-group on ONE
// execution context, the launch being an nd_range over the work-groups with
// one work-item per group: on the CPU one fiber per group, on CUDA one
// thread per block (its dynamic shared memory still holds the group's
// local_accessors). Work-group-scope variables are then ordinary locals of
// that context, each work-item scope is a loop (sycl/h_item.hpp), and the
// barriers need no code. The logical work-group size travels with the kernel
// object (hierarchical_object). On CUDA this trades parallelism inside a
// group for exact semantics without a compiler transformation.
#pragma once

#include <sycl/detail/device_assert.hpp>
#include <sycl/detail/kernel_desc.hpp>
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

template <typename Name, typename K, int Dims>
[[clang::sycl_kernel_entry_point(Name)]] void
hierarchical_kernel(hierarchical_object<K, Dims> object, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  id<Dims> group_id;
  range<Dims> group_range;
  for (int d = 0; d < Dims; ++d) {
    group_id[d] = nvptx_ctaid(Dims - 1 - d); // SYCL's fastest dimension is CUDA's x
    group_range[d] = dims.global[d];
  }
  invoke_hierarchical_kernel<Dims>(
      object.kernel, group<Dims>(group_id, id<Dims>(), object.local_range, group_range));
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
