// sycl::sub_group: a CUDA warp (32 work-items) on NVPTX. On the CPU backend
// a launch's sub-groups have the width the runtime chose for it (4..64, a
// power of two: the kernel's reqd_sub_group_size or the device default,
// cpu_group_ctx::sub_group_width); consecutive local linear ids form a
// sub-group, the last one of a work-group may be partial. Their collectives
// exchange values through a per-sub-group block (detail/cpu_sub_group.hpp).
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

  // The widest sub-group of the target (the CPU's widths go up to 64).
#if USYCL_DEVICE_NVPTX
  static constexpr uint32_t max_size = 32;
  constexpr uint32_t width() const { return 32; }
#else
  static constexpr uint32_t max_size = 64;
  constexpr uint32_t width() const { return width_; }
#endif

  constexpr id<1> get_local_id() const { return id<1>(lane_); }
  constexpr uint32_t get_local_linear_id() const { return lane_; }
  constexpr range<1> get_local_range() const { return range<1>(get_local_linear_range()); }
  constexpr uint32_t get_local_linear_range() const {
#if USYCL_DEVICE_NVPTX
    return detail::__usycl_nvptx_whole_warps() ? 32u : lanes_in(group_size_, index_, width());
#else
    return lanes_;
#endif
  }
  constexpr range<1> get_max_local_range() const { return range<1>(width()); }
  constexpr id<1> get_group_id() const { return id<1>(index_); }
  constexpr uint32_t get_group_linear_id() const { return index_; }
  constexpr range<1> get_group_range() const { return range<1>(get_group_linear_range()); }
  // (The width is a power of two: a shift, no division.)
  constexpr uint32_t get_group_linear_range() const {
    return uint32_t((group_size_ + width() - 1) >> __builtin_ctz(width()));
  }
  constexpr bool leader() const { return lane_ == 0; }

  void barrier() const {
#if USYCL_DEVICE_NVPTX
    __nvvm_bar_warp_sync(active_mask());
#elif !defined(__SYCL_DEVICE_ONLY__)
    __usycl_cpu_sub_group_barrier(nullptr);
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
    return a.lane_ == b.lane_ && a.index_ == b.index_ && a.group_size_ == b.group_size_ &&
           a.width() == b.width();
  }
  friend bool operator!=(const sub_group &a, const sub_group &b) { return !(a == b); }

  // Built by nd_item: the work-item's lane and sub-group in a work-group of
  // group_size work-items whose sub-groups have `width` (the launch's: the
  // CPU backend chooses it per launch; a warp on NVPTX, where it is ignored).
  constexpr sub_group(uint32_t lane, uint32_t index, size_t group_size, uint32_t width)
      : sub_group(lane, index, group_size, width, lanes_in(group_size, index, width)) {}
  // (The CPU's work-item loops know the sub-group's work-items, `lanes`.)
  constexpr sub_group(uint32_t lane, uint32_t index, size_t group_size, uint32_t width,
                      uint32_t lanes)
      : lane_(lane), index_(index), group_size_(group_size) {
#if USYCL_DEVICE_NVPTX
    (void)width, (void)lanes;
#else
    width_ = width;
    lanes_ = lanes;
#endif
  }
  // The same from the work-item's local linear id (sub-group s holds the ids
  // [s * width, (s + 1) * width)).
  static constexpr sub_group from_linear(size_t local_linear, size_t group_size, uint32_t width) {
    return sub_group(uint32_t(local_linear & (width - 1)),
                     uint32_t(local_linear >> __builtin_ctz(width)), group_size, width);
  }

private:
  // Sub-group `index` of `width` in a group of group_size work-items: the
  // width, or what is left for the last one.
  static constexpr uint32_t lanes_in(size_t group_size, uint32_t index, uint32_t width) {
    size_t left = group_size - size_t(index) * width;
    return uint32_t(left < width ? left : width);
  }

  uint32_t lane_;
  uint32_t index_;
  size_t group_size_;
#if !USYCL_DEVICE_NVPTX
  uint32_t width_ = 1;
  uint32_t lanes_ = 1;
#endif
};

} // namespace _V1
} // namespace sycl
