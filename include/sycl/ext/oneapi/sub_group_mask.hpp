// sycl_ext_oneapi_sub_group_mask (revision 2): a bit mask with one bit per
// work-item of a sub-group, and group_ballot, which builds one from a
// predicate.
//
// The mask is 64 bits plus its size (the sub-group's maximum local range),
// the same on host and device. Bits at or above size() are always zero, so
// comparisons, count() and the whole-mask operators need no masking of their
// own: every operation that could set such a bit (~, <<, flip, set, the
// constructors, insert_bits) clears them again.
#pragma once

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/id.hpp>
#include <sycl/marray.hpp>
#include <sycl/sub_group.hpp>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#define SYCL_EXT_ONEAPI_SUB_GROUP_MASK 2

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
struct sub_group_mask;
} // namespace ext::oneapi

namespace detail {
// Integral types and marrays of them: what insert_bits/extract_bits and the
// marray constructor accept.
template <typename T> struct mask_bits_traits {
  static constexpr bool valid = std::is_integral_v<T> && !std::is_same_v<T, bool>;
};
template <typename T, std::size_t N> struct mask_bits_traits<marray<T, N>> {
  static constexpr bool valid = mask_bits_traits<T>::valid;
};

// Builds masks of a given size: group_ballot and tests of the mask itself.
ext::oneapi::sub_group_mask make_sub_group_mask(uint64_t bits, uint32_t size);
} // namespace detail

namespace ext::oneapi {

struct sub_group_mask {
  static constexpr size_t max_bits = 64;

  // A proxy for one bit, as std::bitset::reference.
  class reference {
  public:
    reference &operator=(bool x) {
      mask_->set(id<1>(bit_), x);
      return *this;
    }
    reference &operator=(const reference &x) { return *this = bool(x); }
    bool operator~() const { return !bool(*this); }
    operator bool() const { return mask_->test(id<1>(bit_)); }
    reference &flip() {
      mask_->flip(id<1>(bit_));
      return *this;
    }

  private:
    friend struct sub_group_mask;
    reference(sub_group_mask *mask, size_t bit) : mask_(mask), bit_(bit) {}
    sub_group_mask *mask_;
    size_t bit_;
  };

  // Revision 2: user-constructible masks. Their size is the maximum local
  // range of the calling work-item's sub-group.
  sub_group_mask() : sub_group_mask(0ull) {}
  sub_group_mask(unsigned long long val) : bits_(val), size_(calling_sub_group_width()) {
    bits_ &= valid_bits();
  }
  template <typename T, std::size_t K,
            std::enable_if_t<(detail::mask_bits_traits<T>::valid), int> = 0>
  sub_group_mask(const marray<T, K> &val) : sub_group_mask(0ull) {
    insert_bits(val);
  }
  sub_group_mask(const sub_group_mask &other) = default;
  sub_group_mask &operator=(const sub_group_mask &other) = default;

  // The width of the calling work-item's sub-group: a warp on NVPTX; on the
  // CPU the running launch's (the widest outside an nd_range kernel).
  static uint32_t calling_sub_group_width() {
#if USYCL_DEVICE_NVPTX || defined(__SYCL_DEVICE_ONLY__)
    return uint32_t(sub_group::max_size);
#else
    const detail::cpu_group_ctx *g = __usycl_cpu_current_group;
    return g ? g->sub_group_width : uint32_t(sub_group::max_size);
#endif
  }

  bool operator[](id<1> i) const { return test(i); }
  reference operator[](id<1> i) { return reference(this, i[0]); }
  bool test(id<1> i) const { return i[0] < size_ && ((bits_ >> i[0]) & 1u); }
  bool all() const { return bits_ == valid_bits(); }
  bool any() const { return bits_ != 0; }
  bool none() const { return bits_ == 0; }
  uint32_t count() const { return uint32_t(__builtin_popcountll(bits_)); }
  uint32_t size() const { return size_; }
  id<1> find_low() const { return id<1>(bits_ ? size_t(__builtin_ctzll(bits_)) : size_); }
  id<1> find_high() const {
    return id<1>(bits_ ? size_t(63 - __builtin_clzll(bits_)) : size_);
  }

  // Writes CHAR_BIT * sizeof(T) bits from `pos` on (an marray element by
  // element, element 0 lowest); bits that would land at or past size() are
  // dropped.
  template <typename T, std::enable_if_t<(detail::mask_bits_traits<T>::valid), int> = 0>
  void insert_bits(const T &bits, id<1> pos = 0) {
    if constexpr (detail::is_marray_v<T>) {
      constexpr size_t elem_bits = CHAR_BIT * sizeof(typename T::value_type);
      for (size_t i = 0; i < T::size(); ++i)
        insert_bits(bits[i], id<1>(pos[0] + i * elem_bits));
    } else {
      const size_t at = pos[0];
      if (at >= size_)
        return;
      const uint64_t value = to_word(bits);
      const uint64_t field = field_mask(sizeof(T)) << at;
      bits_ = (bits_ & ~field) | ((value << at) & field);
      bits_ &= valid_bits();
    }
  }

