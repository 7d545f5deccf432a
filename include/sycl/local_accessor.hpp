// sycl::local_accessor (SYCL 2020 §4.7.6.11): work-group local memory.
//
// Same layout on host and device: the runtime writes the allocation's offset
// inside the group's local memory into `offset_` at launch (local_slot); the
// copy constructor tells the handler where the accessor sits in the kernel
// object. A local_accessor is only valid in nd_range and hierarchical
// kernels; the runtime rejects others with errc::kernel_argument.
#pragma once

#include <sycl/detail/accessor_common.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/type_traits.hpp>

namespace sycl {
inline namespace _V1 {

class handler;

// Local memory is contiguous, so its iterators are plain pointers.
template <typename DataT, int Dims = 1>
class local_accessor : public detail::accessor_container<local_accessor<DataT, Dims>, DataT, DataT,
                                                         DataT *, const DataT *> {
  static_assert(Dims >= 0 && Dims <= 3, "local_accessor has 0 to 3 dimensions");
  static constexpr int SD = detail::storage_dims<Dims>;

public:
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<DataT, access::address_space::local_space, IsDecorated>;

  local_accessor() = default;
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0>
  local_accessor(handler &, const property_list & = {}) : range_(1) {
    init_identity();
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  local_accessor(range<Dims> r, handler &, const property_list & = {}) : range_(r) {
    init_identity();
  }
  // local_accessor<T> -> local_accessor<const T>
  template <typename U, typename = std::enable_if_t<std::is_const_v<DataT> &&
                                                    std::is_same_v<const U, DataT>>>
  local_accessor(const local_accessor<U, Dims> &o)
      : offset_(o.offset_), range_(o.range_), identity_(o.identity_) {
    note_copy();
  }

#ifndef __SYCL_DEVICE_ONLY__
  local_accessor(const local_accessor &o)
      : offset_(o.offset_), range_(o.range_), identity_(o.identity_) {
    note_copy();
  }
  local_accessor(local_accessor &&o) : local_accessor(static_cast<const local_accessor &>(o)) {}
  local_accessor &operator=(const local_accessor &) = default;
  local_accessor &operator=(local_accessor &&) = default;
#endif

  friend bool operator==(const local_accessor &a, const local_accessor &b) {
    return a.identity_ == b.identity_ && a.range_ == b.range_;
  }
  friend bool operator!=(const local_accessor &a, const local_accessor &b) { return !(a == b); }

  template <typename Prop> bool has_property() const noexcept { return false; }
  template <typename Prop> Prop get_property() const {
    return detail::accessor_get_property<Prop>(false);
  }

  size_t size() const noexcept { return range_.size(); }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0> range<Dims> get_range() const {
    return range_;
  }

  // Element access (device code).
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0> operator DataT &() const {
    return *data();
  }
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0>
  const local_accessor &operator=(const DataT &v) const {
    *data() = v;
    return *this;
  }
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0>
  const local_accessor &operator=(DataT &&v) const {
    *data() = static_cast<DataT &&>(v);
    return *this;
  }
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  DataT &operator[](id<Dims> i) const {
    return data()[detail::linearize(i, range_)];
  }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  DataT &operator[](size_t i) const {
    return data()[i];
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  auto operator[](size_t i) const {
    return detail::subscript<DataT, Dims, 1>(data(), &range_[0], i);
  }

  // Deprecated in SYCL 2020: use get_multi_ptr.
  local_ptr<DataT> get_pointer() const noexcept { return local_ptr<DataT>(data()); }
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return address_space_cast<access::address_space::local_space, IsDecorated>(data());
  }

  DataT *begin() const noexcept { return data(); }
  DataT *end() const noexcept { return data() + size(); }

  // Implementation details (std::hash, multi_ptr, legacy accessors).
  size_t hash_value() const noexcept { return std::hash<uint64_t>()(identity_); }
  const size_t *extents() const noexcept { return &range_[0]; }
  DataT *data() const noexcept {
    return reinterpret_cast<DataT *>(detail::local_memory_at(offset_));
  }

private:
  template <typename U, int D> friend class local_accessor;
  void init_identity() {
#ifndef __SYCL_DEVICE_ONLY__
    identity_ = detail::next_accessor_identity();
#endif
  }
  void note_copy() {
#ifndef __SYCL_DEVICE_ONLY__
    if (detail::current_capture() && identity_)
      detail::note_local_copy(this, range_.size() * sizeof(DataT), alignof(DataT));
#endif
  }

  size_t offset_ = 0; // first member: the runtime patches it at launch
  range<SD> range_;
  uint64_t identity_ = 0;
};

template <typename DataT, int Dims>
void swap(local_accessor<DataT, Dims> &a, local_accessor<DataT, Dims> &b) {
  a.swap(b);
}

// A kernel captures it by value; the runtime gives each work-group its
// memory (see accessor.hpp's is_device_copyable).
template <typename DataT, int Dims>
struct is_device_copyable<local_accessor<DataT, Dims>> : std::true_type {};

} // namespace _V1
} // namespace sycl

template <typename DataT, int Dims> struct std::hash<sycl::local_accessor<DataT, Dims>> {
  size_t operator()(const sycl::local_accessor<DataT, Dims> &a) const {
    return a.hash_value();
  }
};
