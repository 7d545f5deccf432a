// The CUDA backend: loads the driver, enumerates its devices. On a machine
// without CUDA it has no devices and says why; it never prints and never
// throws from make_cuda_backend().
#include "backend.hpp"
#include "cuda_api.hpp"
#include "cuda_device.hpp"

namespace usycl::rt {

namespace {

class cuda_backend final : public backend {
public:
  cuda_backend() {
    try {
      discover();
    } catch (const std::exception &e) {
      devices_.clear();
      reason_ = e.what();
    } catch (...) {
      devices_.clear();
      reason_ = "CUDA device discovery failed";
    }
  }

  const char *name() const override { return "cuda"; }
  std::string platform_name() const override { return "NVIDIA CUDA BACKEND"; }
  std::string platform_vendor() const override { return "NVIDIA Corporation"; }
  std::string platform_version() const override {
    int v = cuda::driver::get().version();
    return v ? "CUDA " + cuda::format_driver_version(v) : "CUDA";
  }
  const std::vector<std::shared_ptr<backend_device>> &devices() override {
    return devices_;
  }
  std::string unavailable_reason() const override { return reason_; }
  // USYCL_CUDA_PEER_ACCESS (cuda_peer.hpp), checked also without a GPU: a
  // setting that cannot be honoured is never ignored.
  std::string configuration_error() const override {
    return cuda::peer_access_configuration_error();
  }

private:
  void discover() {
    const cuda::driver &drv = cuda::driver::get();
    if (!drv.available()) {
      reason_ = drv.unavailable_reason();
      return;
    }
    int count = 0;
    cuda::CUresult r = drv.api().device_get_count(&count);
    if (r != cuda::CUDA_SUCCESS) {
      reason_ = "cuDeviceGetCount failed: " + drv.error_name(r);
      return;
    }
    if (count == 0) {
      reason_ = "no CUDA devices (check CUDA_VISIBLE_DEVICES)";
      return;
    }
    std::string skipped;
    for (int i = 0; i < count; ++i) {
      try {
        devices_.push_back(std::make_shared<cuda::cuda_device>(i));
      } catch (const std::exception &e) {
        skipped += (skipped.empty() ? "" : "; ") + std::string(e.what());
      }
    }
    if (devices_.empty())
      reason_ = "no usable CUDA device: " + skipped;
  }

  std::vector<std::shared_ptr<backend_device>> devices_;
  std::string reason_;
};

} // namespace

std::unique_ptr<backend> make_cuda_backend() {
  return std::make_unique<cuda_backend>();
}

} // namespace usycl::rt
