#include "event_impl.hpp"

#include "host_workers.hpp"
#include "queue_impl.hpp"

#include "assert_buffer.hpp" // device-side assert delivery (docs/assert.md)

#include <chrono>

namespace sycl {
inline namespace _V1 {
namespace detail {

uint64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::shared_ptr<event_impl> event_impl::make_complete() {
  auto e = std::make_shared<event_impl>();
  e->state_.store(state::complete, std::memory_order_release);
  return e;
}

void event_impl::set_enqueued(usycl::rt::backend_queue *bq,
                              std::shared_ptr<usycl::rt::backend_event> end,
                              std::shared_ptr<usycl::rt::backend_event> start) {
  std::vector<std::function<void()>> continuations;
  {
    std::lock_guard lock(mutex_);
    bq_ = bq;
    end_ = std::move(end);
    start_ = std::move(start);
    state expected = state::pending;
    state_.compare_exchange_strong(expected, state::enqueued, std::memory_order_acq_rel);
    continuations.swap(on_enqueued_);
  }
  cv_.notify_all();
  // On workers, not here: the caller may hold a queue's submit lock.
  for (auto &fn : continuations) usycl::rt::host_workers::get().post(std::move(fn));
}

bool event_impl::on_enqueued(std::function<void()> fn) {
  std::lock_guard lock(mutex_);
  if (state_.load(std::memory_order_acquire) != state::pending) return false;
  on_enqueued_.push_back(std::move(fn));
  return true;
}

void event_impl::set_complete() {
  std::vector<std::function<void()>> continuations; // left pending directly
  {
    std::lock_guard lock(mutex_);
    state_.store(state::complete, std::memory_order_release);
    continuations.swap(on_enqueued_);
  }
  cv_.notify_all();
  for (auto &fn : continuations) usycl::rt::host_workers::get().post(std::move(fn));
}

void event_impl::set_error(std::exception_ptr error) {
  bool report = false;
  {
    std::lock_guard lock(mutex_);
    report = !error_reported_;
    error_reported_ = true;
  }
  if (report && queue_) queue_->report_async_error(std::move(error));
}

void event_impl::wait_enqueued() {
  if (get_state() != state::pending) return;
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return state_.load(std::memory_order_acquire) != state::pending; });
}

std::shared_ptr<usycl::rt::backend_event> event_impl::backend_event() {
  std::lock_guard lock(mutex_);
  if (!end_ && bq_ && state_.load(std::memory_order_acquire) == state::enqueued)
    end_ = bq_->record(false); // covers this command and anything after it
  return end_;
}

// A command launched without an event whose queue has finished all its work
// is complete: no event to record and wait for (one device round trip, about
// 1.5 us on an H200, after every q.memcpy(...).wait() to pageable memory).
bool event_impl::drained() {
  usycl::rt::backend_queue *bq;
  {
    std::lock_guard lock(mutex_);
    if (end_ || !bq_ || state_.load(std::memory_order_acquire) != state::enqueued) return false;
    bq = bq_;
  }
  if (!bq->idle()) return false;
  usycl::rt::assert_support::poll(); // asserts of the kernel that just finished
  set_complete();
  return true;
}

bool event_impl::adopt_end_event(std::shared_ptr<usycl::rt::backend_event> later) {
  std::lock_guard lock(mutex_);
  if (end_ || !bq_ || state_.load(std::memory_order_acquire) != state::enqueued) return false;
  end_ = std::move(later);
  return true;
}

bool event_impl::is_complete() {
  state s = get_state();
  if (s == state::complete) return true;
  if (s == state::pending) return false;
  std::shared_ptr<usycl::rt::backend_event> ev;
  try {
    ev = backend_event();
  } catch (...) { // the device is lost: the command's error is the answer
    set_error(std::current_exception());
    set_complete();
    return true;
  }
  if (ev && ev->is_complete()) {
    set_complete();
    return true;
  }
  return false;
}

void event_impl::wait() {
  if (get_state() == state::complete) return;
  wait_enqueued();
  if (get_state() == state::complete) return;
  if (drained()) return;
  std::shared_ptr<usycl::rt::backend_event> ev;
  try {
    ev = backend_event(); // records one on demand, which a lost device refuses
  } catch (...) {
    set_error(std::current_exception());
    set_complete();
    return;
  }
  if (!ev) {
    // Host work (host task, deferred host copy): completion is signalled.
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return state_.load(std::memory_order_acquire) == state::complete; });
    return;
  }
  try {
    ev->wait();
  } catch (...) {
    set_error(std::current_exception());
  }
  // Device asserts of the kernel that just finished (assert_buffer.hpp).
  usycl::rt::assert_support::poll();
  set_complete();
}

void event_impl::set_wait_list(const std::vector<std::shared_ptr<event_impl>> &deps) {
  std::lock_guard lock(mutex_);
  wait_first_ = deps.empty() ? std::weak_ptr<event_impl>() : deps.front();
  if (deps.size() > 1)
    wait_rest_.assign(deps.begin() + 1, deps.end());
  else
    wait_rest_.clear();
}

std::vector<std::shared_ptr<event_impl>> event_impl::wait_list() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<event_impl>> out;
  if (auto e = wait_first_.lock()) out.push_back(std::move(e));
  for (const auto &w : wait_rest_)
    if (auto e = w.lock()) out.push_back(std::move(e));
  return out;
}

uint64_t event_impl::start_ns() {
  wait();
  if (start_) return start_->timestamp_ns();
  return host_start_ns;
}

uint64_t event_impl::end_ns() {
  wait();
  if (end_ && profiled) return end_->timestamp_ns();
  return host_end_ns;
}

} // namespace detail
} // namespace _V1
} // namespace sycl
