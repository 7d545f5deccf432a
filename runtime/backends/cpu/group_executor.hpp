// Runs nd_range work-groups on one CPU thread. A kernel the host pass
// usycl-work-item-loops rewrote runs its group as loops over the work-items,
// one per region between barriers. Otherwise (the pass could not, or the
// kernel can fail an assert) work-items run one after the other; only when
// the first work-item reaches a barrier do they become fibers (Boost.Context)
// that switch at each barrier (work-group barriers, and sub-group barriers:
// the sub-group collectives, __usycl_cpu_sub_group_barrier). When work-item
// 0 reaches none, each sub-group's first work-item decides for its
// sub-group the same way.
#pragma once

#include <sycl/detail/kernel_desc.hpp>

#include <cstdint>
#include <vector>

namespace usycl::rt::cpu {

struct nd_launch {
  sycl::detail::cpu_nd_fn fn;
  const void *kernel_object;
  // dims/local/group_range/sub_group_width filled, group per call
  sycl::detail::cpu_group_ctx group;
  size_t local_mem_bytes;
  // The group as work-item loops (compiler/passes/work_item_loops.hpp); null
  // where the work-items must run through `fn` (kernels that assert).
  sycl::detail::cpu_nd_group_fn group_loops = nullptr;
  const char *kernel_name = nullptr; // for the fallback's trace line
};

// Executes one work-group on the calling thread. Throws sycl::exception
// (errc::kernel, naming the kernel) when work-items disagree about barriers
// (non-uniform control flow).
void run_work_group(const nd_launch &launch, const uint64_t group_id[3]);
// The same for the group whose ids `group` holds (a copy of launch.group
// the caller keeps across the groups it runs, changing only the ids).
void run_work_group(const nd_launch &launch, sycl::detail::cpu_group_ctx &group);
// `count` consecutive work-groups from the one `group` holds (dimension 2
// fastest; group.group_range bounds the ids); `group` holds the id after the
// last on return. Rewritten launchers run back to back, with the per-group
// state they read set once.
void run_work_groups(const nd_launch &launch, sycl::detail::cpu_group_ctx &group, uint64_t count);

} // namespace usycl::rt::cpu
