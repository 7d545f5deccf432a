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

void thread_pool::work_on(uint64_t) {
  for (;;) {
    uint64_t i = next_.fetch_add(1, std::memory_order_acq_rel);
    if (i >= count_.load(std::memory_order_acquire)) break;
    (*body_.load(std::memory_order_acquire))(i);
    done_.fetch_add(1, std::memory_order_release);
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
  {
    std::lock_guard lock(mutex_);
    body_.store(&body, std::memory_order_relaxed);
    count_.store(count, std::memory_order_relaxed);
    next_.store(0, std::memory_order_release);
    done_.store(0, std::memory_order_relaxed);
    ++generation_;
  }
  cv_.notify_all();
  work_on(generation_);
  // Wait for the chunks others took, then for the workers to leave the job
  // so body_/count_ can be reused safely.
  while (done_.load(std::memory_order_acquire) < count) std::this_thread::yield();
  while (busy_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

} // namespace usycl::rt::cpu
