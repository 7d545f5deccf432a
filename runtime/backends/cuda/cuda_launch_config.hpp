// Grid and block shapes for kernel launches: SYCL ranges and nd_ranges mapped
// onto CUDA's grid. Pure functions (no driver calls), unit-tested without a GPU.
//
// Mapping: SYCL dimension D-1 (fastest varying) is CUDA x, D-2 is y, D-3 is z.
// The device entry points compute ids from blockIdx/threadIdx with this same
// mapping and bound-check every dimension against kernel_dims.global, so
// range launches may round the grid up.
#pragma once

#include <sycl/detail/kernel_desc.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace usycl::rt::cuda {

struct device_limits {
  std::array<uint32_t, 3> max_block{1024, 1024, 64};             // x, y, z
  std::array<uint32_t, 3> max_grid{2147483647u, 65535u, 65535u}; // x, y, z
  uint32_t max_threads_per_block = 1024;
};

// CUDA order (x, y, z).
struct launch_geometry {
  std::array<uint32_t, 3> grid{1, 1, 1};
  std::array<uint32_t, 3> block{1, 1, 1};
  bool empty = false; // some global dimension is 0: nothing to launch
};

// SYCL-order array -> CUDA x, y, z (unused CUDA dimensions are 1).
inline std::array<uint64_t, 3> to_cuda_order(const uint64_t (&sycl)[3],
                                             uint32_t dims) {
  std::array<uint64_t, 3> c{1, 1, 1};
  for (uint32_t i = 0; i < dims && i < 3; ++i)
    c[i] = sycl[dims - 1 - i];
  return c;
}

// Threads per block for range launches of a kernel: the occupancy-optimal
// block size (0 = unknown) capped at 256 (a full SM at 8 blocks each, and
// short tails) and rounded down to a power of two >= 32.
uint32_t range_block_budget(int occupancy_block_size, uint32_t kernel_max_threads);

// Geometry for a parallel_for(range) / single_task: blocks of at most
// `budget` threads shaped 256 / 32x8 / 32x4x2 and shrunk (budget moved to the
// other dimensions) where the range is narrower. A dimension whose grid would
// exceed the device limit gets a taller block before giving up. Throws
// sycl::exception(errc::nd_range) when the range cannot be launched.
launch_geometry range_geometry(const sycl::detail::kernel_launch &launch,
                               uint32_t budget, const device_limits &limits,
                               uint32_t kernel_max_threads,
                               std::string_view kernel);

// Geometry for a parallel_for(nd_range): block = local range, grid =
// global / local. Throws sycl::exception(errc::nd_range) for a local range
// that does not divide the global range, exceeds the kernel's or device's
// work-group limits, or a grid beyond the device limits.
launch_geometry nd_range_geometry(const sycl::detail::kernel_launch &launch,
                                  const device_limits &limits,
                                  uint32_t kernel_max_threads,
                                  std::string_view kernel);

} // namespace usycl::rt::cuda
