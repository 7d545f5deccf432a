// Which registered device images a CUDA device can load, and in which order
// to try them. Pure functions of the image descriptions (no driver calls), so
// they are unit-tested without a GPU.
#pragma once

#include <sycl/detail/image_abi.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt::cuda {

// "sm_90" -> {90, 0}; "sm_90a" -> {90, 'a'}; "sm_100f" -> {100, 'f'}. Also
// accepts a target name ending in one ("nvidia_gpu_sm_90", "nvptx64-...:sm_80").
struct sm_arch {
  int sm = 0;       // major * 10 + minor
  char suffix = 0;  // 0, 'a' (arch-specific) or 'f' (family-specific)
  int major() const { return sm / 10; }
  int minor() const { return sm % 10; }
  bool operator==(const sm_arch &) const = default;
};
std::optional<sm_arch> parse_sm_arch(std::string_view text);

// The architecture an image was built for: its `arch` field, else its
// `target` field, else (PTX) the `.target` directive in its text.
std::optional<sm_arch> image_arch(const usycl_device_image &image);

// The ".version X.Y" directive of a PTX image ("" when absent).
std::string ptx_isa_version(const usycl_device_image &image);

// How well an image fits a device; lower is better.
enum class image_fit {
  exact_cubin = 0,      // CUBIN built for exactly this architecture
  compatible_cubin = 1, // CUBIN of the same major version, lower minor
  ptx = 2,              // PTX for this or an older architecture (JIT)
  unknown_cubin = 3,    // CUBIN of unknown architecture: let the driver judge
  incompatible = 4,     // not loadable on this device (wrong format or arch)
};
image_fit fit_of(const usycl_device_image &image, sm_arch device);

// The images to try for `device`, best first: exact CUBIN, compatible CUBINs
// (newest first), PTX (newest architecture first), CUBINs of unknown
// architecture. Ties keep registration order. Incompatible images are dropped.
std::vector<const usycl_device_image *>
rank_images(const std::vector<const usycl_device_image *> &images, sm_arch device);

// "PTX sm_80 (nvidia_gpu_sm_80)", "CUBIN sm_90", "LLVM bitcode x86_64" ...
std::string describe_image(const usycl_device_image &image);

} // namespace usycl::rt::cuda
