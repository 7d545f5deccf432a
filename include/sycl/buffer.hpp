// sycl::buffer (SYCL 2020 §4.7.2) and sycl::buffer_allocator.
//
// A buffer object is a handle: copies share one runtime buffer_impl (the
// storage, its per-device copies and dependency tracking). Sub-buffers and
// reinterpreted buffers share their parent's buffer_impl too and add a byte
// offset into it; every accessor adds that offset to the address the runtime
// gives it, so a sub-buffer is a contiguous window of its parent's memory.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/buffer_api.hpp>
#include <sycl/exception.hpp>
#include <sycl/id.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class handler;
template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
class accessor;
template <typename DataT, int Dims, access_mode Mode> class host_accessor;
template <access_mode M> struct mode_tag_t;
template <access_mode M, target T> struct mode_target_tag_t;

// The default buffer allocator (SYCL 2020 §4.7.1.1). usycl's runtime owns a
// buffer's host storage; the allocator is kept and returned by get_allocator.
template <typename T = char> class buffer_allocator {
public:
  using value_type = T;
  using pointer = T *;
  using const_pointer = const T *;
  using reference = T &;
  using const_reference = const T &;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  template <typename U> struct rebind {
    using other = buffer_allocator<U>;
  };

  buffer_allocator() noexcept = default;
  template <typename U> buffer_allocator(const buffer_allocator<U> &) noexcept {}

  T *allocate(std::size_t n) { return std::allocator<T>().allocate(n); }
  void deallocate(T *p, std::size_t n) { std::allocator<T>().deallocate(p, n); }

  template <typename U> bool operator==(const buffer_allocator<U> &) const noexcept {
    return true;
  }
  template <typename U> bool operator!=(const buffer_allocator<U> &) const noexcept {
    return false;
  }
};

namespace detail {
template <typename It>
using enable_if_iterator_t = std::enable_if_t<
    !std::is_integral_v<It>, typename std::iterator_traits<It>::iterator_category>;
} // namespace detail

