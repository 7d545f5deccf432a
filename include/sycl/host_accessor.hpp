// sycl::host_accessor (SYCL 2020 §4.7.6.10): access to a buffer from host
// code. Construction waits for the device work that conflicts with the
// access mode and brings the data to the host; later device work on the
// buffer waits until the last copy of the accessor is destroyed.
#pragma once

#include <sycl/buffer.hpp>
#include <sycl/detail/accessor_common.hpp>
#include <sycl/detail/buffer_api.hpp>

#include <memory>

namespace sycl {
inline namespace _V1 {

template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor
    : public detail::buffer_accessor_container<host_accessor<DataT, Dims, Mode>, DataT, Dims, Mode> {
  static_assert(Dims >= 0 && Dims <= 3, "host_accessor has 0 to 3 dimensions");
  static constexpr int SD = detail::storage_dims<Dims>;
  template <typename T, int D, access_mode M> friend class host_accessor;
  using value_t = detail::accessor_value_t<DataT, Mode>;

public:
  using typename host_accessor::accessor_container::iterator;

  host_accessor() = default;

  // 0 dimensions: the buffer's first element.
  template <typename T, typename A, int D = Dims, std::enable_if_t<D == 0, int> = 0>
  host_accessor(buffer<T, 1, A> &buf, const property_list &props = {})
      : host_accessor(buf, range<1>(buf.size() ? 1 : 0), id<1>(), props, true) {}

  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>(), props, true) {}
  template <typename T, typename A, access_mode M, int D = Dims,
            std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, mode_tag_t<M>, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>(), props, true) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, const property_list &props = {})
      : host_accessor(buf, r, id<Dims>(), props, true) {}
  template <typename T, typename A, access_mode M, int D = Dims,
            std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, mode_tag_t<M>,
                const property_list &props = {})
      : host_accessor(buf, r, id<Dims>(), props, true) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off,
                const property_list &props = {})
      : host_accessor(buf, r, off, props, true) {}
  template <typename T, typename A, access_mode M, int D = Dims,
            std::enable_if_t<(D > 0), int> = 0>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, mode_tag_t<M>,
                const property_list &props = {})
      : host_accessor(buf, r, off, props, true) {}

  // host_accessor<T, D, read_write> -> host_accessor<const T, D, read> / <T, D, read>
  template <typename U, access_mode M,
            typename = std::enable_if_t<
                Mode == access_mode::read &&
                (M == access_mode::read || M == access_mode::read_write) &&
                std::is_same_v<std::remove_const_t<U>, std::remove_const_t<DataT>> &&
                !(std::is_same_v<U, DataT> && M == Mode)>>
  host_accessor(const host_accessor<U, Dims, M> &o)
      : ptr_(o.ptr_), mem_range_(o.mem_range_), acc_range_(o.acc_range_), offset_(o.offset_),
        token_(o.token_), identity_(o.identity_), no_init_property_(o.no_init_property_) {}

  friend bool operator==(const host_accessor &a, const host_accessor &b) {
    return a.identity_ == b.identity_ && a.ptr_ == b.ptr_;
  }
  friend bool operator!=(const host_accessor &a, const host_accessor &b) { return !(a == b); }

  template <typename Prop> bool has_property() const noexcept {
    return std::is_same_v<Prop, property::no_init> && no_init_property_;
  }
  template <typename Prop> Prop get_property() const {
    return detail::accessor_get_property<Prop>(no_init_property_);
  }

  size_t size() const noexcept { return acc_range_.size(); }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0> range<Dims> get_range() const {
    return acc_range_;
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0> id<Dims> get_offset() const {
    return offset_;
  }

  template <int D = Dims, std::enable_if_t<D == 0, int> = 0> operator value_t &() const {
    return *ptr_;
  }
  template <int D = Dims, std::enable_if_t<D == 0 && Mode != access_mode::read, int> = 0>
  const host_accessor &operator=(const value_t &v) const {
    *ptr_ = v;
    return *this;
  }
  template <int D = Dims, std::enable_if_t<D == 0 && Mode != access_mode::read, int> = 0>
  const host_accessor &operator=(value_t &&v) const {
    *ptr_ = static_cast<value_t &&>(v);
    return *this;
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  value_t &operator[](id<Dims> i) const {
    return ptr_[detail::linearize(id<Dims>(i + offset_), mem_range_)];
  }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  value_t &operator[](size_t i) const {
    return ptr_[i + offset_[0]];
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  auto operator[](size_t i) const {
    id<SD> o = offset_;
    o[0] = 0;
    return detail::subscript<value_t, Dims, 1>(ptr_ + detail::linearize(o, mem_range_),
                                               &mem_range_[0], i + offset_[0]);
  }

  // The start of the buffer, also for a ranged accessor (SYCL 2020).
  value_t *get_pointer() const noexcept { return ptr_; }

  iterator begin() const noexcept { return iterator(ptr_, mem_range_, acc_range_, offset_, 0); }
  iterator end() const noexcept {
    return iterator(ptr_, mem_range_, acc_range_, offset_, std::ptrdiff_t(size()));
  }

  size_t hash_value() const noexcept { return std::hash<uint64_t>()(identity_); }

protected:
  template <typename T, int BD, typename A>
  host_accessor(buffer<T, BD, A> &buf, range<SD> r, id<SD> off, const property_list &props,
                bool)
      : acc_range_(r), offset_(off) {
    static_assert(std::is_same_v<std::remove_const_t<T>, std::remove_const_t<DataT>>,
                  "a host_accessor's type must be its buffer's element type");
    if constexpr (Dims == 0)
      mem_range_ = range<1>(buf.size());
    else
      mem_range_ = buf.get_range();
    detail::check_accessor_bounds<SD>("host_accessor", mem_range_, r, off);
    no_init_property_ = props.has_property<property::no_init>();
    auto access = detail::buffer_host_access(buf.impl(), Mode,
                                             detail::accessor_no_init("host_accessor", Mode, props));
    ptr_ = reinterpret_cast<value_t *>(static_cast<char *>(access.ptr) + buf.byte_offset());
    token_ = std::move(access.release);
    identity_ = detail::next_accessor_identity();
  }

private:
  value_t *ptr_ = nullptr; // the buffer's first element on the host
  range<SD> mem_range_;
  range<SD> acc_range_;
  id<SD> offset_;
  std::shared_ptr<void> token_;
  uint64_t identity_ = 0;
  bool no_init_property_ = false;
};

template <typename DataT, int Dims, access_mode Mode>
void swap(host_accessor<DataT, Dims, Mode> &a, host_accessor<DataT, Dims, Mode> &b) {
  a.swap(b);
}

// Deduction guides (SYCL 2020 §4.7.6.10).
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &) -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, const property_list &)
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, mode_tag_t<M>, const property_list &) -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>) -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>, const property_list &)
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, mode_tag_t<M>, const property_list &)
    -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>, id<D>) -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, const property_list &)
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, mode_tag_t<M>, const property_list &)
    -> host_accessor<T, D, M>;

} // namespace _V1
} // namespace sycl

template <typename DataT, int Dims, sycl::access_mode Mode>
struct std::hash<sycl::host_accessor<DataT, Dims, Mode>> {
  size_t operator()(const sycl::host_accessor<DataT, Dims, Mode> &a) const {
    return a.hash_value();
  }
};
