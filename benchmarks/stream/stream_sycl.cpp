// STREAM (McCalpin) in SYCL: copy, mul, add, triad and dot over N doubles,
// in two variants -- USM device allocations, and buffers with accessors --
// timed per kernel as submit + wait, minimum over the iterations (the first
// run of each kernel is a warm-up). Bandwidth counts the bytes each kernel
// must move (copy/mul 2N, add/triad 3N, dot 2N doubles).
//
// Prints one CSV line per figure:  stream,<device>,<variant>_<kernel>_GBps,<GB/s>
// and checks the results (exits 1 on a wrong value).
//
// Usage: stream_sycl [log2 elements = 28] [iterations = 50] [usm|buffer|all]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr double scalar = 3.0;
using clock_type = std::chrono::steady_clock;

struct figures {
  double copy = 1e30, mul = 1e30, add = 1e30, triad = 1e30, dot = 1e30;
};

template <typename F> double seconds(F &&f) {
  auto t0 = clock_type::now();
  f();
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// After `iterations` rounds of copy, mul, add, triad from a=1, b=2, c=0 the
// arrays hold the same values as this scalar model (STREAM's own check).
void expected_values(int iterations, double &a, double &b, double &c) {
  a = 1.0, b = 2.0, c = 0.0;
  for (int k = 0; k < iterations; ++k) {
    c = a;
    b = scalar * c;
    c = a + b;
    a = b + scalar * c;
  }
}

bool close(double x, double want, double tolerance = 1e-8) {
  return std::fabs(x - want) <= tolerance * std::fabs(want);
}

int check(const char *variant, const std::vector<double> &a, const std::vector<double> &b,
          const std::vector<double> &c, int rounds, double dot, double dot_want) {
  double ea, eb, ec;
  expected_values(rounds, ea, eb, ec);
  for (size_t i = 0; i < a.size(); i += 1 + a.size() / 4099)
    if (!close(a[i], ea) || !close(b[i], eb) || !close(c[i], ec)) {
      std::fprintf(stderr, "stream_sycl %s: wrong value at %zu: %g %g %g, want %g %g %g\n", variant,
                   i, a[i], b[i], c[i], ea, eb, ec);
      return 1;
    }
  if (!close(dot, dot_want, 1e-6)) { // a sum of n products
    std::fprintf(stderr, "stream_sycl %s: dot %g, want %g\n", variant, dot, dot_want);
    return 1;
  }
  return 0;
}

void print(const std::string &device, const char *variant, const figures &f, size_t n) {
  const double w = double(n) * sizeof(double) / 1e9;
  std::printf("stream,%s,%s_copy_GBps,%.1f\n", device.c_str(), variant, 2 * w / f.copy);
  std::printf("stream,%s,%s_mul_GBps,%.1f\n", device.c_str(), variant, 2 * w / f.mul);
  std::printf("stream,%s,%s_add_GBps,%.1f\n", device.c_str(), variant, 3 * w / f.add);
  std::printf("stream,%s,%s_triad_GBps,%.1f\n", device.c_str(), variant, 3 * w / f.triad);
  std::printf("stream,%s,%s_dot_GBps,%.1f\n", device.c_str(), variant, 2 * w / f.dot);
}

int run_usm(sycl::queue &q, size_t n, int iterations, const std::string &device) {
  double *a = sycl::malloc_device<double>(n, q);
  double *b = sycl::malloc_device<double>(n, q);
  double *c = sycl::malloc_device<double>(n, q);
  double *sum = sycl::malloc_device<double>(1, q);
  if (!a || !b || !c || !sum) {
    std::fprintf(stderr, "stream_sycl usm: cannot allocate 3 x %zu doubles\n", n);
    return 1;
  }
  q.fill(a, 1.0, n);
  q.fill(b, 2.0, n);
  q.fill(c, 0.0, n);
  q.wait_and_throw();
  const sycl::range<1> r{n};
  figures f;
  double dot = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto keep = [&](double &best, double t) { if (k) best = std::min(best, t); };
    keep(f.copy, seconds([&] { q.parallel_for(r, [=](sycl::id<1> i) { c[i] = a[i]; }).wait(); }));
    keep(f.mul, seconds([&] { q.parallel_for(r, [=](sycl::id<1> i) { b[i] = scalar * c[i]; }).wait(); }));
    keep(f.add, seconds([&] { q.parallel_for(r, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait(); }));
    keep(f.triad, seconds([&] {
      q.parallel_for(r, [=](sycl::id<1> i) { a[i] = b[i] + scalar * c[i]; }).wait();
    }));
    keep(f.dot, seconds([&] {
      q.memset(sum, 0, sizeof(double)); // as the CUDA peer's cudaMemsetAsync
      q.parallel_for(r, sycl::reduction(sum, sycl::plus<double>()),
                     [=](sycl::id<1> i, auto &acc) { acc += a[i] * b[i]; });
      q.memcpy(&dot, sum, sizeof dot).wait();
    }));
  }
  std::vector<double> ha(n), hb(n), hc(n);
  q.memcpy(ha.data(), a, n * sizeof(double));
  q.memcpy(hb.data(), b, n * sizeof(double));
  q.memcpy(hc.data(), c, n * sizeof(double));
  q.wait_and_throw();
  sycl::free(a, q), sycl::free(b, q), sycl::free(c, q), sycl::free(sum, q);
  if (check("usm", ha, hb, hc, iterations + 1, dot, ha[0] * hb[0] * double(n))) return 1;
  print(device, "usm", f, n);
  return 0;
}

int run_buffer(sycl::queue &q, size_t n, int iterations, const std::string &device) {
  std::vector<double> ha(n, 1.0), hb(n, 2.0), hc(n, 0.0);
  double dot = 0;
  figures f;
  {
    sycl::buffer<double, 1> A{ha.data(), sycl::range<1>{n}}, B{hb.data(), sycl::range<1>{n}},
        C{hc.data(), sycl::range<1>{n}};
    sycl::buffer<double, 1> S{&dot, sycl::range<1>{1}};
    const sycl::range<1> r{n};
    using sycl::access_mode;
    for (int k = 0; k <= iterations; ++k) {
      auto keep = [&](double &best, double t) { if (k) best = std::min(best, t); };
      keep(f.copy, seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor a{A, h, sycl::read_only};
          sycl::accessor c{C, h, sycl::write_only, sycl::no_init};
          h.parallel_for(r, [=](sycl::id<1> i) { c[i] = a[i]; });
        }).wait();
      }));
      keep(f.mul, seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor c{C, h, sycl::read_only};
          sycl::accessor b{B, h, sycl::write_only, sycl::no_init};
          h.parallel_for(r, [=](sycl::id<1> i) { b[i] = scalar * c[i]; });
        }).wait();
      }));
      keep(f.add, seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor a{A, h, sycl::read_only};
          sycl::accessor b{B, h, sycl::read_only};
          sycl::accessor c{C, h, sycl::write_only, sycl::no_init};
          h.parallel_for(r, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; });
        }).wait();
      }));
      keep(f.triad, seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor b{B, h, sycl::read_only};
          sycl::accessor c{C, h, sycl::read_only};
          sycl::accessor a{A, h, sycl::write_only, sycl::no_init};
          h.parallel_for(r, [=](sycl::id<1> i) { a[i] = b[i] + scalar * c[i]; });
        }).wait();
      }));
      keep(f.dot, seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor a{A, h, sycl::read_only};
          sycl::accessor b{B, h, sycl::read_only};
          auto red = sycl::reduction(S, h, sycl::plus<double>(),
                                     sycl::property::reduction::initialize_to_identity{});
          h.parallel_for(r, red, [=](sycl::id<1> i, auto &acc) { acc += a[i] * b[i]; });
        }).wait();
      }));
    }
    sycl::host_accessor s{S, sycl::read_only};
    dot = s[0];
  } // write-back of A, B, C
  if (check("buffer", ha, hb, hc, iterations + 1, dot, ha[0] * hb[0] * double(n))) return 1;
  print(device, "buffer", f, n);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  const std::string which = argc > 3 ? argv[3] : "all";
  const size_t n = size_t(1) << log2n;
  sycl::queue q{sycl::property::queue::in_order()};
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  int rc = 0;
  if (which == "usm" || which == "all") rc |= run_usm(q, n, iterations, device);
  if (which == "buffer" || which == "all") rc |= run_buffer(q, n, iterations, device);
  return rc;
}
