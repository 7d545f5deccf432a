// Buffer accessors (device and host) and local_accessor.
//
// A device accessor has the same byte layout in the host and the device
// compilation: the kernel object is copied byte-wise to the device, and the
// runtime overwrites `ptr_` with the buffer's address on the device that runs
// the kernel. On the host the tail holds the owning buffer reference; on the
// device it is opaque padding of the same size.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/buffer.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/id.hpp>
#include <sycl/property_list.hpp>

namespace sycl {
inline namespace _V1 {

class handler;
namespace detail {
USYCL_EXPORT void handler_require(handler &h, const std::shared_ptr<buffer_impl> &b,
                                  access_mode mode, bool no_init);
}

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
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task> read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace detail {

// acc[i][j][k] for multi-dimensional accessors: each [] fixes one dimension.
template <typename Ref, int Dims, int Fixed> class subscript {
public:
  subscript(Ref *base, const size_t *extent, size_t linear)
      : base_(base), extent_(extent), linear_(linear) {}
  decltype(auto) operator[](size_t i) const {
    size_t lin = linear_ * extent_[Fixed] + i;
    if constexpr (Fixed + 1 == Dims)
      return static_cast<Ref &>(base_[lin]);
    else
      return subscript<Ref, Dims, Fixed + 1>(base_, extent_, lin);
  }

private:
  Ref *base_;
  const size_t *extent_;
  size_t linear_;
};

template <typename T, int Dims, typename Ref>
USYCL_INLINE Ref &element(T *ptr, const range<Dims> &mem, const id<Dims> &off,
                          const id<Dims> &idx) {
  return ptr[linearize(id<Dims>(idx + off), mem)];
}

struct accessor_host_tail {
  std::shared_ptr<buffer_impl> buffer;
  bool no_init = false;
};

} // namespace detail

template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target Tgt = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor {
  static_assert(Dims >= 1 && Dims <= 3, "usycl supports accessors of 1 to 3 dimensions");

public:
  using value_type = std::conditional_t<Mode == access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;
  using pointer = value_type *;
  using element_type = value_type;
  static constexpr int dimensions = Dims;

  accessor() = default;

  template <typename T, typename A>
  accessor(buffer<T, Dims, A> &buf, handler &h, const property_list &props = {})
      : accessor(buf, h, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  accessor(buffer<T, Dims, A> &buf, handler &h, mode_tag_t<M>, const property_list &props = {})
      : accessor(buf, h, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, access_mode M, target Tg>
  accessor(buffer<T, Dims, A> &buf, handler &h, mode_target_tag_t<M, Tg>,
           const property_list &props = {})
      : accessor(buf, h, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, const property_list &props = {})
      : accessor(buf, h, r, id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, mode_tag_t<M>,
           const property_list &props = {})
      : accessor(buf, h, r, id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, id<Dims> off, mode_tag_t<M>,
           const property_list &props = {})
      : accessor(buf, h, r, off, props) {}
  template <typename T, typename A>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, id<Dims> off,
           const property_list &props = {})
      : accessor(buf, r, off, props) {
#ifndef __SYCL_DEVICE_ONLY__
    detail::handler_require(h, tail_.buffer, Mode, tail_.no_init);
#else
    (void)h;
#endif
  }

  // Placeholder accessors: bound to a command group by handler::require.
  template <typename T, typename A>
  accessor(buffer<T, Dims, A> &buf, const property_list &props = {})
      : accessor(buf, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  accessor(buffer<T, Dims, A> &buf, mode_tag_t<M>, const property_list &props = {})
      : accessor(buf, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, const property_list &props = {})
      : ptr_(nullptr), mem_range_(buf.get_range()), acc_range_(r), offset_(off) {
#ifndef __SYCL_DEVICE_ONLY__
    tail_.buffer = buf.impl();
    tail_.no_init = props.has_property<property::no_init>() || detail::mode_discards(Mode);
    for (int d = 0; d < Dims; ++d)
      if (off[d] + r[d] > mem_range_[d])
        throw exception(make_error_code(errc::accessor),
                        "accessor range plus offset exceeds the buffer's range in dimension " +
                            std::to_string(d));
#else
    (void)props;
#endif
  }

#ifndef __SYCL_DEVICE_ONLY__
  accessor(const accessor &other)
      : ptr_(other.ptr_), mem_range_(other.mem_range_), acc_range_(other.acc_range_),
        offset_(other.offset_), tail_(other.tail_) {
    if (detail::current_capture() && tail_.buffer)
      detail::note_accessor_copy(this, tail_.buffer, Mode, tail_.no_init);
  }
  accessor &operator=(const accessor &) = default;
  accessor(accessor &&) = default;
  accessor &operator=(accessor &&) = default;
  ~accessor() = default;
#endif

  bool is_placeholder() const noexcept { return IsPlaceholder == access::placeholder::true_t; }
  size_t byte_size() const noexcept { return acc_range_.size() * sizeof(DataT); }
  size_t size() const noexcept { return acc_range_.size(); }
  size_t get_count() const noexcept { return size(); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  range<Dims> get_range() const { return acc_range_; }
  id<Dims> get_offset() const { return offset_; }

  reference operator[](id<Dims> i) const {
    return detail::element<DataT, Dims, value_type>(ptr_, mem_range_, offset_, i);
  }
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  reference operator[](size_t i) const {
    return ptr_[i + offset_[0]];
  }
  template <int D = Dims, typename = std::enable_if_t<(D > 1)>>
  auto operator[](size_t i) const {
    return detail::subscript<value_type, Dims, 1>(ptr_ + offset_base(), &mem_range_[0],
                                                  i + offset_[0]);
  }
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  reference operator*() const { return ptr_[offset_[0]]; }

  pointer get_pointer() const noexcept { return ptr_ + linear_offset(); }
  template <access::decorated = access::decorated::no>
  pointer get_multi_ptr() const noexcept { return get_pointer(); }
  pointer begin() const noexcept { return get_pointer(); }
  pointer end() const noexcept { return get_pointer() + size(); }

private:
  friend class handler;
  size_t linear_offset() const { return detail::linearize(offset_, mem_range_); }
  // Offsets of dimensions after the first, applied in subscript<> chains.
  size_t offset_base() const {
    if constexpr (Dims == 1)
      return 0;
    else {
      id<Dims> o = offset_;
      o[0] = 0;
      return detail::linearize(o, mem_range_);
    }
  }

  DataT *ptr_ = nullptr; // first member: the runtime patches it at launch
  range<Dims> mem_range_;
  range<Dims> acc_range_;
  id<Dims> offset_;
#ifndef __SYCL_DEVICE_ONLY__
  detail::accessor_host_tail tail_;
  static_assert(sizeof(detail::accessor_host_tail) == 24, "accessor layout must match the device's");
#else
  alignas(8) unsigned char tail_[24];
#endif
};

// CTAD for the common SYCL 2020 spellings.
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &) -> accessor<T, D, access_mode::read_write, target::device>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &, const property_list &)
    -> accessor<T, D, access_mode::read_write, target::device>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A> &, handler &, mode_tag_t<M>) -> accessor<T, D, M, target::device>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A> &, handler &, mode_tag_t<M>, const property_list &)
    -> accessor<T, D, M, target::device>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, handler &, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A> &, handler &, range<D>, mode_tag_t<M>) -> accessor<T, D, M, target::device>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A> &, handler &, range<D>, id<D>, mode_tag_t<M>)
    -> accessor<T, D, M, target::device>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &) -> accessor<T, D, access_mode::read_write, target::device,
                                        access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M>
