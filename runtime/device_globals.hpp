// The program's device_global variables (sycl_ext_oneapi_device_global),
// registered before main by a constructor usycl++ adds to each host module
// that defines one (compiler/passes/device_globals.hpp): the host object's
// address, the symbol the device code knows it by, and its size. The
// backends look them up by the host object (queue::memcpy) and by module
// (CUDA: each loaded module that holds one gets the device's copy).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace usycl::rt {

struct device_global_info {
  const void *host_object = nullptr;
  std::string symbol;
  size_t size = 0;
};

std::optional<device_global_info> find_device_global(const void *host_object);
std::vector<device_global_info> registered_device_globals();

} // namespace usycl::rt
