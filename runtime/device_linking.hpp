// Device code dynamic linking (seed 002; docs/optional-features.md): an image
// of the program may import device functions ([SYCL/imported symbols]) that
// an image of a shared library built with usycl++ -shared exports
// ([SYCL/exported symbols]). Before a kernel runs, its image's imports are
// resolved against the exports of the other registered images, transitively
// (an exporting image may import in turn), and each exporting image's
// "SYCL/device requirements" is checked like the kernel's own: a kernel's
// requirements include those of the functions it imports.
//
// The CPU runs kernels as host code, so the dynamic loader has already bound
// the calls; the resolution there only checks requirements. CUDA JIT-links
// the images it picks (cuda_kernel_cache.cpp).
#pragma once

#include "requirements.hpp"

#include <sycl/detail/image_abi.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt {

inline constexpr std::string_view exported_symbols_set_name = "SYCL/exported symbols";
inline constexpr std::string_view imported_symbols_set_name = "SYCL/imported symbols";

// The names of the properties of set `set_name` in `image` (the symbols).
std::vector<std::string_view> image_symbols(const usycl_device_image &image,
                                            std::string_view set_name);

inline constexpr std::string_view kernel_imports_set_name = "usycl/kernel imports";

inline bool has_imports(const usycl_device_image &image) {
  return !image_symbols(image, imported_symbols_set_name).empty();
}

// The symbols `kernel` of `image` imports ([usycl/kernel imports]); every
// import of the image when that set is absent (or `kernel` is empty).
std::vector<std::string> kernel_imports(const usycl_device_image &image, std::string_view kernel);

struct import_resolution {
  // The exporting images to link with the root, each once, in the order
  // found (breadth first); empty when the root imports nothing.
  std::vector<const usycl_device_image *> images;
  // Why the imports cannot be satisfied on this device (the kernel and
  // device suffix not included); nullopt when they can.
  std::optional<requirement_failure> failure;
};

// Resolves the imports of `kernel` in `roots` (the images it runs from;
// empty `kernel`: every import of the roots) with images `usable` accepts
// (the device's backend
// can load them). With `device`, each candidate exporter must also pass
// check_requirements; the first that does is taken. `device_target` names
// the device's target in messages ("nvidia_gpu_sm_90", "x86_64").
import_resolution
resolve_imports(const std::vector<const usycl_device_image *> &roots, std::string_view kernel,
                const std::function<bool(const usycl_device_image &)> &usable,
                const device_info *device, std::string_view device_target);

} // namespace usycl::rt
