// sycl::reduction as programs use it: where the result lives (USM device
// memory, USM shared memory, a buffer), which operator and type (plus,
// minimum, maximum on int, float and double), which launch form (range,
// nd_range), several reductions in one kernel, and BabelStream's
// sycl2020-usm dot.
//
// Every row reduces an array of 2^log2 ints or floats or 2^(log2 - 1)
// doubles (the same bytes) into a result that starts at the identity
// (property::reduction::initialize_to_identity) and is read by the host, all
// inside the timed region -- what a call of the program costs:
//   usm_device_<op>_<type>   range form, result in malloc_device, copied back
//                            with q.memcpy(...).wait()
//   usm_shared_plus_double   range form, result in malloc_shared, q.wait()
//                            then the host reads it
//   buffer_plus_double       range form, input and result in buffers, the
//                            host reads the result through a host_accessor
//   nd_range_plus_float      nd_range<1>{n, 256}, result in malloc_device
//   multi_sum_min_max_float  one range kernel with three reductions (sum,
//                            minimum and maximum of the same array)
//   dot_usm_shared           BabelStream's sycl2020-usm dot, as written there:
//                            a default (out-of-order) queue, sum of a[i] * b[i]
//                            over two 2^(log2 - 1)-double device arrays into
//                            malloc_shared memory, queue.wait(), return *sum
//   dot_usm_shared_host_init the same, but the host writes *sum = 0 and the
//                            reduction has no initialize_to_identity (what
//                            the CUDA peer does: no fill before the kernel)
// All but the dots run on one in-order queue. Timed per call, minimum over the
// iterations after one warm-up. GB/s: bytes of input read (dot: both arrays).
// The data (zero-mean small multiples of 1/4 with one far minimum and one far
// maximum) make every sum exact in any order: the results are checked exactly
// (dot: 1e-8 relative).
//
// Prints: reductions,<device>,<row>_GBps,<GB/s>  for the rows above:
//   usm_device_plus_int usm_device_plus_float usm_device_plus_double
//   usm_device_min_int usm_device_min_float usm_device_max_float
//   usm_device_max_double usm_shared_plus_double buffer_plus_double
//   nd_range_plus_float multi_sum_min_max_float dot_usm_shared
//   dot_usm_shared_host_init
// and reductions,<device>,<row>_median_GBps,<GB/s> from the median call (the
// host-zeroed dot's calls are bimodal: a page fault of the managed result,
// docs/benchmarks.md), and exits 1 (a message on stderr) on a wrong result.
//
// Usage: reductions_sycl [log2 elements = 26] [iterations = 50]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace {

constexpr size_t wg = 256;
using clock_type = std::chrono::steady_clock;

template <typename F> double seconds(F &&f) {
  auto t0 = clock_type::now();
  f();
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// Element i of the input: (i % 7 - 3) / 4, with the minimum -1000.25 at
// n / 3 and the maximum 999.75 at n - n / 5 (ints: -3..3, -1000, 1000).
template <typename T> std::vector<T> make_input(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = std::is_integral_v<T> ? T(int(i % 7) - 3) : T(int(i % 7) - 3) / T(4);
  v[n / 3] = std::is_integral_v<T> ? T(-1000) : T(-1000.25);
  v[n - n / 5] = std::is_integral_v<T> ? T(1000) : T(999.75);
  return v;
}

struct expected {
  double sum = 0, min = 0, max = 0;
};
template <typename T> expected reference(const std::vector<T> &v) {
  expected e{0, double(v[0]), double(v[0])};
  for (T x : v) {
    e.sum += double(x);
    e.min = std::min(e.min, double(x));
    e.max = std::max(e.max, double(x));
  }
  return e;
}

// The calls of a row after the warm-up.
struct timing {
  std::vector<double> calls;
  void add(double seconds) { calls.push_back(seconds); }
  double min() const { return *std::min_element(calls.begin(), calls.end()); }
  double median() const {
    std::vector<double> v = calls;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  }
};

struct row {
  std::string name;
  timing time;
  double bytes;
};

int fail(const std::string &what, double got, double want) {
  std::fprintf(stderr, "reductions_sycl %s: %.17g, want %.17g\n", what.c_str(), got, want);
  return 1;
}

template <typename T, typename Op> double want_of(const expected &e) {
  if constexpr (std::is_same_v<Op, sycl::plus<T>>)
    return e.sum;
  else if constexpr (std::is_same_v<Op, sycl::minimum<T>>)
    return e.min;
  else
    return e.max;
}

// Range form, result in device USM: initialize_to_identity, the kernel, the
// copy of the result to the host.
template <typename T, typename Op>
int usm_device(sycl::queue &q, const char *name, const T *in, size_t n, const expected &e,
               int iterations, std::vector<row> &rows) {
  T *res = sycl::malloc_device<T>(1, q);
  T got{};
  timing best;
  const sycl::property::reduction::initialize_to_identity init;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::range<1>{n}, sycl::reduction(res, Op(), init),
                       [=](sycl::id<1> i, auto &r) { r.combine(in[i]); });
      });
      q.memcpy(&got, res, sizeof(T)).wait();
    });
    if (k) best.add(t);
  }
  sycl::free(res, q);
  const double want = want_of<T, Op>(e);
  if (double(got) != want) return fail(name, double(got), want);
  rows.push_back({name, best, double(n) * sizeof(T)});
  return 0;
}

