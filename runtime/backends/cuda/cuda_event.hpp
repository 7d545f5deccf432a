// CUDA events: a pool of CUevents per device, the backend_event wrapper, and
// the clock anchor that turns event times into steady_clock nanoseconds.
//
// Timestamps: cuEventElapsedTime gives the milliseconds between two events
// of one context as a float (resolution about 0.5 us). Each device keeps an
// anchor: a timing event recorded on an idle internal stream, paired with the
// steady_clock time at which the GPU passed it (midpoint of record..synchronize,
// best of three tries, typically within a few microseconds). An event's
// timestamp is anchor.host_ns + elapsed(anchor, event). The anchor is renewed
// when it is more than a second old at record time, so elapsed times stay
// small (float keeps ~0.1 us of precision up to a few seconds) and GPU/host
// clock drift cannot accumulate.
#pragma once

#include "cuda_api.hpp"
#include "cuda_context.hpp"
#include "backend.hpp"
#include "cuda_fault.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace usycl::rt::cuda {

struct clock_anchor {
  std::shared_ptr<context> ctx;
  CUevent event = nullptr;
  uint64_t host_ns = 0;
  ~clock_anchor();
};

class event_pool {
public:
  explicit event_pool(std::shared_ptr<context> ctx);
  ~event_pool();
  event_pool(const event_pool &) = delete;
  event_pool &operator=(const event_pool &) = delete;

  // A CUevent with or without timing; throws sycl::exception when the driver
  // cannot create one. Needs the context current.
  CUevent acquire(bool timing);
  void release(CUevent event, bool timing);

  // The current clock anchor, renewed when older than a second.
  std::shared_ptr<const clock_anchor> anchor();

  const std::shared_ptr<context> &ctx() const { return ctx_; }

private:
  std::shared_ptr<clock_anchor> make_anchor();

  std::shared_ptr<context> ctx_;
  std::mutex mutex_;
  std::vector<CUevent> free_[2]; // [timing]
  std::mutex anchor_mutex_;
  std::shared_ptr<const clock_anchor> anchor_;
  CUstream anchor_stream_ = nullptr;
};

class cuda_event final : public backend_event {
public:
  // `kernel`: the last kernel enqueued on the stream before the event (its
  // pretty name, owned by the device's kernel cache), or nullptr; named when
  // the work before the event fails. `fault` learns of a lost context.
  cuda_event(std::shared_ptr<event_pool> pool, CUevent event, bool timing,
             std::shared_ptr<const clock_anchor> anchor,
             std::shared_ptr<device_fault> fault = nullptr,
             const std::string *kernel = nullptr)
      : pool_(std::move(pool)), event_(event), timing_(timing),
        anchor_(std::move(anchor)), fault_(std::move(fault)), kernel_(kernel) {}
  ~cuda_event() override;

  // Never throws: an event whose work failed counts as complete, and wait()
  // reports the failure.
  bool is_complete() override;
  void wait() override;
  uint64_t timestamp_ns() override;

  CUevent get() const { return event_; }
  const context &ctx() const { return *pool_->ctx(); }

private:
  std::shared_ptr<event_pool> pool_;
  CUevent event_;
  bool timing_;
  std::shared_ptr<const clock_anchor> anchor_;
  std::shared_ptr<device_fault> fault_;
  const std::string *kernel_;
  std::atomic<uint64_t> timestamp_{0}; // 0 = not computed yet
};

// Nanoseconds on std::chrono::steady_clock.
inline uint64_t steady_now_ns() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

} // namespace usycl::rt::cuda
