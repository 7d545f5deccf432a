// Sub-group collectives at the speed of memory: a sum of N floats where each
// sub-group of 16 work-items reduces its 16 elements with reduce_over_group
// and its leader writes the result to the sub-group's partial (N / 16 of
// them; the host adds them up once the timing is done), and an
// inclusive_scan_over_group of the same N floats, each sub-group scanning its
// 16 elements (the output: N prefix sums restarting every 16 elements). Both kernels carry
// [[sycl::reqd_sub_group_size(16)]] (on the CPU: 16 float lanes, one AVX-512
// register; docs/runtime.md, "CPU backend"). A device without sub-group size
// 16 (NVIDIA GPUs: 32 only) runs the same kernels with
// reqd_sub_group_size(32); one with neither runs them without the attribute,
// at its default width. The width that ran is printed (sg_size).
//
// Timed as submit + wait of the kernel, minimum over the iterations after a
// warm-up. GB/s: the N floats read (reduction; the partials add 1/16 more
// written), read + written (scan).
//
// Prints: sub_group_reduce,<device>,sg_size,<width>
//         sub_group_reduce,<device>,reduce_GBps,<GB/s>
//         sub_group_reduce,<device>,scan_GBps,<GB/s>
// Usage: sub_group_reduce_sycl [log2 elements = 26] [iterations = 50]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr size_t wg = 256;

using clock_type = std::chrono::steady_clock;
double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// Submits the reduction (S = 0: no reqd_sub_group_size).
template <int S> void reduce(sycl::queue &q, const float *in, float *partial, size_t n) {
  auto body = [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const float s = sycl::reduce_over_group(sg, in[it.get_global_id(0)], sycl::plus<float>());
    if (sg.leader())
      partial[it.get_group(0) * sg.get_group_linear_range() + sg.get_group_linear_id()] = s;
  };
  if constexpr (S == 0)
    q.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) { body(it); });
  else
    q.parallel_for(sycl::nd_range<1>{n, wg},
                   [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] { body(it); });
}

template <int S> void scan(sycl::queue &q, const float *in, float *out, size_t n) {
  auto body = [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    out[i] = sycl::inclusive_scan_over_group(it.get_sub_group(), in[i], sycl::plus<float>());
  };
  if constexpr (S == 0)
    q.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) { body(it); });
  else
    q.parallel_for(sycl::nd_range<1>{n, wg},
                   [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] { body(it); });
}

// The width a kernel without reqd_sub_group_size runs with.
size_t default_width(sycl::queue &q) {
  uint32_t *w = sycl::malloc_shared<uint32_t>(1, q);
  q.parallel_for(sycl::nd_range<1>{wg, wg}, [=](sycl::nd_item<1> it) {
     if (it.get_local_linear_id() == 0) *w = uint32_t(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  const size_t r = *w;
  sycl::free(w, q);
  return r;
}

template <int S> int run(sycl::queue &q, size_t width, int log2n, int iterations) {
  const size_t n = size_t(1) << log2n, subgroups = n / width;
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  float *in = sycl::malloc_device<float>(n, q), *out = sycl::malloc_device<float>(n, q);
  float *partial = sycl::malloc_device<float>(subgroups, q);
  if (!in || !out || !partial) {
    std::fprintf(stderr, "sub_group_reduce_sycl: cannot allocate 2 x %zu floats\n", n);
    return 1;
  }
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { in[i] = float(i % 7); }).wait();

  double best_reduce = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    q.memset(partial, 0xff, subgroups * sizeof(float)).wait(); // NaN: every partial must be written
    auto t0 = clock_type::now();
    reduce<S>(q, in, partial, n);
    q.wait();
    const double t = since(t0);
    if (k) best_reduce = std::min(best_reduce, t);
  }
  std::vector<float> host(subgroups);
  q.memcpy(host.data(), partial, subgroups * sizeof(float)).wait();
  double total = 0;
  for (float p : host) total += p;
  double want = 0;
  for (size_t r = 0; r < 7; ++r) want += double(r) * double(n / 7 + (r < n % 7 ? 1 : 0));
  if (total != want) {
    std::fprintf(stderr, "sub_group_reduce_sycl: sum %.17g, want %.17g (width %zu)\n", total, want, width);
    return 1;
  }

  double best_scan = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    scan<S>(q, in, out, n);
    q.wait();
    const double t = since(t0);
    if (k) best_scan = std::min(best_scan, t);
  }
  // Segments of `width` elements, each scanned from its start.
  std::vector<float> got(n);
  q.memcpy(got.data(), out, n * sizeof(float)).wait();
  float run_sum = 0;
  for (size_t i = 0; i < n; ++i) {
    run_sum = (i % width ? run_sum : 0.0f) + float(i % 7);
    if (got[i] != run_sum) {
      std::fprintf(stderr, "sub_group_reduce_sycl: scan[%zu] = %g, want %g (width %zu)\n", i, got[i],
                   run_sum, width);
      return 1;
    }
  }

  std::printf("sub_group_reduce,%s,sg_size,%zu\n", device.c_str(), width);
  std::printf("sub_group_reduce,%s,reduce_GBps,%.2f\n", device.c_str(),
              double(n) * sizeof(float) / best_reduce / 1e9);
  std::printf("sub_group_reduce,%s,scan_GBps,%.2f\n", device.c_str(),
              2.0 * double(n) * sizeof(float) / best_scan / 1e9);
  sycl::free(in, q), sycl::free(out, q), sycl::free(partial, q);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 34) {
    std::fprintf(stderr, "sub_group_reduce_sycl: log2 elements must be in [8, 34]\n");
    return 2;
  }
  sycl::queue q{sycl::property::queue::in_order()};
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  auto has = [&](size_t s) { return std::find(sizes.begin(), sizes.end(), s) != sizes.end(); };
  if (has(16)) return run<16>(q, 16, log2n, iterations);
  if (has(32)) return run<32>(q, 32, log2n, iterations);
  const size_t w = default_width(q);
  std::fprintf(stderr,
               "sub_group_reduce_sycl: the device has no sub-group size 16 or 32: "
               "running without reqd_sub_group_size (width %zu)\n", w);
  if (w == 0 || wg % w) return 1;
  return run<0>(q, w, log2n, iterations);
}