// Range form, result in shared USM: q.wait(), then the host reads it.
int usm_shared(sycl::queue &q, const double *in, size_t n, const expected &e, int iterations,
               std::vector<row> &rows) {
  double *res = sycl::malloc_shared<double>(1, q);
  double got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::range<1>{n},
                       sycl::reduction(res, sycl::plus<double>(),
                                       sycl::property::reduction::initialize_to_identity{}),
                       [=](sycl::id<1> i, auto &r) { r += in[i]; });
      });
      q.wait();
      got = *res;
    });
    if (k) best.add(t);
  }
  sycl::free(res, q);
  if (got != e.sum) return fail("usm_shared_plus_double", got, e.sum);
  rows.push_back({"usm_shared_plus_double", best, double(n) * sizeof(double)});
  return 0;
}

// Range form, input and result in buffers; the result read through a
// host_accessor after each call.
int buffer(sycl::queue &q, const std::vector<double> &host, const expected &e, int iterations,
           std::vector<row> &rows) {
  const size_t n = host.size();
  double got = 0;
  timing best;
  {
    sycl::buffer<double, 1> in{host.data(), sycl::range<1>{n}};
    sycl::buffer<double, 1> res{sycl::range<1>{1}};
    for (int k = 0; k <= iterations; ++k) {
      const double t = seconds([&] {
        q.submit([&](sycl::handler &h) {
          sycl::accessor a{in, h, sycl::read_only};
          h.parallel_for(sycl::range<1>{n},
                         sycl::reduction(res, h, sycl::plus<double>(),
                                         sycl::property::reduction::initialize_to_identity{}),
                         [=](sycl::id<1> i, auto &r) { r += a[i]; });
        });
        sycl::host_accessor r{res, sycl::read_only};
        got = r[0];
      });
      if (k) best.add(t);
    }
  }
  if (got != e.sum) return fail("buffer_plus_double", got, e.sum);
  rows.push_back({"buffer_plus_double", best, double(n) * sizeof(double)});
  return 0;
}

// nd_range form: one element per work-item, work-groups of 256.
int nd_range_plus(sycl::queue &q, const float *in, size_t n, const expected &e, int iterations,
                  std::vector<row> &rows) {
  float *res = sycl::malloc_device<float>(1, q);
  float got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::nd_range<1>{n, wg},
                       sycl::reduction(res, sycl::plus<float>(),
                                       sycl::property::reduction::initialize_to_identity{}),
                       [=](sycl::nd_item<1> it, auto &r) { r += in[it.get_global_id(0)]; });
      });
      q.memcpy(&got, res, sizeof got).wait();
    });
    if (k) best.add(t);
  }
  sycl::free(res, q);
  if (double(got) != e.sum) return fail("nd_range_plus_float", got, e.sum);
  rows.push_back({"nd_range_plus_float", best, double(n) * sizeof(float)});
  return 0;
}

// Three reductions in one range kernel: sum, minimum and maximum.
int multi(sycl::queue &q, const float *in, size_t n, const expected &e, int iterations,
          std::vector<row> &rows) {
  float *res = sycl::malloc_device<float>(3, q);
  float got[3] = {};
  timing best;
  const sycl::property::reduction::initialize_to_identity init;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::range<1>{n}, sycl::reduction(res, sycl::plus<float>(), init),
                       sycl::reduction(res + 1, sycl::minimum<float>(), init),
                       sycl::reduction(res + 2, sycl::maximum<float>(), init),
                       [=](sycl::id<1> i, auto &sum, auto &lo, auto &hi) {
                         const float v = in[i];
                         sum += v;
                         lo.combine(v);
                         hi.combine(v);
                       });
      });
      q.memcpy(got, res, sizeof got).wait();
    });
    if (k) best.add(t);
  }
  sycl::free(res, q);
  if (double(got[0]) != e.sum) return fail("multi_sum_min_max_float sum", got[0], e.sum);
  if (double(got[1]) != e.min) return fail("multi_sum_min_max_float min", got[1], e.min);
  if (double(got[2]) != e.max) return fail("multi_sum_min_max_float max", got[2], e.max);
  rows.push_back({"multi_sum_min_max_float", best, double(n) * sizeof(float)});
  return 0;
}

