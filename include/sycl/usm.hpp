// Unified shared memory allocation functions (SYCL 2020 §4.8).
#pragma once

#include <sycl/context.hpp>
#include <sycl/queue.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

namespace usm {
enum class alloc : int { host = 0, device = 1, shared = 2, unknown = 3 };
}

namespace detail {
// The one allocation entry point of the runtime. Every spelling below (queue
// or device+context, typed or untyped, aligned or not, per kind) forwards
// here. `dev` is null for host allocations, which belong to the context (the
// runtime places them with its first device). `alignment` 0: the natural one.
// Returns nullptr for 0 bytes or when the device cannot provide the memory;
// throws errc::invalid for a device outside the context, a non power of two
// alignment or usm::alloc::unknown, errc::feature_not_supported when the
// device lacks the kind's aspect (usm_device_allocations, ...).
USYCL_EXPORT void *usm_allocate(size_t alignment, size_t bytes, const device *dev,
                                const context &ctx, usm::alloc kind, const property_list &props);

// Typed forms count elements of T and align to at least alignof(T) (an
// explicit alignment is combined with it: the larger of the two). A count
// whose size overflows size_t cannot be allocated: nullptr, as for any
// allocation the device cannot provide.
template <typename T>
T *usm_allocate_typed(size_t alignment, size_t count, const device *dev, const context &ctx,
                      usm::alloc kind, const property_list &props) {
  if (count > SIZE_MAX / sizeof(T)) return nullptr;
  return static_cast<T *>(usm_allocate(alignment > alignof(T) ? alignment : alignof(T),
                                       count * sizeof(T), dev, ctx, kind, props));
}
} // namespace detail

// ---- untyped: device + context ----
inline void *malloc_device(size_t bytes, const device &dev, const context &ctx,
                           const property_list &p = {}) {
  return detail::usm_allocate(0, bytes, &dev, ctx, usm::alloc::device, p);
}
inline void *malloc_host(size_t bytes, const context &ctx, const property_list &p = {}) {
  return detail::usm_allocate(0, bytes, nullptr, ctx, usm::alloc::host, p);
}
inline void *malloc_shared(size_t bytes, const device &dev, const context &ctx,
                           const property_list &p = {}) {
  return detail::usm_allocate(0, bytes, &dev, ctx, usm::alloc::shared, p);
}
inline void *malloc(size_t bytes, const device &dev, const context &ctx, usm::alloc kind,
                    const property_list &p = {}) {
  return detail::usm_allocate(0, bytes, &dev, ctx, kind, p);
}
inline void *aligned_alloc_device(size_t a, size_t bytes, const device &dev, const context &ctx,
                                  const property_list &p = {}) {
  return detail::usm_allocate(a, bytes, &dev, ctx, usm::alloc::device, p);
}
inline void *aligned_alloc_host(size_t a, size_t bytes, const context &ctx,
                                const property_list &p = {}) {
  return detail::usm_allocate(a, bytes, nullptr, ctx, usm::alloc::host, p);
}
inline void *aligned_alloc_shared(size_t a, size_t bytes, const device &dev, const context &ctx,
                                  const property_list &p = {}) {
  return detail::usm_allocate(a, bytes, &dev, ctx, usm::alloc::shared, p);
}
inline void *aligned_alloc(size_t a, size_t bytes, const device &dev, const context &ctx,
                           usm::alloc kind, const property_list &p = {}) {
  return detail::usm_allocate(a, bytes, &dev, ctx, kind, p);
}

// ---- untyped: queue (its device and context) ----
inline void *malloc_device(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_device(bytes, q.get_device(), q.get_context(), p);
}
inline void *malloc_host(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_host(bytes, q.get_context(), p);
}
inline void *malloc_shared(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_shared(bytes, q.get_device(), q.get_context(), p);
}
inline void *malloc(size_t bytes, const queue &q, usm::alloc kind, const property_list &p = {}) {
  return malloc(bytes, q.get_device(), q.get_context(), kind, p);
}
inline void *aligned_alloc_device(size_t a, size_t bytes, const queue &q,
                                  const property_list &p = {}) {
  return aligned_alloc_device(a, bytes, q.get_device(), q.get_context(), p);
}
inline void *aligned_alloc_host(size_t a, size_t bytes, const queue &q,
                                const property_list &p = {}) {
  return aligned_alloc_host(a, bytes, q.get_context(), p);
}
inline void *aligned_alloc_shared(size_t a, size_t bytes, const queue &q,
                                  const property_list &p = {}) {
  return aligned_alloc_shared(a, bytes, q.get_device(), q.get_context(), p);
}
inline void *aligned_alloc(size_t a, size_t bytes, const queue &q, usm::alloc kind,
                           const property_list &p = {}) {
  return aligned_alloc(a, bytes, q.get_device(), q.get_context(), kind, p);
}

