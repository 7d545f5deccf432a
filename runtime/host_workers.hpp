// Threads that run host tasks and the commands whose dependencies must be
// waited for on the host (host tasks, other backends, host accessors). Grows
// when every worker is blocked so a chain of waits can never deadlock.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace usycl::rt {

class host_workers {
public:
  static host_workers &get();
  void post(std::function<void()> job);

private:
  host_workers() = default;
  void run();
  void grow_locked(); // mutex_ held

  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  unsigned idle_ = 0;
  // Threads started but not yet waiting for jobs: a burst of posts while
  // every worker is busy starts one thread, not one per post (16 threads
  // submitting 10 000 commands each made thousands of threads).
  unsigned starting_ = 0;
  bool stop_ = false;
};

} // namespace usycl::rt
