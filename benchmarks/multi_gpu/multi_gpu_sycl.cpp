// Several GPUs in one process (issue 22), SYCL side:
//
//   triad    STREAM's triad a = b + 3 c over N doubles, first on GPU 0 alone
//            (the whole arrays), then with the arrays split over every GPU
//            (each its share, in its own memory, a queue per GPU in one
//            context of all of them): the kernels of all GPUs are submitted,
//            then all waited for, and that is timed (min over the iterations
//            after a warm-up). GB/s count 3 N doubles; the scaling is the
//            ratio of the two.
//   peer     queue::memcpy of M MiB from GPU 0's device memory to GPU 1's on
//            GPU 0's queue (peer_01) and back on GPU 1's queue (peer_10),
//            submit + wait, min over the iterations after a warm-up (the
//            first copy between two GPUs also enables peer access). Every
//            copy is checked on the receiving GPU by a kernel.
//
// Prints CSV lines  multi_gpu,<device>,<metric>,<value>  with metrics gpus,
// triad_1gpu_GBps, and with two GPUs or more triad_multi_GBps,
// triad_scaling, peer_01_GBps, peer_10_GBps. Exits 1 on a wrong result.
// USYCL_CUDA_PEER_ACCESS=0 measures the copies through the host.
//
// Usage: multi_gpu_sycl [log2 elements = 28] [iterations = 20] [copy MiB = 1024]
//                       [all|triad|peer]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr double scalar = 3.0;
using clock_type = std::chrono::steady_clock;

double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

struct share {
  sycl::queue *q;
  size_t n;
  double *a, *b, *c;
};

// Allocates and initialises a share of the arrays (b = 2, c = 1).
bool make_share(share &s) {
  s.a = sycl::malloc_device<double>(s.n, *s.q);
  s.b = sycl::malloc_device<double>(s.n, *s.q);
  s.c = sycl::malloc_device<double>(s.n, *s.q);
  if (!s.a || !s.b || !s.c) return false;
  s.q->fill(s.a, 0.0, s.n);
  s.q->fill(s.b, 2.0, s.n);
  s.q->fill(s.c, 1.0, s.n);
  s.q->wait_and_throw();
  return true;
}

void free_share(share &s) {
  sycl::free(s.a, *s.q);
  sycl::free(s.b, *s.q);
  sycl::free(s.c, *s.q);
}

void triad_on(share &s) {
  double *a = s.a;
  const double *b = s.b, *c = s.c;
  s.q->parallel_for(sycl::range<1>{s.n}, [=](sycl::id<1> i) { a[i] = b[i] + scalar * c[i]; });
}

// Counts the elements of each share's a that are not b + 3 c (= 5).
size_t wrong_values(std::vector<share> &shares) {
  size_t wrong = 0;
  for (auto &s : shares) {
    unsigned long long *count = sycl::malloc_device<unsigned long long>(1, *s.q);
    s.q->memset(count, 0, sizeof *count);
    const double *a = s.a;
    s.q->parallel_for(sycl::range<1>{s.n}, [=](sycl::id<1> i) {
      if (a[i] != 2.0 + scalar * 1.0)
        sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed,
                         sycl::memory_scope::device>(*count)
            .fetch_add(1);
    });
    unsigned long long host = 0;
    s.q->memcpy(&host, count, sizeof host).wait_and_throw();
    sycl::free(count, *s.q);
    wrong += host;
  }
  return wrong;
}

// The seconds of the fastest round of the triad on every share at once.
double time_triad(std::vector<share> &shares, int iterations) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    for (auto &s : shares) triad_on(s);
    for (auto &s : shares) s.q->wait_and_throw();
    if (k) best = std::min(best, since(t0));
  }
  return best;
}

// Returns 0 when the results were right.
int run_triad(std::vector<sycl::queue> &q, size_t n, int iterations, const std::string &device) {
  const double gb = 3.0 * double(n) * sizeof(double) / 1e9;
  double single = 0;
  {
    std::vector<share> one{{&q[0], n, nullptr, nullptr, nullptr}};
    if (!make_share(one[0])) {
      std::fprintf(stderr, "multi_gpu_sycl: cannot allocate 3 x %zu doubles on GPU 0\n", n);
      return 1;
    }
    single = gb / time_triad(one, iterations);
    const size_t wrong = wrong_values(one);
    free_share(one[0]);
    if (wrong) {
      std::fprintf(stderr, "multi_gpu_sycl: triad on one GPU: %zu wrong values\n", wrong);
      return 1;
    }
  }
  std::printf("multi_gpu,%s,triad_1gpu_GBps,%.1f\n", device.c_str(), single);
  if (q.size() < 2) return 0;
  std::vector<share> split;
  for (size_t p = 0; p < q.size(); ++p) {
    const size_t first = n * p / q.size(), last = n * (p + 1) / q.size();
    split.push_back({&q[p], last - first, nullptr, nullptr, nullptr});
    if (!make_share(split.back())) {
      std::fprintf(stderr, "multi_gpu_sycl: cannot allocate a share on GPU %zu\n", p);
      return 1;
    }
  }
  const double multi = gb / time_triad(split, iterations);
  const size_t wrong = wrong_values(split);
  for (auto &s : split) free_share(s);
  if (wrong) {
    std::fprintf(stderr, "multi_gpu_sycl: triad on %zu GPUs: %zu wrong values\n", q.size(),
                 wrong);
    return 1;
  }
  std::printf("multi_gpu,%s,triad_multi_GBps,%.1f\n", device.c_str(), multi);
  std::printf("multi_gpu,%s,triad_scaling,%.3f\n", device.c_str(), multi / single);
  return 0;
}

