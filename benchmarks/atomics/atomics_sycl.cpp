// sycl::atomic_ref at the speed of memory: a histogram of N ints into 256
// bins (bin = value & 255; the values are a hash of the index, so the bins
// are uniformly hit), three ways:
//   global_relaxed  one work-item per element, fetch_add(1) on the global
//                   histogram through atomic_ref<int, memory_order::relaxed,
//                   memory_scope::device, global_space>
//   global_acq_rel  the same with memory_order::acq_rel
//   local           8 work-groups of 256 per compute unit walking the input
//                   with a grid stride, each counting into its own histogram
//                   in a local_accessor (atomic_ref<int, relaxed,
//                   memory_scope::work_group, local_space>), then adding its
//                   non-zero bins into the global histogram (relaxed, device)
// Timed as submit + wait of the kernel (the histogram is zeroed before, out
// of the timing), minimum over the iterations after one warm-up. GB/s: the
// N ints read. Every histogram is checked against the host's.
//
// Prints: atomics,<device>,global_relaxed_GBps,<GB/s>
//         atomics,<device>,global_acq_rel_GBps,<GB/s>
//         atomics,<device>,local_GBps,<GB/s>
// and exits 1 (a message on stderr) on a wrong histogram.
//
// Usage: atomics_sycl [log2 elements = 26] [iterations = 50]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr size_t wg = 256, bins = 256;
using clock_type = std::chrono::steady_clock;

// The input: a hash of the index (the same in atomics_cuda.cu).
int value_of(uint32_t i) {
  uint32_t x = i;
  x ^= x >> 16, x *= 0x7feb352du;
  x ^= x >> 15, x *= 0x846ca68bu;
  x ^= x >> 16;
  return int(x & 0x7fffffffu);
}

using sycl::access::address_space;
using sycl::memory_order;
using sycl::memory_scope;

template <memory_order Order>
void global_histogram(sycl::queue &q, const int *in, int *hist, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) {
    sycl::atomic_ref<int, Order, memory_scope::device, address_space::global_space> bin(
        hist[in[i] & (bins - 1)]);
    bin.fetch_add(1);
  });
}

void local_histogram(sycl::queue &q, const int *in, int *hist, size_t n, size_t groups) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> local{sycl::range<1>{bins}, h};
    h.parallel_for(sycl::nd_range<1>{groups * wg, wg}, [=](sycl::nd_item<1> it) {
      const size_t l = it.get_local_id(0); // wg == bins: one bin per work-item
      local[l] = 0;
      sycl::group_barrier(it.get_group());
      for (size_t i = it.get_global_id(0); i < n; i += it.get_global_range(0)) {
        sycl::atomic_ref<int, memory_order::relaxed, memory_scope::work_group,
                         address_space::local_space>
            bin(local[in[i] & (bins - 1)]);
        bin.fetch_add(1);
      }
      sycl::group_barrier(it.get_group());
      if (const int c = local[l])
        sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device,
                         address_space::global_space>(hist[l])
            .fetch_add(c);
    });
  });
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 31 || iterations < 1) {
    std::fprintf(stderr, "atomics_sycl: log2 elements must be in [8, 31], iterations >= 1\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n;
  sycl::queue q{sycl::property::queue::in_order()};
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  const size_t groups =
      8 * size_t(q.get_device().get_info<sycl::info::device::max_compute_units>());

  std::vector<int> host(n), want(bins, 0);
  for (size_t i = 0; i < n; ++i) {
    host[i] = value_of(uint32_t(i));
    ++want[host[i] & (bins - 1)];
  }
  int *in = sycl::malloc_device<int>(n, q), *hist = sycl::malloc_device<int>(bins, q);
  if (!in || !hist) {
    std::fprintf(stderr, "atomics_sycl: cannot allocate %zu ints\n", n);
    return 1;
  }
  q.memcpy(in, host.data(), n * sizeof(int)).wait();

  struct variant {
    const char *name;
    void (*run)(sycl::queue &, const int *, int *, size_t, size_t);
  };
  const variant variants[] = {
      {"global_relaxed",
       [](sycl::queue &q, const int *in, int *hist, size_t n, size_t) {
         global_histogram<memory_order::relaxed>(q, in, hist, n);
       }},
      {"global_acq_rel",
       [](sycl::queue &q, const int *in, int *hist, size_t n, size_t) {
         global_histogram<memory_order::acq_rel>(q, in, hist, n);
       }},
      {"local", local_histogram},
  };
  int rc = 0;
  for (const variant &v : variants) {
    double best = 1e30;
    for (int k = 0; k <= iterations; ++k) {
      q.memset(hist, 0, bins * sizeof(int)).wait();
      auto t0 = clock_type::now();
      v.run(q, in, hist, n, groups);
      q.wait();
      const double t = std::chrono::duration<double>(clock_type::now() - t0).count();
      if (k) best = std::min(best, t);
    }
    std::vector<int> got(bins);
    q.memcpy(got.data(), hist, bins * sizeof(int)).wait();
    for (size_t b = 0; b < bins; ++b)
      if (got[b] != want[b]) {
        std::fprintf(stderr, "atomics_sycl %s: bin %zu holds %d, want %d\n", v.name, b, got[b],
                     want[b]);
        rc = 1;
        break;
      }
    if (got == want)
      std::printf("atomics,%s,%s_GBps,%.1f\n", device.c_str(), v.name,
                  double(n) * sizeof(int) / best / 1e9);
  }
  sycl::free(in, q), sycl::free(hist, q);
  return rc;
}
