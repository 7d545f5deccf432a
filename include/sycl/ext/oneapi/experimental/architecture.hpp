// sycl_ext_oneapi_device_architecture, as seed 002 ("AOT target
// identification") and seed 004 describe it: one enumerator per target of
// the shared target table (include/sycl/detail/device_targets.def) that
// names a device architecture (x86_64, every intel_gpu_*, every
// nvidia_gpu_sm_*), so -fsycl-targets, the device configuration file,
// sycl-aspect-filter -target= and this enumeration all use the same names.
//
//   auto a = dev.get_info<sycl::ext::oneapi::experimental::info::device::architecture>();
//   if (a == sycl::ext::oneapi::experimental::architecture::nvidia_gpu_sm_90) ...
//
// The enumerator values are the targets' identity aspect values (1000 up), so
// an architecture and its ext_* aspect convert into each other; the numeric
// Intel aliases (intel_gpu_12_0_0 = intel_gpu_tgllp) share their value.
#pragma once

#include <sycl/aspect.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/device.hpp>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class architecture : int {
  // A device whose architecture usycl does not know (a GPU newer than the
  // table, a CPU that is not x86-64, an emulated target without an entry in
  // device_targets.def).
  unknown = 0,
#define USYCL_TARGET(name, enum_name, value, macro, alias_of) name = value,
#include <sycl/detail/device_targets.def>
};

namespace info::device {
struct USYCL_EXPORT architecture {
  using return_type = experimental::architecture;
};
} // namespace info::device

// The identity aspect of an architecture (ext_intel_gpu_pvc for
// intel_gpu_pvc); usable with device::has and if_device_has.
constexpr aspect to_aspect(architecture a) { return static_cast<aspect>(static_cast<int>(a)); }

static_assert(static_cast<int>(architecture::x86_64) == 1000 &&
              static_cast<int>(architecture::nvidia_gpu_sm_90) == 1036 &&
              architecture::intel_gpu_12_0_0 == architecture::intel_gpu_tgllp);

} // namespace ext::oneapi::experimental

// Defined in libusycl.so: the real architecture of the device (for the CPU
// under USYCL_EMULATE, the emulated target's).
template <>
USYCL_EXPORT ext::oneapi::experimental::architecture
device::get_info<ext::oneapi::experimental::info::device::architecture>() const;

} // namespace _V1
} // namespace sycl
