// Worker threads that execute the chunks of CPU kernels. The calling thread
// takes part, so a kernel on an idle machine starts without a wake-up.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace usycl::rt::cpu {

// The CPUs this process may run on (its affinity mask: `taskset`, a
// container's cpuset), at least 1.
unsigned available_cpus();

class thread_pool {
public:
  explicit thread_pool(unsigned workers);
  ~thread_pool();

  // The threads that run a job: the workers and the caller of run().
  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }
  // Runs body(i) for i in [0, count) across the pool and returns when all
  // finished. Concurrent callers are serialised.
  //
  // [0, count) is cut into size() contiguous shares; pool thread t (0: the
  // caller, t > 0: worker t - 1) runs its own share first, then takes what
  // is left of the others'. Like OpenMP's static schedule, a kernel launched
  // again with the same shape finds the data each thread touched last time
  // in that thread's caches (an iterative solver's arrays, a reduction's
  // partials); unlike it, a thread slowed down by others' work is helped.
  void run(uint64_t count, const std::function<void(uint64_t)> &body);

private:
  // The next unclaimed index of one share, tagged with its job (see the
  // .cpp); alone on its cache line, since its owner claims from it all the
  // time and others rarely.
  struct alignas(64) share {
    std::atomic<uint64_t> next{0};
  };

  void worker_loop(unsigned thread);
  void work_on(uint64_t generation, unsigned thread);
  // Polls published_ for a job newer than `seen` for a while; false if none came.
  bool spin_for_job(uint64_t seen) const;

  std::mutex run_mutex_; // one job at a time
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;
  std::unique_ptr<share[]> shares_; // one per pool thread
  std::atomic<const std::function<void(uint64_t)> *> body_{nullptr};
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> done_{0};
  std::atomic<unsigned> busy_{0};
  uint64_t generation_ = 0;            // guarded by mutex_
  std::atomic<uint64_t> published_{0}; // generation_, for the workers' spin
  bool stop_ = false;
  // Workers poll for the next job only where each pool thread can have a
  // CPU of its own: polling threads that share CPUs with the caller slow
  // down the very job they wait for.
  bool spin_ = false;
};

} // namespace usycl::rt::cpu
