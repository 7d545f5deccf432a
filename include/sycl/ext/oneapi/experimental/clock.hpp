// sycl_ext_oneapi_clock: clock<clock_scope::...>() reads a counter in a
// kernel, for timing pieces of device code. The value only means something
// when subtracted from another read of the same scope on the same device.
//   work_item, sub_group, work_group: NVPTX %clock64 (the SM's cycle counter,
//     shared by everything on the SM); CPU: the time-stamp counter (x86
//     rdtsc) or the steady clock's nanoseconds elsewhere.
//   device: NVPTX %globaltimer (nanoseconds, one clock for the whole GPU);
//     CPU: the steady clock's nanoseconds.
#pragma once

#include <sycl/detail/defines.hpp>

#include <chrono>
#include <cstdint>

#define SYCL_EXT_ONEAPI_CLOCK 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class clock_scope : int { work_item = 0, sub_group = 1, work_group = 2, device = 3 };

template <clock_scope Scope> USYCL_INLINE uint64_t clock() {
#if USYCL_DEVICE_NVPTX
  uint64_t value;
  if constexpr (Scope == clock_scope::device)
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(value));
  else
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(value));
  return value;
#elif defined(__SYCL_DEVICE_ONLY__)
  return 0; // targets compiled only for their checks
#else
#if defined(__x86_64__)
  if constexpr (Scope != clock_scope::device)
    return __builtin_ia32_rdtsc();
#endif
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
#endif
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
