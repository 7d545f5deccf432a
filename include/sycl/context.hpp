#pragma once

#include <functional>

#include <sycl/device.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>

namespace sycl {
inline namespace _V1 {

namespace detail {
class context_impl;
}

class USYCL_EXPORT context {
public:
  explicit context(const property_list &props = {});
  explicit context(async_handler handler, const property_list &props = {});
  explicit context(const device &dev, const property_list &props = {});
  context(const device &dev, async_handler handler, const property_list &props = {});
  explicit context(const std::vector<device> &devs, const property_list &props = {});
  context(const std::vector<device> &devs, async_handler handler,
          const property_list &props = {});
  // SYCL 1.2.1 forms DPC++ keeps: every device of the platform.
  explicit context(const platform &plat, const property_list &props = {})
      : context(plat.get_devices(), props) {}
  context(const platform &plat, async_handler handler, const property_list &props = {})
      : context(plat.get_devices(), std::move(handler), props) {}

  backend get_backend() const noexcept;
  platform get_platform() const;
  std::vector<device> get_devices() const;
  template <typename Param> typename Param::return_type get_info() const;

  friend bool operator==(const context &a, const context &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const context &a, const context &b) { return !(a == b); }

  explicit context(std::shared_ptr<detail::context_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::context_impl> &impl() const { return impl_; }

private:
  std::shared_ptr<detail::context_impl> impl_;
};

template <uint32_t Bit>
detail::context_bound_property<Bit>::context_bound_property(context bound_context)
    : context_(bound_context.impl()) {}
template <uint32_t Bit> context detail::context_bound_property<Bit>::get_context() const {
  return context(context_);
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::context> {
  size_t operator()(const sycl::context &v) const { return std::hash<void *>()(v.impl().get()); }
};
