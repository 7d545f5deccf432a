// sycl::sub_group: a CUDA warp (32 work-items) on NVPTX; on the CPU backend
// every work-item is its own sub-group of size 1 (the CPU reports
// sub_group_sizes {1}).
#pragma once

#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/id.hpp>
#include <sycl/memory_enums.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {

namespace detail {
// The groups of sycl_ext_oneapi_non_uniform_groups (opportunistic_group):
// a subset of a sub-group's work-items, which carries its own algorithms
// (static usycl_* members) and barrier().
template <typename G> struct is_non_uniform_group : std::false_type {};
template <typename G>
inline constexpr bool is_non_uniform_group_v = is_non_uniform_group<std::decay_t<G>>::value;
} // namespace detail

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

#if USYCL_DEVICE_NVPTX
  static constexpr uint32_t max_size = 32;
#else
  static constexpr uint32_t max_size = 1;
#endif

  constexpr id<1> get_local_id() const { return id<1>(local_linear_ % max_size); }
  constexpr uint32_t get_local_linear_id() const { return uint32_t(local_linear_ % max_size); }
  constexpr range<1> get_local_range() const {
    size_t first = local_linear_ - local_linear_ % max_size;
    size_t left = group_size_ - first;
    return range<1>(left < max_size ? left : max_size);
  }
  constexpr uint32_t get_local_linear_range() const { return uint32_t(get_local_range()[0]); }
  constexpr range<1> get_max_local_range() const { return range<1>(max_size); }
  constexpr id<1> get_group_id() const { return id<1>(local_linear_ / max_size); }
  constexpr uint32_t get_group_linear_id() const { return uint32_t(local_linear_ / max_size); }
  constexpr range<1> get_group_range() const { return range<1>((group_size_ + max_size - 1) / max_size); }
  constexpr uint32_t get_group_linear_range() const { return uint32_t(get_group_range()[0]); }
  constexpr bool leader() const { return get_local_linear_id() == 0; }

  // A CPU sub-group is one work-item: nothing to wait for.
  void barrier() const {
#if USYCL_DEVICE_NVPTX
    __nvvm_bar_warp_sync(active_mask());
#endif
  }

  // Lanes of this sub-group that exist, as a warp lane mask (the last
  // sub-group of a work-group may be partial).
  uint32_t active_mask() const {
    uint32_t n = get_local_linear_range();
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
  }

  // Common by-value semantics (SYCL 2020 §4.5.3).
  friend bool operator==(const sub_group &a, const sub_group &b) {
    return a.local_linear_ == b.local_linear_ && a.group_size_ == b.group_size_;
  }
  friend bool operator!=(const sub_group &a, const sub_group &b) { return !(a == b); }

  // Built by nd_item.
  constexpr sub_group(size_t local_linear, size_t group_size)
      : local_linear_(local_linear), group_size_(group_size) {}

private:
  size_t local_linear_;
  size_t group_size_;
};

} // namespace _V1
} // namespace sycl