  // Reads CHAR_BIT * sizeof(T) bits from `pos` on; bits past size() read as
  // zero.
  template <typename T, std::enable_if_t<(detail::mask_bits_traits<T>::valid), int> = 0>
  void extract_bits(T &out, id<1> pos = 0) const {
    if constexpr (detail::is_marray_v<T>) {
      constexpr size_t elem_bits = CHAR_BIT * sizeof(typename T::value_type);
      for (size_t i = 0; i < T::size(); ++i)
        extract_bits(out[i], id<1>(pos[0] + i * elem_bits));
    } else {
      const size_t at = pos[0];
      const uint64_t word = at < max_bits ? (bits_ >> at) & field_mask(sizeof(T)) : 0;
      out = from_word<T>(word);
    }
  }

  void set() { bits_ = valid_bits(); }
  void set(id<1> i, bool value = true) {
    if (i[0] >= size_)
      return;
    const uint64_t bit = uint64_t(1) << i[0];
    bits_ = value ? (bits_ | bit) : (bits_ & ~bit);
  }
  void reset() { bits_ = 0; }
  void reset(id<1> i) { set(i, false); }
  void reset_low() { reset(find_low()); }
  void reset_high() { reset(find_high()); }
  void flip() { bits_ = ~bits_ & valid_bits(); }
  void flip(id<1> i) { set(i, !test(i)); }

  bool operator==(const sub_group_mask &rhs) const {
    return bits_ == rhs.bits_ && size_ == rhs.size_;
  }
  bool operator!=(const sub_group_mask &rhs) const { return !(*this == rhs); }

  sub_group_mask &operator&=(const sub_group_mask &rhs) {
    bits_ &= rhs.bits_;
    return *this;
  }
  sub_group_mask &operator|=(const sub_group_mask &rhs) {
    bits_ = (bits_ | rhs.bits_) & valid_bits();
    return *this;
  }
  sub_group_mask &operator^=(const sub_group_mask &rhs) {
    bits_ = (bits_ ^ rhs.bits_) & valid_bits();
    return *this;
  }
  sub_group_mask &operator<<=(size_t shift) {
    bits_ = shift >= max_bits ? 0 : (bits_ << shift) & valid_bits();
    return *this;
  }
  sub_group_mask &operator>>=(size_t shift) {
    bits_ = shift >= max_bits ? 0 : bits_ >> shift;
    return *this;
  }
  sub_group_mask operator~() const {
    sub_group_mask r = *this;
    r.flip();
    return r;
  }
  sub_group_mask operator<<(size_t shift) const {
    sub_group_mask r = *this;
    return r <<= shift;
  }
  sub_group_mask operator>>(size_t shift) const {
    sub_group_mask r = *this;
    return r >>= shift;
  }

  friend sub_group_mask operator&(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask r = lhs;
    return r &= rhs;
  }
  friend sub_group_mask operator|(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask r = lhs;
    return r |= rhs;
  }
  friend sub_group_mask operator^(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask r = lhs;
    return r ^= rhs;
  }

private:
  friend sub_group_mask detail::make_sub_group_mask(uint64_t, uint32_t);
  sub_group_mask(uint64_t bits, uint32_t size)
      : bits_(bits), size_(size < max_bits ? size : uint32_t(max_bits)) {
    bits_ &= valid_bits();
  }

  uint64_t valid_bits() const { return size_ >= max_bits ? ~uint64_t(0) : (uint64_t(1) << size_) - 1; }
  static uint64_t field_mask(size_t bytes) {
    return bytes * CHAR_BIT >= max_bits ? ~uint64_t(0) : (uint64_t(1) << (bytes * CHAR_BIT)) - 1;
  }
  // The value representation of an integer as bits (negative values keep
  // their two's complement pattern, not a sign extension).
  template <typename T> static uint64_t to_word(const T &v) {
    return uint64_t(std::make_unsigned_t<T>(v));
  }
  template <typename T> static T from_word(uint64_t w) {
    return T(std::make_unsigned_t<T>(w));
  }

  uint64_t bits_;
  uint32_t size_;
};

} // namespace ext::oneapi

namespace detail {
inline ext::oneapi::sub_group_mask make_sub_group_mask(uint64_t bits, uint32_t size) {
  return ext::oneapi::sub_group_mask(bits, size);
}
} // namespace detail

namespace ext::oneapi {

// One bit per work-item of the sub-group, set where `predicate` holds. Must
// be reached by every work-item of the sub-group in converged control flow.
template <typename Group, std::enable_if_t<(std::is_same_v<std::decay_t<Group>, sub_group>), int> = 0>
sub_group_mask group_ballot(Group g, bool predicate = true) {
  const uint32_t size = uint32_t(g.get_max_local_range()[0]);
#if USYCL_DEVICE_NVPTX
  return detail::make_sub_group_mask(__nvvm_vote_ballot_sync(g.active_mask(), predicate), size);
#else
  // Any sub-group size: each work-item contributes its own bit.
  const uint64_t mine = predicate ? uint64_t(1) << g.get_local_linear_id() : 0;
  return detail::make_sub_group_mask(reduce_over_group(g, mine, bit_or<uint64_t>()), size);
#endif
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
