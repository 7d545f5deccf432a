// OpenMP peer of local_memory_sycl.cpp on the CPU: the same three kernels in
// plain C++, over the same N floats (in[i] = the top 3 bits of
// i * 2654435761) in blocks of 256 (a work-group), blocks in parallel
// (`omp parallel for schedule(static)`):
//
//   wg_reduce  each block summed with `omp simd reduction(+)` into its
//              partial (N / 256 of them; checked against the host after the
//              timing).
//   wg_scan    each block's inclusive prefix sums, one pass left to right.
//   stencil    out[i] = sum over j in [-8, 8] of w(j) * in[i + j], zero past
//              the ends, w(j) = (9 - |j|) / 16, from `in` directly (a CPU
//              has no local memory to stage it in).
//
// Timed the same way (minimum over the iterations after a warm-up), GB/s
// counted the same way. Built with g++ -O3 -fopenmp (benchmarks/run.sh).
//
// Prints: local_memory,cpu,omp_wg_reduce_GBps,<GB/s>
//         local_memory,cpu,omp_wg_scan_GBps,<GB/s>
//         local_memory,cpu,omp_stencil_GBps,<GB/s>
// Usage: local_memory_omp [log2 elements = 28] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

constexpr long wg = 256;
constexpr int radius = 8;

inline float input(long i) { return float((uint32_t(i) * 2654435761u) >> 29); }
inline float weight(int j) { return float(radius + 1 - (j < 0 ? -j : j)) * 0.0625f; }

using clock_type = std::chrono::steady_clock;

template <typename F> double best_time(int iterations, F run) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    run();
    const double t = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (k) best = std::min(best, t);
  }
  return best;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 30) {
    std::fprintf(stderr, "local_memory_omp: log2 elements must be in [8, 30]\n");
    return 2;
  }
  const long n = long(1) << log2n, groups = n / wg;
  std::unique_ptr<float[]> pin(new float[n]), pout(new float[n]), ppart(new float[groups]);
  float *in = pin.get(), *out = pout.get(), *partial = ppart.get();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) in[i] = input(i), out[i] = 0;

  // wg_reduce
  const double t_reduce = best_time(iterations, [&] {
#pragma omp parallel for schedule(static)
    for (long g = 0; g < groups; ++g) {
      const float *p = in + g * wg;
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (long j = 0; j < wg; ++j) s += p[j];
      partial[g] = s;
    }
  });
  for (long g = 0; g < groups; ++g) {
    float want = 0;
    for (long i = g * wg; i < (g + 1) * wg; ++i) want += input(i);
    if (partial[g] != want) {
      std::fprintf(stderr, "local_memory_omp: wg_reduce partial[%ld] = %g, want %g\n", g, partial[g], want);
      return 1;
    }
  }

  // wg_scan
  const double t_scan = best_time(iterations, [&] {
#pragma omp parallel for schedule(static)
    for (long g = 0; g < groups; ++g) {
      float run = 0;
      for (long j = g * wg; j < (g + 1) * wg; ++j) out[j] = run += in[j];
    }
  });
  float run_sum = 0;
  for (long i = 0; i < n; ++i) {
    run_sum = (i % wg ? run_sum : 0.0f) + input(i);
    if (out[i] != run_sum) {
      std::fprintf(stderr, "local_memory_omp: wg_scan[%ld] = %g, want %g\n", i, out[i], run_sum);
      return 1;
    }
  }

  // stencil: the interior of each block as one loop over i that vectorises
  // (the 17 taps unrolled), the elements within `radius` of the ends (zero
  // past them) on their own.
  const auto edge = [&](long i) {
    float s = 0;
    for (int j = -radius; j <= radius; ++j)
      s += weight(j) * (i + j >= 0 && i + j < n ? in[i + j] : 0.0f);
    out[i] = s;
  };
  const double t_stencil = best_time(iterations, [&] {
#pragma omp parallel for schedule(static)
    for (long g = 0; g < groups; ++g) {
      const long lo = std::max(g * wg, long(radius)), hi = std::min((g + 1) * wg, n - radius);
      for (long i = g * wg; i < lo; ++i) edge(i);
#pragma omp simd
      for (long i = lo; i < hi; ++i) {
        float s = 0;
#pragma GCC unroll 17
        for (int j = -radius; j <= radius; ++j) s += weight(j) * in[i + j];
        out[i] = s;
      }
      for (long i = std::max(hi, lo); i < (g + 1) * wg; ++i) edge(i);
    }
  });
  for (long i = 0; i < n; ++i) {
    float want = 0;
    for (int j = -radius; j <= radius; ++j)
      want += weight(j) * (i + j >= 0 && i + j < n ? input(i + j) : 0.0f);
    if (out[i] != want) {
      std::fprintf(stderr, "local_memory_omp: stencil[%ld] = %g, want %g\n", i, out[i], want);
      return 1;
    }
  }

  const double bytes = double(n) * sizeof(float) / 1e9;
  std::printf("local_memory,cpu,omp_wg_reduce_GBps,%.2f\n", bytes / t_reduce);
  std::printf("local_memory,cpu,omp_wg_scan_GBps,%.2f\n", 2 * bytes / t_scan);
  std::printf("local_memory,cpu,omp_stencil_GBps,%.2f\n", 2 * bytes / t_stencil);
  return 0;
}