accessor(buffer<T, D, A> &, mode_tag_t<M>)
    -> accessor<T, D, M, target::device, access::placeholder::true_t>;

// Host accessor: waits for conflicting device work on construction, blocks
// later device work on the buffer until destroyed.
template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor {
public:
  using value_type = std::conditional_t<Mode == access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using pointer = value_type *;
  static constexpr int dimensions = Dims;

  host_accessor() = default;
  template <typename T, typename A>
  host_accessor(buffer<T, Dims, A> &buf, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  host_accessor(buffer<T, Dims, A> &buf, mode_tag_t<M>, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, mode_tag_t<M>,
                const property_list &props = {})
      : host_accessor(buf, r, id<Dims>(), props) {}
  template <typename T, typename A, access_mode M>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, mode_tag_t<M>,
                const property_list &props = {})
      : host_accessor(buf, r, off, props) {}
  template <typename T, typename A>
  host_accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off,
                const property_list &props = {})
      : mem_range_(buf.get_range()), acc_range_(r), offset_(off) {
    auto access = detail::buffer_host_access(
        buf.impl(), Mode, props.has_property<property::no_init>() || detail::mode_discards(Mode));
    ptr_ = static_cast<DataT *>(access.ptr);
    token_ = std::move(access.release);
  }

  size_t byte_size() const noexcept { return acc_range_.size() * sizeof(DataT); }
  size_t size() const noexcept { return acc_range_.size(); }
  size_t get_count() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  range<Dims> get_range() const { return acc_range_; }
  id<Dims> get_offset() const { return offset_; }

  reference operator[](id<Dims> i) const {
    return detail::element<DataT, Dims, value_type>(ptr_, mem_range_, offset_, i);
  }
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  reference operator[](size_t i) const { return ptr_[i + offset_[0]]; }
  template <int D = Dims, typename = std::enable_if_t<(D > 1)>>
  auto operator[](size_t i) const {
    id<Dims> o = offset_;
    o[0] = 0;
    return detail::subscript<value_type, Dims, 1>(ptr_ + detail::linearize(o, mem_range_),
                                                  &mem_range_[0], i + offset_[0]);
  }
  pointer get_pointer() const noexcept { return ptr_ + detail::linearize(offset_, mem_range_); }
  pointer begin() const noexcept { return get_pointer(); }
  pointer end() const noexcept { return get_pointer() + size(); }

