// OpenMP peer of sub_group_reduce_sycl.cpp on the CPU: the same work in
// plain C++. Reduction: N floats (value i % 7), each 16-element segment (a
// sub-group) summed with `omp simd reduction(+)` into its partial (N / 16 of
// them), segments in parallel; the partials are added afterwards, outside
// the timing, as the SYCL program adds them on the host. Scan: the N floats' inclusive prefix sums restarting
// every 16 elements (one sub-group), segments in parallel. Timed the same
// way (minimum over the iterations after a warm-up). Built with
// g++ -O3 -fopenmp (benchmarks/run.sh).
//
// Prints: sub_group_reduce,cpu,omp_reduce_GBps,<GB/s>
//         sub_group_reduce,cpu,omp_scan_GBps,<GB/s>
// Usage: sub_group_reduce_omp [log2 elements = 26] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {
constexpr long segment = 16;
using clock_type = std::chrono::steady_clock;
double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}
} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 34) {
    std::fprintf(stderr, "sub_group_reduce_omp: log2 elements must be in [8, 34]\n");
    return 2;
  }
  const long n = long(1) << log2n, segments = n / segment;
  std::unique_ptr<float[]> pin(new float[n]), pout(new float[n]), ppart(new float[segments]);
  float *in = pin.get(), *out = pout.get(), *partial = ppart.get();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) in[i] = float(i % 7), out[i] = 0;

  double best_reduce = 1e30, total = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
#pragma omp parallel for schedule(static)
    for (long g = 0; g < segments; ++g) {
      const float *p = in + g * segment;
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (long j = 0; j < segment; ++j) s += p[j];
      partial[g] = s;
    }
    const double t = since(t0);
    if (k) best_reduce = std::min(best_reduce, t);
  }
  for (long g = 0; g < segments; ++g) total += partial[g];
  double want = 0;
  for (long r = 0; r < 7; ++r) want += double(r) * double(n / 7 + (r < n % 7 ? 1 : 0));
  if (total != want) {
    std::fprintf(stderr, "sub_group_reduce_omp: sum %.17g, want %.17g\n", total, want);
    return 1;
  }

  double best_scan = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
#pragma omp parallel for schedule(static)
    for (long g = 0; g < n; g += segment) {
      float run = 0;
      for (long j = 0; j < segment; ++j) out[g + j] = run += in[g + j];
    }
    const double t = since(t0);
    if (k) best_scan = std::min(best_scan, t);
  }
  float run = 0;
  for (long i = 0; i < n; ++i) {
    run = (i % segment ? run : 0.0f) + float(i % 7);
    if (out[i] != run) {
      std::fprintf(stderr, "sub_group_reduce_omp: scan[%ld] = %g, want %g\n", i, out[i], run);
      return 1;
    }
  }
  std::printf("sub_group_reduce,cpu,omp_reduce_GBps,%.2f\n", double(n) * sizeof(float) / best_reduce / 1e9);
  std::printf("sub_group_reduce,cpu,omp_scan_GBps,%.2f\n", 2.0 * double(n) * sizeof(float) / best_scan / 1e9);
  return 0;
}
