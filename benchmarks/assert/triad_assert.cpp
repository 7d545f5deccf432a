// Cost of device-side assert (seed 000, docs/assert.md): STREAM triad
// a = b + s * c over 2^26 doubles in USM device memory, once with an assert
// in the kernel that never fails (this TU) and once compiled with NDEBUG
// (triad_ndebug.cpp, the same kernel source). Built with
// -fsycl-device-code-split=per_kernel so that each kernel has its own image
// (isAssertEnabled is per image). Alternates the two, keeps the minimum time
// of each over the iterations, and prints one CSV line per figure:
//
//   triad,<device>,ndebug_GBps,<GB/s>
//   triad,<device>,assert_GBps,<GB/s>
//   triad,<device>,assert_over_ndebug_time,<ratio>   (target: <= 1.03)
//   triad,<device>,check_GBps,<GB/s>
//   triad,<device>,assert_over_check_time,<ratio>
//
// "check" is the NDEBUG kernel with the assert's condition tested by hand
// (`if (!(b[i] >= 0)) __builtin_trap();`): the same branch without usycl's
// assert machinery, so assert_over_check is what the runtime and the
// fallback cost on top of the check itself. (On the CPU the check alone
// keeps the compiler from vectorising the loop, with or without usycl;
// docs/assert.md has numbers.)
//
// Usage: triad_assert [log2 elements = 26] [iterations = 20]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TRIAD_FUNCTION triad_assert
#include "triad_kernel.hpp"

sycl::event triad_ndebug(sycl::queue &q, double *a, const double *b, const double *c, double s,
                         size_t n);
sycl::event triad_check(sycl::queue &q, double *a, const double *b, const double *c, double s,
                        size_t n);

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  const size_t n = size_t(1) << log2n;
  const double s = 3.0;
  sycl::queue q{sycl::property::queue::in_order()};
  double *a = sycl::malloc_device<double>(n, q);
  double *b = sycl::malloc_device<double>(n, q);
  double *c = sycl::malloc_device<double>(n, q);
  if (!a || !b || !c) {
    std::fprintf(stderr, "triad_assert: cannot allocate 3 x %zu doubles\n", n);
    return 1;
  }
  q.fill(b, 1.0, n);
  q.fill(c, 2.0, n);
  q.fill(a, 0.0, n);
  q.wait_and_throw();

  using clock = std::chrono::steady_clock;
  auto time = [&](auto fn) {
    auto t0 = clock::now();
    fn(q, a, b, c, s, n).wait_and_throw();
    return std::chrono::duration<double>(clock::now() - t0).count();
  };
  // Warm up both (module load, first-launch setup, page faults).
  time(triad_assert);
  time(triad_ndebug);
  time(triad_check);
  double best_assert = 1e30, best_ndebug = 1e30, best_check = 1e30;
  for (int it = 0; it < iterations; ++it) {
    best_ndebug = std::min(best_ndebug, time(triad_ndebug));
    best_assert = std::min(best_assert, time(triad_assert));
    best_check = std::min(best_check, time(triad_check));
  }

  // Check the result: every a[i] = 1 + 3 * 2.
  std::vector<double> host(n);
  q.memcpy(host.data(), a, n * sizeof(double)).wait();
  for (size_t i = 0; i < n; i += 4099)
    if (host[i] != 7.0) {
      std::fprintf(stderr, "triad_assert: a[%zu] = %g, expected 7\n", i, host[i]);
      return 1;
    }

  const double bytes = 3.0 * sizeof(double) * double(n);
  std::string name = q.get_device().get_info<sycl::info::device::name>();
  std::printf("triad,%s,ndebug_GBps,%.1f\n", name.c_str(), bytes / best_ndebug / 1e9);
  std::printf("triad,%s,assert_GBps,%.1f\n", name.c_str(), bytes / best_assert / 1e9);
  std::printf("triad,%s,assert_over_ndebug_time,%.4f\n", name.c_str(), best_assert / best_ndebug);
  std::printf("triad,%s,check_GBps,%.1f\n", name.c_str(), bytes / best_check / 1e9);
  std::printf("triad,%s,assert_over_check_time,%.4f\n", name.c_str(), best_assert / best_check);
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  return 0;
}