private:
  DataT *ptr_ = nullptr;
  range<Dims> mem_range_;
  range<Dims> acc_range_;
  id<Dims> offset_;
  std::shared_ptr<void> token_;
};

template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &) -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;

// Work-group local memory. Same layout on host and device: the runtime
// writes the allocation's offset inside the group's local memory at launch.
template <typename DataT, int Dims = 1> class local_accessor {
public:
  using value_type = DataT;
  using reference = DataT &;
  using pointer = DataT *;
  static constexpr int dimensions = Dims;

  local_accessor() = default;
  local_accessor(range<Dims> r, handler &, const property_list & = {}) : range_(r) {}
#ifndef __SYCL_DEVICE_ONLY__
  local_accessor(const local_accessor &o) : offset_(o.offset_), range_(o.range_) {
    if (detail::current_capture())
      detail::note_local_copy(this, range_.size() * sizeof(DataT), alignof(DataT));
  }
  local_accessor &operator=(const local_accessor &) = default;
#endif

  size_t byte_size() const noexcept { return range_.size() * sizeof(DataT); }
  size_t size() const noexcept { return range_.size(); }
  size_t get_count() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  range<Dims> get_range() const { return range_; }

  DataT *get_pointer() const noexcept {
    return reinterpret_cast<DataT *>(detail::local_memory_base() + offset_);
  }
  template <access::decorated = access::decorated::no>
  DataT *get_multi_ptr() const noexcept { return get_pointer(); }
  reference operator[](id<Dims> i) const { return get_pointer()[detail::linearize(i, range_)]; }
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  reference operator[](size_t i) const { return get_pointer()[i]; }
  template <int D = Dims, typename = std::enable_if_t<(D > 1)>>
  auto operator[](size_t i) const {
    return detail::subscript<DataT, Dims, 1>(get_pointer(), &range_[0], i);
  }

private:
  size_t offset_ = 0; // first member: the runtime patches it at launch
  range<Dims> range_;
};

} // namespace _V1
} // namespace sycl
