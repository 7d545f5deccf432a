// The objects behind sycl::platform, sycl::device and sycl::context, and the
// process-wide list of them (discovered once, filtered by
// ONEAPI_DEVICE_SELECTOR).
#pragma once

#include "backend.hpp"
#include "program_manager.hpp"

#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/platform.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class device_impl;
class context_impl;

class platform_impl {
public:
  platform_impl(usycl::rt::backend &backend, sycl::backend id) : backend_(backend), id_(id) {}
  usycl::rt::backend &backend_ref() const { return backend_; }
  sycl::backend id() const { return id_; }
  const std::vector<std::shared_ptr<device_impl>> &devices() const { return devices_; }
  // The context queues use when none is given (one per platform, as DPC++).
  std::shared_ptr<context_impl> default_context();

  std::vector<std::shared_ptr<device_impl>> devices_;

private:
  usycl::rt::backend &backend_;
  sycl::backend id_;
  std::once_flag default_context_once_;
  std::shared_ptr<context_impl> default_context_;
};

class device_impl {
public:
  device_impl(std::shared_ptr<usycl::rt::backend_device> dev, platform_impl &platform,
              std::shared_ptr<platform_impl> platform_owner);
  usycl::rt::backend_device &backend_device() const { return *dev_; }
  // What the device reports: the backend's description, or under
  // USYCL_EMULATE the emulated one (aspects, sub-group sizes, name).
  const usycl::rt::device_info &info() const { return emulated_ ? *emulated_ : dev_->info(); }
  void set_emulated_info(usycl::rt::device_info info) {
    emulated_ = std::make_unique<usycl::rt::device_info>(std::move(info));
  }
  bool is_emulated() const { return emulated_ != nullptr; }
  // Cached optional-feature verdicts of kernels on this device.
  kernel_verdict_cache &verdicts() const { return *verdicts_; }
  std::shared_ptr<platform_impl> platform() const { return platform_.lock(); }
  platform_impl &platform_ref() const { return platform_ref_; }
  bool has(aspect a) const;
  bool is_cpu() const { return info().kind == usycl::rt::device_kind::cpu; }
  bool is_gpu() const { return info().kind == usycl::rt::device_kind::gpu; }
  // Whether device code reads host memory directly (the CPU backend).
  bool uses_host_memory() const { return is_cpu(); }
  // "NVIDIA H200 [0000:19:00.0]": tells two GPUs of one model apart in traces.
  std::string trace_label() const;

private:
  std::shared_ptr<usycl::rt::backend_device> dev_;
  platform_impl &platform_ref_;
  std::weak_ptr<platform_impl> platform_;
  std::unique_ptr<usycl::rt::device_info> emulated_;
  std::unique_ptr<kernel_verdict_cache> verdicts_;
};

class context_impl {
public:
  context_impl(std::vector<std::shared_ptr<device_impl>> devices, async_handler handler)
      : devices_(std::move(devices)), handler_(std::move(handler)) {}
  const std::vector<std::shared_ptr<device_impl>> &devices() const { return devices_; }
  const async_handler &handler() const { return handler_; }
  bool contains(const device_impl &d) const;

private:
  std::vector<std::shared_ptr<device_impl>> devices_;
  async_handler handler_;
};

// Discovers backends and devices on first use.
class USYCL_EXPORT runtime_state {
public:
  static runtime_state &get();
  const std::vector<std::shared_ptr<platform_impl>> &platforms() const { return platforms_; }
  std::vector<std::shared_ptr<device_impl>> all_devices() const;
  // Why no device is visible (missing driver, selector filtered everything).
  const std::vector<std::string> &notes() const { return notes_; }
  // Set when ONEAPI_DEVICE_SELECTOR is malformed, or USYCL_EMULATE cannot be
  // honoured (unknown target, bad device configuration file); reported on
  // every device lookup and by sycl-ls.
  const std::string &selector_error() const { return selector_error_; }
  // The USYCL_EMULATE target in effect ("" when none).
  const std::string &emulated_target() const { return emulated_target_; }

private:
  runtime_state();
  std::vector<std::unique_ptr<usycl::rt::backend>> backends_;
  std::vector<std::shared_ptr<platform_impl>> platforms_;
  std::vector<std::string> notes_;
  std::string selector_error_;
  std::string emulated_target_;
};

[[noreturn]] void throw_error(errc code, const std::string &message);

} // namespace detail
} // namespace _V1
} // namespace sycl
