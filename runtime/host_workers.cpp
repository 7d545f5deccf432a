#include "host_workers.hpp"

#include <system_error>

namespace usycl::rt {

host_workers &host_workers::get() {
  // Leaked: jobs may still be posted while other statics are destroyed.
  static host_workers *workers = new host_workers;
  return *workers;
}

void host_workers::post(std::function<void()> job) {
  std::lock_guard lock(mutex_);
  jobs_.push_back(std::move(job));
  if (idle_ > 0) {
    cv_.notify_one();
    return;
  }
  grow_locked();
}

void host_workers::grow_locked() {
  // Every worker is busy (possibly blocked in a wait): grow, so that queued
  // jobs always get a thread and waits can never deadlock -- but one starting
  // thread at a time; run() starts the next one while jobs are left over.
  if (starting_ > 0 || idle_ > 0) return;
  try {
    std::thread([this] { run(); }).detach();
    ++starting_;
  } catch (const std::system_error &) {
    // No thread to be had (the process is at its limit): the job stays
    // queued for the running workers, which finish what they wait for.
  }
}

void host_workers::run() {
  std::unique_lock lock(mutex_);
  --starting_;
  for (;;) {
    ++idle_;
    bool got = cv_.wait_for(lock, std::chrono::seconds(30),
                            [&] { return stop_ || !jobs_.empty(); });
    --idle_;
    if (stop_ || !got) return; // idle long enough: let the thread go
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    if (!jobs_.empty()) grow_locked(); // this job may block: keep the rest moving
    lock.unlock();
    job();
    lock.lock();
  }
}

} // namespace usycl::rt
