#include "host_workers.hpp"

namespace usycl::rt {

host_workers &host_workers::get() {
  // Leaked: jobs may still be posted while other statics are destroyed.
  static host_workers *workers = new host_workers;
  return *workers;
}

void host_workers::post(std::function<void()> job) {
  std::lock_guard lock(mutex_);
  jobs_.push_back(std::move(job));
  if (idle_ == 0) {
    std::thread([this] { run(); }).detach();
  } else {
    cv_.notify_one();
  }
}

void host_workers::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    bool got = cv_.wait_for(lock, std::chrono::seconds(30),
                            [&] { return stop_ || !jobs_.empty(); });
    --idle_;
    if (stop_ || !got) return; // idle long enough: let the thread go
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

} // namespace usycl::rt
