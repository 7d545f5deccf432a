// USYCL_CHECK=1: the checks a user wants while debugging, off by default
// (docs/runtime.md, "Checking mode"):
//
//  * USM pointers of copies, fills, memsets, prefetches and mem_advise
//    inside memory that sycl::free released (usm.cpp keeps freed
//    allocations in a bounded quarantine, usm_registry.hpp): errc::invalid
//    at submission (scheduler.cpp; its other pointer checks are always on);
//  * accessor indices of kernels running on the CPU device against the
//    accessor's range (<sycl/detail/accessor_check.hpp>; the failure is
//    reported as the launch's asynchronous errc::invalid, the way a CPU
//    device assert is: backends/cpu/cpu_assert.hpp).
//
// The setting is read once, when libusycl.so is loaded (before main), and
// never changes: kernels compiled into the program read it as a constant
// (the variable is `const` in the headers), so the optimiser hoists the
// test out of their work-item loops.
#pragma once

namespace usycl::rt {

inline constexpr const char *check_env = "USYCL_CHECK";

// Whether USYCL_CHECK=1 was set when the library was loaded.
bool check_enabled() noexcept;

// USYCL_CHECK's value: 1 on, 0 / unset / empty off; nullopt-like -1 for
// anything else (the loader then warns once and leaves checks off).
int parse_check(const char *value) noexcept;

} // namespace usycl::rt
