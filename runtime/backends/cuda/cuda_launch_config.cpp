#include "cuda_launch_config.hpp"

#include <sycl/exception.hpp>

#include <algorithm>
#include <bit>
#include <string>

namespace usycl::rt::cuda {

namespace {

constexpr const char *axis_name[3] = {"x", "y", "z"};

[[noreturn]] void nd_range_error(const std::string &msg) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::nd_range),
                        "CUDA backend: " + msg);
}

// SYCL dimension index of CUDA axis c for a dims-dimensional launch.
uint32_t sycl_dim(uint32_t c, uint32_t dims) { return dims - 1 - c; }

// Next power of two >= n, saturating at `cap` (a power of two).
uint32_t pow2_at_least(uint64_t n, uint32_t cap) {
  if (n >= cap)
    return cap;
  return std::bit_ceil(static_cast<uint32_t>(std::max<uint64_t>(n, 1)));
}

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

std::string dims_text(const uint64_t (&v)[3], uint32_t dims) {
  std::string s = "{";
  for (uint32_t i = 0; i < dims; ++i) {
    if (i)
      s += ", ";
    s += std::to_string(v[i]);
  }
  return s + "}";
}

} // namespace

uint32_t range_block_budget(int occupancy_block_size,
                            uint32_t kernel_max_threads) {
  uint32_t b = 256;
  if (occupancy_block_size > 0)
    b = std::min<uint32_t>(b, static_cast<uint32_t>(occupancy_block_size));
  if (kernel_max_threads > 0)
    b = std::min(b, kernel_max_threads);
  return std::bit_floor(std::max<uint32_t>(b, 1));
}

launch_geometry range_geometry(const sycl::detail::kernel_launch &launch,
                               uint32_t budget, const device_limits &limits,
                               uint32_t kernel_max_threads,
                               std::string_view kernel) {
  launch_geometry geo;
  const uint32_t dims = std::clamp<uint32_t>(launch.dims, 1, 3);
  const std::array<uint64_t, 3> g = to_cuda_order(launch.global, dims);
  if (g[0] == 0 || g[1] == 0 || g[2] == 0) {
    geo.empty = true;
    return geo;
  }
  budget = std::max<uint32_t>(1, std::bit_floor(std::max<uint32_t>(budget, 1)));
  auto &b = geo.block;
  auto cap = [&](uint32_t c, uint32_t room) {
    // Largest power of two <= room that the range and the device allow.
    uint32_t lim = std::bit_floor(std::max<uint32_t>(
        1, std::min(room, limits.max_block[c])));
    return pow2_at_least(g[c], lim);
  };
  switch (dims) {
  case 1:
    b = {cap(0, budget), 1, 1};
    break;
  case 2:
    b[0] = cap(0, std::min<uint32_t>(32, budget));
    b[1] = cap(1, budget / b[0]);
    b[0] = cap(0, budget / b[1]); // narrow in y: widen x
    break;
  default:
    b[0] = cap(0, std::min<uint32_t>(32, budget));
    b[2] = cap(2, std::min<uint32_t>(2, budget / b[0]));
    b[1] = cap(1, budget / (b[0] * b[2]));
    b[2] = cap(2, budget / (b[0] * b[1])); // narrow in y: deepen z
    b[0] = cap(0, budget / (b[1] * b[2])); // narrow in y and z: widen x
    break;
  }

  // A dimension whose grid would exceed the device limit needs taller blocks:
  // at least ceil(global / max_grid) work-items per block in it. Other
  // dimensions give up threads to stay within the work-group limit.
  const uint32_t max_threads = std::max<uint32_t>(
      1, std::min(kernel_max_threads ? kernel_max_threads
                                     : limits.max_threads_per_block,
                  limits.max_threads_per_block));
  auto too_large = [&](uint32_t c, uint64_t blocks, uint64_t per_block) {
    nd_range_error(
        "kernel " + std::string(kernel) + ": range " +
        dims_text(launch.global, dims) +
        " is too large for the CUDA grid: dimension " +
        std::to_string(c < dims ? sycl_dim(c, dims) : 0) + " (CUDA " +
        axis_name[c] + ") needs " + std::to_string(blocks) + " blocks of " +
        std::to_string(per_block) + " work-items, the device allows " +
        std::to_string(limits.max_grid[c]) + " blocks and " +
        std::to_string(std::min(limits.max_block[c], max_threads)) +
        " work-items per block");
  };
  std::array<uint64_t, 3> need{};
  bool grew = false;
  for (uint32_t c = 0; c < 3; ++c) {
    need[c] = ceil_div(g[c], limits.max_grid[c]);
    if (need[c] <= b[c])
      continue;
    if (need[c] > std::min(limits.max_block[c], max_threads))
      too_large(c, ceil_div(g[c], std::min(limits.max_block[c], max_threads)),
                std::min(limits.max_block[c], max_threads));
    uint64_t nb = std::bit_ceil(need[c]);
    b[c] = static_cast<uint32_t>(nb <= limits.max_block[c] ? nb : need[c]);
    grew = true;
  }
  if (grew) {
    while (uint64_t(b[0]) * b[1] * b[2] > max_threads) {
      // Halve the dimension with the most room above its minimum.
      int best = -1;
      uint64_t best_room = 1;
      for (uint32_t c = 0; c < 3; ++c) {
        uint64_t room = b[c] / std::max<uint64_t>(need[c], 1);
        if (b[c] > need[c] && room >= best_room) {
          best = static_cast<int>(c);
          best_room = room;
        }
      }
      if (best < 0) {
        uint32_t c = need[1] > 1 ? 1 : 2;
        too_large(c, ceil_div(g[c], b[c]), b[c]);
      }
      b[best] = static_cast<uint32_t>(std::max<uint64_t>(need[best], b[best] / 2));
    }
  }
  for (uint32_t c = 0; c < 3; ++c)
    geo.grid[c] = static_cast<uint32_t>(ceil_div(g[c], b[c]));
  return geo;
}

