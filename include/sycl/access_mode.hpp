#pragma once

namespace sycl {
inline namespace _V1 {

enum class access_mode : int {
  read = 1024,
  write = 1025,
  read_write = 1026,
  discard_write = 1027,
  discard_read_write = 1028,
  atomic = 1029,
};

// DPC++'s numbering. image, host_image and image_array name the targets of
// image accessors (SYCL 1.2.1 style, deprecated in SYCL 2020).
enum class target : int {
  device = 2014,
  global_buffer = device,
  constant_buffer = 2015,
  local = 2016,
  image = 2017,
  host_buffer = 2018,
  host_image = 2019,
  image_array = 2020,
  host_task = 2021,
};

namespace access {
using mode = sycl::access_mode;
using target = sycl::target;
enum class placeholder : int { false_t, true_t };
enum class decorated : int { no = 0, yes = 1, legacy = 2 };
} // namespace access

namespace detail {
constexpr bool mode_reads(access_mode m) {
  return m == access_mode::read || m == access_mode::read_write || m == access_mode::atomic;
}
constexpr bool mode_writes(access_mode m) { return m != access_mode::read; }
constexpr bool mode_discards(access_mode m) {
  return m == access_mode::discard_write || m == access_mode::discard_read_write;
}
} // namespace detail

} // namespace _V1
} // namespace sycl
