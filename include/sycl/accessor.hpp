// sycl::accessor: buffer accessors for commands (SYCL 2020 §4.7.6.9), with
// the deprecated targets constant_buffer, local and host_buffer (§4.7.6.9,
// Annex C). host_accessor and local_accessor have headers of their own.
//
// A command accessor has the same byte layout in the host and the device
// compilation: the kernel object is copied byte-wise to the device, and the
// runtime overwrites `ptr_` (the first member) with the buffer's address on
// the device that runs the kernel (accessor_slot). On the host the tail holds
// the owning buffer reference; on the device it is opaque padding of the
// same size. `base_` is the element offset of a sub-buffer inside the
// storage the runtime hands out, so kernels see the sub-buffer's window.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/atomic.hpp>
#include <sycl/buffer.hpp>
#include <sycl/detail/accessor_common.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/host_accessor.hpp>
#include <sycl/id.hpp>
#include <sycl/local_accessor.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/property_list.hpp>
#include <sycl/type_traits.hpp>

namespace sycl {
inline namespace _V1 {

class handler;
namespace detail {
USYCL_EXPORT void handler_require(handler &h, const std::shared_ptr<buffer_impl> &b,
                                  access_mode mode, bool no_init);

struct accessor_host_tail {
  std::shared_ptr<buffer_impl> buffer;
  bool no_init = false;
};

enum accessor_flag : uint32_t {
  accessor_placeholder = 1u << 0,    // constructed without a handler
  accessor_no_init_property = 1u << 1, // has_property<no_init>
};

// SFINAE helper: the access tags an accessor constructor accepts.
template <access_mode M> int accessor_tag_check(mode_tag_t<M>);
template <access_mode M, target T> int accessor_tag_check(mode_target_tag_t<M, T>);
template <typename Tag>
using enable_if_accessor_tag_t = decltype(accessor_tag_check(std::declval<Tag>()));
} // namespace detail

template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target Tgt = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor : public detail::buffer_accessor_container<
                     accessor<DataT, Dims, Mode, Tgt, IsPlaceholder>, DataT, Dims, Mode> {
  static_assert(Dims >= 0 && Dims <= 3, "accessors have 0 to 3 dimensions");
  static_assert(Tgt == target::device || Tgt == target::constant_buffer ||
                    Tgt == target::host_task,
                "this accessor target is not supported for buffers");
  static constexpr int SD = detail::storage_dims<Dims>;
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  friend class accessor;
  using value_t = detail::accessor_value_t<DataT, Mode>;

public:
  using typename accessor::accessor_container::iterator;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_t, access::address_space::global_space, IsDecorated>;

  accessor() = default;

  // ---- 0 dimensions: the buffer's first element ----
  template <typename T, typename A, int D = Dims, std::enable_if_t<D == 0, int> = 0>
  accessor(buffer<T, 1, A> &buf, const property_list &props = {})
      : accessor(buf, nullptr, range<1>(buf.size() ? 1 : 0), id<1>(), props) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<D == 0, int> = 0>
  accessor(buffer<T, 1, A> &buf, handler &h, const property_list &props = {})
      : accessor(buf, &h, range<1>(buf.size() ? 1 : 0), id<1>(), props) {}

  // ---- placeholder forms (bound by handler::require) ----
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, const property_list &props = {})
      : accessor(buf, nullptr, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, Tag, const property_list &props = {})
      : accessor(buf, nullptr, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, const property_list &props = {})
      : accessor(buf, nullptr, r, id<Dims>(), props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, Tag, const property_list &props = {})
      : accessor(buf, nullptr, r, id<Dims>(), props) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, const property_list &props = {})
      : accessor(buf, nullptr, r, off, props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, Tag,
           const property_list &props = {})
      : accessor(buf, nullptr, r, off, props) {}

