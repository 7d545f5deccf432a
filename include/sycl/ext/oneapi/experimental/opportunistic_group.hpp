// sycl_ext_oneapi_non_uniform_groups: opportunistic_group, the work-items of
// a sub-group that reach the same call together (CUDA's coalesced_group).
//
//   auto g = this_kernel::get_opportunistic_group();
//   if (g.leader()) base = atomic.fetch_add(g.get_local_linear_range());
//   base = group_broadcast(g, base);   // warp-aggregated atomics
//
// NVPTX: the members are the active lanes (activemask) and a member's local
// id is its rank among them; algorithms shuffle and vote with that mask
// (redux.sync where it applies). CPU: a sub-group is one work-item, so the
// group is the caller alone.
#pragma once

#include <sycl/group_algorithm.hpp>
#include <sycl/id.hpp>
#include <sycl/memory_enums.hpp>
#include <sycl/range.hpp>
#include <sycl/sub_group.hpp>

#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

class opportunistic_group;
namespace this_kernel {
opportunistic_group get_opportunistic_group();
} // namespace this_kernel

class opportunistic_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id_type get_group_id() const { return id_type(0); }
  id_type get_local_id() const { return id_type(rank_); }
  range_type get_group_range() const { return range_type(1); }
  range_type get_local_range() const { return range_type(count_); }
  linear_id_type get_group_linear_id() const { return 0; }
  linear_id_type get_local_linear_id() const { return rank_; }
  linear_id_type get_group_linear_range() const { return 1; }
  linear_id_type get_local_linear_range() const { return count_; }
  bool leader() const { return rank_ == 0; }

  void barrier() const {
#if USYCL_DEVICE_NVPTX
    __nvvm_bar_warp_sync(mask_);
#endif
  }

  // ---- for the group algorithms (sycl/group_algorithm.hpp) ----
  uint32_t usycl_mask() const { return mask_; }

  template <typename T> static T usycl_broadcast(const opportunistic_group &g, T x, uint32_t rank) {
#if USYCL_DEVICE_NVPTX
    return shuffle_from(g.mask_, x, lane_of(g.mask_, rank));
#else
    (void)g, (void)rank;
    return x; // the caller is the only member
#endif
  }

  template <typename T, typename Op>
  static T usycl_reduce(const opportunistic_group &g, T x, const Op &op) {
#if USYCL_DEVICE_NVPTX
    if constexpr (sycl::detail::use_redux<T, Op>()) {
      return sycl::detail::redux<T, Op>(g.mask_, x);
    } else {
      // Members need not be contiguous lanes: fold every member's value in
      // rank order, so every member computes the same result.
      T acc = shuffle_from(g.mask_, x, lane_of(g.mask_, 0));
      for (uint32_t r = 1; r < g.count_; ++r)
        acc = sycl::detail::op_apply(op, acc, shuffle_from(g.mask_, x, lane_of(g.mask_, r)));
      return acc;
    }
#else
    (void)g, (void)op;
    return x;
#endif
  }

  template <typename T, typename Op>
  static sycl::detail::scan_result<T> usycl_scan(const opportunistic_group &g, T x, const Op &op) {
#if USYCL_DEVICE_NVPTX
    T inclusive = x, before = x, total = x;
    for (uint32_t r = 0; r < g.count_; ++r) {
      T y = shuffle_from(g.mask_, x, lane_of(g.mask_, r));
      total = r == 0 ? y : sycl::detail::op_apply(op, total, y);
      if (r + 1 == g.rank_)
        before = total;
      if (r == g.rank_)
        inclusive = total;
    }
    return {inclusive, before, g.rank_ > 0, total};
#else
    (void)g, (void)op;
    return {x, x, false, x};
#endif
  }

  friend bool operator==(const opportunistic_group &a, const opportunistic_group &b) {
    return a.mask_ == b.mask_;
  }
  friend bool operator!=(const opportunistic_group &a, const opportunistic_group &b) {
    return !(a == b);
  }

private:
  friend opportunistic_group this_kernel::get_opportunistic_group();
  opportunistic_group(uint32_t mask, uint32_t rank, uint32_t count)
      : mask_(mask), rank_(rank), count_(count) {}

#if USYCL_DEVICE_NVPTX
  // The lane of the member with rank `rank` (the rank-th set bit of mask).
  static uint32_t lane_of(uint32_t mask, uint32_t rank) {
    uint32_t lane;
    asm("fns.b32 %0, %1, 0, %2;" : "=r"(lane) : "r"(mask), "r"(int(rank + 1)));
    return lane;
  }
  template <typename T> static T shuffle_from(uint32_t mask, const T &x, uint32_t lane) {
    static_assert(std::is_trivially_copyable_v<T>, "group algorithms need a trivially copyable type");
    constexpr unsigned words = (sizeof(T) + 3) / 4;
    uint32_t w[words] = {};
    __builtin_memcpy(w, &x, sizeof(T));
    for (unsigned i = 0; i < words; ++i)
      w[i] = static_cast<uint32_t>(__nvvm_shfl_sync_idx_i32(mask, static_cast<int>(w[i]), lane, 31));
    T r = x;
    __builtin_memcpy(&r, w, sizeof(T));
    return r;
  }
#endif

  uint32_t mask_;
  uint32_t rank_;
  uint32_t count_;
};

namespace this_kernel {
// The work-items of the caller's sub-group that make this call together.
inline opportunistic_group get_opportunistic_group() {
#if USYCL_DEVICE_NVPTX
  const uint32_t mask = __nvvm_activemask();
  const uint32_t below = mask & __nvvm_read_ptx_sreg_lanemask_lt();
  return opportunistic_group(mask, uint32_t(__builtin_popcount(below)),
                             uint32_t(__builtin_popcount(mask)));
#else
  return opportunistic_group(1u, 0, 1);
#endif
}
} // namespace this_kernel

} // namespace ext::oneapi::experimental

template <>
struct detail::is_non_uniform_group<ext::oneapi::experimental::opportunistic_group> : std::true_type {};

} // namespace _V1
} // namespace sycl
