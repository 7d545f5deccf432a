// Separate compile and link: this TU and sep_compile_device.cpp are each
// compiled with `usycl++ -c` and linked by `usycl++`; kernels here call
// SYCL_EXTERNAL functions defined in the other TU, and a kernel of the other
// TU runs too.
#include "e2e_common.hpp"

#include <vector>

SYCL_EXTERNAL int sep_transform(int x);
SYCL_EXTERNAL float sep_blend(float a, float b, float t);
SYCL_EXTERNAL extern "C" double sep_c_twice(double x);
extern SYCL_EXTERNAL int sep_negate(int x);
void sep_fill(sycl::queue &q, int *out, size_t n);

int main() {
  sycl::queue q;
  e2e::print_device(q, "sep_compile");
  constexpr size_t n = 1000;
  int *a = sycl::malloc_shared<int>(n, q);
  float *f = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     a[i] = sep_transform(sep_transform(int(i)));
     f[i] = sep_blend(0.0f, float(i), 0.5f);
     if (i == 0) {
       a[0] = sep_negate(7);
       f[0] = float(sep_c_twice(1.25));
     }
   }).wait();
  e2e::check_eq("extern SYCL_EXTERNAL", a[0], -7);
  e2e::check_eq("SYCL_EXTERNAL extern \"C\"", f[0], 2.5f);
  a[0] = (0 * 3 + 1) * 3 + 1;
  f[0] = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    e2e::check_eq("a[" + std::to_string(i) + "]", a[i], (int(i) * 3 + 1) * 3 + 1);
    e2e::check_eq("f[" + std::to_string(i) + "]", f[i], float(i) * 0.5f);
  }
  sep_fill(q, a, n);
  for (size_t i = 0; i < n; ++i) e2e::check_eq("kernel of the other TU a[" + std::to_string(i) + "]", a[i], int(i) * 3 + 1);
  sycl::free(a, q);
  sycl::free(f, q);
  return e2e::finish("sep_compile");
}
