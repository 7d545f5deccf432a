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

  // Registers `desc` after check_binary_desc; a descriptor that fails the
  // check (or has another ABI version) is ignored with a message on stderr,
  // so a corrupt wrapper object cannot crash the program later.
  void add(const usycl_binary_desc *desc);
  // As add(), but returns false and sets `error` instead of printing.
  bool try_add(const usycl_binary_desc *desc, std::string &error);
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

// Checks the structure the runtime's readers rely on, so that they can trust
// every registered descriptor: arrays present when their counts are not 0,
// every name (kernel, target, set, property) present, each [begin, end)
// range either empty (both null) or ordered, known property types, a value
// for every non-empty byte array. Contents are not judged here (unknown
// property names, odd requirement layouts): their readers report those.
// Returns false and sets `error` (naming the image and what is wrong).
bool check_binary_desc(const usycl_binary_desc &desc, std::string &error);

// Looks a property set up by name in an image; nullptr when absent.
const usycl_property_set *find_property_set(const usycl_device_image &image,
                                            std::string_view name);

} // namespace usycl::rt
