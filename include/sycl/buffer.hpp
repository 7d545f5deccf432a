#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/buffer_api.hpp>
#include <sycl/exception.hpp>
#include <sycl/id.hpp>
#include <sycl/property_list.hpp>

#include <iterator>
#include <memory>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class handler;
template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
class accessor;
template <typename DataT, int Dims, access_mode Mode> class host_accessor;

template <typename T, int Dims = 1, typename AllocatorT = std::allocator<std::remove_const_t<T>>>
class buffer {
  static_assert(Dims >= 1 && Dims <= 3, "buffers have 1 to 3 dimensions");

public:
  using value_type = T;
  using reference = value_type &;
  using const_reference = const value_type &;
  using allocator_type = AllocatorT;
  static constexpr int dimensions = Dims;

  buffer(const range<Dims> &r, const property_list &props = {})
      : buffer(r, nullptr, nullptr, props) {}
  buffer(const range<Dims> &r, AllocatorT, const property_list &props = {})
      : buffer(r, props) {}
  buffer(T *host_data, const range<Dims> &r, const property_list &props = {})
      : buffer(r, const_cast<std::remove_const_t<T> *>(host_data), nullptr, props) {}
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const U *host_data, const range<Dims> &r, const property_list &props = {})
      : buffer(r, nullptr, host_data, props) {}
  buffer(const std::shared_ptr<T> &host_data, const range<Dims> &r,
         const property_list &props = {})
      : buffer(r, host_data.get(), nullptr, props) {
    keep_alive_ = host_data;
  }
  template <typename It, int D = Dims, typename = std::enable_if_t<D == 1>,
            typename = typename std::iterator_traits<It>::iterator_category>
  buffer(It first, It last, const property_list &props = {})
      : range_(static_cast<size_t>(std::distance(first, last))) {
    auto tmp = std::make_unique<std::remove_const_t<T>[]>(range_.size());
    std::copy(first, last, tmp.get());
    init(nullptr, tmp.get(), props);
  }
  template <typename Container, int D = Dims,
            typename = std::enable_if_t<D == 1>,
            typename = decltype(std::data(std::declval<Container &>())),
            typename = decltype(std::size(std::declval<Container &>()))>
  buffer(Container &c, const property_list &props = {})
      : buffer(range<1>(std::size(c)),
               const_cast<std::remove_const_t<T> *>(std::data(c)), nullptr, props) {}

  range<Dims> get_range() const { return range_; }
  size_t size() const noexcept { return range_.size(); }
  size_t get_count() const { return size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return {}; }

  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> get_access(handler &h) {
    return accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>(*this, h);
  }
  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>
  get_access(handler &h, range<Dims> r, id<Dims> offset = {}) {
    return accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>(*this, h, r, offset);
  }
  template <access_mode Mode = access_mode::read_write>
  host_accessor<T, Dims, Mode> get_access() {
    return host_accessor<T, Dims, Mode>(*this);
  }
  template <access_mode Mode = access_mode::read_write>
  host_accessor<T, Dims, Mode> get_host_access() {
    return host_accessor<T, Dims, Mode>(*this);
  }

  void set_final_data(std::nullptr_t) { detail::buffer_set_final_data(*impl_, nullptr); }
  template <typename Dst> void set_final_data(Dst *ptr) {
    detail::buffer_set_final_data(*impl_, static_cast<void *>(ptr));
  }
  void set_write_back(bool flag = true) { detail::buffer_set_write_back(*impl_, flag); }

  template <typename Prop> bool has_property() const noexcept { return props_.has_property<Prop>(); }
  template <typename Prop> Prop get_property() const { return props_.get_property<Prop>(); }

  friend bool operator==(const buffer &a, const buffer &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const buffer &a, const buffer &b) { return !(a == b); }

  const std::shared_ptr<detail::buffer_impl> &impl() const { return impl_; }

private:
  buffer(const range<Dims> &r, std::remove_const_t<T> *user_ptr, const void *init_data,
         const property_list &props)
      : range_(r) {
    init(user_ptr, init_data, props);
  }
  void init(void *user_ptr, const void *init_data, const property_list &props) {
    props_ = props;
    impl_ = detail::make_buffer(range_.size() * sizeof(T), user_ptr, init_data, props.bits());
    owner_ = detail::make_buffer_owner(impl_);
  }

  range<Dims> range_;
  property_list props_;
  std::shared_ptr<detail::buffer_impl> impl_;
  std::shared_ptr<void> owner_;
  std::shared_ptr<void> keep_alive_;
};

template <typename T, int Dims>
buffer(T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename T, int Dims>
buffer(const T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename It>
buffer(It, It, const property_list & = {})
    -> buffer<typename std::iterator_traits<It>::value_type, 1>;
template <typename Container>
buffer(Container &, const property_list & = {})
    -> buffer<typename Container::value_type, 1>;

} // namespace _V1
} // namespace sycl
