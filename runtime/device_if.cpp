// Run-time side of sycl_ext_oneapi_device_if and of the architecture query
// (docs/device-if.md):
//  * __usycl_cpu_device_has: the JIT-mode if_device_has of CPU kernels (host
//    code) asks here, once per aspect list, what the CPU device reports;
//  * device::get_info<ext::oneapi::experimental::info::device::architecture>.
#include "platform_impl.hpp"

#include <sycl/detail/aspect_names.hpp>
#include <sycl/ext/oneapi/experimental/architecture.hpp>
#include <sycl/ext/oneapi/experimental/device_if.hpp>

namespace sycl {
inline namespace _V1 {

namespace {

namespace syclex = ext::oneapi::experimental;

// The architecture is the device's identity aspect (the enumerators carry the
// identity aspect values). Emulation first: the emulated target is what the
// device claims to be; then the backend's target name ("x86_64",
// "nvidia_gpu_sm_90"); a device without a known target is `unknown`.
syclex::architecture architecture_of(const detail::device_impl &d) {
  const std::string &emulated = detail::runtime_state::get().emulated_target();
  if (d.is_emulated() && !emulated.empty()) {
    if (const auto *t = detail::find_target(emulated))
      return static_cast<syclex::architecture>(t->aspect);
    return syclex::architecture::unknown;
  }
  if (const auto *t = detail::find_target(d.info().target))
    return static_cast<syclex::architecture>(t->aspect);
  return syclex::architecture::unknown;
}

} // namespace

template <>
syclex::architecture device::get_info<syclex::info::device::architecture>() const {
  return architecture_of(*impl_);
}

} // namespace _V1
} // namespace sycl

// Kernels compiled without an AOT decision for the CPU ask once per aspect
// list (the header caches the answer), so the lookup cost does not matter.
// A program whose device selection left no CPU device never runs CPU
// kernels; answer "no" rather than throw from a kernel.
extern "C" USYCL_EXPORT int __usycl_cpu_device_has(int aspect) noexcept {
  try {
    for (const auto &d : sycl::detail::runtime_state::get().all_devices())
      if (d->is_cpu())
        return d->has(static_cast<sycl::aspect>(aspect)) ? 1 : 0;
  } catch (...) {
  }
  return 0;
}
