// The device's copies of the program's device_global variables
// (runtime/device_globals.hpp, sycl/ext/oneapi/device_global/device_global.hpp).
//
// Each variable has one copy per device, allocated on first need (a module
// that uses it is loaded, or the host copies to or from it) and initialised
// from the host object, which holds the initial value. NVPTX code reaches
// the copy through the variable's own module-scope pointer: bind() writes
// the copy's address into every loaded module that holds the variable, so
// kernels of different modules (device code split, specialisation
// constants) share one variable.
#pragma once

#include "cuda_api.hpp"
#include "cuda_context.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace usycl::rt::cuda {

class device_global_copies {
public:
  explicit device_global_copies(std::shared_ptr<context> ctx, std::string device_name)
      : ctx_(std::move(ctx)), device_name_(std::move(device_name)) {}
  ~device_global_copies();
  device_global_copies(const device_global_copies &) = delete;
  device_global_copies &operator=(const device_global_copies &) = delete;

  // The device copy of the registered variable whose host object is
  // `host_object`; throws errc::invalid when no such variable is registered.
  void *storage(const void *host_object);
  // Points every registered variable `module` holds at this device's copy.
  void bind(CUmodule module);

private:
  void *storage_locked(const void *host_object, const std::string &symbol, size_t size);

  std::shared_ptr<context> ctx_;
  std::string device_name_;
  std::mutex mutex_;
  std::unordered_map<const void *, CUdeviceptr> copies_;
};

} // namespace usycl::rt::cuda
