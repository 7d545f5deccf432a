// A device's primary context, retained for as long as anything (device,
// queues, events, modules) needs it, and made current on the calling thread
// before driver calls: SYCL calls arrive from any thread.
#pragma once

#include "cuda_api.hpp"

#include <memory>

namespace usycl::rt::cuda {

class context {
public:
  // Retains the primary context of `dev`; throws sycl::exception (errc::runtime)
  // when the driver refuses (device busy in exclusive mode, out of memory...).
  static std::shared_ptr<context> retain(CUdevice dev);
  ~context();
  context(const context &) = delete;
  context &operator=(const context &) = delete;

  CUcontext get() const { return ctx_; }
  CUdevice device() const { return dev_; }
  const driver_api &api() const { return api_; }

  // Makes this context current on the calling thread. We ask the driver
  // (cuCtxGetCurrent reads a thread-local, a few ns) instead of trusting a
  // cache of our own, because user code on the same thread may switch the
  // current context behind our back (CUDA runtime interop, cudaSetDevice).
  void make_current() const {
    CUcontext current = nullptr;
    if (api_.ctx_get_current(&current) != CUDA_SUCCESS || current != ctx_)
      [[unlikely]]
      set_current();
  }

private:
  context(const driver_api &api, CUdevice dev, CUcontext ctx)
      : api_(api), dev_(dev), ctx_(ctx) {}
  void set_current() const;

  const driver_api &api_;
  CUdevice dev_;
  CUcontext ctx_;
};

} // namespace usycl::rt::cuda
