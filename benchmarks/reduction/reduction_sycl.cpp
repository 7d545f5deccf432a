// Work-group tree reduction with local memory and barriers (the CPU backend
// runs it through its fiber path): each work-group of 256 work-items sums
// its slice of N doubles in local memory, one partial sum per group; the
// host adds the partials. Timed as submit + wait + copy of the partials,
// minimum over the iterations after a warm-up.
//
// Prints: reduction,<device>,ndrange_GBps,<GB/s of input read>
// Usage: reduction_sycl [log2 elements = 26] [iterations = 50]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  constexpr size_t wg = 256;
  const size_t n = size_t(1) << log2n, groups = n / wg;
  sycl::queue q{sycl::property::queue::in_order()};
  double *in = sycl::malloc_device<double>(n, q);
  double *partial = sycl::malloc_device<double>(groups, q);
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { in[i] = double(i % 7); }).wait();
  std::vector<double> host(groups);
  double best = 1e30, total = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = std::chrono::steady_clock::now();
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<double, 1> scratch{sycl::range<1>{wg}, h};
      h.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) {
        const size_t l = it.get_local_id(0);
        scratch[l] = in[it.get_global_id(0)];
        for (size_t w = wg / 2; w > 0; w /= 2) {
          sycl::group_barrier(it.get_group());
          if (l < w) scratch[l] += scratch[l + w];
        }
        if (l == 0) partial[it.get_group(0)] = scratch[0];
      });
    });
    q.memcpy(host.data(), partial, groups * sizeof(double)).wait();
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (k) best = std::min(best, t);
    total = 0;
    for (double p : host) total += p;
  }
  double want = 0;
  for (size_t r = 0; r < 7; ++r) want += double(r) * double(n / 7 + (r < n % 7 ? 1 : 0));
  if (std::fabs(total - want) > 1e-9 * want) {
    std::fprintf(stderr, "reduction_sycl: sum %.17g, want %.17g\n", total, want);
    return 1;
  }
  std::printf("reduction,%s,ndrange_GBps,%.2f\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(),
              double(n) * sizeof(double) / best / 1e9);
  sycl::free(in, q), sycl::free(partial, q);
  return 0;
}
