// sycl_ext_oneapi_device_global: a program-scope variable of device memory.
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   syclex::device_global<const float[16]> table{0.5f, 1.5f, ...};
//   syclex::device_global<int> counter;
//   q.single_task([=] { counter = table[3] > 1 ? 1 : 0; });
//   q.memcpy(&host, counter).wait();   // or q.copy(src, table)
//
// One variable per device, shared by every kernel on that device. Where it
// lives (compiler/passes/device_globals.hpp):
//  * host code and the CPU device's kernels (both compiled by the host pass):
//    in this object; on the CPU device the object *is* the device's copy;
//  * NVPTX: the object holds a pointer to the device's copy, which the
//    runtime allocates per device (initialised from the host object, i.e. the
//    initial value) and writes into each module that uses the variable when
//    it loads it.
// The host copies with queue/handler memcpy and copy; reading or writing
// the object in host code reads or writes the host's (CPU device's) copy.
#pragma once

#include <sycl/ext/oneapi/device_global/properties.hpp>
#include <sycl/multi_ptr.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT = empty_properties_t> class device_global {
  static_assert(is_property_list_v<PropertyListT>,
                "device_global's second argument is a property list: "
                "decltype(properties{device_image_scope, ...})");
  static_assert(!std::is_reference_v<T>, "device_global cannot hold a reference");

  // The copy may be written (queue::memcpy), even of a device_global<const T>.
  using storage_t = std::remove_const_t<T>;
  using scalar_t = std::remove_all_extents_t<storage_t>;

  template <typename Arg> static constexpr decltype(auto) initializer(Arg &&arg) {
    // `device_global<const float[3]> t{0.5, 1.5, 2.5}` as programs write it:
    // each value becomes the element type as a constant would.
    using ArgT = std::remove_cv_t<std::remove_reference_t<Arg>>;
    if constexpr (std::is_arithmetic_v<scalar_t> && std::is_arithmetic_v<ArgT>)
      return static_cast<scalar_t>(arg);
    else
      return std::forward<Arg>(arg);
  }

public:
  using element_type = std::remove_extent_t<T>;
  using value_type = T;

#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
  // The runtime writes the pointer; the initial value is the host object's.
  constexpr device_global() noexcept = default;
  template <typename... Args> constexpr explicit device_global(Args &&...) noexcept {}
#else
  constexpr device_global() : value_{} {}
  template <typename... Args>
  constexpr explicit device_global(Args &&...args) : value_{initializer(std::forward<Args>(args))...} {}
#endif
  device_global(const device_global &) = delete;
  device_global(device_global &&) = delete;
  device_global &operator=(const device_global &) = delete;
  device_global &operator=(device_global &&) = delete;

  T &get() noexcept { return storage(); }
  const T &get() const noexcept { return storage(); }
  operator T &() noexcept { return storage(); }
  operator const T &() const noexcept { return storage(); }

  template <typename U = T, typename = std::enable_if_t<!std::is_array_v<U> && !std::is_const_v<U>>>
  device_global &operator=(const U &value) noexcept {
    storage() = value;
    return *this;
  }

  template <typename U = T, typename = std::enable_if_t<std::is_array_v<U>>>
  std::remove_extent_t<U> &operator[](std::ptrdiff_t index) noexcept {
    return storage()[index];
  }
  template <typename U = T, typename = std::enable_if_t<std::is_array_v<U>>>
  const std::remove_extent_t<U> &operator[](std::ptrdiff_t index) const noexcept {
    return storage()[index];
  }

  template <typename U = T, typename = std::enable_if_t<std::is_class_v<U>>> U *operator->() noexcept {
    return &storage();
  }
  template <typename U = T, typename = std::enable_if_t<std::is_class_v<U>>>
  const U *operator->() const noexcept {
    return &storage();
  }

  template <access::decorated IsDecorated = access::decorated::no>
  multi_ptr<T, access::address_space::global_space, IsDecorated> get_multi_ptr() noexcept {
    return address_space_cast<access::address_space::global_space, IsDecorated>(&storage());
  }
  template <access::decorated IsDecorated = access::decorated::no>
  multi_ptr<const T, access::address_space::global_space, IsDecorated> get_multi_ptr() const noexcept {
    return address_space_cast<access::address_space::global_space, IsDecorated>(&storage());
  }

  template <typename Key> static constexpr bool has_property() {
    return PropertyListT::template has_property<Key>();
  }
  template <typename Key> static constexpr auto get_property() {
    return PropertyListT::template get_property<Key>();
  }

private:
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
  // A pointer into global memory: the optimiser sees where the generic
  // reference points and emits ld.global/st.global, not generic accesses.
  using global_storage_t = sycl::detail::decorated_t<storage_t, access::address_space::global_space>;
  storage_t &storage() const noexcept { return *(storage_t *)ptr_; }
  global_storage_t *ptr_ = nullptr;
#else
  storage_t &storage() noexcept { return value_; }
  const storage_t &storage() const noexcept { return value_; }
  storage_t value_;
#endif
};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
