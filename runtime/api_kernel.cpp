// sycl::kernel (its descriptors), handler::use_kernel_bundle and the
// specialization constants of a launch (include/sycl/specialization_id.hpp
// describes the value block a kernel_handler reads).
#include "kernel_bundle_impl.hpp"

#include "image_registry.hpp"
#include "platform_impl.hpp"
#include "program_manager.hpp"
#include "queue_impl.hpp"

#include <sycl/handler.hpp>
#include <sycl/kernel.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_set>

namespace sycl {
inline namespace _V1 {

namespace detail {

namespace {

const kernel_verdict &verdict_of(const kernel_impl &k, const device &dev) {
  device_impl &d = *dev.impl();
  return d.verdicts().get(k.symbol, d, usycl::rt::image_registry::instance().generation());
}

void check_kernel_device(const kernel_impl &k, const device &dev, const char *what) {
  if (!k.bundle->has_device(dev))
    throw_error(errc::invalid, std::string("kernel::get_info<") + what + ">: device '" +
                                   dev.get_info<info::device::name>() +
                                   "' is not a device of the kernel's bundle");
}

// The work-group size limit of the kernel on `dev`: the required size when
// it has one, otherwise what the backend says the compiled kernel allows
// (CUDA: the driver's max threads per block for its registers and shared
// memory), otherwise the device's limit.
size_t kernel_work_group_size(const kernel_impl &k, const device &dev) {
  const kernel_verdict &v = verdict_of(k, dev);
  if (!v.work_group_sizes.empty()) {
    size_t n = 1;
    for (uint32_t s : v.work_group_sizes.front()) n *= s;
    return n;
  }
  const size_t device_limit = dev.impl()->info().max_work_group_size;
  const size_t kernel_limit = dev.impl()->backend_device().kernel_max_work_group_size(k.symbol);
  return kernel_limit ? std::min(kernel_limit, device_limit) : device_limit;
}

// The sub-group size the kernel's launches on `dev` run with: the required
// one, else the device's default (what the submit path puts into the
// launch; the CPU's depends on the host, docs/runtime.md).
uint32_t kernel_sub_group_size(const kernel_impl &k, const device &dev) {
  const kernel_verdict &v = verdict_of(k, dev);
  if (v.launch_sub_group_size) return v.launch_sub_group_size;
  return usycl::rt::default_sub_group_size(dev.impl()->info());
}

} // namespace

// ---- handler -------------------------------------------------------------------

void handler_use_kernel_bundle(handler &h, const std::shared_ptr<kernel_bundle_impl> &bundle) {
  command_group &cg = h.command();
  if (!cg.spec_constant_values.empty())
    throw_error(errc::invalid, "handler::use_kernel_bundle: set_specialization_constant was "
                               "already called in this command group; set the value on the "
                               "kernel bundle instead");
  if (bundle->ctx.impl() != h.queue_impl()->context())
    throw_error(errc::invalid, "handler::use_kernel_bundle: the kernel bundle's context is not "
                               "the queue's context");
  cg.bundle = bundle;
}

void handler_set_spec_constant(handler &h, uint64_t key, const void *value, size_t size) {
  command_group &cg = h.command();
  if (cg.bundle)
    throw_error(errc::invalid, "handler::set_specialization_constant: a kernel bundle is in use "
                               "(use_kernel_bundle); set the value on that bundle instead");
  auto *bytes = static_cast<const unsigned char *>(value);
  for (auto &[k, v] : cg.spec_constant_values)
    if (k == key) {
      v.assign(bytes, bytes + size);
      return;
    }
  cg.spec_constant_values.emplace_back(key, std::vector<unsigned char>(bytes, bytes + size));
}

bool handler_get_spec_constant(handler &h, uint64_t key, void *value, size_t size) {
  command_group &cg = h.command();
  // §4.9.4.2.2: the bound bundle's values are read through the bundle.
  if (cg.bundle)
    throw_error(errc::invalid, "handler::get_specialization_constant: a kernel bundle is in use "
                               "(use_kernel_bundle); read the value from that bundle instead");
  for (auto &[k, v] : cg.spec_constant_values)
    if (k == key && v.size() == size) {
      std::memcpy(value, v.data(), size);
      return true;
    }
  return false;
}

// ---- launch --------------------------------------------------------------------

namespace {

// Value blocks live as long as the process, one per distinct content and
// device (launches with the same values share one): a kernel may still read
// its block after the command group that set the values is gone. On a GPU
// the block is host memory the device reads directly (USM host memory).
const void *spec_constant_block_for(const std::vector<unsigned char> &bytes, device_impl &dev) {
  static std::mutex mutex;
  static auto *blocks = new std::map<std::pair<const device_impl *, std::vector<unsigned char>>,
                                     const void *>;
  std::lock_guard lock(mutex);
  auto key = std::make_pair(&dev, bytes);
  auto it = blocks->find(key);
  if (it != blocks->end()) return it->second;
  void *p = dev.uses_host_memory()
                ? ::operator new(bytes.size())
                : dev.backend_device().malloc(usycl::rt::usm_kind::host, bytes.size(), 64);
  if (!p)
    throw_error(errc::memory_allocation,
                "could not allocate the specialization constant values of a launch");
  std::memcpy(p, bytes.data(), bytes.size());
  blocks->emplace(std::move(key), p);
  return p;
}

} // namespace

void prepare_kernel_launch(command_group &cg, const std::shared_ptr<device_impl> &dev_ptr) {
  device_impl &dev = *dev_ptr;
  if (cg.bundle) {
    const char *k = intern_kernel_name(cg.launch.name ? cg.launch.name : "");
    device d(dev_ptr);
    if (!cg.bundle->has_kernel(k) || !cg.bundle->can_run(k, d))
      throw_error(errc::kernel_not_supported,
                  "kernel '" + usycl::rt::demangle_kernel_name(k) +
                      "' is not in the kernel bundle given to handler::use_kernel_bundle for "
                      "device '" +
                      dev.info().name + "'; get a bundle that holds it for this device");
  }
  if (cg.spec_constant_slot == UINT32_MAX) return;
  // The values: the bundle's, or those set on the handler.
  std::vector<std::pair<uint64_t, const std::vector<unsigned char> *>> values;
  if (cg.bundle) {
    for (const auto &[key, v] : cg.bundle->spec_values) values.emplace_back(key, &v);
  } else {
    for (const auto &[key, v] : cg.spec_constant_values) values.emplace_back(key, &v);
  }
  const void *block = nullptr;
  if (!values.empty()) {
    size_t header = sizeof(spec_constant_block) + values.size() * sizeof(spec_constant_entry);
    size_t total = header;
    for (const auto &[key, v] : values) total += (v->size() + 7) & ~size_t(7);
    std::vector<unsigned char> bytes(total, 0);
    spec_constant_block head{static_cast<uint32_t>(values.size()), static_cast<uint32_t>(total)};
    std::memcpy(bytes.data(), &head, sizeof(head));
    size_t offset = header;
    for (size_t i = 0; i < values.size(); ++i) {
      spec_constant_entry e{values[i].first, static_cast<uint32_t>(offset),
                            static_cast<uint32_t>(values[i].second->size())};
      std::memcpy(bytes.data() + sizeof(head) + i * sizeof(e), &e, sizeof(e));
      std::memcpy(bytes.data() + offset, values[i].second->data(), values[i].second->size());
      offset += (values[i].second->size() + 7) & ~size_t(7);
    }
    block = spec_constant_block_for(bytes, dev);
  }
  // Host-compiled kernels read the block; GPU backends fold it into the code.
  cg.launch.spec_constants = block;
  std::memcpy(static_cast<char *>(cg.kernel_object->data()) + cg.spec_constant_slot, &block,
              sizeof(block));
}

} // namespace detail

// ---- kernel ----------------------------------------------------------------------

backend kernel::get_backend() const noexcept { return impl_->bundle->ctx.get_backend(); }
context kernel::get_context() const { return impl_->bundle->ctx; }
const char *kernel::symbol() const noexcept { return impl_->symbol; }
std::shared_ptr<detail::kernel_bundle_impl> kernel::bundle_impl() const { return impl_->bundle; }

template <> uint32_t kernel::get_info<info::kernel::num_args>() const {
  detail::throw_error(
      errc::invalid, "kernel::get_info<info::kernel::num_args>: only kernels made through a "
                     "backend interoperability function or built-in kernels have an argument "
                     "list; kernel '" +
                         usycl::rt::demangle_kernel_name(impl_->symbol) +
                         "' is a SYCL kernel function");
}
template <> std::string kernel::get_info<info::kernel::attributes>() const {
  // The attributes are compiled into the device images' requirements, not
  // kept as source text.
  return "";
}

template <>
range<3> kernel::get_info<info::kernel_device_specific::global_work_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "global_work_size");
  detail::throw_error(
      errc::invalid, "kernel::get_info<info::kernel_device_specific::global_work_size>: only "
                     "for built-in kernels and custom devices; device '" +
                         dev.get_info<info::device::name>() + "' is neither");
}
template <>
size_t kernel::get_info<info::kernel_device_specific::work_group_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "work_group_size");
  return detail::kernel_work_group_size(*impl_, dev);
}
template <>
range<3>
kernel::get_info<info::kernel_device_specific::compile_work_group_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "compile_work_group_size");
  const auto &v = detail::verdict_of(*impl_, dev);
  range<3> r(0, 0, 0);
  if (!v.work_group_sizes.empty()) {
    // SYCL dimension order, right-aligned: {1, 8, 16} for a 2-D {8, 16}.
    const auto &wg = v.work_group_sizes.front();
    r = range<3>(1, 1, 1);
    for (size_t i = 0; i < wg.size() && i < 3; ++i) r[3 - wg.size() + i] = wg[i];
  }
  return r;
}
template <>
size_t kernel::get_info<info::kernel_device_specific::preferred_work_group_size_multiple>(
    const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "preferred_work_group_size_multiple");
  // One sub-group of the kernel's launches: a warp on NVIDIA GPUs; on the
  // CPU a work-group of whole sub-groups has no partial last one.
  size_t multiple = detail::kernel_sub_group_size(*impl_, dev);
  return std::min(multiple, detail::kernel_work_group_size(*impl_, dev));
}
template <>
size_t kernel::get_info<info::kernel_device_specific::private_mem_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "private_mem_size");
  // Kernels spill nothing the runtime reserves per work-item.
  return 0;
}
template <>
uint32_t
kernel::get_info<info::kernel_device_specific::max_num_sub_groups>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "max_num_sub_groups");
  size_t wg = detail::kernel_work_group_size(*impl_, dev);
  // Its largest work-group cut into sub-groups of the size it runs with.
  size_t size = detail::kernel_sub_group_size(*impl_, dev);
  return static_cast<uint32_t>(std::max<size_t>(1, (wg + size - 1) / size));
}
template <>
uint32_t
kernel::get_info<info::kernel_device_specific::compile_num_sub_groups>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "compile_num_sub_groups");
  return 0; // usycl has no attribute that fixes the number of sub-groups
}
template <>
uint32_t
kernel::get_info<info::kernel_device_specific::max_sub_group_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "max_sub_group_size");
  return detail::kernel_sub_group_size(*impl_, dev);
}
template <>
uint32_t
kernel::get_info<info::kernel_device_specific::compile_sub_group_size>(const device &dev) const {
  detail::check_kernel_device(*impl_, dev, "compile_sub_group_size");
  const auto &v = detail::verdict_of(*impl_, dev);
  return v.sub_group_sizes.empty() ? 0u : v.sub_group_sizes.front();
}

} // namespace _V1
} // namespace sycl
