#include "image_registry.hpp"

#include "kernel_specializations.hpp"

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

namespace {

// A [begin, end) range from the wrapper: empty when both are null, else
// ordered. One null end is corrupt (the readers would walk off into memory).
template <typename T> bool valid_range(const T *begin, const T *end) {
  return (begin == nullptr) == (end == nullptr) && begin <= end;
}

std::string image_label(uint32_t i, const usycl_device_image &img) {
  std::string label = "image " + std::to_string(i);
  if (img.target) label += std::string(" (target '") + img.target + "')";
  return label;
}

} // namespace

bool check_binary_desc(const usycl_binary_desc &desc, std::string &error) {
  if (desc.num_images && !desc.images) {
    error = std::to_string(desc.num_images) + " images declared but no image array";
    return false;
  }
  for (uint32_t i = 0; i < desc.num_images; ++i) {
    const usycl_device_image &img = desc.images[i];
    const std::string label = image_label(i, img);
    if (!img.target) {
      error = label + " has no target name";
      return false;
    }
    if (img.format > USYCL_IMAGE_NONE) {
      error = label + " has unknown format " + std::to_string(img.format);
      return false;
    }
    if (!valid_range(img.begin, img.end)) {
      error = label + " has a malformed code range";
      return false;
    }
    if (img.num_kernels && !img.kernels) {
      error = label + " declares " + std::to_string(img.num_kernels) +
              " kernels but has no kernel-name array";
      return false;
    }
    for (uint32_t k = 0; k < img.num_kernels; ++k)
      if (!img.kernels[k]) {
        error = label + ": kernel name " + std::to_string(k) + " is null";
        return false;
      }
    if (!valid_range(img.properties_begin, img.properties_end)) {
      error = label + " has a malformed property-set range";
      return false;
    }
    for (auto *set = img.properties_begin; set != img.properties_end; ++set) {
      if (!set->name) {
        error = label + " has a property set without a name";
        return false;
      }
      const std::string set_label = label + ", property set '" + set->name + "'";
      if (!valid_range(set->begin, set->end)) {
        error = set_label + " has a malformed property range";
        return false;
      }
      for (auto *p = set->begin; p != set->end; ++p) {
        if (!p->name) {
          error = set_label + " has a property without a name";
          return false;
        }
        if (p->type != USYCL_PROPERTY_UINT32 && p->type != USYCL_PROPERTY_BYTE_ARRAY) {
          error = set_label + ", property '" + p->name + "' has unknown type " +
                  std::to_string(p->type);
          return false;
        }
        if (p->type == USYCL_PROPERTY_BYTE_ARRAY && p->size && !p->value) {
          error = set_label + ", property '" + p->name + "' has " +
                  std::to_string(p->size) + " bytes but no value";
          return false;
        }
      }
    }
  }
  return true;
}

bool image_registry::try_add(const usycl_binary_desc *desc, std::string &error) {
  if (!desc)
    return true; // nothing to register
  if (desc->version != USYCL_IMAGE_ABI_VERSION) {
    error = "device images built for image ABI " + std::to_string(desc->version) +
            " (this libusycl.so reads " + std::to_string(USYCL_IMAGE_ABI_VERSION) +
            "); rebuild the program with this usycl++";
    return false;
  }
  if (!check_binary_desc(*desc, error)) {
    error = "corrupt device image descriptor: " + error +
            "; rebuild the program (or library) with this usycl++";
    return false;
  }
  std::lock_guard lock(mutex_);
  binaries_.push_back(desc);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  return true;
}

void image_registry::add(const usycl_binary_desc *desc) {
  std::string error;
  if (!try_add(desc, error))
    std::fprintf(stderr, "usycl: ignoring device images: %s\n", error.c_str());
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
        // Not the compiler's host->device clones: kernels of the image, not
        // of the program (sycl::get_kernel_ids).
        if (img.kernels[k] && !kernel_specializations::is_clone(img.kernels[k]) &&
            seen.insert(img.kernels[k]).second)
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