template <typename T, int Dims = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer {
  static_assert(Dims >= 1 && Dims <= 3, "buffers have 1 to 3 dimensions");
  template <typename T2, int D2, typename A2> friend class buffer;
  using element = std::remove_const_t<T>;

public:
  using value_type = T;
  using reference = value_type &;
  using const_reference = const value_type &;
  using allocator_type = AllocatorT;
  static constexpr int dimensions = Dims;

  // ---- constructors (SYCL 2020 Table 40) ----
  buffer(const range<Dims> &r, const property_list &props = {})
      : buffer(r, AllocatorT(), props) {}
  buffer(const range<Dims> &r, AllocatorT alloc, const property_list &props = {})
      : range_(r), alloc_(alloc) {
    init(nullptr, nullptr, props);
  }
  buffer(T *host_data, const range<Dims> &r, const property_list &props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(T *host_data, const range<Dims> &r, AllocatorT alloc, const property_list &props = {})
      : range_(r), alloc_(alloc) {
    // A const T buffer never writes back: its data only initialises it.
    if constexpr (std::is_const_v<T>)
      init(nullptr, host_data, props);
    else
      init(host_data, nullptr, props);
  }
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const U *host_data, const range<Dims> &r, const property_list &props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const U *host_data, const range<Dims> &r, AllocatorT alloc,
         const property_list &props = {})
      : range_(r), alloc_(alloc) {
    init(nullptr, host_data, props);
  }
  buffer(const std::shared_ptr<T> &host_data, const range<Dims> &r,
         const property_list &props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T> &host_data, const range<Dims> &r, AllocatorT alloc,
         const property_list &props = {})
      : range_(r), alloc_(alloc) {
    init_shared(std::shared_ptr<T>(host_data), props);
  }
  buffer(const std::shared_ptr<T[]> &host_data, const range<Dims> &r,
         const property_list &props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T[]> &host_data, const range<Dims> &r, AllocatorT alloc,
         const property_list &props = {})
      : range_(r), alloc_(alloc) {
    init_shared(std::shared_ptr<T>(host_data, host_data.get()), props);
  }
  template <typename It, int D = Dims, typename = std::enable_if_t<D == 1>,
            typename = detail::enable_if_iterator_t<It>>
  buffer(It first, It last, const property_list &props = {})
      : buffer(first, last, AllocatorT(), props) {}
  template <typename It, int D = Dims, typename = std::enable_if_t<D == 1>,
            typename = detail::enable_if_iterator_t<It>>
  buffer(It first, It last, AllocatorT alloc, const property_list &props = {})
      : range_(static_cast<size_t>(std::distance(first, last))), alloc_(alloc) {
    // Iterator data is copied in; write-back goes nowhere unless
    // set_final_data says where.
    // Raw storage: the element type need not be default-constructible.
    const size_t n = range_.size();
    std::allocator<element> raw;
    element *tmp = raw.allocate(n ? n : 1);
    std::uninitialized_copy(first, last, tmp);
    try {
      init(nullptr, tmp, props);
    } catch (...) {
      std::destroy(tmp, tmp + n);
      raw.deallocate(tmp, n ? n : 1);
      throw;
    }
    std::destroy(tmp, tmp + n);
    raw.deallocate(tmp, n ? n : 1);
  }
  template <typename Container, int D = Dims, typename = std::enable_if_t<D == 1>,
            typename = decltype(std::data(std::declval<Container &>())),
            typename = decltype(std::size(std::declval<Container &>()))>
  buffer(Container &c, const property_list &props = {}) : buffer(c, AllocatorT(), props) {}
  template <typename Container, int D = Dims, typename = std::enable_if_t<D == 1>,
            typename = decltype(std::data(std::declval<Container &>())),
            typename = decltype(std::size(std::declval<Container &>()))>
  buffer(Container &c, AllocatorT alloc, const property_list &props = {})
      : range_(std::size(c)), alloc_(alloc) {
    using data_t = std::remove_pointer_t<decltype(std::data(c))>;
    if constexpr (std::is_const_v<data_t> || std::is_const_v<T>)
      init(nullptr, std::data(c), props);
    else
      init(std::data(c), nullptr, props);
  }

  // Sub-buffer: a contiguous window of `parent` (SYCL 2020 §4.7.2.3).
  buffer(buffer &parent, const id<Dims> &base_index, const range<Dims> &sub_range)
      : range_(sub_range), alloc_(parent.alloc_), props_(parent.props_), impl_(parent.impl_),
        keep_alive_(parent.keep_alive_), owner_(parent.owner_), is_sub_buffer_(true) {
    if (parent.is_sub_buffer_)
      throw exception(make_error_code(errc::invalid),
                      "buffer: cannot create a sub-buffer of a sub-buffer; create it from the "
                      "parent buffer");
    for (int d = 0; d < Dims; ++d)
      if (base_index[d] + sub_range[d] > parent.range_[d])
        throw exception(make_error_code(errc::invalid),
                        "buffer: sub-buffer offset " + std::to_string(base_index[d]) +
                            " plus range " + std::to_string(sub_range[d]) +
                            " exceeds the parent's range " + std::to_string(parent.range_[d]) +
                            " in dimension " + std::to_string(d));
    // Contiguous: after the first dimension that is not a single row, every
    // dimension spans the parent's whole extent.
    int first_partial = 0;
    while (first_partial < Dims - 1 && sub_range[first_partial] == 1) ++first_partial;
    for (int d = first_partial + 1; d < Dims; ++d)
      if (sub_range[d] != parent.range_[d])
        throw exception(make_error_code(errc::invalid),
                        "buffer: a sub-buffer must be a contiguous region of its parent; "
                        "dimension " + std::to_string(d) + " must span the whole parent range (" +
                            std::to_string(parent.range_[d]) + ")");
    byte_offset_ = parent.byte_offset_ + detail::linearize(base_index, parent.range_) * sizeof(T);
  }

  buffer(const buffer &) = default;
  buffer(buffer &&) = default;
  buffer &operator=(const buffer &) = default;
  buffer &operator=(buffer &&) = default;
  ~buffer() = default;

  // ---- queries ----
  range<Dims> get_range() const { return range_; }
  size_t size() const noexcept { return range_.size(); }
  [[deprecated("use size()")]] size_t get_count() const { return size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  [[deprecated("use byte_size()")]] size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return alloc_; }
  bool is_sub_buffer() const { return is_sub_buffer_; }

  template <typename Prop> bool has_property() const noexcept { return props_.has_property<Prop>(); }
  template <typename Prop> Prop get_property() const { return props_.get_property<Prop>(); }

  // ---- accessors ----
  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> get_access(handler &h) {
    return accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>(*this, h);
  }
  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>
  get_access(handler &h, range<Dims> r, id<Dims> offset = {}) {
    return accessor<T, Dims, Mode, Tgt, access::placeholder::false_t>(*this, h, r, offset);
  }
  // Deprecated host forms: a host_buffer accessor.
  template <access_mode Mode>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> get_access() {
    return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this);
  }
  template <access_mode Mode>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>
  get_access(range<Dims> r, id<Dims> offset = {}) {
    return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this, r,
                                                                                       offset);
  }
  // SYCL 2020 forms: get_access(h, tag...) deduce like the accessor constructors.
  template <typename... Ts> auto get_access(handler &h, Ts... args) {
    return accessor(*this, h, args...);
  }
  template <typename... Ts> auto get_host_access(Ts... args) {
    return host_accessor(*this, args...);
  }

  // ---- write-back ----
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination final_data = nullptr) {
    using detail::buffer_set_final_data_writer;
    const size_t bytes = full_bytes();
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
      detail::buffer_set_final_data(*impl_, nullptr);
    } else if constexpr (std::is_pointer_v<Destination>) {
      if (!final_data) return detail::buffer_set_final_data(*impl_, nullptr);
      detail::buffer_set_final_data(*impl_, static_cast<void *>(final_data));
    } else if constexpr (is_weak_ptr<Destination>::value) {
      buffer_set_final_data_writer(*impl_, [final_data, bytes](const void *data) {
        if (auto p = final_data.lock()) std::memcpy(p.get(), data, bytes);
      });
    } else if constexpr (is_shared_ptr<Destination>::value) {
      if (!final_data) return detail::buffer_set_final_data(*impl_, nullptr);
      buffer_set_final_data_writer(*impl_, [final_data, bytes](const void *data) {
        std::memcpy(final_data.get(), data, bytes);
      });
    } else {
      // An output iterator: element by element, as the buffer's type.
      const size_t count = bytes / sizeof(T);
      buffer_set_final_data_writer(*impl_, [final_data, count](const void *data) mutable {
        const element *src = static_cast<const element *>(data);
        std::copy(src, src + count, final_data);
      });
    }
  }
  void set_write_back(bool flag = true) {
    // A sub-buffer is a window of its parent's storage and has no write-back
    // destination of its own: "nowhere to write back", so no effect (SYCL
    // 2020 §4.7.2.2). Above all it must not switch off its parent's.
    if (is_sub_buffer_) return;
    detail::buffer_set_write_back(*impl_, flag);
  }

  // ---- reinterpret (SYCL 2020 §4.7.2.3) ----
  template <typename NewT, int NewDims, typename NewAlloc = typename std::allocator_traits<
                                            AllocatorT>::template rebind_alloc<std::remove_const_t<NewT>>>
  buffer<NewT, NewDims, NewAlloc> reinterpret(range<NewDims> new_range) const {
    if (new_range.size() * sizeof(NewT) != byte_size())
      throw exception(make_error_code(errc::invalid),
                      "buffer::reinterpret: the new range holds " +
                          std::to_string(new_range.size() * sizeof(NewT)) +
                          " bytes but the buffer holds " + std::to_string(byte_size()) +
                          "; the byte sizes must be equal");
    return buffer<NewT, NewDims, NewAlloc>(*this, new_range);
  }
  template <typename NewT, int NewDims = Dims,
            typename NewAlloc = typename std::allocator_traits<
                AllocatorT>::template rebind_alloc<std::remove_const_t<NewT>>>
  buffer<NewT, NewDims, NewAlloc> reinterpret() const {
    static_assert(NewDims == 1 || (NewDims == Dims && sizeof(NewT) == sizeof(T)),
                  "reinterpret without a range: to 1 dimension, or to a type of the same size");
    if constexpr (NewDims == 1) {
      if (byte_size() % sizeof(NewT) != 0)
        throw exception(make_error_code(errc::invalid),
                        "buffer::reinterpret: " + std::to_string(byte_size()) +
                            " bytes are not a whole number of the new type's " +
                            std::to_string(sizeof(NewT)) + " bytes");
      return reinterpret<NewT, 1, NewAlloc>(range<1>(byte_size() / sizeof(NewT)));
    } else {
      return reinterpret<NewT, NewDims, NewAlloc>(range<NewDims>(range_));
    }
  }

  friend bool operator==(const buffer &a, const buffer &b) {
    return a.impl_ == b.impl_ && a.byte_offset_ == b.byte_offset_ && a.range_ == b.range_;
  }
  friend bool operator!=(const buffer &a, const buffer &b) { return !(a == b); }

  // Implementation details for accessors and the handler.
  const std::shared_ptr<detail::buffer_impl> &impl() const { return impl_; }
  size_t byte_offset() const { return byte_offset_; }
  size_t hash_value() const {
    return std::hash<const void *>()(impl_.get()) ^ (byte_offset_ * 31u);
  }

