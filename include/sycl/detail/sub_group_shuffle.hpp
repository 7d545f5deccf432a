// The one primitive every sub-group algorithm is built from: reading a value
// held by another work-item (lane) of the same sub-group. Reductions, scans,
// broadcasts, shifts and permutes (group_algorithm.hpp) are written once over
// it, for any sub-group size.
//
// NVPTX: a sub-group is a warp and the exchange is shfl.sync, moving any
// trivially copyable T as 32-bit words.
// CPU: the lanes of a sub-group do not run in lock step, so a shuffle is a
// sub-group barrier (detail/cpu_sub_group.hpp); the algorithms call that
// directly rather than lane_shuffle.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/sub_group.hpp>
#include <sycl/type_traits.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

// idx: from lane `arg`; up: from lane - arg; down: from lane + arg;
// bfly: from lane ^ arg. A source outside the sub-group yields the caller's
// own value.
enum class shfl_kind { idx, up, down, bfly };

USYCL_INLINE uint32_t lanes_mask(uint32_t n) { return n >= 32 ? 0xffffffffu : ((1u << n) - 1u); }

#if USYCL_DEVICE_NVPTX
// `c` is shfl.sync's clamp operand: the last valid lane for idx/down/bfly
// (so out-of-range sources return the caller's own value rather than read
// a lane that does not exist), 0 for up.
template <shfl_kind K>
USYCL_INLINE uint32_t shfl_word(uint32_t mask, uint32_t w, uint32_t arg, uint32_t c) {
  int v = static_cast<int>(w);
  if constexpr (K == shfl_kind::idx)
    v = __nvvm_shfl_sync_idx_i32(mask, v, arg, c);
  else if constexpr (K == shfl_kind::up)
    v = __nvvm_shfl_sync_up_i32(mask, v, arg, c);
  else if constexpr (K == shfl_kind::down)
    v = __nvvm_shfl_sync_down_i32(mask, v, arg, c);
  else
    v = __nvvm_shfl_sync_bfly_i32(mask, v, arg, c);
  return static_cast<uint32_t>(v);
}
#endif

// Shuffle among the first `n` lanes of a sub-group (`mask`: those lanes, as
// a warp lane mask; NVPTX only). Any device copyable T (trivially copyable,
// or std::pair and the like of such parts) moves as ceil(sizeof(T)/4)
// 32-bit shuffles on NVPTX (two for double/int64, as CUDA's __shfl_sync
// does).
template <shfl_kind K, typename T>
USYCL_INLINE T lane_shuffle(uint32_t mask, uint32_t n, const T &x, uint32_t arg) {
  static_assert(is_device_copyable_v<T>, "sub-group shuffles need a device copyable type");
#if USYCL_DEVICE_NVPTX
  const uint32_t c = K == shfl_kind::up ? 0 : n - 1;
  if constexpr (sizeof(T) == 4 && std::is_trivially_copyable_v<T>) {
    return __builtin_bit_cast(T, shfl_word<K>(mask, __builtin_bit_cast(uint32_t, x), arg, c));
  } else {
    constexpr size_t words = (sizeof(T) + 3) / 4;
    uint32_t w[words] = {};
    __builtin_memcpy(w, &x, sizeof(T));
    for (size_t i = 0; i < words; ++i)
      w[i] = shfl_word<K>(mask, w[i], arg, c);
    T r = x;
    __builtin_memcpy(&r, w, sizeof(T));
    return r;
  }
#elif defined(__SYCL_DEVICE_ONLY__)
  (void)mask; // other device targets are compiled for checks only
  (void)n;
  (void)arg;
  return x;
#else
  static_assert(sizeof(T) == 0, "CPU sub-groups exchange through cpu_sg_shuffle");
  (void)mask;
  (void)n;
  (void)arg;
  return x;
#endif
}

} // namespace detail
} // namespace _V1
} // namespace sycl
