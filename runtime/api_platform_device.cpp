// sycl::platform, sycl::device, sycl::context and the selectors.
#include "platform_impl.hpp"

#include <sycl/context.hpp>
#include <sycl/device_selector.hpp>

#include <algorithm>

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
USYCL_DEVICE_INFO(max_num_sub_groups,
                  static_cast<uint32_t>(i.max_work_group_size /
                                        (i.sub_group_sizes.empty() ? 1 : i.sub_group_sizes.front())))
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
#undef USYCL_DEVICE_INFO

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

} // namespace _V1
} // namespace sycl
