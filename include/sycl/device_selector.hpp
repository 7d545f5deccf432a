// SYCL 2020 device selectors (callables scoring devices).
#pragma once

#include <sycl/device.hpp>

#include <initializer_list>
#include <type_traits>
#include <vector>

namespace sycl {
inline namespace _V1 {

USYCL_EXPORT int default_selector_v(const device &dev);
USYCL_EXPORT int gpu_selector_v(const device &dev);
USYCL_EXPORT int cpu_selector_v(const device &dev);
USYCL_EXPORT int accelerator_selector_v(const device &dev);

inline auto aspect_selector(const std::vector<aspect> &require,
                            const std::vector<aspect> &deny = {}) {
  return [=](const device &dev) {
    for (aspect a : require)
      if (!dev.has(a)) return -1;
    for (aspect a : deny)
      if (dev.has(a)) return -1;
    return default_selector_v(dev) >= 0 ? default_selector_v(dev) + 1 : 1;
  };
}

template <typename... Aspects> auto aspect_selector(Aspects... require) {
  return aspect_selector(std::vector<aspect>{require...});
}

template <aspect... Require> auto aspect_selector() {
  return aspect_selector(std::vector<aspect>{Require...});
}

// SYCL 1.2.1 class-style selectors, still common in real code.
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &dev) const = 0;
};
class default_selector : public device_selector {
public:
  int operator()(const device &dev) const override { return default_selector_v(dev); }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &dev) const override { return gpu_selector_v(dev); }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &dev) const override { return cpu_selector_v(dev); }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &dev) const override { return accelerator_selector_v(dev); }
};

// SYCL 2020 §4.6.4.3: what the devices the program is compiled for may have.
// usycl++ does not tell the host pass which targets it builds for, so these
// are the answers that hold for any target set (as DPC++ without
// -fsycl-targets gives them): every aspect might be present on some device,
// and none is guaranteed on all of them.
template <aspect A> struct any_device_has : std::true_type {};
template <aspect A> struct all_devices_have : std::false_type {};
template <aspect A> inline constexpr bool any_device_has_v = any_device_has<A>::value;
template <aspect A> inline constexpr bool all_devices_have_v = all_devices_have<A>::value;

} // namespace _V1
} // namespace sycl
