// SYCL USM allocation functions.
#include "platform_impl.hpp"
#include "trace.hpp"
#include "usm_registry.hpp"

#include <sycl/usm.hpp>

namespace sycl {
inline namespace _V1 {
namespace {

using detail::throw_error;
using usycl::rt::usm_kind;

void *allocate(size_t alignment, size_t bytes, const device *dev, const context &ctx,
               usm::alloc kind) {
  if (bytes == 0) return nullptr;
  auto &c = *ctx.impl();
  detail::device_impl *d = dev ? dev->impl().get() : c.devices().front().get();
  if (dev && !c.contains(*d))
    throw_error(errc::invalid, "USM allocation: device " + d->info().name +
                                   " is not part of the given context");
  usm_kind k = kind == usm::alloc::device ? usm_kind::device
               : kind == usm::alloc::host ? usm_kind::host
                                          : usm_kind::shared;
  if (kind == usm::alloc::unknown)
    throw_error(errc::invalid, "USM allocation: usm::alloc::unknown is not an allocation kind");
  if (alignment & (alignment - 1))
    throw_error(errc::invalid, "USM allocation: alignment " + std::to_string(alignment) +
                                   " is not a power of two");
  // Device memory beyond what the device has: nullptr (SYCL 2020 §4.8.3).
  if (k == usm_kind::device && bytes > d->info().global_mem_size) return nullptr;
  void *p = d->backend_device().malloc(k, bytes, alignment ? alignment : 64);
  USYCL_TRACE_IF(basic, "usm", "malloc_%s %zu bytes on %s -> %p",
                 k == usm_kind::device ? "device" : k == usm_kind::host ? "host" : "shared", bytes,
                 d->info().name.c_str(), p);
  if (p) usycl::rt::usm_registry::get().add({p, bytes, k, &c, d});
  return p;
}

} // namespace

void *malloc_device(size_t bytes, const device &dev, const context &ctx, const property_list &) {
  return allocate(0, bytes, &dev, ctx, usm::alloc::device);
}
void *malloc_host(size_t bytes, const context &ctx, const property_list &) {
  return allocate(0, bytes, nullptr, ctx, usm::alloc::host);
}
void *malloc_shared(size_t bytes, const device &dev, const context &ctx, const property_list &) {
  return allocate(0, bytes, &dev, ctx, usm::alloc::shared);
}
void *aligned_alloc_device(size_t a, size_t bytes, const device &dev, const context &ctx,
                           const property_list &) {
  return allocate(a, bytes, &dev, ctx, usm::alloc::device);
}
void *aligned_alloc_host(size_t a, size_t bytes, const context &ctx, const property_list &) {
  return allocate(a, bytes, nullptr, ctx, usm::alloc::host);
}
void *aligned_alloc_shared(size_t a, size_t bytes, const device &dev, const context &ctx,
                           const property_list &) {
  return allocate(a, bytes, &dev, ctx, usm::alloc::shared);
}
void *malloc(size_t bytes, const device &dev, const context &ctx, usm::alloc kind,
             const property_list &) {
  return allocate(0, bytes, &dev, ctx, kind);
}
void *aligned_alloc(size_t a, size_t bytes, const device &dev, const context &ctx,
                    usm::alloc kind, const property_list &) {
  return allocate(a, bytes, &dev, ctx, kind);
}

void free(void *ptr, const context &ctx) {
  if (!ptr) return;
  auto &registry = usycl::rt::usm_registry::get();
  auto found = registry.find(ptr);
  if (!found || found->base != ptr)
    throw_error(errc::invalid, "sycl::free: pointer was not returned by a USM allocation "
                               "function (or was already freed)");
  if (found->context != ctx.impl().get())
    throw_error(errc::invalid, "sycl::free: USM pointer belongs to another context; free it "
                               "with the context (or queue) it was allocated with");
  // Only the thread whose removal succeeds frees: two racing frees of the
  // same pointer must not both reach the backend.
  if (!registry.remove(ptr))
    throw_error(errc::invalid, "sycl::free: pointer was already freed");
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
  for (const auto &d : ctx.impl()->devices())
    if (d.get() == found->device) return device(d);
  return device(ctx.impl()->devices().front());
}

} // namespace _V1
} // namespace sycl
