// sycl::kernel_id, sycl::device_image, sycl::kernel_bundle and the free
// functions around them (SYCL 2020 §4.11).
//
// A bundle is a context, a set of its devices, the application's kernels
// compatible with at least one of them, the device images holding those
// kernels, and the specialization constant values set on it. Its state is
// real: an input bundle stands for the images' device code as built
// (bitcode/PTX), compile() turns it into object code, link()/build() load
// it on the devices (CUDA: the runtime JIT-compiles and loads the modules;
// CPU: kernels are host code compiled ahead of time, so nothing is left to
// do). Compatibility comes from the images' "SYCL/device requirements"
// (docs/optional-features.md), the same data the scheduler checks at
// submission.
#pragma once

#include <sycl/context.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/device.hpp>
#include <sycl/kernel.hpp>
#include <sycl/property_list.hpp>
#include <sycl/specialization_id.hpp>

#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

namespace sycl {
inline namespace _V1 {

class kernel_id;
namespace detail {
class kernel_bundle_impl;
class device_image_impl;
// The kernel_id of a kernel symbol (_ZTS...).
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

// ---- device_image ---------------------------------------------------------

namespace detail {
class USYCL_EXPORT device_image_plain {
public:
  bool has_kernel(const kernel_id &id) const noexcept;
  bool has_kernel(const kernel_id &id, const device &dev) const noexcept;

  explicit device_image_plain(std::shared_ptr<device_image_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<device_image_impl> &impl() const { return impl_; }

protected:
  std::shared_ptr<device_image_impl> impl_;
};
} // namespace detail

template <bundle_state State> class device_image : public detail::device_image_plain {
public:
  device_image() = delete;
  friend bool operator==(const device_image &a, const device_image &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const device_image &a, const device_image &b) { return !(a == b); }

  explicit device_image(std::shared_ptr<detail::device_image_impl> impl)
      : detail::device_image_plain(std::move(impl)) {}
};

// ---- kernel_bundle ----------------------------------------------------------

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
  bool contains_specialization_constants() const noexcept;
  bool native_specialization_constant() const noexcept;

  explicit kernel_bundle_plain(std::shared_ptr<kernel_bundle_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<kernel_bundle_impl> &impl() const { return impl_; }

protected:
  // errc::invalid unless the bundle is executable and holds the kernel.
  kernel get_kernel_impl(const kernel_id &id) const;
  // Spec constants by key (specialization_id.hpp).
  bool has_spec_constant(uint64_t key) const noexcept;
  void set_spec_constant(uint64_t key, const void *value, size_t size);
  // False when the bundle holds no value for it (then the default applies).
  bool get_spec_constant(uint64_t key, void *value, size_t size) const;
  // The bundle's device images.
  std::vector<std::shared_ptr<device_image_impl>> image_impls() const;

  std::shared_ptr<kernel_bundle_impl> impl_;
};

// devs: the bundle's devices (errc::invalid when empty or outside ctx).
// ids == nullptr: every kernel of the application compatible with at least
// one of `devs`; otherwise exactly those kernels (each must be compatible
// with some device: errc::invalid otherwise).
USYCL_EXPORT std::shared_ptr<kernel_bundle_impl>
make_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                   const std::vector<kernel_id> *ids, bundle_state state);
// Keeps only the images `keep` accepts (get_kernel_bundle with a selector).
USYCL_EXPORT std::shared_ptr<kernel_bundle_impl>
filter_kernel_bundle(const std::shared_ptr<kernel_bundle_impl> &bundle,
                     const std::function<bool(const std::shared_ptr<device_image_impl> &)> &keep);
USYCL_EXPORT bool has_kernel_bundle_impl(const context &ctx, const std::vector<device> &devs,
                                         const std::vector<kernel_id> *ids, bundle_state state);
USYCL_EXPORT std::shared_ptr<kernel_bundle_impl>
join_kernel_bundles(const std::vector<std::shared_ptr<kernel_bundle_impl>> &bundles,
                    bundle_state state);
// compile (input -> object), link (objects -> executable), build (input ->
// executable) onto `devs`.
USYCL_EXPORT std::shared_ptr<kernel_bundle_impl>
transform_kernel_bundles(const std::vector<std::shared_ptr<kernel_bundle_impl>> &bundles,
                         const std::vector<device> &devs, bundle_state from, bundle_state to,
                         const char *operation);
} // namespace detail

template <bundle_state State> class kernel_bundle : public detail::kernel_bundle_plain {
public:
  using device_image_iterator = const device_image<State> *;

  kernel_bundle() = delete;

  using detail::kernel_bundle_plain::has_kernel;
  template <typename KernelName> bool has_kernel() const noexcept {
    return has_kernel_symbol(USYCL_KERNEL_SYMBOL(KernelName), nullptr);
  }
  template <typename KernelName> bool has_kernel(const device &dev) const noexcept {
    return has_kernel_symbol(USYCL_KERNEL_SYMBOL(KernelName), &dev);
  }

  template <bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel(const kernel_id &id) const {
    return get_kernel_impl(id);
  }
  template <typename KernelName, bundle_state S = State,
            typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel() const {
    return get_kernel_impl(get_kernel_id<KernelName>());
  }

  template <auto &SpecName> bool has_specialization_constant() const noexcept {
    return has_spec_constant(detail::spec_constant_key<SpecName>());
  }
  template <auto &SpecName, bundle_state S = State,
            typename = std::enable_if_t<S == bundle_state::input>>
  void set_specialization_constant(
      typename std::remove_reference_t<decltype(SpecName)>::value_type value) {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    set_spec_constant(detail::spec_constant_key<SpecName>(), &value, sizeof(T));
  }
  template <auto &SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type
  get_specialization_constant() const {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    alignas(T) unsigned char bytes[sizeof(T)];
    if (!get_spec_constant(detail::spec_constant_key<SpecName>(), bytes, sizeof(T)))
      return detail::spec_constant_default<SpecName>();
    T value(detail::spec_constant_default<SpecName>()); // T may lack a default constructor
    std::memcpy(static_cast<void *>(&value), bytes, sizeof(T));
    return value;
  }

  device_image_iterator begin() const { return images_->data(); }
  device_image_iterator end() const { return images_->data() + images_->size(); }

  friend bool operator==(const kernel_bundle &a, const kernel_bundle &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const kernel_bundle &a, const kernel_bundle &b) { return !(a == b); }

  explicit kernel_bundle(std::shared_ptr<detail::kernel_bundle_impl> impl)
      : detail::kernel_bundle_plain(std::move(impl)) {
    auto images = std::make_shared<std::vector<device_image<State>>>();
    for (auto &image : image_impls()) images->emplace_back(std::move(image));
    images_ = std::move(images);
  }

private:
  // Typed handles of the bundle's images, for the iterators.
  std::shared_ptr<const std::vector<device_image<State>>> images_;
};

// ---- get_kernel_bundle ------------------------------------------------------

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return kernel_bundle<State>(detail::make_kernel_bundle(ctx, devs, nullptr, State));
}
template <bundle_state State> kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                                       const std::vector<kernel_id> &kernel_ids) {
  return kernel_bundle<State>(detail::make_kernel_bundle(ctx, devs, &kernel_ids, State));
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
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector &, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                                       Selector selector) {
  auto all = detail::make_kernel_bundle(ctx, devs, nullptr, State);
  return kernel_bundle<State>(detail::filter_kernel_bundle(
      all, [&](const std::shared_ptr<detail::device_image_impl> &image) {
        return static_cast<bool>(selector(device_image<State>(image)));
      }));
}
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector &, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, Selector selector) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), selector);
}

