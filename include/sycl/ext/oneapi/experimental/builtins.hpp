// sycl::ext::oneapi::experimental::printf (DPC++'s extension): C printf from
// kernels. On NVPTX clang lowers printf to CUDA's vprintf (the driver prints
// the device's buffer when the kernel has finished; arguments follow C's
// promotions, so float arrives as double); CPU kernels are host code and call
// the C library's printf. Output of concurrent work-items may interleave at
// call boundaries, as with CUDA's printf; sycl::stream orders whole statements.
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstdio>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename FormatT, typename... Args>
int printf(const FormatT *format, Args... args) {
  static_assert(sizeof(FormatT) == 1, "printf: the format is a string of char");
  return ::printf(reinterpret_cast<const char *>(format), args...);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
