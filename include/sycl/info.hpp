// Information descriptors for get_info<>() (SYCL 2020 §4.6 appendix A).
#pragma once

#include <sycl/aspect.hpp>
#include <sycl/id.hpp>
#include <sycl/memory_enums.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {

class device;
class platform;
class context;
class kernel_id;

namespace info {

enum class device_type : unsigned { cpu = 1, gpu = 2, accelerator = 4, custom = 8, automatic = 16, host = 32, all = 0xffffffff };
enum class local_mem_type : int { none, local, global };
enum class event_command_status : int { submitted = 0, running = 1, complete = 2 };
enum class partition_property : int {
  no_partition = 0,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain,
};
enum class partition_affinity_domain : int {
  not_applicable = 0,
  numa,
  L4_cache,
  L3_cache,
  L2_cache,
  L1_cache,
  next_partitionable,
};
enum class fp_config : int {
  denorm = 0,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float,
};
enum class global_mem_cache_type : int { none = 0, read_only, read_write };
enum class execution_capability : unsigned { exec_kernel = 0, exec_native_kernel };

#define USYCL_INFO(ns, name, type)                                              \
  struct USYCL_EXPORT name {                                                   \
    using return_type = type;                                                  \
  };

namespace platform {
USYCL_INFO(platform, profile, std::string)
USYCL_INFO(platform, version, std::string)
USYCL_INFO(platform, name, std::string)
USYCL_INFO(platform, vendor, std::string)
USYCL_INFO(platform, extensions, std::vector<std::string>) // deprecated in SYCL 2020
} // namespace platform

namespace device {
USYCL_INFO(device, device_type, info::device_type)
USYCL_INFO(device, vendor_id, uint32_t)
USYCL_INFO(device, max_compute_units, uint32_t)
USYCL_INFO(device, max_work_item_dimensions, uint32_t)
template <int Dims = 3> struct USYCL_EXPORT max_work_item_sizes { using return_type = range<Dims>; };
USYCL_INFO(device, max_work_group_size, size_t)
USYCL_INFO(device, max_num_sub_groups, uint32_t)
USYCL_INFO(device, sub_group_sizes, std::vector<size_t>)
USYCL_INFO(device, max_clock_frequency, uint32_t)
USYCL_INFO(device, address_bits, uint32_t)
USYCL_INFO(device, max_mem_alloc_size, uint64_t)
USYCL_INFO(device, mem_base_addr_align, uint32_t)
USYCL_INFO(device, global_mem_cache_line_size, uint32_t)
USYCL_INFO(device, global_mem_size, uint64_t)
USYCL_INFO(device, local_mem_type, info::local_mem_type)
USYCL_INFO(device, local_mem_size, uint64_t)
USYCL_INFO(device, error_correction_support, bool)
USYCL_INFO(device, is_available, bool)
USYCL_INFO(device, is_compiler_available, bool)
USYCL_INFO(device, is_linker_available, bool)
USYCL_INFO(device, name, std::string)
USYCL_INFO(device, vendor, std::string)
USYCL_INFO(device, driver_version, std::string)
USYCL_INFO(device, version, std::string)
USYCL_INFO(device, backend_version, std::string)
USYCL_INFO(device, aspects, std::vector<sycl::aspect>)
USYCL_INFO(device, platform, sycl::platform)
USYCL_INFO(device, profile, std::string)
USYCL_INFO(device, preferred_vector_width_float, uint32_t)
USYCL_INFO(device, native_vector_width_float, uint32_t)
USYCL_INFO(device, max_parameter_size, size_t)
USYCL_INFO(device, printf_buffer_size, size_t)
USYCL_INFO(device, preferred_vector_width_char, uint32_t)
USYCL_INFO(device, preferred_vector_width_short, uint32_t)
USYCL_INFO(device, preferred_vector_width_int, uint32_t)
USYCL_INFO(device, preferred_vector_width_long, uint32_t)
USYCL_INFO(device, preferred_vector_width_long_long, uint32_t)
USYCL_INFO(device, preferred_vector_width_double, uint32_t)
USYCL_INFO(device, preferred_vector_width_half, uint32_t)
USYCL_INFO(device, native_vector_width_char, uint32_t)
USYCL_INFO(device, native_vector_width_short, uint32_t)
USYCL_INFO(device, native_vector_width_int, uint32_t)
USYCL_INFO(device, native_vector_width_long, uint32_t)
USYCL_INFO(device, native_vector_width_long_long, uint32_t)
USYCL_INFO(device, native_vector_width_double, uint32_t)
USYCL_INFO(device, native_vector_width_half, uint32_t)
USYCL_INFO(device, image_support, bool) // deprecated
USYCL_INFO(device, max_read_image_args, uint32_t)
USYCL_INFO(device, max_write_image_args, uint32_t)
USYCL_INFO(device, image2d_max_height, size_t)
USYCL_INFO(device, image2d_max_width, size_t)
USYCL_INFO(device, image3d_max_height, size_t)
USYCL_INFO(device, image3d_max_width, size_t)
USYCL_INFO(device, image3d_max_depth, size_t)
USYCL_INFO(device, image_max_buffer_size, size_t)
USYCL_INFO(device, image_max_array_size, size_t)
USYCL_INFO(device, max_samplers, uint32_t)
USYCL_INFO(device, half_fp_config, std::vector<info::fp_config>)
USYCL_INFO(device, single_fp_config, std::vector<info::fp_config>)
USYCL_INFO(device, double_fp_config, std::vector<info::fp_config>)
USYCL_INFO(device, global_mem_cache_type, info::global_mem_cache_type)
USYCL_INFO(device, global_mem_cache_size, uint64_t)
USYCL_INFO(device, max_constant_buffer_size, uint64_t) // deprecated
USYCL_INFO(device, max_constant_args, uint32_t)        // deprecated
USYCL_INFO(device, host_unified_memory, bool)          // deprecated
USYCL_INFO(device, atomic_memory_order_capabilities, std::vector<sycl::memory_order>)
USYCL_INFO(device, atomic_fence_order_capabilities, std::vector<sycl::memory_order>)
USYCL_INFO(device, atomic_memory_scope_capabilities, std::vector<sycl::memory_scope>)
USYCL_INFO(device, atomic_fence_scope_capabilities, std::vector<sycl::memory_scope>)
USYCL_INFO(device, profiling_timer_resolution, size_t)
USYCL_INFO(device, is_endian_little, bool)
USYCL_INFO(device, execution_capabilities, std::vector<info::execution_capability>)
USYCL_INFO(device, queue_profiling, bool) // deprecated
USYCL_INFO(device, built_in_kernel_ids, std::vector<sycl::kernel_id>)
USYCL_INFO(device, built_in_kernels, std::vector<std::string>) // deprecated
USYCL_INFO(device, extensions, std::vector<std::string>)       // deprecated
USYCL_INFO(device, preferred_interop_user_sync, bool)
USYCL_INFO(device, parent_device, sycl::device)
USYCL_INFO(device, partition_max_sub_devices, uint32_t)
USYCL_INFO(device, partition_properties, std::vector<info::partition_property>)
USYCL_INFO(device, partition_affinity_domains, std::vector<info::partition_affinity_domain>)
USYCL_INFO(device, partition_type_property, info::partition_property)
USYCL_INFO(device, partition_type_affinity_domain, info::partition_affinity_domain)
USYCL_INFO(device, sub_group_independent_forward_progress, bool)
// Deprecated in SYCL 2020 in favour of the usm_* aspects.
USYCL_INFO(device, usm_device_allocations, bool)
USYCL_INFO(device, usm_host_allocations, bool)
USYCL_INFO(device, usm_shared_allocations, bool)
USYCL_INFO(device, usm_restricted_shared_allocations, bool)
USYCL_INFO(device, usm_system_allocations, bool)
} // namespace device

namespace context {
USYCL_INFO(context, platform, sycl::platform)
USYCL_INFO(context, devices, std::vector<sycl::device>)
USYCL_INFO(context, atomic_memory_order_capabilities, std::vector<sycl::memory_order>)
USYCL_INFO(context, atomic_fence_order_capabilities, std::vector<sycl::memory_order>)
USYCL_INFO(context, atomic_memory_scope_capabilities, std::vector<sycl::memory_scope>)
USYCL_INFO(context, atomic_fence_scope_capabilities, std::vector<sycl::memory_scope>)
} // namespace context

namespace queue {
USYCL_INFO(queue, context, sycl::context)
USYCL_INFO(queue, device, sycl::device)
} // namespace queue

namespace event {
USYCL_INFO(event, command_execution_status, info::event_command_status)
} // namespace event

namespace event_profiling {
USYCL_INFO(event_profiling, command_submit, uint64_t)
USYCL_INFO(event_profiling, command_start, uint64_t)
USYCL_INFO(event_profiling, command_end, uint64_t)
} // namespace event_profiling

namespace kernel_device_specific {
USYCL_INFO(kernel_device_specific, work_group_size, size_t)
} // namespace kernel_device_specific

} // namespace info

