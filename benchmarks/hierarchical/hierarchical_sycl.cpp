// A hierarchical kernel against the equivalent nd_range kernel: a per-group
// stencil (each work-item adds its right neighbour within the group, through
// a work-group-scope array in the hierarchical form and a local_accessor in
// the nd_range form), over N floats in groups of WG work-items.
// On CUDA a hierarchical work-group is a block whose threads are its
// work-items (sycl/detail/work_group_scope.hpp); on the CPU a fiber.
// Prints one CSV line per form: hierarchical,<device>,<form>,<ms per kernel>
// and checks both results.
//   hierarchical_sycl [N = 2^24] [repetitions = 20]
#include <sycl/sycl.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr size_t WG = 256;

int main(int argc, char **argv) {
  const size_t n = (argc > 1 ? std::atol(argv[1]) : (1 << 24)) / WG * WG;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  sycl::queue q{sycl::property::queue::in_order()};
  float *x = sycl::malloc_device<float>(n, q);
  float *y = sycl::malloc_device<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = static_cast<float>(i % 1000); });
  q.wait();

  auto hierarchical = [&] {
    q.submit([&](sycl::handler &h) {
      h.parallel_for_work_group(sycl::range<1>(n / WG), sycl::range<1>(WG), [=](sycl::group<1> g) {
        float tile[WG];
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          tile[it.get_local_id(0)] = x[it.get_global_id(0)];
        });
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          const size_t l = it.get_local_id(0);
          y[it.get_global_id(0)] = tile[l] + tile[(l + 1) % WG];
        });
      });
    });
  };
  auto nd_range = [&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<float, 1> tile(sycl::range<1>(WG), h);
      h.parallel_for(sycl::nd_range<1>(n, WG), [=](sycl::nd_item<1> it) {
        const size_t l = it.get_local_id(0);
        tile[l] = x[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        y[it.get_global_id(0)] = tile[l] + tile[(l + 1) % WG];
      });
    });
  };

  std::string name = q.get_device().get_info<sycl::info::device::name>();
  bool ok = true;
  auto run = [&](const char *form, auto kernel) {
    q.memset(y, 0, n * sizeof(float));
    kernel(); // warm up: module load, kernel lookup
    q.wait();
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) kernel();
    q.wait();
    auto t1 = std::chrono::steady_clock::now();
    std::vector<float> host(n);
    q.memcpy(host.data(), y, n * sizeof(float)).wait();
    for (size_t i = 0; i < n; ++i) {
      const size_t right = i / WG * WG + (i % WG + 1) % WG;
      const float want = static_cast<float>(i % 1000) + static_cast<float>(right % 1000);
      if (host[i] != want) {
        std::fprintf(stderr, "%s: y[%zu] = %g, expected %g\n", form, i, host[i], want);
        ok = false;
        break;
      }
    }
    std::printf("hierarchical,%s,%s_ms,%.4f\n", name.c_str(), form,
                std::chrono::duration<double, std::milli>(t1 - t0).count() / reps);
  };
  run("hierarchical", hierarchical);
  run("nd_range", nd_range);
  sycl::free(x, q);
  sycl::free(y, q);
  return ok ? 0 : 1;
}
