// sycl::aspect with DPC++'s numbering (a contract: device images, the device
// configuration file and outside tests use these numbers).
#pragma once

// The enumerators come from one table shared with the runtime and the tools
// (name <-> value lookups live there too).
#include <sycl/detail/aspect_names.hpp>

namespace sycl {
inline namespace _V1 {

enum class aspect : int {
#define USYCL_ASPECT_ENUMERATOR(name, value) name = value,
  USYCL_STANDARD_ASPECTS(USYCL_ASPECT_ENUMERATOR)
#undef USYCL_ASPECT_ENUMERATOR
  // Identity aspects: one per target device, numbered from 1000 (aliases such
  // as intel_gpu_9_0_9 share their canonical target's value).
#define USYCL_TARGET(name, enum_name, value, macro, alias_of) enum_name = value,
#define USYCL_TARGET_ALIAS(name, enum_name, value, macro, alias_of)
#include <sycl/detail/device_targets.def>
};

static_assert(static_cast<int>(aspect::fp64) == 6 &&
              static_cast<int>(aspect::emulated) == 40 &&
              static_cast<int>(aspect::ext_intel_x86_64) == 1000 &&
              static_cast<int>(aspect::ext_nvidia_gpu_sm_90) == 1036);

} // namespace _V1
} // namespace sycl
