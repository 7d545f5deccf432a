// OpenMP peer of reduction_sycl.cpp: the same sum of N doubles (value i % 7)
// with `omp parallel for reduction(+)`, timed the same way.
// Prints: reduction,<cpu>,omp_GBps,<GB/s of input read>
// Usage: reduction_omp [log2 elements = 26] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  const long n = long(1) << log2n;
  std::unique_ptr<double[]> in(new double[n]);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) in[i] = double(i % 7);
  double best = 1e30, total = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = std::chrono::steady_clock::now();
    double s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
    for (long i = 0; i < n; ++i) s += in[i];
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (k) best = std::min(best, t);
    total = s;
  }
  double want = 0;
  for (long r = 0; r < 7; ++r) want += double(r) * double(n / 7 + (r < n % 7 ? 1 : 0));
  if (std::fabs(total - want) > 1e-9 * want) {
    std::fprintf(stderr, "reduction_omp: sum %.17g, want %.17g\n", total, want);
    return 1;
  }
  std::printf("reduction,cpu,omp_GBps,%.2f\n", double(n) * sizeof(double) / best / 1e9);
  return 0;
}
