#pragma once

#include <sycl/id.hpp>

namespace sycl {
inline namespace _V1 {
namespace detail {
struct no_offset_conversion {};
} // namespace detail

template <int Dims = 1, bool WithOffset = true> class item {
public:
  static constexpr int dimensions = Dims;
  item() = delete;

  constexpr id<Dims> get_id() const { return id_; }
  constexpr size_t get_id(int d) const { return id_[d]; }
  constexpr size_t operator[](int d) const { return id_[d]; }
  constexpr range<Dims> get_range() const { return range_; }
  constexpr size_t get_range(int d) const { return range_[d]; }
  template <bool W = WithOffset, typename = std::enable_if_t<W>>
  constexpr id<Dims> get_offset() const { return offset_; }
  constexpr size_t get_linear_id() const {
    return detail::linearize(id<Dims>(id_ - offset_), range_);
  }
  constexpr operator std::conditional_t<Dims == 1, size_t, detail::no_conversion>() const {
    if constexpr (Dims == 1)
      return id_[0];
    else
      return {};
  }
  // item<Dims, false> converts to item<Dims, true> (offset zero).
  // (A distinct placeholder type: with Dims > 1 the operator above already
  // returns detail::no_conversion, and two conversion functions to the same
  // type are ill-formed.)
  constexpr operator std::conditional_t<WithOffset, detail::no_offset_conversion, item<Dims, true>>() const {
    if constexpr (WithOffset)
      return {};
    else
      return item<Dims, true>(id_, range_, id<Dims>());
  }

  friend constexpr bool operator==(const item &a, const item &b) {
    return a.id_ == b.id_ && a.range_ == b.range_ && a.offset_ == b.offset_;
  }
  friend constexpr bool operator!=(const item &a, const item &b) { return !(a == b); }

  // Implementation: built by kernel launchers and nd_item.
  constexpr item(const id<Dims> &i, const range<Dims> &r, const id<Dims> &off)
      : id_(i), range_(r), offset_(off) {}

private:
  id<Dims> id_;
  range<Dims> range_;
  id<Dims> offset_;
};

} // namespace _V1
} // namespace sycl
