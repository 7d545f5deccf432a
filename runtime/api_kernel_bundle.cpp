// sycl::kernel_id, kernel_bundle and is_compatible, answered from the
// program's device images and the optional-feature verdicts the scheduler
// uses (program_manager).
#include "image_registry.hpp"
#include "platform_impl.hpp"
#include "program_manager.hpp"

#include <sycl/kernel_bundle.hpp>

#include <algorithm>
#include <mutex>
#include <set>
#include <string>

namespace sycl {
inline namespace _V1 {

namespace detail {

namespace {

// Kernel names live here for the life of the process, so a kernel_id is a
// pointer and equal names compare equal.
const char *intern(std::string_view name) {
  static std::mutex mutex;
  static auto *names = new std::set<std::string, std::less<>>;
  std::lock_guard lock(mutex);
  auto it = names->find(name);
  if (it == names->end()) it = names->emplace(name).first;
  return it->c_str();
}

bool compatible(const char *symbol, const device &dev) {
  return kernel_is_compatible(symbol, *dev.impl());
}

} // namespace

class kernel_bundle_impl {
public:
  context ctx;
  std::vector<device> devices;
  std::vector<const char *> kernels; // interned
};

kernel_id make_kernel_id(const char *symbol) { return kernel_id(intern(symbol ? symbol : "")); }

bool is_compatible_symbols(const char *const *symbols, size_t count, const device &dev) {
  for (size_t i = 0; i < count; ++i)
    if (!compatible(intern(symbols[i] ? symbols[i] : ""), dev)) return false;
  return true;
}

std::shared_ptr<kernel_bundle_impl> make_kernel_bundle(const context &ctx,
                                                       const std::vector<device> &devs,
                                                       const std::vector<kernel_id> *ids) {
  if (devs.empty()) throw_error(errc::invalid, "get_kernel_bundle: the device list is empty");
  for (const device &d : devs)
    if (!ctx.impl()->contains(*d.impl()))
      throw_error(errc::invalid, "get_kernel_bundle: device '" +
                                     d.get_info<info::device::name>() +
                                     "' is not in the bundle's context");
  auto impl = std::make_shared<kernel_bundle_impl>(kernel_bundle_impl{ctx, devs, {}});
  auto any_device = [&](const char *k) {
    return std::any_of(devs.begin(), devs.end(), [&](const device &d) { return compatible(k, d); });
  };
  if (ids) {
    for (const kernel_id &id : *ids) {
      if (!any_device(id.get_name()))
        throw_error(errc::invalid, "get_kernel_bundle: kernel '" +
                                       usycl::rt::demangle_kernel_name(id.get_name()) +
                                       "' is not compatible with any of the bundle's devices");
      if (std::find(impl->kernels.begin(), impl->kernels.end(), id.get_name()) ==
          impl->kernels.end())
        impl->kernels.push_back(id.get_name());
    }
  } else {
    for (const std::string &name : usycl::rt::image_registry::instance().kernel_names()) {
      const char *k = intern(name);
      if (any_device(k)) impl->kernels.push_back(k);
    }
  }
  return impl;
}

bool kernel_bundle_plain::empty() const noexcept { return impl_->kernels.empty(); }
backend kernel_bundle_plain::get_backend() const noexcept { return impl_->ctx.get_backend(); }
context kernel_bundle_plain::get_context() const noexcept { return impl_->ctx; }
std::vector<device> kernel_bundle_plain::get_devices() const noexcept { return impl_->devices; }

bool kernel_bundle_plain::has_kernel(const kernel_id &id) const noexcept {
  return std::find(impl_->kernels.begin(), impl_->kernels.end(), id.get_name()) !=
         impl_->kernels.end();
}

bool kernel_bundle_plain::has_kernel(const kernel_id &id, const device &dev) const noexcept {
  if (!has_kernel(id)) return false;
  if (std::find(impl_->devices.begin(), impl_->devices.end(), dev) == impl_->devices.end())
    return false;
  try {
    return compatible(id.get_name(), dev);
  } catch (...) {
    return false;
  }
}

bool kernel_bundle_plain::has_kernel_symbol(const char *symbol, const device *dev) const noexcept {
  try {
    kernel_id id = make_kernel_id(symbol);
    return dev ? has_kernel(id, *dev) : has_kernel(id);
  } catch (...) {
    return false;
  }
}

std::vector<kernel_id> kernel_bundle_plain::get_kernel_ids() const {
  std::vector<kernel_id> ids;
  for (const char *k : impl_->kernels) ids.push_back(make_kernel_id(k));
  return ids;
}

} // namespace detail

std::vector<kernel_id> get_kernel_ids() {
  std::vector<kernel_id> ids;
  for (const std::string &name : usycl::rt::image_registry::instance().kernel_names())
    ids.push_back(detail::make_kernel_id(name.c_str()));
  return ids;
}

bool is_compatible(const std::vector<kernel_id> &kernel_ids, const device &dev) {
  return std::all_of(kernel_ids.begin(), kernel_ids.end(),
                     [&](const kernel_id &id) { return detail::compatible(id.get_name(), dev); });
}

} // namespace _V1
} // namespace sycl
