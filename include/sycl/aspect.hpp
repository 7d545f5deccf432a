// sycl::aspect with DPC++'s numbering (a contract: device images, the device
// configuration file and outside tests use these numbers).
#pragma once

namespace sycl {
inline namespace _V1 {

enum class aspect : int {
  host = 0,
  cpu = 1,
  gpu = 2,
  accelerator = 3,
  custom = 4,
  fp16 = 5,
  fp64 = 6,
  image = 9,
  online_compiler = 10,
  online_linker = 11,
  queue_profiling = 12,
  usm_device_allocations = 13,
  usm_host_allocations = 14,
  usm_shared_allocations = 15,
  usm_restricted_shared_allocations = 16,
  usm_system_allocations = 17,
  ext_intel_pci_address = 18,
  ext_intel_gpu_eu_count = 19,
  ext_intel_gpu_eu_simd_width = 20,
  ext_intel_gpu_slices = 21,
  ext_intel_gpu_subslices_per_slice = 22,
  ext_intel_gpu_eu_count_per_subslice = 23,
  ext_intel_max_mem_bandwidth = 24,
  ext_intel_mem_channel = 25,
  usm_atomic_host_allocations = 26,
  usm_atomic_shared_allocations = 27,
  atomic64 = 28,
  ext_intel_device_info_uuid = 29,
  ext_oneapi_srgb = 30,
  ext_oneapi_native_assert = 31,
  host_debuggable = 32,
  ext_intel_gpu_hw_threads_per_eu = 33,
  ext_oneapi_cuda_async_barrier = 34,
  ext_oneapi_bfloat16_math_functions = 35,
  ext_intel_free_memory = 36,
  ext_intel_device_id = 37,
  ext_intel_memory_clock_rate = 38,
  ext_intel_memory_bus_width = 39,
  emulated = 40,
  // Identity aspects (one per target device, numbered from 1000) live in
  // <sycl/detail/identity_aspects.hpp> once the device table exists.
  ext_intel_x86_64 = 1000,
};

} // namespace _V1
} // namespace sycl
