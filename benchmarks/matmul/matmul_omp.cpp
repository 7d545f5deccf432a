// The OpenMP peer of matmul_sycl.cpp, written the way an OpenMP programmer
// would: rows of C in parallel, the i-k-j order so the inner loop streams
// rows of B and C and vectorises. Same sizes, data, timing and check.
//
// Prints: matmul,cpu,omp_GFLOPs,<GFLOP/s>
// Usage: matmul_omp [N = 1024] [iterations = 5]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (size_t i = 0; i < n * n; ++i) {
    a[i] = float(i % 17) * 0.25f;
    b[i] = float(i % 13) * 0.5f - 2.0f;
  }
  double best = 1e30;
  for (int it = 0; it <= iterations; ++it) {
    auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i) {
      float *ci = &c[i * n];
      for (size_t j = 0; j < n; ++j) ci[j] = 0;
      for (size_t k = 0; k < n; ++k) {
        const float aik = a[i * n + k];
        const float *bk = &b[k * n];
        for (size_t j = 0; j < n; ++j) ci[j] += aik * bk[j];
      }
    }
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (it) best = std::min(best, t);
  }
  for (size_t i = 0; i < n; i += n / 8 + 1)
    for (size_t j = 0; j < n; j += n / 8 + 3) {
      double want = 0;
      for (size_t k = 0; k < n; ++k) want += double(a[i * n + k]) * double(b[k * n + j]);
      if (std::fabs(c[i * n + j] - want) > 1e-3 * std::fmax(1.0, std::fabs(want))) {
        std::fprintf(stderr, "matmul_omp: C[%zu][%zu] = %g, want %g\n", i, j, c[i * n + j], want);
        return 1;
      }
    }
  std::printf("matmul,cpu,omp_GFLOPs,%.2f\n", 2.0 * double(n) * n * n / best / 1e9);
  return 0;
}