// sycl_ext_oneapi_num_compute_units and sycl_ext_oneapi_max_work_groups:
// descriptors CUDA-ported programs query to size their grids.
namespace ext::oneapi::info::device {
USYCL_INFO(device, num_compute_units, std::size_t)
} // namespace ext::oneapi::info::device
namespace ext::oneapi::experimental::info::device {
// The most work-groups a launch may have in each dimension (CUDA's grid
// limits on a GPU) and in total.
template <int Dims = 3> struct USYCL_EXPORT max_work_groups { using return_type = id<Dims>; };
USYCL_INFO(device, max_global_work_groups, std::size_t)
} // namespace ext::oneapi::experimental::info::device

// sycl_ext_intel_device_info: what DPC++ programs print about a device. A
// descriptor whose aspect the device lacks throws errc::feature_not_supported.
namespace ext::intel::info::device {
USYCL_INFO(device, free_memory, uint64_t)           // ext_intel_free_memory
USYCL_INFO(device, memory_clock_rate, uint32_t)     // MHz; ext_intel_memory_clock_rate
USYCL_INFO(device, memory_bus_width, uint32_t)      // bits; ext_intel_memory_bus_width
USYCL_INFO(device, pci_address, std::string)        // "DDDD:BB:DD.F"; ext_intel_pci_address
} // namespace ext::intel::info::device

#undef USYCL_INFO
} // namespace _V1
} // namespace sycl