// ---- has_kernel_bundle --------------------------------------------------------

template <bundle_state State> bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return detail::has_kernel_bundle_impl(ctx, devs, nullptr, State);
}
template <bundle_state State> bool has_kernel_bundle(const context &ctx) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                       const std::vector<kernel_id> &kernel_ids) {
  return detail::has_kernel_bundle_impl(ctx, devs, &kernel_ids, State);
}
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<kernel_id> &kernel_ids) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices(), kernel_ids);
}
template <typename KernelName, bundle_state State> bool has_kernel_bundle(const context &ctx) {
  return has_kernel_bundle<State>(ctx, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return has_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}

// ---- join, compile, link, build -------------------------------------------------

template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &bundles) {
  std::vector<std::shared_ptr<detail::kernel_bundle_impl>> impls;
  for (const auto &b : bundles) impls.push_back(b.impl());
  return kernel_bundle<State>(detail::join_kernel_bundles(impls, State));
}

inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &input, const std::vector<device> &devs,
        const property_list & = {}) {
  return kernel_bundle<bundle_state::object>(detail::transform_kernel_bundles(
      {input.impl()}, devs, bundle_state::input, bundle_state::object, "compile"));
}
inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &input, const property_list &props = {}) {
  return compile(input, input.get_devices(), props);
}

inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &objects,
     const std::vector<device> &devs, const property_list & = {}) {
  std::vector<std::shared_ptr<detail::kernel_bundle_impl>> impls;
  for (const auto &b : objects) impls.push_back(b.impl());
  return kernel_bundle<bundle_state::executable>(detail::transform_kernel_bundles(
      impls, devs, bundle_state::object, bundle_state::executable, "link"));
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &object, const std::vector<device> &devs,
     const property_list &props = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{object}, devs, props);
}
inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &objects,
     const property_list &props = {}) {
  // The devices every bundle shares (spec: the intersection).
  std::vector<device> devs;
  if (!objects.empty()) {
    for (const device &d : objects.front().get_devices()) {
      bool everywhere = true;
      for (const auto &b : objects) {
        std::vector<device> bd = b.get_devices();
        bool found = false;
        for (const device &x : bd) found = found || x == d;
        everywhere = everywhere && found;
      }
      if (everywhere) devs.push_back(d);
    }
  }
  return link(objects, devs, props);
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &object, const property_list &props = {}) {
  return link(object, object.get_devices(), props);
}

inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &input, const std::vector<device> &devs,
      const property_list & = {}) {
  return kernel_bundle<bundle_state::executable>(detail::transform_kernel_bundles(
      {input.impl()}, devs, bundle_state::input, bundle_state::executable, "build"));
}
inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &input, const property_list &props = {}) {
  return build(input, input.get_devices(), props);
}

// ---- sycl::kernel's bundle --------------------------------------------------------

inline kernel_bundle<bundle_state::executable> kernel::get_kernel_bundle() const {
  return kernel_bundle<bundle_state::executable>(bundle_impl());
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::kernel_id> {
  size_t operator()(const sycl::kernel_id &id) const {
    return std::hash<const void *>()(id.get_name());
  }
};
template <sycl::bundle_state State> struct std::hash<sycl::kernel_bundle<State>> {
  size_t operator()(const sycl::kernel_bundle<State> &b) const {
    return std::hash<const void *>()(b.impl().get());
  }
};
template <sycl::bundle_state State> struct std::hash<sycl::device_image<State>> {
  size_t operator()(const sycl::device_image<State> &i) const {
    return std::hash<const void *>()(i.impl().get());
  }
};
