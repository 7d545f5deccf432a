// The state behind sycl::event: where the command went (a backend queue, a
// host thread) and how to wait for it.
#pragma once

#include "backend.hpp"

#include <sycl/event.hpp>
#include <sycl/exception.hpp>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class queue_impl;

class event_impl {
public:
  enum class state : int {
    pending = 0,  // waiting for dependencies, not on any backend queue yet
    enqueued = 1, // on a backend queue (or running on a host thread)
    complete = 2,
  };

  event_impl() = default;
  explicit event_impl(std::shared_ptr<queue_impl> queue) : queue_(std::move(queue)) {}
  static std::shared_ptr<event_impl> make_complete();

  state get_state() const { return state_.load(std::memory_order_acquire); }
  bool is_complete();

  // Blocks until complete. Errors of the command go to its queue's async
  // error list (delivered by wait_and_throw), never thrown from here.
  void wait();
  // Blocks until the command is on a backend queue (or complete).
  void wait_enqueued();
  // Runs `fn` on a host worker once the command leaves the pending state.
  // Returns false (and does not keep `fn`) when it already has: the caller
  // goes on itself. Lets a command that depends on a pending one park
  // instead of holding a host thread (see scheduler.cpp).
  bool on_enqueued(std::function<void()> fn);

  // Called by the scheduler.
  void set_enqueued(usycl::rt::backend_queue *bq, std::shared_ptr<usycl::rt::backend_event> end,
                    std::shared_ptr<usycl::rt::backend_event> start);
  void set_complete();
  void set_error(std::exception_ptr error);

  // A backend event marking the end of this command on `bq()`, recorded on
  // demand for commands that were launched without one.
  std::shared_ptr<usycl::rt::backend_event> backend_event();
  // `later`, recorded on bq() after this command, becomes its end event when
  // it has none yet (it covers the command): one host wait then ends both
  // the command and what was queued behind it. Returns whether it did.
  bool adopt_end_event(std::shared_ptr<usycl::rt::backend_event> later);
  usycl::rt::backend_queue *bq() const { return bq_; }
  const std::shared_ptr<queue_impl> &queue() const { return queue_; }

  // The command's direct dependencies (event::get_wait_list). Weak: a chain
  // of commands must not keep every earlier event alive; one that is gone
  // had completed, and SYCL leaves listing completed events to us.
  void set_wait_list(const std::vector<std::shared_ptr<event_impl>> &deps);
  std::vector<std::shared_ptr<event_impl>> wait_list();

  // Profiling, nanoseconds on steady_clock.
  uint64_t submit_ns = 0;
  uint64_t host_start_ns = 0;
  uint64_t host_end_ns = 0;
  bool profiled = false;
  uint64_t start_ns();
  uint64_t end_ns();

private:
  // Completes the command when its queue has drained (see wait()).
  bool drained();

  std::atomic<state> state_{state::pending};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::shared_ptr<queue_impl> queue_;
  usycl::rt::backend_queue *bq_ = nullptr;
  std::shared_ptr<usycl::rt::backend_event> end_;
  std::shared_ptr<usycl::rt::backend_event> start_;
  bool error_reported_ = false;
  std::vector<std::function<void()>> on_enqueued_; // guarded by mutex_
  // event::get_wait_list, guarded by mutex_. Most commands wait for at most
  // one event (an in-order queue's previous command): that one is kept
  // inline, so recording it costs no allocation per submit.
  std::weak_ptr<event_impl> wait_first_;
  std::vector<std::weak_ptr<event_impl>> wait_rest_;
};

uint64_t now_ns();

} // namespace detail
} // namespace _V1
} // namespace sycl
