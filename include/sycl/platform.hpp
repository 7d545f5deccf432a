#pragma once

#include <functional>

#include <sycl/backend_types.hpp>
#include <sycl/info.hpp>

#include <memory>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {

namespace detail {
class platform_impl;
}
class device;

class USYCL_EXPORT platform {
public:
  platform(); // the platform of the default device
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  explicit platform(const Selector &selector);

  backend get_backend() const noexcept;
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  template <typename Param> typename Param::return_type get_info() const;
  bool has(aspect a) const;
  // Deprecated in SYCL 2020: whether every device lists the extension.
  bool has_extension(const std::string &extension) const;
  static std::vector<platform> get_platforms();

  friend bool operator==(const platform &a, const platform &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const platform &a, const platform &b) { return !(a == b); }

  explicit platform(std::shared_ptr<detail::platform_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::platform_impl> &impl() const { return impl_; }

private:
  std::shared_ptr<detail::platform_impl> impl_;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::platform> {
  size_t operator()(const sycl::platform &v) const { return std::hash<void *>()(v.impl().get()); }
};
