// Unified shared memory allocation functions (SYCL 2020 §4.8).
#pragma once

#include <sycl/context.hpp>
#include <sycl/queue.hpp>

namespace sycl {
inline namespace _V1 {

namespace usm {
enum class alloc : int { host = 0, device = 1, shared = 2, unknown = 3 };
}

USYCL_EXPORT void *malloc_device(size_t bytes, const device &dev, const context &ctx,
                                 const property_list &props = {});
USYCL_EXPORT void *malloc_host(size_t bytes, const context &ctx, const property_list &props = {});
USYCL_EXPORT void *malloc_shared(size_t bytes, const device &dev, const context &ctx,
                                 const property_list &props = {});
USYCL_EXPORT void *aligned_alloc_device(size_t alignment, size_t bytes, const device &dev,
                                        const context &ctx, const property_list &props = {});
USYCL_EXPORT void *aligned_alloc_host(size_t alignment, size_t bytes, const context &ctx,
                                      const property_list &props = {});
USYCL_EXPORT void *aligned_alloc_shared(size_t alignment, size_t bytes, const device &dev,
                                        const context &ctx, const property_list &props = {});
USYCL_EXPORT void *malloc(size_t bytes, const device &dev, const context &ctx, usm::alloc kind,
                          const property_list &props = {});
USYCL_EXPORT void *aligned_alloc(size_t alignment, size_t bytes, const device &dev,
                                 const context &ctx, usm::alloc kind,
                                 const property_list &props = {});
USYCL_EXPORT void free(void *ptr, const context &ctx);
USYCL_EXPORT usm::alloc get_pointer_type(const void *ptr, const context &ctx);
USYCL_EXPORT device get_pointer_device(const void *ptr, const context &ctx);

inline void *malloc_device(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_device(bytes, q.get_device(), q.get_context(), p);
}
inline void *malloc_host(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_host(bytes, q.get_context(), p);
}
inline void *malloc_shared(size_t bytes, const queue &q, const property_list &p = {}) {
  return malloc_shared(bytes, q.get_device(), q.get_context(), p);
}
inline void *aligned_alloc_device(size_t a, size_t bytes, const queue &q, const property_list &p = {}) {
  return aligned_alloc_device(a, bytes, q.get_device(), q.get_context(), p);
}
inline void *aligned_alloc_host(size_t a, size_t bytes, const queue &q, const property_list &p = {}) {
  return aligned_alloc_host(a, bytes, q.get_context(), p);
}
inline void *aligned_alloc_shared(size_t a, size_t bytes, const queue &q, const property_list &p = {}) {
  return aligned_alloc_shared(a, bytes, q.get_device(), q.get_context(), p);
}
inline void *malloc(size_t bytes, const queue &q, usm::alloc kind, const property_list &p = {}) {
  return malloc(bytes, q.get_device(), q.get_context(), kind, p);
}
inline void free(void *ptr, const queue &q) { free(ptr, q.get_context()); }

template <typename T> T *malloc_device(size_t count, const device &d, const context &c, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_device(alignof(T), count * sizeof(T), d, c, p));
}
template <typename T> T *malloc_device(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_device<T>(count, q.get_device(), q.get_context(), p);
}
template <typename T> T *malloc_host(size_t count, const context &c, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_host(alignof(T), count * sizeof(T), c, p));
}
template <typename T> T *malloc_host(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_host<T>(count, q.get_context(), p);
}
template <typename T> T *malloc_shared(size_t count, const device &d, const context &c, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), count * sizeof(T), d, c, p));
}
template <typename T> T *malloc_shared(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_shared<T>(count, q.get_device(), q.get_context(), p);
}
template <typename T> T *malloc(size_t count, const queue &q, usm::alloc kind, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), count * sizeof(T), q.get_device(), q.get_context(), kind, p));
}
template <typename T> T *aligned_alloc_device(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_device(a, count * sizeof(T), q, p));
}
template <typename T> T *aligned_alloc_shared(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_shared(a, count * sizeof(T), q, p));
}
template <typename T> T *aligned_alloc_host(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_host(a, count * sizeof(T), q, p));
}

// Allocator for standard containers (SYCL 2020 usm_allocator).
template <typename T, usm::alloc Kind, size_t Alignment = 0> class usm_allocator {
public:
  using value_type = T;
  template <typename U> struct rebind { using other = usm_allocator<U, Kind, Alignment>; };
  usm_allocator(const context &c, const device &d) : ctx_(c), dev_(d) {}
  usm_allocator(const queue &q) : ctx_(q.get_context()), dev_(q.get_device()) {}
  template <typename U>
  usm_allocator(const usm_allocator<U, Kind, Alignment> &o) : ctx_(o.ctx_), dev_(o.dev_) {}
  T *allocate(size_t n) {
    void *p = sycl::aligned_alloc(Alignment ? Alignment : alignof(T), n * sizeof(T), dev_, ctx_, Kind);
    if (!p) throw exception(make_error_code(errc::memory_allocation), "usm_allocator: out of memory");
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) { sycl::free(p, ctx_); }
  template <typename U> bool operator==(const usm_allocator<U, Kind, Alignment> &o) const { return ctx_ == o.ctx_ && dev_ == o.dev_; }
  template <typename U> bool operator!=(const usm_allocator<U, Kind, Alignment> &o) const { return !(*this == o); }

private:
  template <typename, usm::alloc, size_t> friend class usm_allocator;
  context ctx_;
  device dev_;
};

} // namespace _V1
} // namespace sycl
