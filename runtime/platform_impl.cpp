#include "platform_impl.hpp"

#include "dpcpp_environment.hpp"

#include "device_filter.hpp"
#include "emulation.hpp"
#include "trace.hpp"

#include <algorithm>
#include <cstdlib>

namespace sycl {
inline namespace _V1 {
namespace detail {

void throw_error(errc code, const std::string &message) {
  throw exception(make_error_code(code), message);
}

device_impl::device_impl(std::shared_ptr<usycl::rt::backend_device> dev, platform_impl &platform,
                         std::shared_ptr<platform_impl> platform_owner)
    : dev_(std::move(dev)), platform_ref_(platform), platform_(platform_owner),
      verdicts_(std::make_unique<kernel_verdict_cache>()) {}

std::string device_impl::trace_label() const {
  const auto &i = info();
  return i.pci_address.empty() ? i.name : i.name + " [" + i.pci_address + "]";
}

bool device_impl::has(aspect a) const {
  const auto &aspects = info().aspects;
  return std::find(aspects.begin(), aspects.end(), static_cast<int>(a)) != aspects.end();
}

bool context_impl::contains(const device_impl &d) const {
  return std::any_of(devices_.begin(), devices_.end(), [&](auto &p) { return p.get() == &d; });
}

std::shared_ptr<context_impl> platform_impl::default_context() {
  std::call_once(default_context_once_, [&] {
    default_context_ = std::make_shared<context_impl>(devices_, async_handler{});
  });
  return default_context_;
}

runtime_state &runtime_state::get() {
  // Leaked on purpose: queues and buffers destroyed during static destruction
  // still need their devices.
  static runtime_state *state = new runtime_state;
  return *state;
}

namespace {
// USYCL_TRACE: what discovery found and why anything is missing.
void trace_discovery(const runtime_state &state) {
  namespace trace = usycl::rt::trace;
  for (const auto &p : state.platforms())
    for (const auto &d : p->devices()) {
      const auto &info = d->info();
      trace::writef("discovery", "%s device: %s [%s, target %s, %u compute units, %llu MiB]",
                    p->backend_ref().name(), info.name.c_str(), info.arch.c_str(),
                    info.target.c_str(), info.max_compute_units,
                    static_cast<unsigned long long>(info.global_mem_size >> 20));
    }
  for (const auto &note : state.notes()) trace::write("discovery", note);
  if (!state.selector_error().empty()) trace::write("discovery", state.selector_error());
}
} // namespace

runtime_state::runtime_state() {
  usycl::rt::report_dpcpp_environment();
  std::optional<usycl::rt::device_filter> filter;
  if (const char *text = std::getenv("ONEAPI_DEVICE_SELECTOR")) {
    std::string error;
    filter = usycl::rt::parse_device_filter(text, error);
    if (!filter) selector_error_ = error;
  }
  // USYCL_EMULATE: a target the CPU device pretends to be. A problem with it
  // is reported like a bad selector (every device lookup throws it), never
  // silently ignored: tests relying on emulation must not run unemulated.
  std::string emulation_error;
  std::optional<usycl::rt::emulation> emulation =
      usycl::rt::emulation_from_environment(emulation_error);
  if (!emulation_error.empty() && selector_error_.empty()) selector_error_ = emulation_error;
  if (emulation) emulated_target_ = emulation->target;

  backends_.push_back(usycl::rt::make_cpu_backend());
  backends_.push_back(usycl::rt::make_cuda_backend());
  // Backend settings (USYCL_CPU_SUB_GROUP_SIZE) are reported the same way.
  for (auto &backend : backends_)
    if (std::string error = backend->configuration_error();
        !error.empty() && selector_error_.empty())
      selector_error_ = std::move(error);

  // DPC++ users' selectors name backends usycl does not have: say so first
  // (else the only note is that every device was filtered out).
  if (filter) {
    std::vector<std::string_view> present;
    for (auto &backend : backends_) present.push_back(backend->name());
    for (const std::string &absent : filter->absent_backends(present))
      notes_.push_back("ONEAPI_DEVICE_SELECTOR names the '" + absent +
                       "' backend, which usycl does not have; its backends are native_cpu (the "
                       "host CPU) and cuda (NVIDIA GPUs), e.g. ONEAPI_DEVICE_SELECTOR=cuda:0");
  }
  for (auto &backend : backends_) {
    sycl::backend id = std::string_view(backend->name()) == "cuda" ? sycl::backend::ext_oneapi_cuda
                                                                    : sycl::backend::native_cpu;
    const auto &devices = backend->devices();
    if (devices.empty()) {
      std::string why = backend->unavailable_reason();
      notes_.push_back(std::string(backend->name()) + ": " + (why.empty() ? "no devices" : why));
      continue;
    }
    auto platform = std::make_shared<platform_impl>(*backend, id);
    unsigned index = 0;
    for (const auto &dev : devices) {
      auto kind = dev->info().kind;
      auto type = kind == usycl::rt::device_kind::cpu   ? usycl::rt::filter_device_type::cpu
                  : kind == usycl::rt::device_kind::gpu ? usycl::rt::filter_device_type::gpu
                                                        : usycl::rt::filter_device_type::fpga;
      bool keep = !selector_error_.empty() ? false
                  : filter                 ? filter->accepts(backend->name(), type, index)
                                           : true;
      ++index;
      if (keep) {
        platform->devices_.push_back(std::make_shared<device_impl>(dev, *platform, platform));
        if (emulation && id == sycl::backend::native_cpu)
          platform->devices_.back()->set_emulated_info(
              usycl::rt::emulated_device_info(dev->info(), *emulation));
      }
      else
        notes_.push_back(std::string(backend->name()) + ": device " + std::to_string(index - 1) +
                         " (" + dev->info().name + ") filtered out by ONEAPI_DEVICE_SELECTOR");
    }
    if (!platform->devices_.empty()) platforms_.push_back(std::move(platform));
  }
  if (usycl::rt::trace::enabled(usycl::rt::trace::level::basic)) trace_discovery(*this);
}

std::vector<std::shared_ptr<device_impl>> runtime_state::all_devices() const {
  std::vector<std::shared_ptr<device_impl>> all;
  for (const auto &p : platforms_)
    for (const auto &d : p->devices()) all.push_back(d);
  return all;
}

} // namespace detail
} // namespace _V1
} // namespace sycl
