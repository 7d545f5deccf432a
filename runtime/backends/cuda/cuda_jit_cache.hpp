// PTX images through the on-disk kernel cache (runtime/disk_cache.hpp,
// docs/kernel-cache.md): the driver's JIT compiles PTX to a cubin on every
// run, which costs from milliseconds to seconds per module; the cubin it
// makes (obtained with cuLinkCreate/cuLinkAddData/cuLinkComplete) is kept on
// disk and loaded directly by later runs.
//
// The key covers everything the cubin depends on: the PTX text, the device
// architecture (sm_NN plus suffix), the CUDA driver version, the usycl
// version and the JIT options, so a new binary, driver or usycl never loads
// stale code.
#pragma once

#include "cuda_api.hpp"
#include "cuda_image.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace usycl::rt::cuda {

// Loads the NUL-terminated PTX `ptx` as a module for the current context:
// a cached cubin when there is a good one, else the cubin the JIT linker
// makes, which is then stored. nullopt when the cache takes no part
// (disabled, or a driver without cuLink*) or the JIT linker fails: the
// caller then loads the PTX itself (and gets the driver's error log).
// `what` names the image in trace lines.
std::optional<CUresult> load_ptx_through_cache(const driver_api &api, CUmodule *module,
                                               const char *ptx, sm_arch arch,
                                               const std::string &what);

// The cache key of a PTX image (exposed for tests).
std::string ptx_cache_key(std::string_view ptx, sm_arch arch, int driver_version);

} // namespace usycl::rt::cuda
