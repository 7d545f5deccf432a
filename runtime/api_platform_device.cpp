// sycl::platform, sycl::device, sycl::context and the selectors.
#include "platform_impl.hpp"

#include <sycl/context.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/kernel_bundle.hpp>

#include <unistd.h>

#include <algorithm>
#include <limits>

namespace sycl {
inline namespace _V1 {

using detail::runtime_state;
using detail::throw_error;

namespace detail {
device select_device(const std::function<int(const device &)> &selector) {
  auto &rt = runtime_state::get();
  if (!rt.selector_error().empty()) throw_error(errc::runtime, rt.selector_error());
  int best_score = -1;
  std::shared_ptr<device_impl> best;
  for (const auto &d : rt.all_devices()) {
    int score = selector(device(d));
    if (score > best_score) {
      best_score = score;
      best = d;
    }
  }
  if (!best) {
    std::string why = "no SYCL device matches the selector";
    for (const auto &note : rt.notes()) why += "; " + note;
    throw_error(errc::runtime, why);
  }
  return device(best);
}
} // namespace detail

int default_selector_v(const device &dev) {
  // GPUs first (the reason to use SYCL), then the CPU.
  return dev.is_gpu() ? 1000 : dev.is_cpu() ? 300 : 100;
}
int gpu_selector_v(const device &dev) { return dev.is_gpu() ? 1000 : -1; }
int cpu_selector_v(const device &dev) { return dev.is_cpu() ? 1000 : -1; }
int accelerator_selector_v(const device &dev) { return dev.is_accelerator() ? 1000 : -1; }

// OpenCL-style names for what the aspects say, for code that still asks
// has_extension (deprecated).
namespace {
std::vector<std::string> device_extensions(const detail::device_impl &d) {
  std::vector<std::string> out;
  if (d.has(aspect::fp16)) out.push_back("cl_khr_fp16");
  if (d.has(aspect::fp64)) out.push_back("cl_khr_fp64");
  if (d.has(aspect::atomic64)) {
    out.push_back("cl_khr_int64_base_atomics");
    out.push_back("cl_khr_int64_extended_atomics");
  }
  out.push_back("cl_khr_global_int32_base_atomics");
  out.push_back("cl_khr_global_int32_extended_atomics");
  out.push_back("cl_khr_local_int32_base_atomics");
  out.push_back("cl_khr_local_int32_extended_atomics");
  out.push_back("cl_khr_byte_addressable_store");
  return out;
}
} // namespace

// ---- platform ----
platform::platform() : platform(device().get_platform()) {}
backend platform::get_backend() const noexcept { return impl_->id(); }
std::vector<device> platform::get_devices(info::device_type type) const {
  std::vector<device> out;
  for (const auto &d : impl_->devices()) {
    device dev(d);
    bool match = type == info::device_type::all ||
                 (type == info::device_type::cpu && d->is_cpu()) ||
                 (type == info::device_type::gpu && d->is_gpu()) ||
                 (type == info::device_type::automatic && out.empty());
    if (match)
      out.push_back(dev);
  }
  return out;
}
bool platform::has(aspect a) const {
  return std::all_of(impl_->devices().begin(), impl_->devices().end(),
                     [&](auto &d) { return d->has(a); });
}
std::vector<platform> platform::get_platforms() {
  std::vector<platform> out;
  for (const auto &p : runtime_state::get().platforms()) out.emplace_back(p);
  return out;
}
template <> std::string platform::get_info<info::platform::name>() const {
  return impl_->backend_ref().platform_name();
}
template <> std::string platform::get_info<info::platform::vendor>() const {
  return impl_->backend_ref().platform_vendor();
}
template <> std::string platform::get_info<info::platform::version>() const {
  return impl_->backend_ref().platform_version();
}
template <> std::string platform::get_info<info::platform::profile>() const { return "FULL_PROFILE"; }
// The extensions every device of the platform has.
template <> std::vector<std::string> platform::get_info<info::platform::extensions>() const {
  std::vector<std::string> common;
  bool first = true;
  for (const auto &d : impl_->devices()) {
    auto exts = device_extensions(*d);
    if (first) {
      common = exts;
      first = false;
      continue;
    }
    std::erase_if(common, [&](const std::string &e) {
      return std::find(exts.begin(), exts.end(), e) == exts.end();
    });
  }
  return common;
}
bool platform::has_extension(const std::string &extension) const {
  auto exts = get_info<info::platform::extensions>();
  return std::find(exts.begin(), exts.end(), extension) != exts.end();
}

// ---- device ----
device::device() : device(detail::select_device(default_selector_v)) {}
bool device::is_cpu() const { return impl_->is_cpu(); }
bool device::is_gpu() const { return impl_->is_gpu(); }
bool device::is_accelerator() const {
  return impl_->info().kind == usycl::rt::device_kind::accelerator;
}
platform device::get_platform() const { return platform(impl_->platform()); }
backend device::get_backend() const noexcept { return impl_->platform_ref().id(); }
bool device::has(aspect a) const { return impl_->has(a); }
bool device::has_extension(const std::string &extension) const {
  auto exts = device_extensions(*impl_);
  return std::find(exts.begin(), exts.end(), extension) != exts.end();
}

// usycl devices cannot be partitioned (info::device::partition_properties is
// empty), so every partitioning request is a feature the device lacks.
namespace {
[[noreturn]] void no_partitioning(const device &d, const char *how) {
  throw_error(errc::feature_not_supported,
              std::string("create_sub_devices: device '") + d.impl()->info().name +
                  "' cannot be partitioned " + how +
                  " (info::device::partition_properties is empty); use the device itself");
}
} // namespace
std::vector<device> device::create_sub_devices_equally(size_t) const {
  no_partitioning(*this, "equally");
}
std::vector<device> device::create_sub_devices_by_counts(const std::vector<size_t> &) const {
  no_partitioning(*this, "by counts");
}
std::vector<device> device::create_sub_devices_by_affinity(info::partition_affinity_domain) const {
  no_partitioning(*this, "by affinity domain");
}
std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  for (const auto &p : platform::get_platforms())
    for (auto &d : p.get_devices(type)) out.push_back(d);
  return out;
}

#define USYCL_DEVICE_INFO(Desc, expr)                                                    \
  template <> typename info::device::Desc::return_type device::get_info<info::device::Desc>() \
      const {                                                                            \
    const auto &i = impl_->info();                                                       \
    (void)i;                                                                             \
    return expr;                                                                         \
  }

USYCL_DEVICE_INFO(device_type, i.kind == usycl::rt::device_kind::cpu   ? info::device_type::cpu
                               : i.kind == usycl::rt::device_kind::gpu ? info::device_type::gpu
                                                                       : info::device_type::accelerator)
USYCL_DEVICE_INFO(vendor_id, i.vendor_id)
USYCL_DEVICE_INFO(max_compute_units, i.max_compute_units)
USYCL_DEVICE_INFO(max_work_item_dimensions, 3u)
USYCL_DEVICE_INFO(max_work_group_size, i.max_work_group_size)
// For any kernel: the largest work-group in sub-groups of the smallest size.
USYCL_DEVICE_INFO(max_num_sub_groups,
                  static_cast<uint32_t>(
                      i.max_work_group_size /
                      (i.sub_group_sizes.empty()
                           ? 1
                           : *std::min_element(i.sub_group_sizes.begin(), i.sub_group_sizes.end()))))
USYCL_DEVICE_INFO(sub_group_sizes, i.sub_group_sizes)
USYCL_DEVICE_INFO(max_clock_frequency, i.max_clock_frequency_mhz)
USYCL_DEVICE_INFO(address_bits, 64u)
USYCL_DEVICE_INFO(max_mem_alloc_size, i.max_mem_alloc_size)
USYCL_DEVICE_INFO(mem_base_addr_align, i.mem_base_addr_align_bits)
USYCL_DEVICE_INFO(global_mem_cache_line_size, 128u)
USYCL_DEVICE_INFO(global_mem_size, i.global_mem_size)
USYCL_DEVICE_INFO(local_mem_type, info::local_mem_type::local)
USYCL_DEVICE_INFO(local_mem_size, i.local_mem_size)
USYCL_DEVICE_INFO(error_correction_support, false)
USYCL_DEVICE_INFO(is_available, true)
// kernel_bundle compile/link/build work on every device usycl has (CUDA: the
// driver's PTX JIT and linker; CPU: kernels are compiled ahead of time).
USYCL_DEVICE_INFO(is_compiler_available, true)
USYCL_DEVICE_INFO(is_linker_available, true)
USYCL_DEVICE_INFO(name, i.name)
USYCL_DEVICE_INFO(vendor, i.vendor)
USYCL_DEVICE_INFO(driver_version, i.driver_version)
USYCL_DEVICE_INFO(version, i.version)
USYCL_DEVICE_INFO(backend_version, i.version)
USYCL_DEVICE_INFO(profile, std::string("FULL_PROFILE"))
USYCL_DEVICE_INFO(preferred_vector_width_float, 1u)
USYCL_DEVICE_INFO(native_vector_width_float, 1u)
USYCL_DEVICE_INFO(max_parameter_size, size_t(4096))
USYCL_DEVICE_INFO(printf_buffer_size, size_t(1 << 20))
USYCL_DEVICE_INFO(platform, platform(impl_->platform()))
template <> std::vector<aspect> device::get_info<info::device::aspects>() const {
  std::vector<aspect> out;
  for (int a : impl_->info().aspects) out.push_back(static_cast<aspect>(a));
  return out;
}
template <> range<3> device::get_info<info::device::max_work_item_sizes<3>>() const {
  const auto &s = impl_->info().max_work_item_sizes;
  return range<3>(s[0], s[1], s[2]);
}
template <> range<2> device::get_info<info::device::max_work_item_sizes<2>>() const {
  const auto &s = impl_->info().max_work_item_sizes;
  return range<2>(s[1], s[2]);
}
template <> range<1> device::get_info<info::device::max_work_item_sizes<1>>() const {
  return range<1>(impl_->info().max_work_item_sizes[2]);
}
template <>
size_t device::get_info<ext::oneapi::info::device::num_compute_units>() const {
  return impl_->info().max_compute_units;
}
template <>
id<3> device::get_info<ext::oneapi::experimental::info::device::max_work_groups<3>>() const {
  const auto &s = impl_->info().max_work_groups;
  return id<3>(s[0], s[1], s[2]);
}
template <>
id<2> device::get_info<ext::oneapi::experimental::info::device::max_work_groups<2>>() const {
  const auto &s = impl_->info().max_work_groups;
  return id<2>(s[1], s[2]);
}
template <>
id<1> device::get_info<ext::oneapi::experimental::info::device::max_work_groups<1>>() const {
  return id<1>(impl_->info().max_work_groups[2]);
}
template <>
size_t device::get_info<ext::oneapi::experimental::info::device::max_global_work_groups>() const {
  const auto &s = impl_->info().max_work_groups;
  // The product, capped where it would overflow.
  const size_t cap = std::numeric_limits<size_t>::max();
  size_t total = 1;
  for (size_t v : s) total = v != 0 && total > cap / v ? cap : total * v;
  return total;
}

namespace {
// sycl_ext_intel_device_info: the value when the device has the aspect.
template <typename T, typename Get>
T intel_device_info(const device &dev, aspect needed, const char *descriptor, Get get) {
  if (!dev.has(needed))
    throw exception(make_error_code(errc::feature_not_supported),
                    std::string("sycl::ext::intel::info::device::") + descriptor +
                        " is not available on " + dev.get_info<info::device::name>() +
                        " (it lacks aspect::" + std::string(detail::aspect_name(static_cast<int>(needed))) +
                        "; check dev.has() first)");
  return get();
}
} // namespace
template <> uint64_t device::get_info<ext::intel::info::device::free_memory>() const {
  return intel_device_info<uint64_t>(*this, aspect::ext_intel_free_memory, "free_memory",
                                     [&] { return impl_->backend_device().free_memory(); });
}
template <> uint32_t device::get_info<ext::intel::info::device::memory_clock_rate>() const {
  return intel_device_info<uint32_t>(*this, aspect::ext_intel_memory_clock_rate,
                                     "memory_clock_rate",
                                     [&] { return impl_->info().memory_clock_rate_mhz; });
}
template <> uint32_t device::get_info<ext::intel::info::device::memory_bus_width>() const {
  return intel_device_info<uint32_t>(*this, aspect::ext_intel_memory_bus_width,
                                     "memory_bus_width",
                                     [&] { return impl_->info().memory_bus_width_bits; });
}
template <> std::string device::get_info<ext::intel::info::device::pci_address>() const {
  return intel_device_info<std::string>(*this, aspect::ext_intel_pci_address, "pci_address",
                                        [&] { return impl_->info().pci_address; });
}

bool device::ext_oneapi_can_access_peer(const device &peer, ext::oneapi::peer_access) const {
  return peer == *this;
}
namespace {
// Peer access exists only between a device and itself until usycl connects
// two devices' memory.
void require_self_peer(const device &d, const device &peer, const char *operation) {
  if (peer != d)
    throw exception(make_error_code(errc::feature_not_supported),
                    std::string("device::") + operation + ": usycl does not connect the memory of '" +
                        d.get_info<info::device::name>() + "' and '" +
                        peer.get_info<info::device::name>() +
                        "' (check ext_oneapi_can_access_peer first)");
}
} // namespace
void device::ext_oneapi_enable_peer_access(const device &peer) const {
  require_self_peer(*this, peer, "ext_oneapi_enable_peer_access");
}
void device::ext_oneapi_disable_peer_access(const device &peer) const {
  require_self_peer(*this, peer, "ext_oneapi_disable_peer_access");
}

// Vector widths: the CPU's SIMD registers hold 16 bytes of any element type
// (SSE, the x86_64 baseline); a GPU work-item is scalar.
namespace {
uint32_t vector_width(const detail::device_impl &d, size_t element_bytes, bool supported = true) {
  if (!supported) return 0;
  return d.is_cpu() ? static_cast<uint32_t>(16 / element_bytes) : 1u;
}
std::vector<info::fp_config> fp_config_for(bool supported) {
  if (!supported) return {};
  return {info::fp_config::denorm,        info::fp_config::inf_nan,
          info::fp_config::round_to_nearest, info::fp_config::round_to_zero,
          info::fp_config::round_to_inf,  info::fp_config::fma,
          info::fp_config::correctly_rounded_divide_sqrt};
}
// Both backends implement every order and scope (CPU: C++ atomics; CUDA sm_70+:
// acquire/release PTX with .cta/.gpu/.sys scopes).
std::vector<memory_order> all_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release,
          memory_order::acq_rel, memory_order::seq_cst};
}
std::vector<memory_scope> all_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group,
          memory_scope::device, memory_scope::system};
}
uint64_t cpu_cache_bytes() {
  for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL1_DCACHE_SIZE}) {
    long v = sysconf(name);
    if (v > 0) return static_cast<uint64_t>(v);
  }
  return 0;
}
} // namespace

