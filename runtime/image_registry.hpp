// Device images registered by the wrapper objects of the running program (and
// of any shared library it loaded). Thread-safe; images stay valid until their
// wrapper unregisters them at unload.
#pragma once

#include <sycl/detail/image_abi.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt {

class image_registry {
public:
  static image_registry &instance();

  void add(const usycl_binary_desc *desc);
  void remove(const usycl_binary_desc *desc);

  // Every registered image that contains `kernel`, in registration order.
  std::vector<const usycl_device_image *>
  images_with_kernel(std::string_view kernel) const;

  void for_each(const std::function<void(const usycl_device_image &)> &fn) const;

  // Every kernel name some image holds, each once, in registration order.
  std::vector<std::string> kernel_names() const;

  // Bumped on every add/remove so caches keyed on images can notice. A
  // single atomic load: caches on the submit path read it every time.
  uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

private:
  mutable std::mutex mutex_;
  std::vector<const usycl_binary_desc *> binaries_;
  std::atomic<uint64_t> generation_{0};
};

// Looks a property set up by name in an image; nullptr when absent.
const usycl_property_set *find_property_set(const usycl_device_image &image,
                                            std::string_view name);

} // namespace usycl::rt
