// aspect_names.hpp - name <-> value of every sycl::aspect, and the target
// device table, as constexpr data.
//
// Self-contained (only <string_view>): the SYCL headers, libusycl.so, the
// compiler tools, the clang plugin and the device configuration reader all
// include it, so it must not pull in LLVM or the rest of the SYCL headers.
//
// * Standard aspects: USYCL_STANDARD_ASPECTS below (DPC++ numbering, a
//   DESIGN.md contract). <sycl/aspect.hpp> declares sycl::aspect from it.
// * Identity aspects: one per target device, from device_targets.def.
//
//   aspect_value("fp64")                 == 6
//   aspect_value("ext_nvidia_gpu_sm_90") == 1036
//   aspect_name(1036)                    == "ext_nvidia_gpu_sm_90"
//   find_target("intel_gpu_9_0_9")->canonical() == "intel_gpu_skl"
#pragma once

#include <cstddef>
#include <string_view>

// X(enumerator, value) for every standard (non-identity) aspect. Append only;
// values are DPC++'s and are a contract (device images, config files).
#define USYCL_STANDARD_ASPECTS(X)                                              \
  X(host, 0)                                                                   \
  X(cpu, 1)                                                                    \
  X(gpu, 2)                                                                    \
  X(accelerator, 3)                                                            \
  X(custom, 4)                                                                 \
  X(fp16, 5)                                                                   \
  X(fp64, 6)                                                                   \
  X(image, 9)                                                                  \
  X(online_compiler, 10)                                                       \
  X(online_linker, 11)                                                         \
  X(queue_profiling, 12)                                                       \
  X(usm_device_allocations, 13)                                                \
  X(usm_host_allocations, 14)                                                  \
  X(usm_shared_allocations, 15)                                                \
  X(usm_restricted_shared_allocations, 16)                                     \
  X(usm_system_allocations, 17)                                                \
  X(ext_intel_pci_address, 18)                                                 \
  X(ext_intel_gpu_eu_count, 19)                                                \
  X(ext_intel_gpu_eu_simd_width, 20)                                           \
  X(ext_intel_gpu_slices, 21)                                                  \
  X(ext_intel_gpu_subslices_per_slice, 22)                                     \
  X(ext_intel_gpu_eu_count_per_subslice, 23)                                   \
  X(ext_intel_max_mem_bandwidth, 24)                                           \
  X(ext_intel_mem_channel, 25)                                                 \
  X(usm_atomic_host_allocations, 26)                                           \
  X(usm_atomic_shared_allocations, 27)                                         \
  X(atomic64, 28)                                                              \
  X(ext_intel_device_info_uuid, 29)                                            \
  X(ext_oneapi_srgb, 30)                                                       \
  X(ext_oneapi_native_assert, 31)                                              \
  X(host_debuggable, 32)                                                       \
  X(ext_intel_gpu_hw_threads_per_eu, 33)                                       \
  X(ext_oneapi_cuda_async_barrier, 34)                                         \
  X(ext_oneapi_bfloat16_math_functions, 35)                                    \
  X(ext_intel_free_memory, 36)                                                 \
  X(ext_intel_device_id, 37)                                                   \
  X(ext_intel_memory_clock_rate, 38)                                           \
  X(ext_intel_memory_bus_width, 39)                                            \
  X(emulated, 40)

