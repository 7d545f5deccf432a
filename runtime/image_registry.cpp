#include "image_registry.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

namespace usycl::rt {

image_registry &image_registry::instance() {
  // Leaked on purpose: wrapper destructors of other libraries may unregister
  // after this library's static destructors ran.
  static auto *registry = new image_registry;
  return *registry;
}

void image_registry::add(const usycl_binary_desc *desc) {
  if (!desc)
    return;
  if (desc->version != USYCL_IMAGE_ABI_VERSION) {
    std::fprintf(stderr,
                 "usycl: ignoring device images built for image ABI %u (this "
                 "libusycl.so reads %u); rebuild the program with this usycl++\n",
                 desc->version, USYCL_IMAGE_ABI_VERSION);
    return;
  }
  std::lock_guard lock(mutex_);
  binaries_.push_back(desc);
  generation_.fetch_add(1, std::memory_order_acq_rel);
}

void image_registry::remove(const usycl_binary_desc *desc) {
  std::lock_guard lock(mutex_);
  std::erase(binaries_, desc);
  generation_.fetch_add(1, std::memory_order_acq_rel);
}

std::vector<const usycl_device_image *>
image_registry::images_with_kernel(std::string_view kernel) const {
  std::vector<const usycl_device_image *> found;
  std::lock_guard lock(mutex_);
  for (const auto *bin : binaries_)
    for (uint32_t i = 0; i < bin->num_images; ++i) {
      const auto &img = bin->images[i];
      for (uint32_t k = 0; k < img.num_kernels; ++k)
        if (kernel == img.kernels[k]) {
          found.push_back(&img);
          break;
        }
    }
  return found;
}

void image_registry::for_each(
    const std::function<void(const usycl_device_image &)> &fn) const {
  std::lock_guard lock(mutex_);
  for (const auto *bin : binaries_)
    for (uint32_t i = 0; i < bin->num_images; ++i)
      fn(bin->images[i]);
}

std::vector<std::string> image_registry::kernel_names() const {
  std::vector<std::string> names;
  std::unordered_set<std::string_view> seen;
  std::lock_guard lock(mutex_);
  for (const auto *bin : binaries_)
    for (uint32_t i = 0; i < bin->num_images; ++i) {
      const auto &img = bin->images[i];
      for (uint32_t k = 0; k < img.num_kernels; ++k)
        if (img.kernels[k] && seen.insert(img.kernels[k]).second)
          names.emplace_back(img.kernels[k]);
    }
  return names;
}

const usycl_property_set *find_property_set(const usycl_device_image &image,
                                            std::string_view name) {
  for (auto *set = image.properties_begin; set != image.properties_end; ++set)
    if (set->name && name == set->name)
      return set;
  return nullptr;
}

} // namespace usycl::rt

extern "C" void __usycl_register_images(const usycl_binary_desc *desc) {
  usycl::rt::image_registry::instance().add(desc);
}

extern "C" void __usycl_unregister_images(const usycl_binary_desc *desc) {
  usycl::rt::image_registry::instance().remove(desc);
}
