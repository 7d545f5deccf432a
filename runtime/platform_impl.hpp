// The objects behind sycl::platform, sycl::device and sycl::context, and the
// process-wide list of them (discovered once, filtered by
// ONEAPI_DEVICE_SELECTOR).
#pragma once

#include "backend.hpp"

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
  const usycl::rt::device_info &info() const { return dev_->info(); }
  std::shared_ptr<platform_impl> platform() const { return platform_.lock(); }
  platform_impl &platform_ref() const { return platform_ref_; }
  bool has(aspect a) const;
  bool is_cpu() const { return info().kind == usycl::rt::device_kind::cpu; }
  bool is_gpu() const { return info().kind == usycl::rt::device_kind::gpu; }
  // Whether device code reads host memory directly (the CPU backend).
  bool uses_host_memory() const { return is_cpu(); }

private:
  std::shared_ptr<usycl::rt::backend_device> dev_;
  platform_impl &platform_ref_;
  std::weak_ptr<platform_impl> platform_;
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
  // Set when ONEAPI_DEVICE_SELECTOR is malformed; reported on device lookup.
  const std::string &selector_error() const { return selector_error_; }

private:
  runtime_state();
  std::vector<std::unique_ptr<usycl::rt::backend>> backends_;
  std::vector<std::shared_ptr<platform_impl>> platforms_;
  std::vector<std::string> notes_;
  std::string selector_error_;
};

[[noreturn]] void throw_error(errc code, const std::string &message);

} // namespace detail
} // namespace _V1
} // namespace sycl