private:
  template <typename P> struct is_shared_ptr : std::false_type {};
  template <typename P> struct is_shared_ptr<std::shared_ptr<P>> : std::true_type {};
  template <typename P> struct is_weak_ptr : std::false_type {};
  template <typename P> struct is_weak_ptr<std::weak_ptr<P>> : std::true_type {};

  // Reinterpretation: same storage and window, another type and shape.
  template <typename T2, int D2, typename A2>
  buffer(const buffer<T2, D2, A2> &other, const range<Dims> &r)
      : range_(r), props_(other.props_), impl_(other.impl_), byte_offset_(other.byte_offset_),
        keep_alive_(other.keep_alive_), owner_(other.owner_),
        is_sub_buffer_(other.is_sub_buffer_) {}

  size_t full_bytes() const { return detail::buffer_byte_size(*impl_); }

  void init(void *user_ptr, const void *init_data, const property_list &props) {
    props_ = props;
    impl_ = detail::make_buffer(range_.size() * sizeof(T), user_ptr, init_data, props.bits());
    if (props.has_property<property::buffer::use_mutex>())
      detail::buffer_set_mutex(*impl_, props.get_property<property::buffer::use_mutex>().mutex);
    owner_ = detail::make_buffer_owner(impl_);
  }
  void init_shared(std::shared_ptr<T> data, const property_list &props) {
    if (!data) {
      init(nullptr, nullptr, props);
      return;
    }
    // The buffer shares ownership of the data and writes back into it.
    keep_alive_ = data;
    if constexpr (std::is_const_v<T>)
      init(nullptr, data.get(), props);
    else
      init(data.get(), nullptr, props);
  }

  range<Dims> range_;
  AllocatorT alloc_;
  property_list props_;
  std::shared_ptr<detail::buffer_impl> impl_;
  size_t byte_offset_ = 0;
  // keep_alive_ (a shared_ptr the data came from) is declared before owner_
  // so it dies after it: the last owner writes back into that memory.
  std::shared_ptr<void> keep_alive_;
  std::shared_ptr<void> owner_;
  bool is_sub_buffer_ = false;
};

