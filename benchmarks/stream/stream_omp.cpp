// OpenMP peer of stream_sycl.cpp on the CPU: the same five kernels over N
// doubles (first-touch initialised in parallel), `omp parallel for` with a
// static schedule, timed the same way (minimum over the iterations after one
// warm-up). Built with g++ -O3 -fopenmp (benchmarks/run.sh).
//
// Prints: stream,<cpu>,omp_<kernel>_GBps,<GB/s>
// Usage: stream_omp [log2 elements = 28] [iterations = 50]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

namespace {
std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "cpu";
}
} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  const long n = long(1) << log2n;
  const double scalar = 3.0;
  std::unique_ptr<double[]> pa(new double[n]), pb(new double[n]), pc(new double[n]);
  double *a = pa.get(), *b = pb.get(), *c = pc.get();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) a[i] = 1.0, b[i] = 2.0, c[i] = 0.0;
  using clock_type = std::chrono::steady_clock;
  auto seconds = [](auto f) {
    auto t0 = clock_type::now();
    f();
    return std::chrono::duration<double>(clock_type::now() - t0).count();
  };
  double t_copy = 1e30, t_mul = 1e30, t_add = 1e30, t_triad = 1e30, t_dot = 1e30, result = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto keep = [&](double &best, double t) { if (k) best = std::min(best, t); };
    keep(t_copy, seconds([&] {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; ++i) c[i] = a[i];
    }));
    keep(t_mul, seconds([&] {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; ++i) b[i] = scalar * c[i];
    }));
    keep(t_add, seconds([&] {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; ++i) c[i] = a[i] + b[i];
    }));
    keep(t_triad, seconds([&] {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; ++i) a[i] = b[i] + scalar * c[i];
    }));
    keep(t_dot, seconds([&] {
      double s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
      for (long i = 0; i < n; ++i) s += a[i] * b[i];
      result = s;
    }));
  }
  const double want = a[0] * b[0] * double(n);
  if (std::fabs(result - want) > 1e-6 * std::fabs(want)) {
    std::fprintf(stderr, "stream_omp: dot %g, want %g\n", result, want);
    return 1;
  }
  const std::string name = cpu_name();
  const double w = double(n) * 8 / 1e9;
  std::printf("stream,%s,omp_copy_GBps,%.1f\n", name.c_str(), 2 * w / t_copy);
  std::printf("stream,%s,omp_mul_GBps,%.1f\n", name.c_str(), 2 * w / t_mul);
  std::printf("stream,%s,omp_add_GBps,%.1f\n", name.c_str(), 3 * w / t_add);
  std::printf("stream,%s,omp_triad_GBps,%.1f\n", name.c_str(), 3 * w / t_triad);
  std::printf("stream,%s,omp_dot_GBps,%.1f\n", name.c_str(), 2 * w / t_dot);
  return 0;
}
