// Four threads, each with its own queue, submit failing kernels at the same
// moment. Every queue gets exactly its own failure (the kernels differ in
// their launch geometry, which is how the CUDA backend tells identical
// kernels apart; docs/assert.md), and every queue works afterwards.
#include "assert_common.hpp"

#include <atomic>
#include <cassert>
#include <thread>
#include <vector>

int main() {
  e2e::stderr_capture capture;
  constexpr int threads = 4;
  e2e::collected_errors errors[threads];
  std::vector<sycl::queue> queues;
  for (int t = 0; t < threads; ++t)
    queues.emplace_back(errors[t].handler(), sycl::property::queue::in_order{});
  e2e::print_device(queues[0], "assert_threads");
  int *out[threads];
  for (int t = 0; t < threads; ++t) out[t] = sycl::malloc_shared<int>(256, queues[t]);

  std::atomic<int> ready{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      sycl::queue &q = queues[t];
      size_t n = size_t(32) << t; // 32, 64, 128, 256 work-items
      int *o = out[t];
      ready.fetch_add(1);
      while (ready.load() < threads) {
      }
      q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) {
        assert(i[0] != size_t(t) + 10 && "thread's kernel");
        o[i] = 1;
      });
      q.wait_and_throw();
      // The queue still runs kernels.
      q.parallel_for(sycl::range<1>{256}, [=](sycl::id<1> i) { o[i] = 2 + t; });
      q.wait_and_throw();
    });
  for (auto &th : pool) th.join();

  size_t total = 0;
  for (int t = 0; t < threads; ++t) {
    auto msgs = errors[t].assert_messages();
    total += msgs.size();
    std::string who = "thread " + std::to_string(t);
    e2e::check_eq(who + ": its own exception", msgs.size(), size_t(1));
    e2e::assert_fields f;
    if (!msgs.empty() && e2e::parse_assert(who, msgs[0], f))
      e2e::check_eq(who + ": global id", f.gid[0], (unsigned long long)(t + 10));
    for (int i = 0; i < 256; ++i)
      e2e::check_eq(who + ": after the failure out[" + std::to_string(i) + "]", out[t][i], 2 + t);
  }
  e2e::check("at least one exception in all", total >= 1);
  for (int t = 0; t < threads; ++t) sycl::free(out[t], queues[t]);
  auto lines = e2e::assert_lines(capture.stop());
  e2e::check_eq("one stderr line per exception", lines.size(), total);
  return e2e::finish("assert_threads");
}
