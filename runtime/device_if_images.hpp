// JIT-mode if_device_has variants (docs/device-if.md): usycl++ specialises a
// module of a generic target once per set of answers to its device_if
// queries and tags each image with property set "usycl/device_if":
// `has` / `lacks`, uint32 arrays of the aspects it assumed present / absent.
// A backend loads such an image only on a device whose aspects agree.
#pragma once

#include <sycl/detail/image_abi.h>

#include <vector>

namespace usycl::rt {

// True for images without the set (not a variant) and for variants whose
// answers match `aspects`; false for a malformed set (the image is then not
// trusted to hold the right code).
bool device_if_matches(const usycl_device_image &image, const std::vector<int> &aspects);

} // namespace usycl::rt
