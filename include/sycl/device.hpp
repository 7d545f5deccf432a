#pragma once

#include <sycl/platform.hpp>

#include <functional>

namespace sycl {
inline namespace _V1 {

namespace detail {
class device_impl;
}

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
  template <typename Param> typename Param::return_type get_info() const;
  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  friend bool operator==(const device &a, const device &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const device &a, const device &b) { return !(a == b); }

  explicit device(std::shared_ptr<detail::device_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::device_impl> &impl() const { return impl_; }

private:
  std::shared_ptr<detail::device_impl> impl_;
};

namespace detail {
// Picks the device with the highest non-negative score; throws errc::runtime
// naming the selector's outcome when none qualifies.
USYCL_EXPORT device select_device(const std::function<int(const device &)> &selector);
} // namespace detail

template <typename Selector, typename>
device::device(const Selector &selector)
    : device(detail::select_device(std::function<int(const device &)>(selector))) {}

template <typename Selector, typename>
platform::platform(const Selector &selector)
    : platform(detail::select_device(std::function<int(const device &)>(selector)).get_platform()) {}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::device> {
  size_t operator()(const sycl::device &d) const { return std::hash<void *>()(d.impl().get()); }
};
