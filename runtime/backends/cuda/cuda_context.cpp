#include "cuda_context.hpp"

namespace usycl::rt::cuda {

std::shared_ptr<context> context::retain(CUdevice dev) {
  const driver_api &a = driver::get().api();
  CUcontext ctx = nullptr;
  check(a.primary_ctx_retain(&ctx, dev), sycl::errc::runtime,
        "cannot retain the primary context of CUDA device " +
            std::to_string(dev));
  return std::shared_ptr<context>(new context(a, dev, ctx));
}

context::~context() {
  // At process exit libcuda may already be torn down: leak instead.
  if (driver::exiting())
    return;
  api_.primary_ctx_release(dev_); // errors (e.g. DEINITIALIZED) ignored
}

void context::set_current() const {
  check(api_.ctx_set_current(ctx_), sycl::errc::runtime,
        "cannot make the CUDA context of device " + std::to_string(dev_) +
            " current");
}

} // namespace usycl::rt::cuda