  // ---- command-group forms ----
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, handler &h, const property_list &props = {})
      : accessor(buf, &h, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, handler &h, Tag, const property_list &props = {})
      : accessor(buf, &h, buf.get_range(), id<Dims>(), props) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, const property_list &props = {})
      : accessor(buf, &h, r, id<Dims>(), props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, Tag,
           const property_list &props = {})
      : accessor(buf, &h, r, id<Dims>(), props) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, id<Dims> off,
           const property_list &props = {})
      : accessor(buf, &h, r, off, props) {}
  template <typename T, typename A, typename Tag, int D = Dims,
            typename = std::enable_if_t<(D > 0)>, typename = detail::enable_if_accessor_tag_t<Tag>>
  accessor(buffer<T, Dims, A> &buf, handler &h, range<Dims> r, id<Dims> off, Tag,
           const property_list &props = {})
      : accessor(buf, &h, r, off, props) {}

  // accessor<T, D, read_write> -> accessor<const T, D, read> / accessor<T, D, read>
  template <typename U, access_mode M, access::placeholder P,
            typename = std::enable_if_t<
                Mode == access_mode::read &&
                (M == access_mode::read || M == access_mode::read_write) &&
                std::is_same_v<std::remove_const_t<U>, std::remove_const_t<DataT>> &&
                !(std::is_same_v<U, DataT> && M == Mode && P == IsPlaceholder)>>
  accessor(const accessor<U, Dims, M, Tgt, P> &o)
      : ptr_(const_cast<DataT *>(static_cast<const DataT *>(o.ptr_))), mem_range_(o.mem_range_),
        acc_range_(o.acc_range_), offset_(o.offset_), base_(o.base_), identity_(o.identity_),
        flags_(o.flags_) {
#ifndef __SYCL_DEVICE_ONLY__
    tail_.buffer = o.tail_.buffer;
    tail_.no_init = o.tail_.no_init;
#endif
    note_copy();
  }

#ifndef __SYCL_DEVICE_ONLY__
  accessor(const accessor &o)
      : ptr_(o.ptr_), mem_range_(o.mem_range_), acc_range_(o.acc_range_), offset_(o.offset_),
        base_(o.base_), identity_(o.identity_), flags_(o.flags_), tail_(o.tail_) {
    note_copy();
  }
  accessor(accessor &&o) : accessor(static_cast<const accessor &>(o)) {}
  accessor &operator=(const accessor &) = default;
  accessor &operator=(accessor &&) = default;
  ~accessor() = default;
