// sycl::memory_order, sycl::memory_scope and sycl::access::address_space
// (SYCL 2020 §3.8.3.1, §4.15.3, §4.7.7). Numbering follows DPC++.
#pragma once

#include <sycl/detail/defines.hpp>

namespace sycl {
inline namespace _V1 {

enum class memory_order : int {
  relaxed = 0,
  acquire = 1,
  __consume_unsupported = 2, // reserved: consume is not part of SYCL
  release = 3,
  acq_rel = 4,
  seq_cst = 5,
};

inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

enum class memory_scope : int {
  work_item = 0,
  sub_group = 1,
  work_group = 2,
  device = 3,
  system = 4,
};

inline constexpr memory_scope memory_scope_work_item = memory_scope::work_item;
inline constexpr memory_scope memory_scope_sub_group = memory_scope::sub_group;
inline constexpr memory_scope memory_scope_work_group = memory_scope::work_group;
inline constexpr memory_scope memory_scope_device = memory_scope::device;
inline constexpr memory_scope memory_scope_system = memory_scope::system;

namespace access {
enum class address_space : int {
  private_space = 0,
  global_space = 1,
  constant_space = 2, // deprecated in SYCL 2020
  local_space = 3,
  ext_intel_global_device_space = 4,
  ext_intel_global_host_space = 5,
  generic_space = 6,
};
} // namespace access

namespace detail {
// memory_order_traits of SYCL 2020 §4.15.3.1 (read/write halves of an order).
constexpr memory_order read_order(memory_order o) noexcept {
  return o == memory_order::acq_rel ? memory_order::acquire
         : o == memory_order::release ? memory_order::relaxed
                                      : o;
}
constexpr memory_order write_order(memory_order o) noexcept {
  return o == memory_order::acq_rel ? memory_order::release
         : o == memory_order::acquire ? memory_order::relaxed
                                      : o;
}
} // namespace detail

} // namespace _V1
} // namespace sycl
