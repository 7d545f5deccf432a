#include "cuda_device_globals.hpp"

#include "../../device_globals.hpp"
#include "../../trace.hpp"

#include <sycl/exception.hpp>

#include <cstdint>

namespace usycl::rt::cuda {

device_global_copies::~device_global_copies() {
  if (driver::exiting())
    return; // libcuda may be gone; the process is ending anyway
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  for (auto &[object, copy] : copies_)
    ctx_->api().mem_free(copy);
}

void *device_global_copies::storage_locked(const void *host_object, const std::string &symbol,
                                           size_t size) {
  auto it = copies_.find(host_object);
  if (it != copies_.end())
    return reinterpret_cast<void *>(static_cast<uintptr_t>(it->second));
  ctx_->make_current();
  const driver_api &a = ctx_->api();
  CUdeviceptr copy = 0;
  check(a.mem_alloc(&copy, size ? size : 1), sycl::errc::memory_allocation,
        "cannot allocate device_global '" + symbol + "' (" + std::to_string(size) +
            " bytes) on " + device_name_);
  // The host object holds the initial value (its constant initialiser).
  if (size != 0) {
    CUresult r = a.memcpy(copy, static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(host_object)), size);
    if (r != CUDA_SUCCESS) {
      a.mem_free(copy);
      check(r, sycl::errc::runtime, "cannot initialise device_global '" + symbol + "' on " + device_name_);
    }
  }
  copies_.emplace(host_object, copy);
  USYCL_TRACE_IF(basic, "device_global", "'%s' (%zu bytes) on %s at 0x%llx", symbol.c_str(), size,
                 device_name_.c_str(), static_cast<unsigned long long>(copy));
  return reinterpret_cast<void *>(static_cast<uintptr_t>(copy));
}

void *device_global_copies::storage(const void *host_object) {
  std::optional<device_global_info> info = find_device_global(host_object);
  if (!info)
    throw sycl::exception(
        sycl::make_error_code(sycl::errc::invalid),
        "this device_global is not registered with the usycl runtime: compile the translation "
        "unit that defines it with usycl++ (its host constructor registers it)");
  std::lock_guard<std::mutex> guard(mutex_);
  return storage_locked(host_object, info->symbol, info->size);
}

void device_global_copies::bind(CUmodule module) {
  std::vector<device_global_info> all = registered_device_globals();
  if (all.empty())
    return;
  const driver_api &a = ctx_->api();
  std::lock_guard<std::mutex> guard(mutex_);
  for (const device_global_info &g : all) {
    CUdeviceptr slot = 0;
    size_t slot_size = 0;
    if (a.module_get_global(&slot, &slot_size, module, g.symbol.c_str()) != CUDA_SUCCESS)
      continue; // this module does not use the variable
    if (slot_size != sizeof(void *))
      throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                            "device_global '" + g.symbol + "' has " + std::to_string(slot_size) +
                                " bytes in the device code of " + device_name_ +
                                ", not a pointer: its device code was not built by this usycl");
    void *copy = storage_locked(g.host_object, g.symbol, g.size);
    check(a.memcpy(slot, static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(&copy)), sizeof copy),
          sycl::errc::runtime, "cannot bind device_global '" + g.symbol + "' on " + device_name_);
  }
}

} // namespace usycl::rt::cuda
