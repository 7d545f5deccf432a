// sycl::kernel_id, device_image, kernel_bundle and the free functions on
// them, answered from the program's device images and the optional-feature
// verdicts the scheduler uses (program_manager).
#include "kernel_bundle_impl.hpp"

#include "image_registry.hpp"
#include "platform_impl.hpp"
#include "program_manager.hpp"

#include <sycl/kernel_bundle.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

namespace sycl {
inline namespace _V1 {

namespace detail {

// Kernel names live here for the life of the process, so a kernel_id is a
// pointer and equal names compare equal.
const char *intern_kernel_name(std::string_view name) {
  static std::mutex mutex;
  static auto *names = new std::set<std::string, std::less<>>;
  std::lock_guard lock(mutex);
  auto it = names->find(name);
  if (it == names->end()) it = names->emplace(name).first;
  return it->c_str();
}

namespace {

// sycl-post-link's property set of the specialization constants a module
// reads (compiler/post-link/spec_constant_properties.hpp).
constexpr const char *spec_constant_property_set = "SYCL/specialization constants";

const char *intern(std::string_view name) { return intern_kernel_name(name); }

bool compatible(const char *symbol, const device &dev) {
  return kernel_is_compatible(symbol, *dev.impl());
}

const char *state_name(bundle_state s) {
  switch (s) {
  case bundle_state::input: return "input";
  case bundle_state::object: return "object";
  case bundle_state::executable: return "executable";
  default: return "ext_oneapi_source";
  }
}

// Devices of a bundle: not empty, all in `ctx`, each once.
void check_devices(const context &ctx, const std::vector<device> &devs, const char *what) {
  if (devs.empty())
    throw_error(errc::invalid, std::string(what) +
                                   ": the device list is empty; pass at least one device of "
                                   "the context");
  for (const device &d : devs)
    if (!ctx.impl()->contains(*d.impl()))
      throw_error(errc::invalid, std::string(what) + ": device '" +
                                     d.get_info<info::device::name>() +
                                     "' is not a device of the context; use devices from "
                                     "context::get_devices()");
}

// An input bundle needs a device that compiles online, an object bundle one
// that links online (§4.11.7).
void check_state_aspects(const std::vector<device> &devs, bundle_state state, const char *what) {
  for (const device &d : devs) {
    if (state == bundle_state::input && !d.has(aspect::online_compiler))
      throw_error(errc::invalid, std::string(what) + ": device '" +
                                     d.get_info<info::device::name>() +
                                     "' has no aspect::online_compiler, so it cannot have "
                                     "a bundle in bundle_state::input");
    if (state == bundle_state::object && !d.has(aspect::online_linker))
      throw_error(errc::invalid, std::string(what) + ": device '" +
                                     d.get_info<info::device::name>() +
                                     "' has no aspect::online_linker, so it cannot have a "
                                     "bundle in bundle_state::object");
  }
}

std::vector<device> unique_devices(const std::vector<device> &devs) {
  std::vector<device> out;
  for (const device &d : devs)
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  return out;
}

// The images of `b` for its kernels and devices (see device_image_impl).
void build_images(kernel_bundle_impl &b) {
  std::vector<std::shared_ptr<device_image_impl>> images;
  auto image_for = [&](const usycl_device_image *img) -> device_image_impl & {
    for (auto &i : images)
      if (i->image == img) return *i;
    images.push_back(std::make_shared<device_image_impl>());
    images.back()->image = img;
    images.back()->state = b.state;
    return *images.back();
  };
  auto add = [](auto &v, const auto &x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  };
  for (const char *k : b.kernels) {
    auto holding = usycl::rt::image_registry::instance().images_with_kernel(k);
    for (const device &d : b.devices) {
      if (!compatible(k, d)) continue;
      const usycl_device_image *own = nullptr;
      for (const usycl_device_image *img : holding)
        if (img->format != USYCL_IMAGE_NONE &&
            d.impl()->backend_device().can_use_image(*img)) {
          own = img;
          break;
        }
      device_image_impl &i = image_for(own); // null: the device runs host code
      add(i.kernels, k);
      add(i.devices, d);
    }
  }
  b.images = std::move(images);
}

std::shared_ptr<kernel_bundle_impl> new_bundle(const context &ctx, std::vector<device> devs,
                                               bundle_state state) {
  auto b = std::make_shared<kernel_bundle_impl>();
  b->ctx = ctx;
  b->devices = unique_devices(devs);
  b->state = state;
  return b;
}

} // namespace

namespace {
// The keys of one image's [SYCL/specialization constants] set.
void add_spec_constants_of(const usycl_device_image &img, std::set<uint64_t> &keys) {
  const usycl_property_set *set =
      usycl::rt::find_property_set(img, spec_constant_property_set);
  if (!set) return;
  for (const usycl_property *p = set->begin; p != set->end; ++p) {
    // Named by the key in hex (sycl-post-link); anything else is not ours.
    char *end = nullptr;
    uint64_t key = std::strtoull(p->name, &end, 16);
    if (end && *end == '\0' && end != p->name) keys.insert(key);
  }
}
} // namespace

std::set<uint64_t> spec_constants_read(const device_image_impl &image) {
  std::set<uint64_t> keys;
  if (image.image) {
    add_spec_constants_of(*image.image, keys);
    return keys;
  }
  // Host code: the images that describe its kernels (the CPU's
  // requirements images, or any other image of the same module).
  for (const char *k : image.kernels)
    for (const usycl_device_image *img :
         usycl::rt::image_registry::instance().images_with_kernel(k))
      add_spec_constants_of(*img, keys);
  return keys;
}

bool kernel_bundle_impl::has_kernel(const char *k) const {
  return std::find(kernels.begin(), kernels.end(), k) != kernels.end();
}
bool kernel_bundle_impl::has_device(const device &dev) const {
  return std::find(devices.begin(), devices.end(), dev) != devices.end();
}
bool kernel_bundle_impl::can_run(const char *k, const device &dev) const {
  for (const auto &i : images)
    if (std::find(i->kernels.begin(), i->kernels.end(), k) != i->kernels.end() &&
        std::find(i->devices.begin(), i->devices.end(), dev) != i->devices.end())
      return compatible(k, dev);
  return false;
}

kernel_id make_kernel_id(const char *symbol) { return kernel_id(intern(symbol ? symbol : "")); }

bool is_compatible_symbols(const char *const *symbols, size_t count, const device &dev) {
  for (size_t i = 0; i < count; ++i)
    if (!compatible(intern(symbols[i] ? symbols[i] : ""), dev)) return false;
  return true;
}

std::shared_ptr<kernel_bundle_impl> make_kernel_bundle(const context &ctx,
                                                       const std::vector<device> &devs,
                                                       const std::vector<kernel_id> *ids,
                                                       bundle_state state) {
  check_devices(ctx, devs, "get_kernel_bundle");
  check_state_aspects(devs, state, "get_kernel_bundle");
  auto impl = new_bundle(ctx, devs, state);
  auto any_device = [&](const char *k) {
    return std::any_of(devs.begin(), devs.end(), [&](const device &d) { return compatible(k, d); });
  };
  if (ids) {
    for (const kernel_id &id : *ids) {
      if (!any_device(id.get_name()))
        throw_error(errc::invalid, "get_kernel_bundle: kernel '" +
                                       usycl::rt::demangle_kernel_name(id.get_name()) +
                                       "' is not compatible with any of the bundle's devices "
                                       "(sycl::is_compatible tells which kernels a device "
                                       "can run)");
      if (!impl->has_kernel(id.get_name())) impl->kernels.push_back(id.get_name());
    }
  } else {
    for (const std::string &name : usycl::rt::image_registry::instance().kernel_names()) {
      const char *k = intern(name);
      if (any_device(k)) impl->kernels.push_back(k);
    }
  }
  build_images(*impl);
  return impl;
}

std::shared_ptr<kernel_bundle_impl>
filter_kernel_bundle(const std::shared_ptr<kernel_bundle_impl> &bundle,
                     const std::function<bool(const std::shared_ptr<device_image_impl> &)> &keep) {
  auto out = new_bundle(bundle->ctx, bundle->devices, bundle->state);
  out->spec_values = bundle->spec_values;
  for (const auto &image : bundle->images) {
    if (!keep(image)) continue;
    out->images.push_back(image);
    for (const char *k : image->kernels)
      if (!out->has_kernel(k)) out->kernels.push_back(k);
  }
  return out;
}

bool has_kernel_bundle_impl(const context &ctx, const std::vector<device> &devs,
                            const std::vector<kernel_id> *ids, bundle_state state) {
  check_devices(ctx, devs, "has_kernel_bundle");
  for (const device &d : devs) {
    if (state == bundle_state::input && !d.has(aspect::online_compiler)) return false;
    if (state == bundle_state::object && !d.has(aspect::online_linker)) return false;
  }
  if (!ids) {
    // §4.11.7: the application must define a kernel compatible with one of
    // the devices.
    for (const std::string &name : usycl::rt::image_registry::instance().kernel_names()) {
      const char *k = intern(name);
      if (std::any_of(devs.begin(), devs.end(), [&](const device &d) { return compatible(k, d); }))
        return true;
    }
    return false;
  }
  for (const kernel_id &id : *ids)
    if (!std::any_of(devs.begin(), devs.end(),
                     [&](const device &d) { return compatible(id.get_name(), d); }))
      return false;
  return true;
}

std::shared_ptr<kernel_bundle_impl>
join_kernel_bundles(const std::vector<std::shared_ptr<kernel_bundle_impl>> &bundles,
                    bundle_state state) {
  // Joining nothing gives an empty bundle (of the default context).
  if (bundles.empty()) return new_bundle(context(), {}, state);
  const context &ctx = bundles.front()->ctx;
  std::vector<device> devs;
  for (const auto &b : bundles) {
    if (b->ctx != ctx)
      throw_error(errc::invalid, "join: the kernel bundles have different contexts; join "
                                 "only bundles of one context");
    for (const device &d : b->devices) devs.push_back(d);
  }
  auto out = new_bundle(ctx, devs, state);
  for (const auto &b : bundles) {
    for (const char *k : b->kernels)
      if (!out->has_kernel(k)) out->kernels.push_back(k);
    for (const auto &image : b->images)
      if (std::find(out->images.begin(), out->images.end(), image) == out->images.end())
        out->images.push_back(image);
    for (const auto &[key, value] : b->spec_values) out->spec_values.emplace(key, value);
  }
  return out;
}

std::shared_ptr<kernel_bundle_impl>
transform_kernel_bundles(const std::vector<std::shared_ptr<kernel_bundle_impl>> &bundles,
                         const std::vector<device> &devs, bundle_state from, bundle_state to,
                         const char *operation) {
  if (bundles.empty())
    throw_error(errc::invalid, std::string(operation) +
                                   ": the list of kernel bundles is empty; pass at least one");
  const context &ctx = bundles.front()->ctx;
  for (const auto &b : bundles) {
    if (b->ctx != ctx)
      throw_error(errc::invalid, std::string(operation) +
                                     ": the kernel bundles have different contexts");
    if (b->state != from)
      throw_error(errc::invalid, std::string(operation) + ": expected a bundle in state " +
                                     state_name(from));
  }
  check_devices(ctx, devs, operation);
  for (const device &d : devs)
    for (const auto &b : bundles)
      if (!b->has_device(d))
        throw_error(errc::invalid, std::string(operation) + ": device '" +
                                       d.get_info<info::device::name>() +
                                       "' is not one of the kernel bundle's devices");
  if (from == bundle_state::object) check_state_aspects(devs, bundle_state::object, operation);
  else check_state_aspects(devs, bundle_state::input, operation);

  auto out = new_bundle(ctx, devs, to);
  for (const auto &b : bundles) {
    for (const char *k : b->kernels)
      if (!out->has_kernel(k) &&
          std::any_of(out->devices.begin(), out->devices.end(),
                      [&](const device &d) { return b->can_run(k, d); }))
        out->kernels.push_back(k);
    for (const auto &[key, value] : b->spec_values) out->spec_values.emplace(key, value);
  }
  build_images(*out);
  // The device code of the new state. The CPU runs kernels as host code
  // compiled ahead of time; the CUDA backend compiles and loads a module the
  // first time a kernel of it launches, and keeps it (cuda_kernel_cache).
  return out;
}

// ---- device_image ----

bool device_image_plain::has_kernel(const kernel_id &id) const noexcept {
  return std::find(impl_->kernels.begin(), impl_->kernels.end(), id.get_name()) !=
         impl_->kernels.end();
}
bool device_image_plain::has_kernel(const kernel_id &id, const device &dev) const noexcept {
  try {
    return has_kernel(id) &&
           std::find(impl_->devices.begin(), impl_->devices.end(), dev) != impl_->devices.end() &&
           compatible(id.get_name(), dev); // the image's devices are those of any of its kernels
  } catch (...) {
    return false;
  }
}

// ---- kernel_bundle ----

bool kernel_bundle_plain::empty() const noexcept { return impl_->kernels.empty(); }
backend kernel_bundle_plain::get_backend() const noexcept { return impl_->ctx.get_backend(); }
context kernel_bundle_plain::get_context() const noexcept { return impl_->ctx; }
std::vector<device> kernel_bundle_plain::get_devices() const noexcept { return impl_->devices; }

bool kernel_bundle_plain::has_kernel(const kernel_id &id) const noexcept {
  return impl_->has_kernel(id.get_name());
}

bool kernel_bundle_plain::has_kernel(const kernel_id &id, const device &dev) const noexcept {
  try {
    return impl_->has_kernel(id.get_name()) && impl_->can_run(id.get_name(), dev);
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

std::vector<std::shared_ptr<device_image_impl>> kernel_bundle_plain::image_impls() const {
  return impl_->images;
}

kernel kernel_bundle_plain::get_kernel_impl(const kernel_id &id) const {
  if (impl_->state != bundle_state::executable)
    throw_error(errc::invalid, "kernel_bundle::get_kernel: the bundle is not executable; "
                               "build() or link() it first");
  if (!impl_->has_kernel(id.get_name()))
    throw_error(errc::invalid, "kernel_bundle::get_kernel: kernel '" +
                                   usycl::rt::demangle_kernel_name(id.get_name()) +
                                   "' is not in the bundle (check has_kernel first)");
  std::lock_guard lock(impl_->kernels_mutex);
  auto &slot = impl_->kernel_objects[id.get_name()];
  std::shared_ptr<kernel_impl> object = slot.lock();
  if (!object) {
    object = std::make_shared<kernel_impl>(kernel_impl{impl_, id.get_name()});
    slot = object;
  }
  return kernel(object);
}

// Specialization constants: a bundle contains those that the code of its
// images reads (spec_constants_read).
bool kernel_bundle_plain::contains_specialization_constants() const noexcept {
  try {
    return std::any_of(impl_->images.begin(), impl_->images.end(),
                       [](const auto &i) { return !spec_constants_read(*i).empty(); });
  } catch (...) {
    return false;
  }
}
bool kernel_bundle_plain::native_specialization_constant() const noexcept {
  // Native: the values are compiled into the code (CUDA images, whose PTX
  // the runtime specializes). Host-compiled kernels read a value block.
  try {
    bool any = false;
    for (const auto &i : impl_->images) {
      if (spec_constants_read(*i).empty()) continue;
      any = true;
      if (!i->image || (i->image->format != USYCL_IMAGE_PTX &&
                        i->image->format != USYCL_IMAGE_CUBIN))
        return false;
    }
    return any;
  } catch (...) {
    return false;
  }
}
bool kernel_bundle_plain::has_spec_constant(uint64_t key) const noexcept {
  try {
    return std::any_of(impl_->images.begin(), impl_->images.end(),
                       [&](const auto &i) { return spec_constants_read(*i).count(key) != 0; });
  } catch (...) {
    return false;
  }
}
void kernel_bundle_plain::set_spec_constant(uint64_t key, const void *value, size_t size) {
  auto *bytes = static_cast<const unsigned char *>(value);
  impl_->spec_values[key].assign(bytes, bytes + size);
}
bool kernel_bundle_plain::get_spec_constant(uint64_t key, void *value, size_t size) const {
  auto it = impl_->spec_values.find(key);
  if (it == impl_->spec_values.end() || it->second.size() != size) return false;
  std::memcpy(value, it->second.data(), size);
  return true;
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