#endif

  friend bool operator==(const accessor &a, const accessor &b) {
    return a.identity_ == b.identity_ && a.base_ == b.base_;
  }
  friend bool operator!=(const accessor &a, const accessor &b) { return !(a == b); }

  bool is_placeholder() const noexcept { return flags_ & detail::accessor_placeholder; }
  template <typename Prop> bool has_property() const noexcept {
    return std::is_same_v<Prop, property::no_init> &&
           (flags_ & detail::accessor_no_init_property);
  }
  template <typename Prop> Prop get_property() const {
    return detail::accessor_get_property<Prop>(flags_ & detail::accessor_no_init_property);
  }

  size_t size() const noexcept { return acc_range_.size(); }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0> range<Dims> get_range() const {
    return acc_range_;
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0> id<Dims> get_offset() const {
    return offset_;
  }

  // ---- element access ----
  // What [] gives: a reference, or for the deprecated access_mode::atomic a
  // sycl::atomic on the element (reference stays value_type &, as the CTS checks).
  using element_ref =
      std::conditional_t<Mode == access_mode::atomic,
                         atomic<DataT, access::address_space::global_space>, value_t &>;
  template <int D = Dims, std::enable_if_t<D == 0 && Mode != access_mode::atomic, int> = 0>
  operator value_t &() const {
    return *data();
  }
  template <int D = Dims, std::enable_if_t<D == 0 && Mode == access_mode::atomic, int> = 0>
  operator element_ref() const {
    return detail::accessor_element<element_ref>(*data());
  }
  template <int D = Dims, std::enable_if_t<D == 0 && Mode != access_mode::read, int> = 0>
  const accessor &operator=(const value_t &v) const {
    *data() = v;
    return *this;
  }
  template <int D = Dims, std::enable_if_t<D == 0 && Mode != access_mode::read, int> = 0>
  const accessor &operator=(value_t &&v) const {
    *data() = static_cast<value_t &&>(v);
    return *this;
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  element_ref operator[](id<Dims> i) const {
    USYCL_CHECK_ACCESSOR_INDEX(Dims, i, acc_range_); // USYCL_CHECK, CPU kernels only
    return detail::accessor_element<element_ref>(
        data()[detail::linearize(id<Dims>(i + offset_), mem_range_)]);
  }
  // A scalar index (integers, unscoped enums), as a template so that a class
  // converting to both size_t and id<1> (item<1>) takes the id overload
  // instead of being ambiguous.
  template <typename Index, int D = Dims,
            std::enable_if_t<D == 1 && !std::is_class_v<Index> &&
                                 std::is_convertible_v<Index, size_t>,
                             int> = 0>
  element_ref operator[](Index i) const {
    USYCL_CHECK_ACCESSOR_INDEX(1, &i, acc_range_);
    return detail::accessor_element<element_ref>(data()[size_t(i) + offset_[0]]);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  auto operator[](size_t i) const {
    USYCL_CHECK_ACCESSOR_SUBSCRIPT(Dims, 0, i, &acc_range_[0]);
    return detail::subscript<value_t, Dims, 1, element_ref>(
        data() + offset_base(), &mem_range_[0], i + offset_[0], &acc_range_[0]);
  }

  // The start of the (sub-)buffer, also for a ranged accessor (SYCL 2020).
  auto get_pointer() const noexcept {
    if constexpr (Tgt == target::device)
      return global_ptr<value_t>(data());
    else if constexpr (Tgt == target::constant_buffer)
      return constant_ptr<DataT>(const_cast<DataT *>(static_cast<const DataT *>(data())));
    else
      return data();
  }
  // Only device accessors have a multi_ptr (SYCL 2020 §4.7.6.9): a host_task
  // accessor's memory is host memory, not the global address space.
  template <access::decorated IsDecorated, target T = Tgt,
            std::enable_if_t<T == target::device, int> = 0>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return address_space_cast<access::address_space::global_space, IsDecorated>(data());
  }

  iterator begin() const noexcept { return iterator(data(), mem_range_, acc_range_, offset_, 0); }
  iterator end() const noexcept {
    return iterator(data(), mem_range_, acc_range_, offset_, std::ptrdiff_t(size()));
  }

  // Implementation details (std::hash, handler).
  size_t hash_value() const noexcept { return std::hash<uint64_t>()(identity_ ^ (base_ << 40)); }

private:
  friend class handler;

  // Every constructor ends here; `h` is null for placeholders.
  template <typename T, int BD, typename A>
  accessor(buffer<T, BD, A> &buf, handler *h, range<SD> r, id<SD> off,
           const property_list &props)
      : mem_range_(), acc_range_(r), offset_(off) {
    static_assert(std::is_same_v<std::remove_const_t<T>, std::remove_const_t<DataT>>,
                  "an accessor's type must be its buffer's element type");
    if constexpr (Dims == 0)
      mem_range_ = range<1>(buf.size());
    else
      mem_range_ = buf.get_range();
    base_ = buf.byte_offset() / sizeof(DataT);
#ifndef __SYCL_DEVICE_ONLY__
    detail::check_accessor_bounds<SD>("accessor", mem_range_, r, off);
    tail_.buffer = buf.impl();
    tail_.no_init = detail::accessor_no_init("accessor", Mode, props);
    identity_ = detail::next_accessor_identity();
    if (props.has_property<property::no_init>()) flags_ |= detail::accessor_no_init_property;
    if (h)
      detail::handler_require(*h, tail_.buffer, Mode, tail_.no_init);
    else
      flags_ |= detail::accessor_placeholder;
#else
    (void)h;
    (void)props;
#endif
  }

  void note_copy() {
#ifndef __SYCL_DEVICE_ONLY__
    detail::capture_target *capture = detail::current_capture();
    if (!capture || !tail_.buffer) return;
    if (is_placeholder()) {
      // A placeholder is bound to a command group only by handler::require.
      const auto &reqs = capture->group->requirements;
      bool bound = false;
      for (const detail::requirement &r : reqs) bound = bound || r.buffer == tail_.buffer;
      if (!bound)
        throw exception(make_error_code(errc::kernel_argument),
                        "a placeholder accessor was captured by a command without being bound "
                        "to it; call handler::require(accessor) in the command group first");
    }
    detail::note_accessor_copy(this, tail_.buffer, Mode, tail_.no_init);
#endif
  }

  value_t *data() const noexcept { return ptr_ + base_; }
  // Offsets of dimensions after the first, applied in subscript<> chains.
  size_t offset_base() const {
    id<SD> o = offset_;
    o[0] = 0;
    return detail::linearize(o, mem_range_);
  }
  // The bytes an explicit copy or fill touches (handler::copy/fill).
  detail::buffer_region copy_region() const {
    detail::buffer_region r;
    const size_t base_bytes = base_ * sizeof(DataT);
    r.offset_bytes = base_bytes + detail::linearize(offset_, mem_range_) * sizeof(DataT);
    r.row_bytes = acc_range_[SD - 1] * sizeof(DataT);
    r.row_pitch = mem_range_[SD - 1] * sizeof(DataT);
    r.rows = SD >= 2 ? acc_range_[SD - 2] : 1;
    r.slice_pitch = SD >= 2 ? mem_range_[SD - 2] * r.row_pitch : 0;
    r.slices = SD == 3 ? acc_range_[0] : 1;
    return r;
  }

  DataT *ptr_ = nullptr; // first member: the runtime patches it at launch
  range<SD> mem_range_;
  range<SD> acc_range_;
  id<SD> offset_;
  size_t base_ = 0;
  uint64_t identity_ = 0;
  uint32_t flags_ = 0;
#ifndef __SYCL_DEVICE_ONLY__
  detail::accessor_host_tail tail_;
  static_assert(sizeof(detail::accessor_host_tail) == 24, "accessor layout must match the device's");
#else
  alignas(8) unsigned char tail_[24];
#endif
};

template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
void swap(accessor<DataT, Dims, Mode, Tgt, P> &a, accessor<DataT, Dims, Mode, Tgt, P> &b) {
  a.swap(b);
}

// ---- deprecated: target::local is a local_accessor ----
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::local, P> : public local_accessor<DataT, Dims> {
  using base = local_accessor<DataT, Dims>;

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  // What [] gives: a reference, or for access_mode::atomic a sycl::atomic.
  using element_ref =
      std::conditional_t<Mode == access_mode::atomic,
                         atomic<DataT, access::address_space::local_space>, DataT &>;
  accessor() = default;
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0>
  accessor(handler &h, const property_list &props = {}) : base(h, props) {}
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(range<Dims> r, handler &h, const property_list &props = {}) : base(r, h, props) {}

  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  element_ref operator[](id<Dims> i) const {
    return detail::accessor_element<element_ref>(base::operator[](i));
  }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  element_ref operator[](size_t i) const {
    return detail::accessor_element<element_ref>(base::operator[](i));
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  auto operator[](size_t i) const {
    return detail::subscript<DataT, Dims, 1, element_ref>(this->data(), this->extents(), i);
  }
  // 0 dimensions: the element (a sycl::atomic for access_mode::atomic). One
  // conversion for both: it hides local_accessor's operator reference().
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0> operator element_ref() const {
    return detail::accessor_element<element_ref>(*this->data());
  }

  bool is_placeholder() const noexcept { return false; }
  local_ptr<DataT> get_pointer() const noexcept {
    return local_ptr<DataT>(this->data());
  }
};

// ---- deprecated: target::host_buffer is a host_accessor ----
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::host_buffer, P> : public host_accessor<DataT, Dims, Mode> {
  using base = host_accessor<DataT, Dims, Mode>;
  static constexpr int SD = detail::storage_dims<Dims>;

public:
  accessor() = default;
  template <typename T, typename A, int D = Dims, std::enable_if_t<D == 0, int> = 0>
  accessor(buffer<T, 1, A> &buf, const property_list &props = {})
      : base(buf, range<1>(buf.size() ? 1 : 0), id<1>(), props, true) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, const property_list &props = {})
      : base(buf, buf.get_range(), id<Dims>(), props, true) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, const property_list &props = {})
      : base(buf, r, id<Dims>(), props, true) {}
  template <typename T, typename A, int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(buffer<T, Dims, A> &buf, range<Dims> r, id<Dims> off, const property_list &props = {})
      : base(buf, r, off, props, true) {}

  bool is_placeholder() const noexcept { return false; }
};