// ---- typed: device + context ----
template <typename T>
T *malloc_device(size_t count, const device &d, const context &c, const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(0, count, &d, c, usm::alloc::device, p);
}
template <typename T> T *malloc_host(size_t count, const context &c, const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(0, count, nullptr, c, usm::alloc::host, p);
}
template <typename T>
T *malloc_shared(size_t count, const device &d, const context &c, const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(0, count, &d, c, usm::alloc::shared, p);
}
template <typename T>
T *malloc(size_t count, const device &d, const context &c, usm::alloc kind,
          const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(0, count, &d, c, kind, p);
}
template <typename T>
T *aligned_alloc_device(size_t a, size_t count, const device &d, const context &c,
                        const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(a, count, &d, c, usm::alloc::device, p);
}
template <typename T>
T *aligned_alloc_host(size_t a, size_t count, const context &c, const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(a, count, nullptr, c, usm::alloc::host, p);
}
template <typename T>
T *aligned_alloc_shared(size_t a, size_t count, const device &d, const context &c,
                        const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(a, count, &d, c, usm::alloc::shared, p);
}
template <typename T>
T *aligned_alloc(size_t a, size_t count, const device &d, const context &c, usm::alloc kind,
                 const property_list &p = {}) {
  return detail::usm_allocate_typed<T>(a, count, &d, c, kind, p);
}

// ---- typed: queue ----
template <typename T> T *malloc_device(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_device<T>(count, q.get_device(), q.get_context(), p);
}
template <typename T> T *malloc_host(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_host<T>(count, q.get_context(), p);
}
template <typename T> T *malloc_shared(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_shared<T>(count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *malloc(size_t count, const queue &q, usm::alloc kind, const property_list &p = {}) {
  return malloc<T>(count, q.get_device(), q.get_context(), kind, p);
}
template <typename T>
T *aligned_alloc_device(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_device<T>(a, count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *aligned_alloc_host(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_host<T>(a, count, q.get_context(), p);
}
template <typename T>
T *aligned_alloc_shared(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_shared<T>(a, count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *aligned_alloc(size_t a, size_t count, const queue &q, usm::alloc kind,
                 const property_list &p = {}) {
  return aligned_alloc<T>(a, count, q.get_device(), q.get_context(), kind, p);
}

// ---- free and pointer queries ----
// errc::invalid for a pointer that is not a live USM allocation of `ctx`.
USYCL_EXPORT void free(void *ptr, const context &ctx);
inline void free(void *ptr, const queue &q) { free(ptr, q.get_context()); }
// usm::alloc::unknown for memory that is not USM memory of `ctx`.
USYCL_EXPORT usm::alloc get_pointer_type(const void *ptr, const context &ctx);
// The allocation's device; for host allocations the first device of `ctx`
// (SYCL 2020 §4.8.4). errc::invalid for memory that is not USM memory of `ctx`.
USYCL_EXPORT device get_pointer_device(const void *ptr, const context &ctx);

// Allocator for standard containers (SYCL 2020 §4.8.4). Device allocations
// are not host-accessible, so a container cannot use them.
template <typename T, usm::alloc Kind, size_t Alignment = 0> class usm_allocator {
  static_assert(Kind != usm::alloc::device,
                "usm_allocator does not support usm::alloc::device: containers touch their "
                "elements on the host; use usm::alloc::shared or usm::alloc::host");

public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind { using other = usm_allocator<U, Kind, Alignment>; };

  usm_allocator() = delete;
  usm_allocator(const context &c, const device &d, const property_list &props = {})
      : ctx_(c), dev_(d), props_(props) {}
  usm_allocator(const queue &q, const property_list &props = {})
      : ctx_(q.get_context()), dev_(q.get_device()), props_(props) {}
  usm_allocator(const usm_allocator &) = default;
  usm_allocator(usm_allocator &&) noexcept = default;
  usm_allocator &operator=(const usm_allocator &) = default;
  usm_allocator &operator=(usm_allocator &&) = default;
  template <typename U>
  usm_allocator(const usm_allocator<U, Kind, Alignment> &o) noexcept
      : ctx_(o.ctx_), dev_(o.dev_), props_(o.props_) {}

  // Throws errc::memory_allocation when the device cannot provide the memory.
  T *allocate(size_t n) {
    T *p = detail::usm_allocate_typed<T>(Alignment, n, &dev_, ctx_, Kind, props_);
    if (!p && n != 0)
      throw exception(make_error_code(errc::memory_allocation),
                      "usm_allocator::allocate: the device cannot provide " +
                          std::to_string(n * sizeof(T)) + " bytes");
    return p;
  }
  void deallocate(T *p, size_t) {
    if (p) sycl::free(p, ctx_);
  }

  // Equal when memory from one can be freed by the other: same kind, same
  // context and device (SYCL 2020 §4.8.4).
  template <typename U, usm::alloc KindU, size_t AlignmentU>
  bool operator==(const usm_allocator<U, KindU, AlignmentU> &o) const {
    return Kind == KindU && ctx_ == o.ctx_ && dev_ == o.dev_;
  }
  template <typename U, usm::alloc KindU, size_t AlignmentU>
  bool operator!=(const usm_allocator<U, KindU, AlignmentU> &o) const {
    return !(*this == o);
  }

private:
  template <typename, usm::alloc, size_t> friend class usm_allocator;
  context ctx_;
  device dev_;
  property_list props_;
};

} // namespace _V1
} // namespace sycl
