// std:: / :: math called directly in a kernel. Compiled by check_device_lib.sh
// with -fmath-errno: clang then emits calls to the C functions (sinf, acos,
// ...) instead of llvm.sin.* intrinsics, and <sycl/detail/libdevice.hpp>
// defines those C functions for the device on top of libdevice.
#include <cmath>
#include <math.h>
#include <sycl/math.hpp>

template <class Name, class F>
#ifdef __SYCL_DEVICE_ONLY__
[[clang::sycl_kernel_entry_point(Name)]]
#endif
void kernel_entry(F f) {
  f();
}

struct cmath_kernel;

int main() {
  float *p = nullptr;
  double *d = nullptr;
#ifdef __SYCL_DEVICE_ONLY__
  kernel_entry<cmath_kernel>([=] {
    p[1] = std::sin(p[0]) + std::cos(p[0]) + std::exp(p[0]) + std::log(p[0]) + std::pow(p[0], p[2]);
    p[2] = std::tgamma(p[3]) + std::atan2(p[4], p[5]) + std::sqrt(p[6]) + std::fma(p[0], p[1], p[2]);
    p[3] = sinf(p[7]) + expf(p[8]) + std::exp2(p[9]) + std::log10(p[10]) + std::cbrt(p[11]);
    d[1] = std::sin(d[0]) + ::acos(d[2]) + std::exp(d[3]) + std::erf(d[4]) + std::hypot(d[5], d[6]);
    int e = 0;
    d[2] = std::frexp(d[7], &e) + std::ldexp(d[8], e) + std::lgamma(d[9]) + std::fmod(d[10], d[11]);
    using namespace sycl;
    p[4] = sqrt(p[12]) + sin(p[13]); // float: sycl:: (or the std overload) - both work
  });
#else
  (void)p;
  (void)d;
#endif
  return 0;
}