// ---- deduction guides (SYCL 2020 §4.7.6.9.1) ----
#define USYCL_ACCESSOR_GUIDES(PARAMS_BEFORE_TAG, PH)                                             \
  template <typename T, int D, typename A>                                                     \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG)                                                \
      ->accessor<T, D, access_mode::read_write, target::device, PH>;                           \
  template <typename T, int D, typename A>                                                     \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG, const property_list &)                         \
      ->accessor<T, D, access_mode::read_write, target::device, PH>;                           \
  template <typename T, int D, typename A, access_mode M>                                      \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG, mode_tag_t<M>)                                 \
      ->accessor<T, D, M, target::device, PH>;                                                 \
  template <typename T, int D, typename A, access_mode M>                                      \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG, mode_tag_t<M>, const property_list &)          \
      ->accessor<T, D, M, target::device, PH>;                                                 \
  template <typename T, int D, typename A, access_mode M, target Tg>                           \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG, mode_target_tag_t<M, Tg>)                      \
      ->accessor<T, D, M, Tg, PH>;                                                             \
  template <typename T, int D, typename A, access_mode M, target Tg>                           \
  accessor(buffer<T, D, A> & PARAMS_BEFORE_TAG, mode_target_tag_t<M, Tg>, const property_list &) \
      ->accessor<T, D, M, Tg, PH>;
