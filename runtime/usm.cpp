// SYCL USM allocation functions.
#include "check_mode.hpp"
#include "platform_impl.hpp"
#include "trace.hpp"
#include "usm_registry.hpp"

#include <sycl/usm.hpp>

#include <cstdio>

namespace sycl {
inline namespace _V1 {
namespace {

using detail::throw_error;
using usycl::rt::usm_kind;

const char *kind_name(usm::alloc kind) {
  switch (kind) {
  case usm::alloc::device: return "device";
  case usm::alloc::host: return "host";
  case usm::alloc::shared: return "shared";
  case usm::alloc::unknown: break;
  }
  return "unknown";
}

// Hands retired allocations (usm_registry::retire) back to their backends.
void release(const std::vector<usycl::rt::usm_allocation> &retired) {
  for (const auto &a : retired) {
    USYCL_TRACE_IF(basic, "usm", "free %p (%zu bytes, after quarantine) on %s", a.base, a.bytes,
                   a.device->info().name.c_str());
    a.device->backend_device().free(const_cast<void *>(a.base), a.kind);
  }
}

aspect kind_aspect(usm::alloc kind) {
  return kind == usm::alloc::device ? aspect::usm_device_allocations
         : kind == usm::alloc::host ? aspect::usm_host_allocations
                                    : aspect::usm_shared_allocations;
}

} // namespace

namespace detail {
void *usm_allocate(size_t alignment, size_t bytes, const device *dev, const context &ctx,
                   usm::alloc kind, const property_list &) {
  if (kind == usm::alloc::unknown)
    throw_error(errc::invalid, "USM allocation: usm::alloc::unknown is not an allocation kind");
  if (alignment & (alignment - 1))
    throw_error(errc::invalid, "USM allocation: alignment " + std::to_string(alignment) +
                                   " is not a power of two");
  auto &c = *ctx.impl();
  if (dev && !c.contains(*dev->impl()))
    throw_error(errc::invalid, "USM allocation: device " + dev->impl()->info().name +
                                   " is not part of the given context");
  // Host allocations belong to the context: any of its devices that can
  // make them does; the others need the kind's aspect on their own device.
  const aspect needed = kind_aspect(kind);
  detail::device_impl *d = dev ? dev->impl().get() : nullptr;
  if (!d)
    for (const auto &candidate : c.devices())
      if (candidate->has(needed)) {
        d = candidate.get();
        break;
      }
  if (!d || !d->has(needed))
    throw_error(errc::feature_not_supported,
                std::string("USM allocation: malloc_") + kind_name(kind) + " needs aspect::usm_" +
                    kind_name(kind) + "_allocations, which " +
                    (dev ? "device " + d->info().name + " does not have"
                         : std::string("no device of the context has")));
  if (bytes == 0) return nullptr;
  usm_kind k = kind == usm::alloc::device ? usm_kind::device
               : kind == usm::alloc::host ? usm_kind::host
                                          : usm_kind::shared;
  // Device memory beyond what the device has: nullptr (SYCL 2020 §4.8.3).
  if (k == usm_kind::device && bytes > d->info().global_mem_size) return nullptr;
  void *p = d->backend_device().malloc(k, bytes, alignment ? alignment : 64);
  // USYCL_CHECK keeps freed memory reserved; it must never make an
  // allocation fail that would succeed without the check.
  if (!p && usycl::rt::usm_registry::get().has_retired()) {
    release(usycl::rt::usm_registry::get().release_retired());
    p = d->backend_device().malloc(k, bytes, alignment ? alignment : 64);
  }
  USYCL_TRACE_IF(basic, "usm", "malloc_%s %zu bytes on %s -> %p", kind_name(kind), bytes,
                 d->info().name.c_str(), p);
  if (p) usycl::rt::usm_registry::get().add({p, bytes, k, &c, d});
  return p;
}
} // namespace detail

void free(void *ptr, const context &ctx) {
  if (!ptr) return;
  auto &registry = usycl::rt::usm_registry::get();
  auto found = registry.find(ptr);
  if (!found || found->base != ptr) {
    // With USYCL_CHECK=1 the freed allocations are known (usm_registry.hpp).
    if (auto freed = registry.find_freed(ptr); freed && freed->base == ptr) {
      char text[64];
      std::snprintf(text, sizeof text, "%p", ptr);
      throw_error(errc::invalid, std::string("sycl::free: pointer ") + text +
                                     " was already freed (double free of a " +
                                     std::to_string(freed->bytes) + "-byte USM allocation)");
    }
    throw_error(errc::invalid, "sycl::free: pointer was not returned by a USM allocation "
                               "function (or was already freed)");
  }
  if (found->context != ctx.impl().get())
    throw_error(errc::invalid, "sycl::free: USM pointer belongs to another context; free it "
                               "with the context (or queue) it was allocated with");
  // Only the thread whose removal succeeds frees: two racing frees of the
  // same pointer must not both reach the backend.
  if (!registry.remove(ptr))
    throw_error(errc::invalid, "sycl::free: pointer was already freed");
  if (usycl::rt::check_enabled()) {
    // Quarantined, not freed (usm_registry.hpp): later uses of the range
    // are reported exactly; what the bounded quarantine evicts is freed.
    USYCL_TRACE_IF(basic, "usm", "free %p (%zu bytes) on %s: quarantined (USYCL_CHECK=1)", ptr,
                   found->bytes, found->device->info().name.c_str());
    release(registry.retire(*found));
    return;
  }
  USYCL_TRACE_IF(basic, "usm", "free %p (%zu bytes) on %s", ptr, found->bytes,
                 found->device->info().name.c_str());
  found->device->backend_device().free(ptr, found->kind);
}

usm::alloc get_pointer_type(const void *ptr, const context &ctx) {
  auto found = usycl::rt::usm_registry::get().find(ptr);
  if (!found || found->context != ctx.impl().get()) return usm::alloc::unknown;
  switch (found->kind) {
  case usm_kind::device: return usm::alloc::device;
  case usm_kind::host: return usm::alloc::host;
  case usm_kind::shared: return usm::alloc::shared;
  }
  return usm::alloc::unknown;
}

device get_pointer_device(const void *ptr, const context &ctx) {
  auto found = usycl::rt::usm_registry::get().find(ptr);
  if (!found || found->context != ctx.impl().get())
    throw_error(errc::invalid, "get_pointer_device: pointer is not USM memory of this context");
  // Host allocations belong to the context, not to the device that made
  // them: SYCL 2020 §4.8.4 names the context's first device.
  if (found->kind == usm_kind::host) return device(ctx.impl()->devices().front());
  for (const auto &d : ctx.impl()->devices())
    if (d.get() == found->device) return device(d);
  return device(ctx.impl()->devices().front());
}

} // namespace _V1
} // namespace sycl