launch_geometry nd_range_geometry(const sycl::detail::kernel_launch &launch,
                                  const device_limits &limits,
                                  uint32_t kernel_max_threads,
                                  std::string_view kernel) {
  launch_geometry geo;
  const uint32_t dims = std::clamp<uint32_t>(launch.dims, 1, 3);
  const std::array<uint64_t, 3> g = to_cuda_order(launch.global, dims);
  const std::array<uint64_t, 3> l = to_cuda_order(launch.local, dims);
  auto where = [&] {
    return "kernel " + std::string(kernel) + ": nd_range global " +
           dims_text(launch.global, dims) + ", local " +
           dims_text(launch.local, dims);
  };
  uint64_t threads = 1;
  for (uint32_t c = 0; c < 3; ++c) {
    uint32_t d = c < dims ? sycl_dim(c, dims) : 0;
    if (l[c] == 0)
      nd_range_error(where() + ": local range is 0 in dimension " +
                     std::to_string(d));
    if (g[c] % l[c] != 0)
      nd_range_error(where() + ": global range is not a multiple of the local "
                     "range in dimension " + std::to_string(d));
    if (l[c] > limits.max_block[c])
      nd_range_error(where() + ": local range " + std::to_string(l[c]) +
                     " in dimension " + std::to_string(d) +
                     " exceeds the device limit " +
                     std::to_string(limits.max_block[c]));
    threads *= l[c];
  }
  const uint32_t max_threads =
      kernel_max_threads ? std::min(kernel_max_threads, limits.max_threads_per_block)
                         : limits.max_threads_per_block;
  if (threads > max_threads)
    nd_range_error(where() + ": work-group size " + std::to_string(threads) +
                   " exceeds the maximum " + std::to_string(max_threads) +
                   " for this kernel on this device");
  for (uint32_t c = 0; c < 3; ++c) {
    geo.block[c] = static_cast<uint32_t>(l[c]);
    uint64_t grid = g[c] / l[c];
    if (grid == 0) {
      geo.empty = true;
      continue;
    }
    if (grid > limits.max_grid[c])
      nd_range_error(where() + ": " + std::to_string(grid) +
                     " work-groups in dimension " +
                     std::to_string(c < dims ? sycl_dim(c, dims) : 0) +
                     " exceed the CUDA grid limit " +
                     std::to_string(limits.max_grid[c]) + " (CUDA " +
                     axis_name[c] + ")");
    geo.grid[c] = static_cast<uint32_t>(grid);
  }
  return geo;
}

} // namespace usycl::rt::cuda
