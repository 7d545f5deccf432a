// sycl::kernel_id, sycl::kernel_bundle and sycl::is_compatible (SYCL 2020
// §4.11), minimal: the kernels of the application (those in the program's
// device images) and which of them a device can run. Compatibility comes
// from the same "SYCL/device requirements" data the runtime checks at
// submission (docs/optional-features.md): a kernel is compatible with a
// device when the device has every aspect, sub-group size and work-group
// size the kernel requires, passes its -fsycl-fixed-targets list, and the
// backend has code for it (the CPU always does).
//
// Not implemented: online compilation and linking (compile/link/build),
// input/object bundles that differ from executable ones, kernel objects
// (kernel_bundle::get_kernel), specialization constants, handler::
// use_kernel_bundle.
#pragma once

#include <sycl/context.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/device.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace sycl {
inline namespace _V1 {

enum class bundle_state : char { input = 0, object = 1, executable = 2, ext_oneapi_source = 3 };

class kernel_id;
namespace detail {
class kernel_bundle_impl;
// The kernel_id of a kernel symbol (_ZTS...). Throws errc::runtime when the
// program's device images are known and none holds the kernel.
USYCL_EXPORT kernel_id make_kernel_id(const char *symbol);
USYCL_EXPORT bool is_compatible_symbols(const char *const *symbols, size_t count,
                                         const device &dev);
} // namespace detail

class USYCL_EXPORT kernel_id {
public:
  kernel_id() = delete;
  // The kernel's symbol (_ZTS<KernelName>), as the device images list it.
  const char *get_name() const noexcept { return name_; }

  friend bool operator==(const kernel_id &a, const kernel_id &b) { return a.name_ == b.name_; }
  friend bool operator!=(const kernel_id &a, const kernel_id &b) { return a.name_ != b.name_; }

private:
  friend kernel_id detail::make_kernel_id(const char *);
  explicit kernel_id(const char *interned) : name_(interned) {}
  const char *name_; // interned by the runtime: equal names, equal pointers
};

// Every kernel in the application's device images.
USYCL_EXPORT std::vector<kernel_id> get_kernel_ids();

template <typename KernelName> kernel_id get_kernel_id() {
  return detail::make_kernel_id(USYCL_KERNEL_SYMBOL(KernelName));
}

// True when every kernel is compatible with `dev` (an empty list: true).
USYCL_EXPORT bool is_compatible(const std::vector<kernel_id> &kernel_ids, const device &dev);

template <typename... KernelNames> bool is_compatible(const device &dev) {
  const char *symbols[] = {USYCL_KERNEL_SYMBOL(KernelNames)..., nullptr};
  return detail::is_compatible_symbols(symbols, sizeof...(KernelNames), dev);
}

namespace detail {
// The state-independent part of kernel_bundle (what libusycl.so implements).
class USYCL_EXPORT kernel_bundle_plain {
public:
  bool empty() const noexcept;
  backend get_backend() const noexcept;
  context get_context() const noexcept;
  std::vector<device> get_devices() const noexcept;
  bool has_kernel(const kernel_id &id) const noexcept;
  bool has_kernel(const kernel_id &id, const device &dev) const noexcept;
  std::vector<kernel_id> get_kernel_ids() const;
  // has_kernel by symbol; never throws (a kernel unknown to the program is
  // not in the bundle). dev == nullptr: any device of the bundle.
  bool has_kernel_symbol(const char *symbol, const device *dev) const noexcept;

  explicit kernel_bundle_plain(std::shared_ptr<kernel_bundle_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<kernel_bundle_impl> &impl() const { return impl_; }

protected:
  std::shared_ptr<kernel_bundle_impl> impl_;
};

// ids == nullptr: every kernel of the application compatible with at least
// one of `devs`. Otherwise exactly those kernels (each must be compatible
// with some device: errc::invalid otherwise). errc::invalid when `devs` is
// empty or holds a device outside `ctx`.
USYCL_EXPORT std::shared_ptr<kernel_bundle_impl>
make_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                   const std::vector<kernel_id> *ids);
} // namespace detail

template <bundle_state State> class kernel_bundle : public detail::kernel_bundle_plain {
public:
  kernel_bundle() = delete;

  using detail::kernel_bundle_plain::has_kernel;
  template <typename KernelName> bool has_kernel() const noexcept {
    return has_kernel_symbol(USYCL_KERNEL_SYMBOL(KernelName), nullptr);
  }
  template <typename KernelName> bool has_kernel(const device &dev) const noexcept {
    return has_kernel_symbol(USYCL_KERNEL_SYMBOL(KernelName), &dev);
  }

  friend bool operator==(const kernel_bundle &a, const kernel_bundle &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const kernel_bundle &a, const kernel_bundle &b) { return !(a == b); }

  explicit kernel_bundle(std::shared_ptr<detail::kernel_bundle_impl> impl)
      : detail::kernel_bundle_plain(std::move(impl)) {}
};

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return kernel_bundle<State>(detail::make_kernel_bundle(ctx, devs, nullptr));
}
template <bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                                       const std::vector<kernel_id> &kernel_ids) {
  return kernel_bundle<State>(detail::make_kernel_bundle(ctx, devs, &kernel_ids));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<kernel_id> &kernel_ids) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), kernel_ids);
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return get_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::kernel_id> {
  size_t operator()(const sycl::kernel_id &id) const {
    return std::hash<const void *>()(id.get_name());
  }
};
