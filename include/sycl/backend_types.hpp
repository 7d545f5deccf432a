// sycl::backend (SYCL 2020 §4.1): usycl runs native_cpu and ext_oneapi_cuda;
// the other enumerators are DPC++'s, so code that switches over them (or
// compares a device's backend with them) compiles and takes the branch of
// none of its devices. operator<< prints DPC++'s names.
#pragma once

#include <iosfwd>

namespace sycl {
inline namespace _V1 {
enum class backend : int {
  native_cpu = 0,
  ext_oneapi_cuda = 1,
  cuda = ext_oneapi_cuda,
  ext_oneapi_native_cpu = native_cpu,
  opencl = 2,
  ext_oneapi_level_zero = 3,
  ext_oneapi_hip = 4,
  all = 5,
  ext_oneapi_offload = 6,
};

template <typename CharT, typename Traits>
std::basic_ostream<CharT, Traits> &operator<<(std::basic_ostream<CharT, Traits> &os, backend b) {
  switch (b) {
  case backend::native_cpu:
    return os << "ext_oneapi_native_cpu";
  case backend::ext_oneapi_cuda:
    return os << "ext_oneapi_cuda";
  case backend::opencl:
    return os << "opencl";
  case backend::ext_oneapi_level_zero:
    return os << "ext_oneapi_level_zero";
  case backend::ext_oneapi_hip:
    return os << "ext_oneapi_hip";
  case backend::all:
    return os << "all";
  case backend::ext_oneapi_offload:
    return os << "ext_oneapi_offload";
  }
  return os << "unknown";
}
} // namespace _V1
} // namespace sycl
