// Identity aspects of NVIDIA GPUs (ext_nvidia_gpu_sm_NN).
//
// The numbers come from the shared target table
// (include/sycl/detail/device_targets.def, via <sycl/detail/aspect_names.hpp>):
// ext_intel_x86_64 = 1000, ext_intel_gpu_<name> = 1001..1022, then
// ext_nvidia_gpu_sm_50.. from 1023 (sm_90 = 1036), sm_90a = 1043.
#pragma once

#include <sycl/detail/aspect_names.hpp>

#include <cstddef>
#include <string>

namespace usycl::rt {

inline constexpr int nvidia_identity_aspect_base =
    sycl::detail::aspect_value("ext_nvidia_gpu_sm_50");

// Compute capabilities (major * 10 + minor) that have an identity aspect, in
// aspect order (sm_90a, 1043, is not a plain compute capability and is not
// listed). Checked against the shared table below.
inline constexpr int nvidia_identity_sms[] = {
    50, 52, 53, 60, 61, 62, 70, 72, 75, 80,
    86, 87, 89, 90, 100, 101, 103, 110, 120, 121,
};

// sm: compute capability as major * 10 + minor (90 for 9.0). Returns the
// ext_nvidia_gpu_sm_<sm> aspect value from the shared table, or -1 for an
// architecture without one.
constexpr int nvidia_identity_aspect(int sm) {
  if (sm <= 0 || sm >= 1000)
    return -1;
  char buf[] = "ext_nvidia_gpu_sm_000";
  constexpr std::size_t prefix = sizeof("ext_nvidia_gpu_sm_") - 1;
  std::size_t len = prefix;
  if (sm >= 100)
    buf[len++] = static_cast<char>('0' + sm / 100);
  buf[len++] = static_cast<char>('0' + sm / 10 % 10);
  buf[len++] = static_cast<char>('0' + sm % 10);
  return sycl::detail::aspect_value(std::string_view(buf, len));
}

// The table and nvidia_identity_sms must agree (index = offset from the base).
constexpr bool nvidia_identity_table_consistent() {
  for (std::size_t i = 0; i < std::size(nvidia_identity_sms); ++i)
    if (nvidia_identity_aspect(nvidia_identity_sms[i]) !=
        nvidia_identity_aspect_base + static_cast<int>(i))
      return false;
  return true;
}
static_assert(nvidia_identity_table_consistent());

// "ext_nvidia_gpu_sm_90" for 90.
inline std::string nvidia_identity_aspect_name(int sm) {
  return "ext_nvidia_gpu_sm_" + std::to_string(sm);
}

static_assert(nvidia_identity_aspect(50) == 1023);
static_assert(nvidia_identity_aspect(90) == 1036);
static_assert(nvidia_identity_aspect(91) == -1);

} // namespace usycl::rt