namespace sycl {
inline namespace _V1 {
namespace detail {

struct aspect_info {
  std::string_view name; // enumerator name without "aspect::"
  int value;
  bool identity; // one of the per-target identity aspects (>= 1000)
};

// Every aspect, each value once: standard ones in value order, then the
// identity aspects in value order.
inline constexpr aspect_info aspect_table[] = {
#define USYCL_ASPECT_ROW(n, v) {#n, v, false},
    USYCL_STANDARD_ASPECTS(USYCL_ASPECT_ROW)
#undef USYCL_ASPECT_ROW
#define USYCL_TARGET(name, enum_name, value, macro, alias_of)                  \
  {#enum_name, value, true},
#define USYCL_TARGET_ALIAS(name, enum_name, value, macro, alias_of)
#include <sycl/detail/device_targets.def>
};

// Strips "sycl::", "_V1::" and "aspect::" prefixes so "aspect::fp64" and
// "sycl::aspect::fp64" name the same aspect as "fp64".
constexpr std::string_view strip_aspect_prefix(std::string_view name) {
  for (std::string_view p : {std::string_view("sycl::"), std::string_view("_V1::"),
                             std::string_view("aspect::")})
    if (name.substr(0, p.size()) == p)
      name.remove_prefix(p.size());
  return name;
}

// The aspect's value, or -1 when `name` is not an aspect. Accepts the
// prefixes strip_aspect_prefix removes.
constexpr int aspect_value(std::string_view name) {
  name = strip_aspect_prefix(name);
  for (const aspect_info &a : aspect_table)
    if (a.name == name)
      return a.value;
  return -1;
}

// The enumerator name ("fp64"), or an empty view for an unknown value.
constexpr std::string_view aspect_name(int value) {
  for (const aspect_info &a : aspect_table)
    if (a.value == value)
      return a.name;
  return {};
}

constexpr bool is_known_aspect(int value) { return !aspect_name(value).empty(); }

// One target device name (canonical or alias) of device_targets.def.
struct device_target {
  std::string_view name;        // "intel_gpu_9_0_9"
  std::string_view aspect_name; // identity aspect, "ext_intel_gpu_skl"
  int aspect;                   // 1002
  std::string_view macro;       // "__SYCL_TARGET_INTEL_GPU_SKL__"
  std::string_view alias_of;    // "intel_gpu_skl"; empty for a canonical name

  constexpr bool is_alias() const { return !alias_of.empty(); }
  constexpr std::string_view canonical() const {
    return alias_of.empty() ? name : alias_of;
  }
};

// Canonical names first (identity aspect order), then the aliases.
inline constexpr device_target device_target_table[] = {
#define USYCL_TARGET(name, enum_name, value, macro, alias_of)                  \
  {#name, #enum_name, value, #macro, #alias_of},
#include <sycl/detail/device_targets.def>
};

// The table row for a target name (aliases included), or nullptr.
constexpr const device_target *find_target(std::string_view name) {
  for (const device_target &t : device_target_table)
    if (t.name == name)
      return &t;
  return nullptr;
}

// The canonical target whose identity aspect is `value`, or nullptr.
constexpr const device_target *target_for_aspect(int value) {
  for (const device_target &t : device_target_table)
    if (t.aspect == value && !t.is_alias())
      return &t;
  return nullptr;
}

// Contract checks (DESIGN.md): keep these values.
static_assert(aspect_value("fp64") == 6 && aspect_value("atomic64") == 28);
static_assert(aspect_value("emulated") == 40);
static_assert(aspect_value("ext_intel_x86_64") == 1000);
static_assert(aspect_value("ext_intel_gpu_bdw") == 1001);
static_assert(aspect_value("ext_intel_gpu_pvc") == 1022);
static_assert(aspect_value("ext_nvidia_gpu_sm_50") == 1023);
static_assert(aspect_value("ext_nvidia_gpu_sm_90") == 1036);
static_assert(aspect_value("ext_nvidia_gpu_sm_121") == 1042);
static_assert(aspect_value("ext_nvidia_gpu_sm_90a") == 1043);
static_assert(aspect_value("aspect::fp16") == 5 && aspect_value("sycl::aspect::gpu") == 2);
static_assert(aspect_name(1036) == "ext_nvidia_gpu_sm_90");
static_assert(find_target("intel_gpu_9_0_9") &&
              find_target("intel_gpu_9_0_9")->canonical() == "intel_gpu_skl" &&
              find_target("intel_gpu_9_0_9")->aspect == 1002);
static_assert(find_target("intel_gpu_12_10_0")->aspect == 1018); // dg1
static_assert(target_for_aspect(1036)->name == "nvidia_gpu_sm_90");

} // namespace detail
} // namespace _V1
} // namespace sycl
