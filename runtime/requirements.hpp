// The "SYCL/device requirements" property set of a device image (seed 002):
// decoding its byte arrays and comparing them with what a device offers.
//
// Pure functions of their inputs (no registry, no devices, no exceptions), so
// they are unit-tested with property sets built in the test. The scheduler
// reaches them through program_manager, which picks the images of a kernel
// for a device and caches the verdict.
//
// Property layouts (all little-endian uint32, BYTE_ARRAY properties):
//   aspect               <a0> <a1> ...          every aspect the device needs
//   reqd_sub_group_size  <s0> <s1> ...          every sub-group size it needs
//   reqd_work_group_size <dims> <d0> .. <dn-1>  (repeated; attribute order,
//                                                i.e. SYCL dimension order)
//   fixed_target         <t0> <t1> ...          identity aspects of the
//                                               -fsycl-fixed-targets devices
// A UINT32 property is read as a one-element list.
#pragma once

#include "backend.hpp"

#include <sycl/detail/image_abi.h>
#include <sycl/exception.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt {

inline constexpr std::string_view device_requirements_set_name = "SYCL/device requirements";

struct image_requirements {
  std::vector<uint32_t> aspects;
  std::vector<uint32_t> sub_group_sizes;
  std::vector<std::vector<uint32_t>> work_group_sizes; // each one: its dimensions
  bool has_fixed_target = false;                       // present, even if empty
  std::vector<uint32_t> fixed_targets;
};

// Decodes one property set. Unknown properties are ignored (newer compilers
// may add some). Returns nullopt and sets `error` for a malformed set: a
// byte array whose size is not a multiple of 4, a value pointer missing for
// a non-empty array, a work-group entry with 0 or more than 3 dimensions or a
// truncated one, an unknown property type for a known property.
std::optional<image_requirements> decode_requirements(const usycl_property_set &set,
                                                      std::string &error);

// Why a device cannot run an image; `message` is one of the seed's texts
// (without kernel and device names: the caller appends those).
struct requirement_failure {
  sycl::errc code = sycl::errc::kernel_not_supported;
  std::string message;
};

// The seed's runtime checks, in its order: fixed_target, aspect,
// reqd_sub_group_size, reqd_work_group_size (total work-items against
// max_work_group_size, then each dimension against max_work_item_sizes).
// nullopt when the device satisfies every requirement.
std::optional<requirement_failure> check_requirements(const image_requirements &req,
                                                      const device_info &device);

// The sub-group size of a launch on `device` whose kernel has no
// reqd_sub_group_size: device_info::default_sub_group_size, else the
// largest of its sub-group sizes (1 when it lists none).
uint32_t default_sub_group_size(const device_info &device);

// An nd_range launch of a kernel with a required work-group size: the local
// range must equal it (same number of dimensions, same sizes). `local` is
// in SYCL dimension order. nullopt when it matches.
std::optional<std::string> check_local_range(const std::vector<uint32_t> &required,
                                             uint32_t dims, const uint64_t *local);

// "aspect::fp16"; an aspect this runtime has no name for prints its value.
std::string aspect_display_name(uint32_t value);

// Target names of identity aspects for the fixed-target message
// ("nvidia_gpu_sm_90,x86_64").
std::string fixed_target_names(const std::vector<uint32_t> &aspects);

// "{16, 8}" for the values given.
template <typename T> std::string brace_list(const T *values, size_t n) {
  std::string s = "{";
  for (size_t i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "}";
}

// The source-level name of a kernel symbol: "_ZTS6MyName" -> "MyName",
// lambdas as the demangler spells them; the symbol itself when it does not
// demangle.
std::string demangle_kernel_name(std::string_view symbol);

// " (kernel 'MyName', device 'NVIDIA H100')": appended to every
// requirement message.
std::string kernel_device_suffix(std::string_view kernel_symbol, std::string_view device_name);

} // namespace usycl::rt
