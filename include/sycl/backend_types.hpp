#pragma once

namespace sycl {
inline namespace _V1 {
enum class backend : int { native_cpu = 0, ext_oneapi_cuda = 1, cuda = ext_oneapi_cuda };
} // namespace _V1
} // namespace sycl
