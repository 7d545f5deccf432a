// The SYCL_EXTERNAL functions of sycl_external_optional_main.cpp, as in
// DPC++'s sycl-external-with-optional-features: explicit specialisations of
// a template declared with [[sycl::device_has(aspect)]].
#include <sycl/sycl.hpp>

using accT = sycl::accessor<int, 1>;
constexpr int value = 42;

template <sycl::aspect aspect>
[[sycl::device_has(aspect)]] SYCL_EXTERNAL void func(const accT &acc);
template <> SYCL_EXTERNAL void func<sycl::aspect::cpu>(const accT &acc) { acc[0] = value; }
template <> SYCL_EXTERNAL void func<sycl::aspect::gpu>(const accT &acc) { acc[0] = value; }

template <sycl::aspect aspect>
[[sycl::device_has(aspect)]] SYCL_EXTERNAL void undeclared(const accT &acc);
template <> SYCL_EXTERNAL void undeclared<sycl::aspect::cpu>(const accT &acc) { acc[0] = value; }
template <> SYCL_EXTERNAL void undeclared<sycl::aspect::gpu>(const accT &acc) { acc[0] = value; }