#define USYCL_COMMA ,
USYCL_ACCESSOR_GUIDES(, access::placeholder::true_t)
USYCL_ACCESSOR_GUIDES(USYCL_COMMA range<D>, access::placeholder::true_t)
USYCL_ACCESSOR_GUIDES(USYCL_COMMA range<D> USYCL_COMMA id<D>, access::placeholder::true_t)
USYCL_ACCESSOR_GUIDES(USYCL_COMMA handler &, access::placeholder::false_t)
USYCL_ACCESSOR_GUIDES(USYCL_COMMA handler & USYCL_COMMA range<D>, access::placeholder::false_t)
USYCL_ACCESSOR_GUIDES(USYCL_COMMA handler & USYCL_COMMA range<D> USYCL_COMMA id<D>,
                      access::placeholder::false_t)
#undef USYCL_COMMA
#undef USYCL_ACCESSOR_GUIDES

// Kernels capture device accessors by value (SYCL 2020 §4.12.4): what the
// device receives is the kernel argument the runtime prepares from the
// accessor, so the accessor's host-side bookkeeping need not be trivially
// copyable. Host accessors stay on the host.
template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
struct is_device_copyable<accessor<DataT, Dims, Mode, Tgt, P>>
    : std::bool_constant<Tgt != target::host_buffer && Tgt != target::host_image> {};

} // namespace _V1
} // namespace sycl

template <typename DataT, int Dims, sycl::access_mode Mode, sycl::target Tgt,
          sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, Dims, Mode, Tgt, P>> {
  size_t operator()(const sycl::accessor<DataT, Dims, Mode, Tgt, P> &a) const {
    return a.hash_value();
  }
};
