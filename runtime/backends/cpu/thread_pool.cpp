#include "thread_pool.hpp"

namespace usycl::rt::cpu {

thread_pool::thread_pool(unsigned workers) {
  for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { worker_loop(); });
}

thread_pool::~thread_pool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto &t : threads_) t.join();
}

// next_ holds (generation tag << 40) | next index, so a worker that is late
// for a job can never claim an index of the next one.
static constexpr unsigned tag_shift = 40;
static constexpr uint64_t index_mask = (uint64_t(1) << tag_shift) - 1;

void thread_pool::work_on(uint64_t generation) {
  const uint64_t tag = generation & ((uint64_t(1) << (64 - tag_shift)) - 1);
  // Read before next_: if these belong to a newer job, next_ has its tag.
  const auto *body = body_.load(std::memory_order_acquire);
  const uint64_t count = count_.load(std::memory_order_acquire);
  uint64_t cur = next_.load(std::memory_order_acquire);
  for (;;) {
    if ((cur >> tag_shift) != tag || (cur & index_mask) >= count) return;
    if (!next_.compare_exchange_weak(cur, cur + 1, std::memory_order_acq_rel,
                                     std::memory_order_acquire))
      continue;
    (*body)(cur & index_mask);
    done_.fetch_add(1, std::memory_order_release);
    cur = next_.load(std::memory_order_acquire);
  }
}

void thread_pool::worker_loop() {
  uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    busy_.fetch_add(1, std::memory_order_acq_rel);
    lock.unlock();
    work_on(seen);
    busy_.fetch_sub(1, std::memory_order_acq_rel);
    lock.lock();
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
    // next_ (with the new tag) first: a worker that sees the new body or
    // count also sees the new tag.
    next_.store((generation & ((uint64_t(1) << (64 - tag_shift)) - 1)) << tag_shift,
                std::memory_order_release);
    done_.store(0, std::memory_order_release);
    count_.store(count, std::memory_order_release);
    body_.store(&body, std::memory_order_release);
  }
  cv_.notify_all();
  work_on(generation);
  // Wait for the chunks others took, then for the workers to leave the job
  // so body_/count_ can be reused safely.
  while (done_.load(std::memory_order_acquire) < count) std::this_thread::yield();
  while (busy_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

} // namespace usycl::rt::cpu
