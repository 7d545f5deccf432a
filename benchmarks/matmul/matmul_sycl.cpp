// Tiled matrix multiply in local memory with work-group barriers, the way a
// GPU programmer writes it: each work-group of TILE x TILE work-items loads
// one tile of A and one of B into local memory, waits at a barrier, and
// accumulates their product. On the CPU the work-groups run as work-item
// loops (docs/runtime.md, "CPU backend"). C = A * B, N x N floats; timed as
// submit + wait, minimum over the iterations after a warm-up.
//
// Prints: matmul,<device>,tiled_GFLOPs,<GFLOP/s>
// Usage: matmul_sycl [N = 1024, a multiple of 16] [iterations = 5]
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  constexpr size_t tile = 16;
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  if (n == 0 || n % tile) {
    std::fprintf(stderr, "matmul_sycl: N must be a positive multiple of %zu\n", tile);
    return 2;
  }
  sycl::queue q{sycl::property::queue::in_order()};
  std::vector<float> ha(n * n), hb(n * n), hc(n * n);
  for (size_t i = 0; i < n * n; ++i) {
    ha[i] = float(i % 17) * 0.25f;
    hb[i] = float(i % 13) * 0.5f - 2.0f;
  }
  float *a = sycl::malloc_device<float>(n * n, q), *b = sycl::malloc_device<float>(n * n, q),
        *c = sycl::malloc_device<float>(n * n, q);
  q.memcpy(a, ha.data(), n * n * sizeof(float));
  q.memcpy(b, hb.data(), n * n * sizeof(float)).wait();
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = std::chrono::steady_clock::now();
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<float, 2> ta{sycl::range<2>{tile, tile}, h};
      sycl::local_accessor<float, 2> tb{sycl::range<2>{tile, tile}, h};
      h.parallel_for(sycl::nd_range<2>{{n, n}, {tile, tile}}, [=](sycl::nd_item<2> it) {
        const size_t row = it.get_global_id(0), col = it.get_global_id(1);
        const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
        float sum = 0;
        for (size_t t = 0; t < n; t += tile) {
          ta[lr][lc] = a[row * n + t + lc];
          tb[lr][lc] = b[(t + lr) * n + col];
          sycl::group_barrier(it.get_group());
          for (size_t k = 0; k < tile; ++k) sum += ta[lr][k] * tb[k][lc];
          sycl::group_barrier(it.get_group());
        }
        c[row * n + col] = sum;
      });
    });
    q.wait();
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (k) best = std::min(best, t);
  }
  q.memcpy(hc.data(), c, n * n * sizeof(float)).wait();
  // Check a few rows and columns against the host (exact: small integers
  // times quarters and halves sum exactly in float for these sizes).
  for (size_t i = 0; i < n; i += n / 8 + 1)
    for (size_t j = 0; j < n; j += n / 8 + 3) {
      double want = 0;
      for (size_t k = 0; k < n; ++k) want += double(ha[i * n + k]) * double(hb[k * n + j]);
      if (std::fabs(hc[i * n + j] - want) > 1e-3 * std::fmax(1.0, std::fabs(want))) {
        std::fprintf(stderr, "matmul_sycl: C[%zu][%zu] = %g, want %g\n", i, j, hc[i * n + j], want);
        return 1;
      }
    }
  std::printf("matmul,%s,tiled_GFLOPs,%.2f\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(),
              2.0 * double(n) * n * n / best / 1e9);
  sycl::free(a, q), sycl::free(b, q), sycl::free(c, q);
  return 0;
}
