// Work-group local memory and work-group collectives, three kernels over N
// floats in work-groups of 256 (each timed on its own, each checked against
// the host):
//
//   wg_reduce  each work-group sums its 256 elements with
//              reduce_over_group(group, x, plus) and work-item 0 writes the
//              group's partial (N / 256 of them; the host adds them up once
//              the timing is done).
//   wg_scan    inclusive_scan_over_group(group, x, plus) over each
//              work-group's 256 elements (N prefix sums restarting every 256).
//   stencil    a 1-D stencil of radius 8: each work-group loads its 256
//              elements and the 8 on either side (zero past the ends) into a
//              local_accessor, waits at group_barrier, and computes
//              out[i] = sum over j in [-8, 8] of w(j) * in[i + j] from local
//              memory, w(j) = (9 - |j|) / 16.
//
// The input, in[i] = the top 3 bits of i * 2654435761 (an integer 0..7),
// makes every result exact in float whatever the order of the additions.
// local_memory_cuda.cu is the native CUDA peer (__shared__, __syncthreads,
// warp shuffles), local_memory_omp.cpp the OpenMP one on the CPU (a loop
// per 256-element block, blocks in parallel).
//
// Timed as submit + wait of the kernel, minimum over the iterations after a
// warm-up. GB/s: the N floats read (wg_reduce; the partials add 1/256 more
// written), read + written (wg_scan, stencil; the halo reads, 1/16 more, are
// not counted).
//
// Prints: local_memory,<device>,wg_reduce_GBps,<GB/s>
//         local_memory,<device>,wg_scan_GBps,<GB/s>
//         local_memory,<device>,stencil_GBps,<GB/s>
// Usage: local_memory_sycl [log2 elements = 28] [iterations = 50]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr size_t wg = 256;
constexpr int radius = 8;

inline float input(size_t i) { return float((uint32_t(i) * 2654435761u) >> 29); }
inline float weight(int j) { return float(radius + 1 - (j < 0 ? -j : j)) * 0.0625f; }

using clock_type = std::chrono::steady_clock;

// The best time of `submit` (one kernel) over the iterations after a warm-up.
template <typename F> double best_time(sycl::queue &q, int iterations, F submit) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    submit();
    q.wait();
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
    std::fprintf(stderr, "local_memory_sycl: log2 elements must be in [8, 30]\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n, groups = n / wg;
  sycl::queue q{sycl::property::queue::in_order()};
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  float *in = sycl::malloc_device<float>(n, q), *out = sycl::malloc_device<float>(n, q);
  float *partial = sycl::malloc_device<float>(groups, q);
  if (!in || !out || !partial) {
    std::fprintf(stderr, "local_memory_sycl: cannot allocate 2 x %zu floats\n", n);
    return 1;
  }
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { in[i] = input(i); }).wait();
  std::vector<float> x(n), got(n);
  for (size_t i = 0; i < n; ++i) x[i] = input(i);

  // wg_reduce
  q.memset(partial, 0xff, groups * sizeof(float)).wait(); // NaN: every partial must be written
  const double t_reduce = best_time(q, iterations, [&] {
    q.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) {
      const float s =
          sycl::reduce_over_group(it.get_group(), in[it.get_global_id(0)], sycl::plus<float>());
      if (it.get_local_id(0) == 0) partial[it.get_group(0)] = s;
    });
  });
  q.memcpy(got.data(), partial, groups * sizeof(float)).wait();
  for (size_t g = 0; g < groups; ++g) {
    float want = 0;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i) want += x[i];
    if (got[g] != want) {
      std::fprintf(stderr, "local_memory_sycl: wg_reduce partial[%zu] = %g, want %g\n", g, got[g], want);
      return 1;
    }
  }

  // wg_scan
  q.memset(out, 0xff, n * sizeof(float)).wait();
  const double t_scan = best_time(q, iterations, [&] {
    q.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) {
      const size_t i = it.get_global_id(0);
      out[i] = sycl::inclusive_scan_over_group(it.get_group(), in[i], sycl::plus<float>());
    });
  });
  q.memcpy(got.data(), out, n * sizeof(float)).wait();
  float run_sum = 0;
  for (size_t i = 0; i < n; ++i) {
    run_sum = (i % wg ? run_sum : 0.0f) + x[i];
    if (got[i] != run_sum) {
      std::fprintf(stderr, "local_memory_sycl: wg_scan[%zu] = %g, want %g\n", i, got[i], run_sum);
      return 1;
    }
  }

  // stencil
  q.memset(out, 0xff, n * sizeof(float)).wait();
  const double t_stencil = best_time(q, iterations, [&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<float, 1> tile{sycl::range<1>{wg + 2 * radius}, h};
      h.parallel_for(sycl::nd_range<1>{n, wg}, [=](sycl::nd_item<1> it) {
        const size_t i = it.get_global_id(0), l = it.get_local_id(0) + radius;
        tile[l] = in[i];
        if (l < 2 * radius) {
          tile[l - radius] = i >= radius ? in[i - radius] : 0.0f;
          tile[l + wg] = i + wg < n ? in[i + wg] : 0.0f;
        }
        sycl::group_barrier(it.get_group());
        float s = 0;
        for (int j = -radius; j <= radius; ++j) s += weight(j) * tile[l + j];
        out[i] = s;
      });
    });
  });
  q.memcpy(got.data(), out, n * sizeof(float)).wait();
  for (size_t i = 0; i < n; ++i) {
    float want = 0;
    if (i >= radius && i + radius < n)
      for (int j = -radius; j <= radius; ++j) want += weight(j) * x[i + j];
    else // zero past the ends (i + j wraps around below 0)
      for (int j = -radius; j <= radius; ++j) want += weight(j) * (i + j < n ? x[i + j] : 0.0f);
    if (got[i] != want) {
      std::fprintf(stderr, "local_memory_sycl: stencil[%zu] = %g, want %g\n", i, got[i], want);
      return 1;
    }
  }

  const double bytes = double(n) * sizeof(float) / 1e9;
  std::printf("local_memory,%s,wg_reduce_GBps,%.2f\n", device.c_str(), bytes / t_reduce);
  std::printf("local_memory,%s,wg_scan_GBps,%.2f\n", device.c_str(), 2 * bytes / t_scan);
  std::printf("local_memory,%s,stencil_GBps,%.2f\n", device.c_str(), 2 * bytes / t_stencil);
  sycl::free(in, q), sycl::free(out, q), sycl::free(partial, q);
  return 0;
}