// BabelStream (src/sycl2020-usm/SYCLStream2020.cpp), dot(): its own default
// queue, a and b initialised to 0.1 and 0.2 by a kernel. host_init: the
// host sets *sum = 0 and the reduction has no initialize_to_identity (the
// CUDA peer's order of work: no fill command before the kernel).
int dot(const sycl::device &dev, size_t n, int iterations, bool host_init,
        std::vector<row> &rows) {
  const char *name = host_init ? "dot_usm_shared_host_init" : "dot_usm_shared";
  sycl::queue queue{dev};
  double *a = sycl::malloc_device<double>(n, queue);
  double *b = sycl::malloc_device<double>(n, queue);
  double *sum = sycl::malloc_shared<double>(1, queue);
  if (!a || !b || !sum) {
    std::fprintf(stderr, "reductions_sycl: cannot allocate 2 x %zu doubles\n", n);
    return 1;
  }
  queue.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> idx) {
      a[idx] = 0.1;
      b[idx] = 0.2;
    });
  });
  queue.wait();
  double got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      if (host_init) {
        *sum = 0;
        queue.submit([&](sycl::handler &cgh) {
          cgh.parallel_for(sycl::range<1>{n}, sycl::reduction(sum, sycl::plus<double>()),
                           [a = a, b = b](sycl::id<1> idx, auto &sum) { sum += a[idx] * b[idx]; });
        });
      } else {
        queue.submit([&](sycl::handler &cgh) {
          cgh.parallel_for(sycl::range<1>{n},
                           sycl::reduction(sum, sycl::plus<double>(),
                                           sycl::property::reduction::initialize_to_identity{}),
                           [a = a, b = b](sycl::id<1> idx, auto &sum) { sum += a[idx] * b[idx]; });
        });
      }
      queue.wait();
      got = *sum;
    });
    if (k) best.add(t);
  }
  sycl::free(a, queue), sycl::free(b, queue), sycl::free(sum, queue);
  const double want = 0.1 * 0.2 * double(n);
  if (std::fabs(got - want) > 1e-8 * want) return fail(name, got, want);
  rows.push_back({name, best, 2.0 * double(n) * sizeof(double)});
  return 0;
}

template <typename T> T *to_device(sycl::queue &q, const std::vector<T> &v) {
  T *p = sycl::malloc_device<T>(v.size(), q);
  if (p) q.memcpy(p, v.data(), v.size() * sizeof(T)).wait();
  return p;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 10 || log2n > 32 || iterations < 1) {
    std::fprintf(stderr, "reductions_sycl: log2 elements must be in [10, 32], iterations >= 1\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n, nd = n / 2; // nd doubles: the same bytes
  sycl::queue q{sycl::property::queue::in_order()};
  const std::string device = q.get_device().get_info<sycl::info::device::name>();

  const std::vector<int> hi = make_input<int>(n);
  const std::vector<float> hf = make_input<float>(n);
  const std::vector<double> hd = make_input<double>(nd);
  const expected ei = reference(hi), ef = reference(hf), ed = reference(hd);
  int *di = to_device(q, hi);
  float *df = to_device(q, hf);
  double *dd = to_device(q, hd);
  if (!di || !df || !dd) {
    std::fprintf(stderr, "reductions_sycl: cannot allocate the inputs (2^%d elements)\n", log2n);
    return 1;
  }

  std::vector<row> rows;
  int rc = 0;
  using sycl::maximum, sycl::minimum, sycl::plus;
  rc |= usm_device<int, plus<int>>(q, "usm_device_plus_int", di, n, ei, iterations, rows);
  rc |= usm_device<float, plus<float>>(q, "usm_device_plus_float", df, n, ef, iterations, rows);
  rc |= usm_device<double, plus<double>>(q, "usm_device_plus_double", dd, nd, ed, iterations, rows);
  rc |= usm_device<int, minimum<int>>(q, "usm_device_min_int", di, n, ei, iterations, rows);
  rc |= usm_device<float, minimum<float>>(q, "usm_device_min_float", df, n, ef, iterations, rows);
  rc |= usm_device<float, maximum<float>>(q, "usm_device_max_float", df, n, ef, iterations, rows);
  rc |= usm_device<double, maximum<double>>(q, "usm_device_max_double", dd, nd, ed, iterations,
                                            rows);
  rc |= usm_shared(q, dd, nd, ed, iterations, rows);
  rc |= buffer(q, hd, ed, iterations, rows);
  rc |= nd_range_plus(q, df, n, ef, iterations, rows);
  rc |= multi(q, df, n, ef, iterations, rows);
  sycl::free(di, q), sycl::free(df, q), sycl::free(dd, q);
  rc |= dot(q.get_device(), nd, iterations, false, rows);
  rc |= dot(q.get_device(), nd, iterations, true, rows);

  for (const row &r : rows) {
    std::printf("reductions,%s,%s_GBps,%.1f\n", device.c_str(), r.name.c_str(),
                r.bytes / r.time.min() / 1e9);
    std::printf("reductions,%s,%s_median_GBps,%.1f\n", device.c_str(), r.name.c_str(),
                r.bytes / r.time.median() / 1e9);
  }
  return rc;
}