// Deduction guides (SYCL 2020 §4.7.2.1).
template <typename InputIterator, typename AllocatorT>
buffer(InputIterator, InputIterator, AllocatorT, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1, AllocatorT>;
template <typename InputIterator>
buffer(InputIterator, InputIterator, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1>;
template <typename T, int Dims, typename AllocatorT>
buffer(const T *, const range<Dims> &, AllocatorT, const property_list & = {})
    -> buffer<T, Dims, AllocatorT>;
template <typename T, int Dims>
buffer(const T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename T, int Dims, typename AllocatorT>
buffer(T *, const range<Dims> &, AllocatorT, const property_list & = {})
    -> buffer<T, Dims, AllocatorT>;
template <typename T, int Dims>
buffer(T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <typename Container, typename AllocatorT>
buffer(Container &, AllocatorT, const property_list & = {})
    -> buffer<typename Container::value_type, 1, AllocatorT>;
template <typename Container>
buffer(Container &, const property_list & = {}) -> buffer<typename Container::value_type, 1>;

} // namespace _V1
} // namespace sycl

template <typename T, int Dims, typename AllocatorT>
struct std::hash<sycl::buffer<T, Dims, AllocatorT>> {
  size_t operator()(const sycl::buffer<T, Dims, AllocatorT> &b) const { return b.hash_value(); }
};
