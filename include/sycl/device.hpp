#pragma once

#include <sycl/platform.hpp>

#include <functional>
#include <string>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

namespace detail {
class device_impl;
}

namespace ext::oneapi {
// sycl_ext_oneapi_peer_access: what ext_oneapi_can_access_peer asks about.
enum class peer_access : int { access_supported = 0x0, atomics_supported = 0x1 };
} // namespace ext::oneapi

class USYCL_EXPORT device {
public:
  device(); // default_selector_v
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  explicit device(const Selector &selector);

  bool is_cpu() const;
  bool is_gpu() const;
  bool is_accelerator() const;
  platform get_platform() const;
  backend get_backend() const noexcept;
  bool has(aspect a) const;
  // Deprecated in SYCL 2020 (use has(aspect)): the OpenCL-style extension names
  // of info::device::extensions.
  bool has_extension(const std::string &extension) const;
  template <typename Param> typename Param::return_type get_info() const;

  // sycl_ext_oneapi_peer_access: whether kernels on this device may access
  // USM device allocations of `peer` (always for the device itself; usycl
  // does not connect two devices' memory yet), and enabling it (errc::
  // feature_not_supported between two devices).
  bool ext_oneapi_can_access_peer(
      const device &peer,
      ext::oneapi::peer_access attr = ext::oneapi::peer_access::access_supported) const;
  void ext_oneapi_enable_peer_access(const device &peer) const;
  void ext_oneapi_disable_peer_access(const device &peer) const;

  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  // Sub-devices (SYCL 2020 §4.6.4.2). A property the device does not list in
  // info::device::partition_properties throws errc::feature_not_supported.
  template <info::partition_property Prop,
            typename = std::enable_if_t<Prop == info::partition_property::partition_equally>>
  std::vector<device> create_sub_devices(size_t compute_units) const {
    return create_sub_devices_equally(compute_units);
  }
  template <info::partition_property Prop,
            typename = std::enable_if_t<Prop == info::partition_property::partition_by_counts>>
  std::vector<device> create_sub_devices(const std::vector<size_t> &counts) const {
    return create_sub_devices_by_counts(counts);
  }
  template <info::partition_property Prop,
            typename = std::enable_if_t<Prop == info::partition_property::partition_by_affinity_domain>>
  std::vector<device> create_sub_devices(info::partition_affinity_domain domain) const {
    return create_sub_devices_by_affinity(domain);
  }

  friend bool operator==(const device &a, const device &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const device &a, const device &b) { return !(a == b); }

  explicit device(std::shared_ptr<detail::device_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::device_impl> &impl() const { return impl_; }

private:
  std::vector<device> create_sub_devices_equally(size_t compute_units) const;
  std::vector<device> create_sub_devices_by_counts(const std::vector<size_t> &counts) const;
  std::vector<device> create_sub_devices_by_affinity(info::partition_affinity_domain domain) const;

  std::shared_ptr<detail::device_impl> impl_;
};

namespace detail {
// Picks the device with the highest non-negative score; throws errc::runtime
// naming the selector's outcome when none qualifies.
USYCL_EXPORT device select_device(const std::function<int(const device &)> &selector);
} // namespace detail

namespace detail {
// A SYCL 1.2.1 device_selector passed as its abstract base cannot be copied:
// it is called by reference then (only during the constructor).
template <typename Selector>
std::function<int(const device &)> selector_function(const Selector &selector) {
  if constexpr (std::is_copy_constructible_v<Selector>)
    return selector;
  else
    return std::cref(selector);
}
} // namespace detail

template <typename Selector, typename>
device::device(const Selector &selector)
    : device(detail::select_device(detail::selector_function(selector))) {}

template <typename Selector, typename>
platform::platform(const Selector &selector)
    : platform(detail::select_device(detail::selector_function(selector)).get_platform()) {}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::device> {
  size_t operator()(const sycl::device &d) const { return std::hash<void *>()(d.impl().get()); }
};
