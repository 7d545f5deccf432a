#include "thread_pool.hpp"

#include <algorithm>
#include <chrono>

#include <sched.h>

namespace usycl::rt::cpu {

unsigned available_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

thread_pool::thread_pool(unsigned workers)
    : shares_(std::make_unique<share[]>(workers + 1)), spin_(workers + 1 <= available_cpus()) {
  for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this, i] { worker_loop(i + 1); });
}

thread_pool::~thread_pool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    published_.fetch_add(1, std::memory_order_release); // ends the workers' spins
  }
  cv_.notify_all();
  for (auto &t : threads_) t.join();
}

// Each share's next index is (job tag << 40) | index, so a worker that is
// late for a job can never claim an index of the next one (its tag differs).
static constexpr unsigned tag_shift = 40;
static constexpr uint64_t index_mask = (uint64_t(1) << tag_shift) - 1;
static uint64_t job_tag(uint64_t generation) {
  return generation & ((uint64_t(1) << (64 - tag_shift)) - 1);
}
// Share t of `threads` over [0, count): [share_begin(t), share_begin(t + 1)).
static uint64_t share_begin(unsigned t, uint64_t count, unsigned threads) {
  return count * t / threads;
}

void thread_pool::work_on(uint64_t generation, unsigned thread) {
  const uint64_t tag = job_tag(generation);
  const unsigned threads = size();
  // Read before the shares: if these belong to a newer job, the shares have its tag.
  const auto *body = body_.load(std::memory_order_acquire);
  const uint64_t count = count_.load(std::memory_order_acquire);
  for (unsigned k = 0; k < threads; ++k) {
    const unsigned t = (thread + k) % threads; // its own share first, then the next ones
    const uint64_t end = share_begin(t + 1, count, threads);
    std::atomic<uint64_t> &next = shares_[t].next;
    uint64_t cur = next.load(std::memory_order_acquire);
    for (;;) {
      if ((cur >> tag_shift) != tag) return; // the job is over, a newer one runs
      if ((cur & index_mask) >= end) break;
      if (!next.compare_exchange_weak(cur, cur + 1, std::memory_order_acq_rel,
                                      std::memory_order_acquire))
        continue;
      (*body)(cur & index_mask);
      done_.fetch_add(1, std::memory_order_release);
      cur = next.load(std::memory_order_acquire);
    }
  }
}

// How long a worker that finished a job polls for the next one before it
// sleeps. Programs submit kernels back to back (a solver's iterations, a
// benchmark's repetitions): a worker woken from the condition variable
// starts tens of microseconds late (80-100 us on a 2-core VM, more where
// waking an idle virtual CPU is an inter-processor interrupt), and a 2 ms
// kernel whose 16 threads start that late loses 5-10%. OpenMP's threads
// spin for the same reason (libgomp: ~300k polls).
constexpr auto worker_spin = std::chrono::microseconds(200);

bool thread_pool::spin_for_job(uint64_t seen) const {
  const auto deadline = std::chrono::steady_clock::now() + worker_spin;
  for (unsigned i = 0;; ++i) {
    if (published_.load(std::memory_order_acquire) != seen) return true;
    // Reading the clock costs more than a poll: only every few rounds.
    if ((i & 63) == 63 && std::chrono::steady_clock::now() > deadline) return false;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
}

void thread_pool::worker_loop(unsigned thread) {
  uint64_t seen = 0;
  for (;;) {
    if (spin_) spin_for_job(seen);
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    busy_.fetch_add(1, std::memory_order_acq_rel);
    lock.unlock();
    work_on(seen, thread);
    busy_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

void thread_pool::run(uint64_t count, const std::function<void(uint64_t)> &body) {
  if (count == 0) return;
  std::lock_guard run_lock(run_mutex_);
  if (count == 1 || threads_.empty()) {
    for (uint64_t i = 0; i < count; ++i) body(i);
    return;
  }
  uint64_t generation;
  {
    std::lock_guard lock(mutex_);
    generation = ++generation_;
    // The shares (with the new tag) first: a worker that sees the new body
    // or count also sees the new tag.
    const uint64_t tag = job_tag(generation) << tag_shift;
    for (unsigned t = 0; t < size(); ++t)
      shares_[t].next.store(tag | share_begin(t, count, size()), std::memory_order_release);
    done_.store(0, std::memory_order_release);
    count_.store(count, std::memory_order_release);
    body_.store(&body, std::memory_order_release);
    published_.store(generation, std::memory_order_release);
  }
  cv_.notify_all();
  work_on(generation, 0);
  // Wait for the chunks others took, then for the workers to leave the job
  // so body_/count_ can be reused safely.
  while (done_.load(std::memory_order_acquire) < count) std::this_thread::yield();
  while (busy_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

} // namespace usycl::rt::cpu
