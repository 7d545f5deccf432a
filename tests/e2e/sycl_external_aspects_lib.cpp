// The SYCL_EXTERNAL function of sycl_external_aspects_main.cpp.
#include <sycl/sycl.hpp>

using acc_t = sycl::accessor<int, 1>;
template <sycl::aspect A> SYCL_EXTERNAL [[sycl::device_has(A)]] void needs_aspect(const acc_t &acc) {
  acc[0] = 2;
}
template void needs_aspect<sycl::aspect::gpu>(const acc_t &);
