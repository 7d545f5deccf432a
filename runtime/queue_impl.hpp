// The state behind sycl::queue.
#pragma once

#include "backend.hpp"
#include "event_impl.hpp"
#include "platform_impl.hpp"

#include <sycl/exception.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class queue_impl : public std::enable_shared_from_this<queue_impl> {
public:
  queue_impl(std::shared_ptr<device_impl> device, std::shared_ptr<context_impl> context,
             async_handler handler, uint32_t property_bits);
  ~queue_impl();

  device_impl &device() const { return *device_; }
  const std::shared_ptr<device_impl> &device_ptr() const { return device_; }
  const std::shared_ptr<context_impl> &context() const { return context_; }
  bool in_order() const { return in_order_; }
  bool profiling() const { return profiling_; }
  uint32_t property_bits() const { return property_bits_; }

  // The backend queue the next command goes to (round robin when out of order).
  usycl::rt::backend_queue &next_backend_queue();

  // Serialises submissions so in-order queues keep their order.
  std::mutex submit_mutex;
  // In-order queues: the last submitted command. Out-of-order: unused.
  std::shared_ptr<event_impl> last_event;
  // The last enqueued barrier (handler::ext_oneapi_barrier), which every
  // later command waits for; guarded by submit_mutex.
  std::shared_ptr<event_impl> last_barrier;
  // Commands not known complete, for queue::wait (pruned as they finish).
  void track(const std::shared_ptr<event_impl> &e);
  void wait();
  // Every submitted command has completed (queue::khr_empty).
  bool empty();
  // The tracked commands not yet complete (a barrier's dependencies).
  std::vector<std::shared_ptr<event_impl>> incomplete_commands();
  // The last sycl::queue handle is gone: waits for the device work already
  // on backend queues, and drops the references to the other commands
  // (tracked_, last_event) from a host worker once they complete, so the
  // queue_impl and its backend queues go away with the last event that
  // refers to it. Never waits for a host task.
  void release_when_done();

  void report_async_error(std::exception_ptr e);
  // Hands the collected errors to the async handler (queue's, else the
  // context's, else the default one that prints and terminates).
  void throw_asynchronous();
  // throw_asynchronous for a queue going away (its last handle, or the
  // queue_impl itself): never throws.
  void deliver_errors_at_release() noexcept;

private:
  std::shared_ptr<device_impl> device_;
  std::shared_ptr<context_impl> context_;
  async_handler handler_;
  bool in_order_;
  bool profiling_;
  uint32_t property_bits_;
  std::vector<std::unique_ptr<usycl::rt::backend_queue>> backend_queues_;
  std::atomic<unsigned> next_queue_{0};

  std::mutex tracked_mutex_;
  std::vector<std::shared_ptr<event_impl>> tracked_;

  std::mutex errors_mutex_;
  std::vector<std::exception_ptr> errors_;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
