// Worker threads that execute the chunks of CPU kernels. The calling thread
// takes part, so a kernel on an idle machine starts without a wake-up.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace usycl::rt::cpu {

class thread_pool {
public:
  explicit thread_pool(unsigned workers);
  ~thread_pool();

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }
  // Runs body(i) for i in [0, count) across the pool and returns when all
  // finished. Concurrent callers are serialised.
  void run(uint64_t count, const std::function<void(uint64_t)> &body);

private:
  void worker_loop();
  void work_on(uint64_t generation);

  std::mutex run_mutex_; // one job at a time
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;
  std::atomic<const std::function<void(uint64_t)> *> body_{nullptr};
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> next_{0};
  std::atomic<uint64_t> done_{0};
  std::atomic<unsigned> busy_{0};
  uint64_t generation_ = 0;
  bool stop_ = false;
};

} // namespace usycl::rt::cpu
