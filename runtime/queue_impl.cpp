#include "queue_impl.hpp"

#include "host_workers.hpp"
#include "assert_buffer.hpp" // device-side assert delivery (docs/assert.md)

#include <algorithm>
#include <cstdio>
#include <exception>

namespace sycl {
inline namespace _V1 {
namespace detail {

namespace {
// Out-of-order queues spread independent commands over a few backend queues
// (CUDA streams) so they can overlap.
constexpr unsigned out_of_order_width = 4;
} // namespace

queue_impl::queue_impl(std::shared_ptr<device_impl> device, std::shared_ptr<context_impl> context,
                       async_handler handler, uint32_t bits)
    : device_(std::move(device)), context_(std::move(context)), handler_(std::move(handler)),
      in_order_(bits & prop_in_order), profiling_(bits & prop_enable_profiling),
      property_bits_(bits) {
  unsigned width = in_order_ ? 1 : out_of_order_width;
  for (unsigned i = 0; i < width; ++i)
    backend_queues_.push_back(device_->backend_device().create_queue(in_order_, profiling_));
  // Failed device asserts of kernels on these backend queues come here.
  for (auto &bq : backend_queues_) usycl::rt::assert_support::register_queue(bq.get(), this);
}

queue_impl::~queue_impl() {
  // SYCL: destroying a queue does not block, but work already submitted must
  // still run; backend queues finish their work in their own destructors.
  // Errors of commands that finished after the last handle went (host
  // tasks a host worker waited for) still reach a handler the user gave.
  // Not those of the wait below: the last event may go at exit, after the
  // CUDA driver has shut down (CUDA_ERROR_DEINITIALIZED), and the default
  // handler would terminate a program that did nothing wrong.
  std::vector<std::exception_ptr> pending;
  {
    std::lock_guard lock(errors_mutex_);
    pending.swap(errors_);
  }
  try {
    wait();
  } catch (...) {
  }
  if (!pending.empty() && (handler_ || (context_ && context_->handler()))) {
    {
      std::lock_guard lock(errors_mutex_);
      errors_ = std::move(pending);
    }
    deliver_errors_at_release();
  }
  for (auto &bq : backend_queues_) usycl::rt::assert_support::unregister_queue(bq.get());
}

void queue_impl::deliver_errors_at_release() noexcept {
  // SYCL 2020 §4.13.1.2: an error no wait_and_throw delivered goes to the
  // handler when the queue is destroyed, not nowhere (DPC++ does the same).
  try {
    throw_asynchronous();
  } catch (const std::exception &e) {
    std::fprintf(stderr,
                 "usycl: the async_handler threw while its queue was destroyed (%s); a handler "
                 "called from a queue's destructor must not throw\n",
                 e.what());
  } catch (...) {
    std::fprintf(stderr, "usycl: the async_handler threw while its queue was destroyed; a "
                         "handler called from a queue's destructor must not throw\n");
  }
}

usycl::rt::backend_queue &queue_impl::next_backend_queue() {
  if (backend_queues_.size() == 1) return *backend_queues_[0];
  unsigned i = next_queue_.fetch_add(1, std::memory_order_relaxed);
  return *backend_queues_[i % backend_queues_.size()];
}

void queue_impl::track(const std::shared_ptr<event_impl> &e) {
  std::lock_guard lock(tracked_mutex_);
  if (tracked_.size() >= 256)
    std::erase_if(tracked_, [](auto &t) { return t->get_state() == event_impl::state::complete; });
  tracked_.push_back(e);
}

void queue_impl::wait() {
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard lock(tracked_mutex_);
    events.swap(tracked_);
  }
  for (auto &e : events) e->wait();
  for (auto &bq : backend_queues_) {
    try {
      bq->synchronize();
    } catch (...) {
      report_async_error(std::current_exception());
    }
  }
  // Device asserts of the kernels that just finished (assert_buffer.hpp).
  usycl::rt::assert_support::poll();
}

std::vector<std::shared_ptr<event_impl>> queue_impl::incomplete_commands() {
  std::lock_guard lock(tracked_mutex_);
  std::vector<std::shared_ptr<event_impl>> events;
  for (auto &e : tracked_)
    if (e->get_state() != event_impl::state::complete) events.push_back(e);
  return events;
}

bool queue_impl::empty() {
  // In-order queues track only the commands that had to wait; the last
  // command stands for the ones before it (each waits for its predecessor).
  std::shared_ptr<event_impl> last;
  {
    std::lock_guard lock(submit_mutex);
    last = last_event;
  }
  if (last && !last->is_complete()) return false;
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard lock(tracked_mutex_);
    std::erase_if(tracked_, [](auto &t) { return t->get_state() == event_impl::state::complete; });
    events = tracked_;
  }
  // is_complete polls the backend (and notes what it finds), outside the lock.
  for (auto &e : events)
    if (!e->is_complete()) return false;
  return true;
}

void queue_impl::release_when_done() {
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard lock(submit_mutex);
    if (last_event) events.push_back(std::move(last_event));
    last_event.reset();
    if (last_barrier) events.push_back(std::move(last_barrier));
    last_barrier.reset(); // it refers to this queue_impl
  }
  {
    std::lock_guard lock(tracked_mutex_);
    events.insert(events.end(), tracked_.begin(), tracked_.end());
    tracked_.clear();
  }
  // Work already on a backend queue finishes without the host's help, so it
  // is waited for here: USM results of a destroyed queue are there when its
  // destructor returns. Host tasks, and commands still waiting for
  // dependencies, may wait for something this very thread does next (a host
  // task blocked on a promise it fulfils later): a host worker waits for
  // those instead, and the events (with this queue_impl) live until then.
  std::vector<std::shared_ptr<event_impl>> deferred;
  for (auto &e : events) {
    if (e->get_state() == event_impl::state::enqueued && e->bq() != nullptr)
      e->wait(); // errors stay queued for the async_handler
    else if (!e->is_complete())
      deferred.push_back(std::move(e));
  }
  if (deferred.empty()) return;
  usycl::rt::host_workers::get().post([deferred = std::move(deferred)] {
    for (auto &e : deferred) e->wait();
  });
}

void queue_impl::report_async_error(std::exception_ptr e) {
  std::lock_guard lock(errors_mutex_);
  errors_.push_back(std::move(e));
}

void queue_impl::throw_asynchronous() {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard lock(errors_mutex_);
    errors.swap(errors_);
  }
  if (errors.empty()) return;
  exception_list list(std::move(errors));
  if (handler_) {
    handler_(std::move(list));
  } else if (context_ && context_->handler()) {
    context_->handler()(std::move(list));
  } else {
    // SYCL 2020 §4.13.1.2: the default handler reports and terminates.
    for (const auto &e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception &ex) {
        std::fprintf(stderr, "usycl: unhandled asynchronous error: %s\n", ex.what());
      } catch (...) {
        std::fprintf(stderr, "usycl: unhandled asynchronous error of unknown type\n");
      }
    }
    std::fprintf(stderr, "usycl: no async_handler was given to the queue or context; "
                         "terminating (pass one to sycl::queue to handle these errors)\n");
    std::terminate();
  }
}

} // namespace detail
} // namespace _V1
} // namespace sycl
