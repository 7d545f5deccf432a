// Checks saxpy() against the host and prints the device it ran on.
#include "saxpy.hpp"

#include <cstdio>

int main() {
  constexpr size_t n = 10000;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  sycl::queue q;
  saxpy(q, 2.0f, x, y);
  for (size_t i = 0; i < n; ++i)
    if (y[i] != 2.0f * float(i) + 1.0f) {
      std::printf("saxpy: FAIL at %zu: expected %g, got %g\n", i, 2.0 * double(i) + 1.0,
                  double(y[i]));
      return 1;
    }
  std::printf("saxpy: PASSED on %s\n",
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
