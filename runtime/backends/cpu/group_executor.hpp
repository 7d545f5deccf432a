// Runs nd_range work-groups on one CPU thread. Work-items run one after the
// other; only when the first work-item reaches a barrier do they become
// fibers (Boost.Context) that switch at each barrier, so kernels without
// barriers pay nothing for them.
#pragma once

#include <sycl/detail/kernel_desc.hpp>

#include <cstdint>
#include <vector>

namespace usycl::rt::cpu {

struct nd_launch {
  sycl::detail::cpu_nd_fn fn;
  const void *kernel_object;
  sycl::detail::cpu_group_ctx group; // dims/local/group_range filled, group per call
  size_t local_mem_bytes;
};

// Executes one work-group on the calling thread. Throws sycl::exception when
// work-items disagree about barriers (non-uniform control flow).
void run_work_group(const nd_launch &launch, const uint64_t group_id[3]);

} // namespace usycl::rt::cpu
