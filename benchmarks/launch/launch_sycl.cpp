// Empty-kernel launch cost on an in-order queue with USM:
//   submit: async submit throughput, microseconds per kernel over N submits
//   latency: submit + wait, microseconds per kernel over M round trips
// Prints one CSV line per figure: launch,<device>,<metric>,<microseconds>.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  long submits = argc > 1 ? std::atol(argv[1]) : 100000;
  long round_trips = argc > 2 ? std::atol(argv[2]) : 10000;
  sycl::queue q{sycl::property::queue::in_order()};
  int *flag = sycl::malloc_device<int>(1, q);
  auto empty = [=](sycl::id<1>) {};
  // Warm up: module load, kernel lookup, thread start.
  for (int i = 0; i < 100; ++i) q.parallel_for(sycl::range<1>(1), empty);
  q.wait();

  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  for (long i = 0; i < submits; ++i) q.parallel_for(sycl::range<1>(1), empty);
  auto t1 = clock::now();
  q.wait();
  auto t2 = clock::now();
  for (long i = 0; i < round_trips; ++i) q.parallel_for(sycl::range<1>(1), empty).wait();
  auto t3 = clock::now();

  auto us = [](auto d, long n) { return std::chrono::duration<double, std::micro>(d).count() / n; };
  std::string name = q.get_device().get_info<sycl::info::device::name>();
  std::printf("launch,%s,submit_us,%.3f\n", name.c_str(), us(t1 - t0, submits));
  std::printf("launch,%s,submit_drain_us,%.3f\n", name.c_str(), us(t2 - t0, submits));
  std::printf("launch,%s,submit_wait_us,%.3f\n", name.c_str(), us(t3 - t2, round_trips));
  sycl::free(flag, q);
  return 0;
}
