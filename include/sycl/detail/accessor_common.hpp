// Pieces every accessor kind shares: the access tags (read_only, ...), the
// multi-dimensional subscript proxy, the iterator over an accessor's range
// and the identity counter behind accessor equality (SYCL 2020 §4.7.6).
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/accessor_check.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/exception.hpp>
#include <sycl/id.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#ifndef __SYCL_DEVICE_ONLY__
#include <atomic>
#endif

namespace sycl {
inline namespace _V1 {

template <access_mode M> struct mode_tag_t {
  explicit mode_tag_t() = default;
};
template <access_mode M, target T> struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::constant_buffer> read_constant{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task>
    read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace detail {

// Accessors of 0 dimensions keep one-dimensional ranges of one element.
template <int Dims> inline constexpr int storage_dims = Dims == 0 ? 1 : Dims;

// Identity shared by the copies of one accessor (==, std::hash); 0 for a
// default-constructed accessor.
// Accessors are only constructed on the host; the device pass merely
// parses the constructors.
inline uint64_t next_accessor_identity() {
#ifndef __SYCL_DEVICE_ONLY__
  static std::atomic<uint64_t> counter{1};
  return counter.fetch_add(1, std::memory_order_relaxed);
#else
  return 0;
#endif
}

// acc[i][j][k] for multi-dimensional accessors: each [] fixes one dimension.
// Elem is what the last [] gives: Ref &, or for the deprecated
// access_mode::atomic a sycl::atomic made from the element's address.
template <typename Ref, int Dims, int Fixed, typename Elem = Ref &> class subscript {
public:
  // `limits`: the accessor's range, for USYCL_CHECK (accessor_check.hpp);
  // null where nothing is checked.
  subscript(Ref *base, const size_t *extent, size_t linear, const size_t *limits = nullptr)
      : base_(base), extent_(extent), linear_(linear) {
#ifndef __SYCL_DEVICE_ONLY__
    limits_ = limits;
#else
    (void)limits;
#endif
  }
  decltype(auto) operator[](size_t i) const {
    USYCL_CHECK_ACCESSOR_SUBSCRIPT(Dims, Fixed, i, limits_);
    size_t lin = linear_ * extent_[Fixed] + i;
    if constexpr (Fixed + 1 != Dims)
#ifndef __SYCL_DEVICE_ONLY__
      return subscript<Ref, Dims, Fixed + 1, Elem>(base_, extent_, lin, limits_);
#else
      return subscript<Ref, Dims, Fixed + 1, Elem>(base_, extent_, lin);
#endif
    else if constexpr (std::is_reference_v<Elem>)
      return static_cast<Elem>(base_[lin]);
    else
      return Elem(&base_[lin], 0);
  }

private:
  Ref *base_;
  const size_t *extent_;
  size_t linear_;
#ifndef __SYCL_DEVICE_ONLY__
  const size_t *limits_;
#endif
};

// Random-access iterator over the elements an accessor can reach, in
// row-major order: a ranged accessor's elements are not contiguous in the
// buffer, so the iterator maps its position to an id inside the range.
template <typename V, int Dims> class accessor_iterator {
  template <typename W, int D> friend class accessor_iterator;

public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<V>;
  using difference_type = std::ptrdiff_t;
  using pointer = V *;
  using reference = V &;

  accessor_iterator() = default;
  accessor_iterator(V *base, const range<Dims> &mem, const range<Dims> &acc, const id<Dims> &off,
                    difference_type index)
      : base_(base), mem_(mem), acc_(acc), off_(off), index_(index) {}
  // iterator -> const_iterator
  template <typename W, typename = std::enable_if_t<std::is_same_v<const W, V> &&
                                                    !std::is_same_v<W, V>>>
  accessor_iterator(const accessor_iterator<W, Dims> &o)
      : base_(o.base_), mem_(o.mem_), acc_(o.acc_), off_(o.off_), index_(o.index_) {}

  reference operator*() const { return *address(index_); }
  pointer operator->() const { return address(index_); }
  reference operator[](difference_type n) const { return *address(index_ + n); }

  accessor_iterator &operator++() {
    ++index_;
    return *this;
  }
  accessor_iterator operator++(int) {
    accessor_iterator t = *this;
    ++index_;
    return t;
  }
  accessor_iterator &operator--() {
    --index_;
    return *this;
  }
  accessor_iterator operator--(int) {
    accessor_iterator t = *this;
    --index_;
    return t;
  }
  accessor_iterator &operator+=(difference_type n) {
    index_ += n;
    return *this;
  }
  accessor_iterator &operator-=(difference_type n) {
    index_ -= n;
    return *this;
  }
  friend accessor_iterator operator+(accessor_iterator it, difference_type n) { return it += n; }
  friend accessor_iterator operator+(difference_type n, accessor_iterator it) { return it += n; }
  friend accessor_iterator operator-(accessor_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const accessor_iterator &a, const accessor_iterator &b) {
    return a.index_ - b.index_;
  }
  friend bool operator==(const accessor_iterator &a, const accessor_iterator &b) {
    return a.base_ == b.base_ && a.index_ == b.index_;
  }
  friend bool operator!=(const accessor_iterator &a, const accessor_iterator &b) {
    return !(a == b);
  }
  friend bool operator<(const accessor_iterator &a, const accessor_iterator &b) {
    return a.index_ < b.index_;
  }
  friend bool operator>(const accessor_iterator &a, const accessor_iterator &b) {
    return a.index_ > b.index_;
  }
  friend bool operator<=(const accessor_iterator &a, const accessor_iterator &b) {
    return a.index_ <= b.index_;
  }
  friend bool operator>=(const accessor_iterator &a, const accessor_iterator &b) {
    return a.index_ >= b.index_;
  }

private:
  V *address(difference_type index) const {
    if constexpr (Dims == 1) {
      return base_ + off_[0] + index;
    } else {
      size_t rest = static_cast<size_t>(index), linear = 0;
      size_t idx[Dims];
      for (int d = Dims - 1; d > 0; --d) {
        idx[d] = acc_[d] ? rest % acc_[d] : 0;
        rest = acc_[d] ? rest / acc_[d] : 0;
      }
      idx[0] = rest;
      for (int d = 0; d < Dims; ++d) linear = linear * mem_[d] + idx[d] + off_[d];
      return base_ + linear;
    }
  }

  V *base_ = nullptr;
  range<Dims> mem_;
  range<Dims> acc_;
  id<Dims> off_;
  difference_type index_ = 0;
};

// The container interface accessor, host_accessor and local_accessor share
// (SYCL 2020 §4.7.6.9 member types, size queries and the iterator forms
// derived from begin() and end()). `Derived` supplies size(), begin() and
// end(); this base has no members, so it leaves the accessor's layout alone.
template <typename Derived, typename ValueT, typename DataT, typename Iterator,
          typename ConstIterator>
class accessor_container {
public:
  using value_type = ValueT;
  using reference = value_type &;
  using const_reference = const DataT &;
  using iterator = Iterator;
  using const_iterator = ConstIterator;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = size_t;

  size_type byte_size() const noexcept { return self().size() * sizeof(DataT); }
  size_type max_size() const noexcept { return size_type(-1) / sizeof(DataT); }
  [[deprecated("use size()")]] size_t get_count() const noexcept { return self().size(); }
  [[deprecated("use byte_size()")]] size_t get_size() const noexcept { return byte_size(); }
  bool empty() const noexcept { return self().size() == 0; }

  const_iterator cbegin() const noexcept { return self().begin(); }
  const_iterator cend() const noexcept { return self().end(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(self().end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(self().begin()); }
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  void swap(Derived &other) {
    Derived t = self();
    static_cast<Derived &>(*this) = other;
    other = t;
  }

private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
};

// What a buffer accessor (accessor, host_accessor) gives access to: const
// elements in access_mode::read.
template <typename DataT, access_mode Mode>
using accessor_value_t = std::conditional_t<Mode == access_mode::read, const DataT, DataT>;
// The container base of the buffer accessors: iterators map positions to the
// accessor's range inside the buffer.
template <typename Derived, typename DataT, int Dims, access_mode Mode>
using buffer_accessor_container =
    accessor_container<Derived, accessor_value_t<DataT, Mode>, DataT,
                       accessor_iterator<accessor_value_t<DataT, Mode>, storage_dims<Dims>>,
                       accessor_iterator<const accessor_value_t<DataT, Mode>, storage_dims<Dims>>>;

// errc::invalid unless offset + range fits in the buffer's range.
template <int Dims>
void check_accessor_bounds(const char *what, const range<Dims> &buffer_range,
                           const range<Dims> &r, const id<Dims> &offset) {
  for (int d = 0; d < Dims; ++d)
    if (offset[d] + r[d] > buffer_range[d])
      throw exception(make_error_code(errc::invalid),
                      std::string(what) + ": range " + std::to_string(r[d]) + " plus offset " +
                          std::to_string(offset[d]) + " exceeds the buffer's range " +
                          std::to_string(buffer_range[d]) + " in dimension " +
                          std::to_string(d) + "; use a smaller range or offset");
}

// no_init with a read-only accessor is an error (SYCL 2020 §4.7.6.4).
inline bool accessor_no_init(const char *what, access_mode mode, const property_list &props) {
  bool no_init = props.has_property<property::no_init>();
  if (no_init && mode == access_mode::read)
    throw exception(make_error_code(errc::invalid),
                    std::string(what) + ": the no_init property needs a writing access mode, "
                                        "not access_mode::read");
  return no_init || mode_discards(mode);
}

template <typename Prop> Prop accessor_get_property(bool no_init) {
  if constexpr (std::is_same_v<Prop, property::no_init>) {
    if (no_init) return Prop{};
  }
  throw exception(make_error_code(errc::invalid),
                  "accessor::get_property: the accessor was not constructed with this property; "
                  "check has_property first");
}

} // namespace detail
} // namespace _V1
} // namespace sycl
