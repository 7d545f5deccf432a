// SYCL 2020 device selectors (callables scoring devices).
#pragma once

#include <sycl/device.hpp>

#include <initializer_list>
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

template <aspect... Require> int aspect_selector_v_impl(const device &dev) {
  return aspect_selector(std::vector<aspect>{Require...})(dev);
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

} // namespace _V1
} // namespace sycl
