#include "cuda_host_tasks.hpp"

namespace usycl::rt::cuda {

host_task_pool::~host_task_pool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (auto &t : threads_)
    if (t.joinable())
      t.join();
}

std::exception_ptr host_task_pool::run(void (*fn)(void *), void *arg) {
  job j{fn, arg, nullptr, false};
  std::unique_lock lock(mutex_);
  if (stop_) {
    // Shutting down: run in place rather than losing the callback.
    lock.unlock();
    try {
      fn(arg);
    } catch (...) {
      return std::current_exception();
    }
    return nullptr;
  }
  jobs_.push_back(&j);
  if (idle_ < jobs_.size()) {
    try {
      threads_.emplace_back([this] { worker(); });
    } catch (...) {
      // Cannot start a thread: an existing one will get to the job.
      if (threads_.empty()) {
        jobs_.pop_back();
        lock.unlock();
        try {
          fn(arg);
        } catch (...) {
          return std::current_exception();
        }
        return nullptr;
      }
    }
  }
  work_cv_.notify_one();
  done_cv_.wait(lock, [&] { return j.done; });
  return j.error;
}

void host_task_pool::worker() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    work_cv_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
    --idle_;
    if (jobs_.empty())
      return; // stop_
    job *j = jobs_.front();
    jobs_.pop_front();
    lock.unlock();
    try {
      j->fn(j->arg);
    } catch (...) {
      j->error = std::current_exception();
    }
    lock.lock();
    j->done = true;
    done_cv_.notify_all();
  }
}

} // namespace usycl::rt::cuda
