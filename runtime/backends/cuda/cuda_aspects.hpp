// Identity aspects of NVIDIA GPUs (ext_nvidia_gpu_sm_NN).
//
// DESIGN.md numbers identity aspects from 1000 up: ext_intel_x86_64 = 1000,
// then one value per ext_intel_gpu_<name> of seed 004 in its order (22 names,
// bdw .. pvc = 1001 .. 1022; the intel_gpu_X_Y_Z aliases share those values),
// then the NVIDIA architectures below from 1023. This is the only place the
// CUDA backend takes these numbers from; when the shared aspect table exists
// (include/sycl/aspects or the device-config reader), make this forward to it.
#pragma once

#include <cstddef>
#include <string>

namespace usycl::rt {

inline constexpr int nvidia_identity_aspect_base = 1023;

// Compute capabilities (major * 10 + minor) that have an identity aspect, in
// aspect order. Append only: the index is the aspect's offset.
inline constexpr int nvidia_identity_sms[] = {
    50, 52, 53, 60, 61, 62, 70, 72, 75, 80,
    86, 87, 89, 90, 100, 101, 103, 110, 120, 121,
};

// sm: compute capability as major * 10 + minor (90 for 9.0). Returns the
// ext_nvidia_gpu_sm_<sm> aspect value, or -1 for an architecture without one.
constexpr int nvidia_identity_aspect(int sm) {
  for (std::size_t i = 0; i < std::size(nvidia_identity_sms); ++i)
    if (nvidia_identity_sms[i] == sm)
      return nvidia_identity_aspect_base + static_cast<int>(i);
  return -1;
}

// "ext_nvidia_gpu_sm_90" for 90.
inline std::string nvidia_identity_aspect_name(int sm) {
  return "ext_nvidia_gpu_sm_" + std::to_string(sm);
}

static_assert(nvidia_identity_aspect(50) == 1023);
static_assert(nvidia_identity_aspect(90) == 1036);
static_assert(nvidia_identity_aspect(91) == -1);

} // namespace usycl::rt