#define USYCL_VECTOR_WIDTH(kind, name, bytes, supported)                                  \
  USYCL_DEVICE_INFO(kind##_vector_width_##name, vector_width(*impl_, bytes, supported))
USYCL_VECTOR_WIDTH(preferred, char, 1, true)
USYCL_VECTOR_WIDTH(preferred, short, 2, true)
USYCL_VECTOR_WIDTH(preferred, int, 4, true)
USYCL_VECTOR_WIDTH(preferred, long, 8, true)
USYCL_VECTOR_WIDTH(preferred, long_long, 8, true)
USYCL_VECTOR_WIDTH(preferred, double, 8, impl_->has(aspect::fp64))
USYCL_VECTOR_WIDTH(preferred, half, 2, impl_->has(aspect::fp16))
USYCL_VECTOR_WIDTH(native, char, 1, true)
USYCL_VECTOR_WIDTH(native, short, 2, true)
USYCL_VECTOR_WIDTH(native, int, 4, true)
USYCL_VECTOR_WIDTH(native, long, 8, true)
USYCL_VECTOR_WIDTH(native, long_long, 8, true)
USYCL_VECTOR_WIDTH(native, double, 8, impl_->has(aspect::fp64))
USYCL_VECTOR_WIDTH(native, half, 2, impl_->has(aspect::fp16))
#undef USYCL_VECTOR_WIDTH

// Image limits: 0 unless the device has aspect::image (SYCL 2020 table 4.20).
USYCL_DEVICE_INFO(image_support, impl_->has(aspect::image))
USYCL_DEVICE_INFO(max_read_image_args, impl_->has(aspect::image) ? 128u : 0u)
USYCL_DEVICE_INFO(max_write_image_args, impl_->has(aspect::image) ? 8u : 0u)
USYCL_DEVICE_INFO(image2d_max_height, impl_->has(aspect::image) ? size_t(8192) : 0)
USYCL_DEVICE_INFO(image2d_max_width, impl_->has(aspect::image) ? size_t(8192) : 0)
USYCL_DEVICE_INFO(image3d_max_height, impl_->has(aspect::image) ? size_t(2048) : 0)
USYCL_DEVICE_INFO(image3d_max_width, impl_->has(aspect::image) ? size_t(2048) : 0)
USYCL_DEVICE_INFO(image3d_max_depth, impl_->has(aspect::image) ? size_t(2048) : 0)
USYCL_DEVICE_INFO(image_max_buffer_size, impl_->has(aspect::image) ? size_t(1) << 27 : 0)
USYCL_DEVICE_INFO(image_max_array_size, impl_->has(aspect::image) ? size_t(2048) : 0)
USYCL_DEVICE_INFO(max_samplers, impl_->has(aspect::image) ? 16u : 0u)

USYCL_DEVICE_INFO(half_fp_config, fp_config_for(impl_->has(aspect::fp16)))
USYCL_DEVICE_INFO(single_fp_config, fp_config_for(true))
USYCL_DEVICE_INFO(double_fp_config, fp_config_for(impl_->has(aspect::fp64)))
USYCL_DEVICE_INFO(global_mem_cache_type, info::global_mem_cache_type::read_write)
// The CUDA backend does not report its L2 size; 0 means "not known".
USYCL_DEVICE_INFO(global_mem_cache_size, impl_->is_cpu() ? cpu_cache_bytes() : uint64_t(0))
USYCL_DEVICE_INFO(max_constant_buffer_size,
                  impl_->is_cpu() ? i.max_mem_alloc_size : uint64_t(64 * 1024))
USYCL_DEVICE_INFO(max_constant_args, 8u)
USYCL_DEVICE_INFO(host_unified_memory, impl_->uses_host_memory())
USYCL_DEVICE_INFO(atomic_memory_order_capabilities, all_orders())
USYCL_DEVICE_INFO(atomic_fence_order_capabilities, all_orders())
USYCL_DEVICE_INFO(atomic_memory_scope_capabilities, all_scopes())
USYCL_DEVICE_INFO(atomic_fence_scope_capabilities, all_scopes())
// Event timestamps are std::chrono::steady_clock nanoseconds.
USYCL_DEVICE_INFO(profiling_timer_resolution, size_t(1))
USYCL_DEVICE_INFO(is_endian_little, true)
USYCL_DEVICE_INFO(execution_capabilities,
                  std::vector<info::execution_capability>{info::execution_capability::exec_kernel})
USYCL_DEVICE_INFO(queue_profiling, impl_->has(aspect::queue_profiling))
USYCL_DEVICE_INFO(built_in_kernel_ids, std::vector<kernel_id>{})
USYCL_DEVICE_INFO(built_in_kernels, std::vector<std::string>{})
USYCL_DEVICE_INFO(preferred_interop_user_sync, false)
USYCL_DEVICE_INFO(partition_max_sub_devices, 0u)
USYCL_DEVICE_INFO(partition_properties, std::vector<info::partition_property>{})
USYCL_DEVICE_INFO(partition_affinity_domains, std::vector<info::partition_affinity_domain>{})
// Root devices report no partitioning (SYCL 2020 table 4.20).
USYCL_DEVICE_INFO(partition_type_property, info::partition_property::no_partition)
USYCL_DEVICE_INFO(partition_type_affinity_domain, info::partition_affinity_domain::not_applicable)
USYCL_DEVICE_INFO(sub_group_independent_forward_progress, impl_->is_gpu())
USYCL_DEVICE_INFO(usm_device_allocations, impl_->has(aspect::usm_device_allocations))
USYCL_DEVICE_INFO(usm_host_allocations, impl_->has(aspect::usm_host_allocations))
USYCL_DEVICE_INFO(usm_shared_allocations, impl_->has(aspect::usm_shared_allocations))
USYCL_DEVICE_INFO(usm_restricted_shared_allocations, false)
USYCL_DEVICE_INFO(usm_system_allocations, impl_->has(aspect::usm_system_allocations))
#undef USYCL_DEVICE_INFO

template <> device device::get_info<info::device::parent_device>() const {
  throw_error(errc::invalid, "get_info<info::device::parent_device>: device '" + impl_->info().name +
                                 "' is a root device (it was not made by create_sub_devices)");
}
template <> std::vector<std::string> device::get_info<info::device::extensions>() const {
  return device_extensions(*impl_);
}

// ---- context ----
namespace {
std::vector<std::shared_ptr<detail::device_impl>> impls(const std::vector<device> &devs) {
  if (devs.empty()) throw_error(errc::invalid, "context: the device list is empty");
  std::vector<std::shared_ptr<detail::device_impl>> out;
  for (const auto &d : devs) {
    if (&d.impl()->platform_ref() != &devs.front().impl()->platform_ref())
      throw_error(errc::invalid, "context: all devices of a context must belong to one platform");
    out.push_back(d.impl());
  }
  return out;
}
} // namespace

context::context(const property_list &p) : context(device(), p) {}
context::context(async_handler h, const property_list &p) : context(device(), std::move(h), p) {}
context::context(const device &d, const property_list &p) : context(std::vector<device>{d}, p) {}
context::context(const device &d, async_handler h, const property_list &p)
    : context(std::vector<device>{d}, std::move(h), p) {}
context::context(const std::vector<device> &devs, const property_list &p)
    : context(devs, async_handler{}, p) {}
context::context(const std::vector<device> &devs, async_handler h, const property_list &)
    : impl_(std::make_shared<detail::context_impl>(impls(devs), std::move(h))) {}

backend context::get_backend() const noexcept {
  return impl_->devices().front()->platform_ref().id();
}
platform context::get_platform() const { return platform(impl_->devices().front()->platform()); }
std::vector<device> context::get_devices() const {
  std::vector<device> out;
  for (const auto &d : impl_->devices()) out.emplace_back(d);
  return out;
}
template <> platform context::get_info<info::context::platform>() const { return get_platform(); }
template <> std::vector<device> context::get_info<info::context::devices>() const {
  return get_devices();
}
// A context offers what all of its devices offer.
namespace {
template <typename Desc, typename T> std::vector<T> common_capabilities(const context &c) {
  std::vector<T> out;
  bool first = true;
  for (const device &d : c.get_devices()) {
    auto caps = d.get_info<Desc>();
    if (first) {
      out = caps;
      first = false;
      continue;
    }
    std::erase_if(out, [&](T v) { return std::find(caps.begin(), caps.end(), v) == caps.end(); });
  }
  return out;
}
} // namespace
template <>
std::vector<memory_order> context::get_info<info::context::atomic_memory_order_capabilities>() const {
  return common_capabilities<info::device::atomic_memory_order_capabilities, memory_order>(*this);
}
template <>
std::vector<memory_order> context::get_info<info::context::atomic_fence_order_capabilities>() const {
  return common_capabilities<info::device::atomic_fence_order_capabilities, memory_order>(*this);
}
template <>
std::vector<memory_scope> context::get_info<info::context::atomic_memory_scope_capabilities>() const {
  return common_capabilities<info::device::atomic_memory_scope_capabilities, memory_scope>(*this);
}
template <>
std::vector<memory_scope> context::get_info<info::context::atomic_fence_scope_capabilities>() const {
  return common_capabilities<info::device::atomic_fence_scope_capabilities, memory_scope>(*this);
}

} // namespace _V1
} // namespace sycl
