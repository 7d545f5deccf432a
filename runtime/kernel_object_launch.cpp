// Launching a kernel through a sycl::kernel object with the arguments
// handler::set_arg/set_args gave (include/sycl/detail/kernel_host_registry.hpp
// says how the host side of each kernel is found).
#include "kernel_bundle_impl.hpp"
#include "queue_impl.hpp"
#include "requirements.hpp"

#include <sycl/handler.hpp>

#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace sycl {
inline namespace _V1 {
namespace detail {

namespace {

// Keyed by symbol text: the same kernel's name is a different pointer in
// every translation unit that names it.
struct kernel_host_registry {
  std::mutex mutex;
  std::unordered_map<std::string, kernel_host_entry> entries;

  static kernel_host_registry &get() {
    // Never destroyed: registrations run during static initialisation of
    // any shared object, and launches may happen during static destruction.
    static auto *registry = new kernel_host_registry;
    return *registry;
  }
  bool find(const char *symbol, kernel_host_entry &out) {
    std::lock_guard lock(mutex);
    auto it = entries.find(symbol);
    if (it == entries.end()) return false;
    out = it->second;
    return true;
  }
};

std::string form_name(kernel_form form, uint32_t dims) {
  switch (form) {
  case kernel_form::single_task: return "single_task";
  case kernel_form::range: return "parallel_for(range<" + std::to_string(dims) + ">)";
  case kernel_form::nd_range: return "parallel_for(nd_range<" + std::to_string(dims) + ">)";
  }
  return "?";
}

} // namespace

bool register_kernel_host_entry(const kernel_host_entry &entry) noexcept {
  try {
    auto &registry = kernel_host_registry::get();
    std::lock_guard lock(registry.mutex);
    registry.entries.emplace(entry.symbol, entry);
  } catch (...) {
  }
  return true;
}

void handler_launch_kernel_object(handler &h, const kernel &k, kernel_form form, uint32_t dims,
                                  const uint64_t *global, const uint64_t *local,
                                  const uint64_t *offset) {
  command_group &cg = h.command();
  const std::string name = usycl::rt::demangle_kernel_name(k.symbol());
  if (k.get_context().impl() != h.queue_impl()->context())
    throw_error(errc::invalid, "kernel '" + name +
                                   "' belongs to a kernel bundle of another context than the "
                                   "queue's");
  kernel_host_entry entry;
  if (!kernel_host_registry::get().find(k.symbol(), entry))
    throw_error(errc::invalid,
                "kernel '" + name +
                    "' cannot be launched through a sycl::kernel: no single_task or "
                    "parallel_for of this program defines it (parallel_for_work_group kernels "
                    "and kernels of other programs cannot be launched this way)");
  if (entry.form != form || entry.dims != dims)
    throw_error(errc::invalid, "kernel '" + name + "' is a " + form_name(entry.form, entry.dims) +
                                   " kernel; launch it with the same form, not as " +
                                   form_name(form, dims));
  const auto &args = cg.kernel_args;
  const std::string expected = usycl::rt::demangle_kernel_name(entry.object_type->name());
  if (args.empty() || !args[0])
    throw_error(errc::kernel_argument,
                "kernel '" + name + "' takes one argument, its function object of type '" +
                    expected + "': call handler::set_arg(0, object) or set_args(object) first");
  if (args.size() > 1)
    throw_error(errc::kernel_argument, "kernel '" + name +
                                           "' takes one argument (its function object), but "
                                           "set_arg gave " +
                                           std::to_string(args.size()));
  if (args[0]->type() != *entry.object_type)
    throw_error(errc::kernel_argument,
                "kernel '" + name + "': argument 0 is a '" +
                    usycl::rt::demangle_kernel_name(args[0]->type().name()) +
                    "', the kernel's function object is a '" + expected + "'");
  // The kernel runs from its own bundle (its images, its specialization
  // constant values), as if use_kernel_bundle had been called with it.
  if (cg.bundle && cg.bundle != k.bundle_impl())
    throw_error(errc::invalid, "kernel '" + name +
                                   "' is not from the kernel bundle use_kernel_bundle bound to "
                                   "this command group");
  if (!cg.bundle) handler_use_kernel_bundle(h, k.bundle_impl());

  cg.kind = command_kind::kernel;
  kernel_launch &l = cg.launch;
  l.name = k.symbol();
  l.dims = dims;
  l.nd_range = local != nullptr;
  for (int d = 0; d < 3; ++d) {
    l.global[d] = global[d];
    l.local[d] = local ? local[d] : 1;
    l.offset[d] = offset[d];
  }
  l.cpu_range = entry.cpu_range;
  l.cpu_nd = entry.cpu_nd;
  l.cpu_nd_group = entry.cpu_nd_group;
  entry.store(args[0]->data(), cg);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
