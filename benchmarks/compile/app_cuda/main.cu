#include "common.cuh"

#include <cmath>
#include <cstdio>

int main() {
  const size_t n = 1 << 16, side = 128;
  float *x, *y, *z, *r, *sums;
  int *values;
  unsigned *bins;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&y, n * sizeof(float));
  cudaMallocManaged(&z, n * sizeof(float));
  cudaMallocManaged(&r, 2 * sizeof(float));
  cudaMallocManaged(&sums, n / 256 * sizeof(float));
  cudaMallocManaged(&values, n * sizeof(int));
  cudaMallocManaged(&bins, 16 * sizeof(unsigned));
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 7) - 3.0f;
    y[i] = 1.0f;
    values[i] = int(i % 16);
  }
  for (int b = 0; b < 16; ++b) bins[b] = 0;
  r[0] = 0.0f;
  r[1] = 0.0f;
  saxpy(2.0f, x, y, n);
  scale_add(x, y, z, 0.5f, n);
  stencil_1d(z, y, n);
  clamp_values(y, -2.0f, 2.0f, n);
  transpose(x, z, side, n / side);
  dot(x, x, &r[0], n);
  histogram(values, bins, n, 16);
  block_sums(x, sums, n);
  matmul(x, y, z, side);
  max_abs(x, &r[1], n);
  cudaDeviceSynchronize();
  double want_dot = 0;
  for (size_t i = 0; i < n; ++i) want_dot += double(x[i]) * x[i];
  const bool ok = std::fabs(r[0] - want_dot) < 1e-3 * want_dot && r[1] == 3.0f && bins[3] == n / 16;
  std::printf("app: %s\n", ok ? "ok" : "WRONG");
  for (void *p : {(void *)x, (void *)y, (void *)z, (void *)r, (void *)sums, (void *)values, (void *)bins})
    cudaFree(p);
  return ok ? 0 : 1;
}
