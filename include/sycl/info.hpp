// Information descriptors for get_info<>() (SYCL 2020 §4.6 appendix A).
#pragma once

#include <sycl/aspect.hpp>
#include <sycl/id.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {

class device;
class platform;
class context;

namespace info {

enum class device_type : unsigned { cpu = 1, gpu = 2, accelerator = 4, custom = 8, automatic = 16, host = 32, all = 0xffffffff };
enum class local_mem_type : int { none, local, global };
enum class event_command_status : int { submitted = 0, running = 1, complete = 2 };

#define USYCL_INFO(ns, name, type)                                              \
  struct USYCL_EXPORT name {                                                   \
    using return_type = type;                                                  \
  };

namespace platform {
USYCL_INFO(platform, profile, std::string)
USYCL_INFO(platform, version, std::string)
USYCL_INFO(platform, name, std::string)
USYCL_INFO(platform, vendor, std::string)
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
} // namespace device

namespace context {
USYCL_INFO(context, platform, sycl::platform)
USYCL_INFO(context, devices, std::vector<sycl::device>)
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

#undef USYCL_INFO
} // namespace info
} // namespace _V1
} // namespace sycl
