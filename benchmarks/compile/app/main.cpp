#include "common.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q{sycl::property::queue::in_order()};
  const size_t n = 1 << 16, side = 128;
  float *x = sycl::malloc_shared<float>(n, q), *y = sycl::malloc_shared<float>(n, q);
  float *z = sycl::malloc_shared<float>(n, q), *r = sycl::malloc_shared<float>(2, q);
  float *sums = sycl::malloc_shared<float>(n / 256, q);
  int *values = sycl::malloc_shared<int>(n, q);
  unsigned *bins = sycl::malloc_shared<unsigned>(16, q);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 7) - 3.0f;
    y[i] = 1.0f;
    values[i] = int(i % 16);
  }
  for (int b = 0; b < 16; ++b) bins[b] = 0;
  r[0] = 0.0f;
  r[1] = 0.0f;
  saxpy(q, 2.0f, x, y, n);
  scale_add(q, x, y, z, 0.5f, n);
  stencil_1d(q, z, y, n);
  clamp_values(q, y, -2.0f, 2.0f, n);
  transpose(q, x, z, side, n / side);
  dot(q, x, x, &r[0], n);
  histogram(q, values, bins, n, 16);
  block_sums(q, x, sums, n);
  matmul(q, x, y, z, side);
  max_abs(q, x, &r[1], n);
  q.wait();
  double want_dot = 0;
  for (size_t i = 0; i < n; ++i) want_dot += double(x[i]) * x[i];
  const bool ok = std::fabs(r[0] - want_dot) < 1e-3 * want_dot && r[1] == 3.0f && bins[3] == n / 16;
  std::printf("app: %s\n", ok ? "ok" : "WRONG");
  for (void *p : {(void *)x, (void *)y, (void *)z, (void *)r, (void *)sums, (void *)values, (void *)bins})
    sycl::free(p, q);
  return ok ? 0 : 1;
}