// Fills words [0, count) of p with a pattern of their index.
void pattern(sycl::queue &q, uint32_t *p, size_t count) {
  q.parallel_for(sycl::range<1>{count}, [=](sycl::id<1> i) {
    p[i] = uint32_t(i[0]) * 2654435761u + 12345u;
  });
}

size_t pattern_errors(sycl::queue &q, const uint32_t *p, size_t count) {
  unsigned long long *bad = sycl::malloc_device<unsigned long long>(1, q);
  q.memset(bad, 0, sizeof *bad);
  q.parallel_for(sycl::range<1>{count}, [=](sycl::id<1> i) {
    if (p[i] != uint32_t(i[0]) * 2654435761u + 12345u)
      sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed,
                       sycl::memory_scope::device>(*bad)
          .fetch_add(1);
  });
  unsigned long long host = 0;
  q.memcpy(&host, bad, sizeof host).wait_and_throw();
  sycl::free(bad, q);
  return host;
}

// Seconds of the fastest of `iterations` copies (after a warm-up).
double time_copy(sycl::queue &q, void *dst, const void *src, size_t bytes, int iterations) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    q.memcpy(dst, src, bytes).wait_and_throw();
    if (k) best = std::min(best, since(t0));
  }
  return best;
}

int run_peer(std::vector<sycl::queue> &q, size_t bytes, int iterations, const std::string &device) {
  if (q.size() < 2) return 0;
  const size_t words = bytes / sizeof(uint32_t);
  bytes = words * sizeof(uint32_t);
  uint32_t *src0 = sycl::malloc_device<uint32_t>(words, q[0]);
  uint32_t *back0 = sycl::malloc_device<uint32_t>(words, q[0]);
  uint32_t *dst1 = sycl::malloc_device<uint32_t>(words, q[1]);
  if (!src0 || !back0 || !dst1) {
    std::fprintf(stderr, "multi_gpu_sycl: cannot allocate %zu bytes for the copies\n", bytes);
    return 1;
  }
  pattern(q[0], src0, words);
  q[0].memset(back0, 0, bytes);
  q[1].memset(dst1, 0, bytes);
  q[0].wait_and_throw();
  q[1].wait_and_throw();
  const double t01 = time_copy(q[0], dst1, src0, bytes, iterations); // GPU 0 pushes
  const size_t bad01 = pattern_errors(q[1], dst1, words);
  const double t10 = time_copy(q[1], back0, dst1, bytes, iterations); // GPU 1 pushes
  const size_t bad10 = pattern_errors(q[0], back0, words);
  sycl::free(src0, q[0]);
  sycl::free(back0, q[0]);
  sycl::free(dst1, q[1]);
  if (bad01 || bad10) {
    std::fprintf(stderr, "multi_gpu_sycl: peer copies: %zu wrong words 0 -> 1, %zu 1 -> 0\n",
                 bad01, bad10);
    return 1;
  }
  std::printf("multi_gpu,%s,peer_01_GBps,%.1f\n", device.c_str(), double(bytes) / 1e9 / t01);
  std::printf("multi_gpu,%s,peer_10_GBps,%.1f\n", device.c_str(), double(bytes) / 1e9 / t10);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  const size_t copy_mib = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1024;
  const std::string which = argc > 4 ? argv[4] : "all";
  const size_t n = size_t(1) << log2n;

  std::vector<sycl::device> gpus;
  for (const auto &d : sycl::device::get_devices(sycl::info::device_type::gpu))
    if (d.get_backend() == sycl::backend::ext_oneapi_cuda) gpus.push_back(d);
  if (gpus.empty()) {
    std::fprintf(stderr, "multi_gpu_sycl: no CUDA GPU\n");
    return 1;
  }
  const std::string device = gpus[0].get_info<sycl::info::device::name>();
  std::printf("multi_gpu,%s,gpus,%zu\n", device.c_str(), gpus.size());
  sycl::context ctx{gpus};
  std::vector<sycl::queue> q;
  for (const auto &d : gpus) q.emplace_back(ctx, d, sycl::property::queue::in_order());

  int rc = 0;
  try {
    if (which == "all" || which == "triad") rc |= run_triad(q, n, iterations, device);
    if (which == "all" || which == "peer") rc |= run_peer(q, copy_mib << 20, iterations, device);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "multi_gpu_sycl: %s\n", e.what());
    return 1;
  }
  if (gpus.size() < 2)
    std::printf("multi_gpu_sycl: one GPU: no multi-GPU or peer figures\n");
  return rc;
}
