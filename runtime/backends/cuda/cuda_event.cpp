#include "cuda_event.hpp"

#include <cmath>

namespace usycl::rt::cuda {

namespace {
constexpr uint64_t anchor_max_age_ns = 1'000'000'000; // 1 s
constexpr size_t pool_keep = 256; // free events kept per kind

CUresult elapsed_ms(const driver_api &a, float *ms, CUevent from, CUevent to) {
  if (a.event_elapsed_time_v2)
    return a.event_elapsed_time_v2(ms, from, to);
  return a.event_elapsed_time_v1(ms, from, to);
}
} // namespace

clock_anchor::~clock_anchor() {
  if (!event || !ctx || driver::exiting())
    return;
  try {
    ctx->make_current();
  } catch (...) {
    return;
  }
  ctx->api().event_destroy(event);
}

event_pool::event_pool(std::shared_ptr<context> ctx) : ctx_(std::move(ctx)) {}

event_pool::~event_pool() {
  if (driver::exiting())
    return;
  const driver_api &a = ctx_->api();
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  for (auto &list : free_)
    for (CUevent e : list)
      a.event_destroy(e);
  anchor_.reset(); // destroys its event while the context is alive
  if (anchor_stream_)
    a.stream_destroy(anchor_stream_);
}

CUevent event_pool::acquire(bool timing) {
  {
    std::lock_guard lock(mutex_);
    auto &list = free_[timing];
    if (!list.empty()) {
      CUevent e = list.back();
      list.pop_back();
      return e;
    }
  }
  CUevent e = nullptr;
  check(ctx_->api().event_create(&e, timing ? CU_EVENT_DEFAULT
                                            : CU_EVENT_DISABLE_TIMING),
        sycl::errc::runtime, "cuEventCreate failed");
  return e;
}

void event_pool::release(CUevent event, bool timing) {
  if (!event || driver::exiting())
    return;
  {
    std::lock_guard lock(mutex_);
    auto &list = free_[timing];
    if (list.size() < pool_keep) {
      list.push_back(event);
      return;
    }
  }
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  ctx_->api().event_destroy(event);
}

std::shared_ptr<const clock_anchor> event_pool::anchor() {
  std::lock_guard lock(anchor_mutex_);
  ctx_->make_current();
  if (!anchor_ || steady_now_ns() - anchor_->host_ns > anchor_max_age_ns)
    anchor_ = make_anchor();
  return anchor_;
}

std::shared_ptr<clock_anchor> event_pool::make_anchor() {
  const driver_api &a = ctx_->api();
  if (!anchor_stream_)
    check(a.stream_create(&anchor_stream_, CU_STREAM_NON_BLOCKING),
          sycl::errc::profiling, "cannot create the CUDA profiling stream");
  auto best = std::make_shared<clock_anchor>();
  best->ctx = ctx_;
  uint64_t best_window = UINT64_MAX;
  for (int attempt = 0; attempt < 3; ++attempt) {
    CUevent e = nullptr;
    check(a.event_create(&e, CU_EVENT_DEFAULT), sycl::errc::profiling,
          "cannot create a CUDA timing event");
    uint64_t before = steady_now_ns();
    CUresult r = a.event_record(e, anchor_stream_);
    if (r == CUDA_SUCCESS)
      r = a.event_synchronize(e);
    uint64_t after = steady_now_ns();
    if (r != CUDA_SUCCESS) {
      a.event_destroy(e);
      throw_error(sycl::errc::profiling, r, "cannot calibrate CUDA event timing");
    }
    if (after - before < best_window) {
      if (best->event)
        a.event_destroy(best->event);
      best->event = e;
      best->host_ns = before + (after - before) / 2;
      best_window = after - before;
    } else {
      a.event_destroy(e);
    }
  }
  return best;
}

cuda_event::~cuda_event() { pool_->release(event_, timing_); }

bool cuda_event::is_complete() {
  try {
    ctx().make_current();
  } catch (...) {
    return true;
  }
  CUresult r = ctx().api().event_query(event_);
  return r != CUDA_ERROR_NOT_READY;
}

void cuda_event::wait() {
  ctx().make_current();
  CUresult r = ctx().api().event_synchronize(event_);
  if (r == CUDA_SUCCESS)
    return;
  if (!fault_)
    throw_error(sycl::errc::runtime, r,
                "work before this event failed on CUDA device " +
                    std::to_string(ctx().device()));
  throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                        fault_->note(r, "work failed", kernel_ ? *kernel_ : ""));
}

uint64_t cuda_event::timestamp_ns() {
  if (uint64_t ts = timestamp_.load(std::memory_order_relaxed))
    return ts;
  if (!timing_ || !anchor_)
    throw sycl::exception(sycl::make_error_code(sycl::errc::profiling),
                          "CUDA backend: event was recorded without profiling; use a "
                          "queue with property::queue::enable_profiling");
  wait();
  float ms = 0;
  check(elapsed_ms(ctx().api(), &ms, anchor_->event, event_),
        sycl::errc::profiling, "cuEventElapsedTime failed");
  double ns = static_cast<double>(ms) * 1e6;
  int64_t delta = std::llround(ns);
  uint64_t ts = delta >= 0 ? anchor_->host_ns + static_cast<uint64_t>(delta)
                           : anchor_->host_ns - static_cast<uint64_t>(-delta);
  if (ts == 0)
    ts = 1;
  timestamp_.store(ts, std::memory_order_relaxed);
  return ts;
}

} // namespace usycl::rt::cuda
