// Unified shared memory allocation functions (SYCL 2020 §4.8).
#pragma once

#include <sycl/context.hpp>
#include <sycl/queue.hpp>

#include <string>
#include <type_traits>

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

// Queue forms: the queue's device and context.
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
inline void *aligned_alloc(size_t a, size_t bytes, const queue &q, usm::alloc kind,
                           const property_list &p = {}) {
  return aligned_alloc(a, bytes, q.get_device(), q.get_context(), kind, p);
}
inline void free(void *ptr, const queue &q) { free(ptr, q.get_context()); }

// Typed forms: count elements of T, aligned at least to alignof(T) (an
// explicit alignment is combined with it: the larger of the two).
namespace detail {
template <typename T> constexpr size_t usm_alignment(size_t requested) {
  return requested > alignof(T) ? requested : alignof(T);
}
} // namespace detail

template <typename T>
T *malloc_device(size_t count, const device &d, const context &c, const property_list &p = {}) {
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
template <typename T>
T *malloc_shared(size_t count, const device &d, const context &c, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_shared(alignof(T), count * sizeof(T), d, c, p));
}
template <typename T> T *malloc_shared(size_t count, const queue &q, const property_list &p = {}) {
  return malloc_shared<T>(count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *malloc(size_t count, const device &d, const context &c, usm::alloc kind,
          const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc(alignof(T), count * sizeof(T), d, c, kind, p));
}
template <typename T>
T *malloc(size_t count, const queue &q, usm::alloc kind, const property_list &p = {}) {
  return malloc<T>(count, q.get_device(), q.get_context(), kind, p);
}
template <typename T>
T *aligned_alloc_device(size_t a, size_t count, const device &d, const context &c,
                        const property_list &p = {}) {
  return static_cast<T *>(
      aligned_alloc_device(detail::usm_alignment<T>(a), count * sizeof(T), d, c, p));
}
template <typename T>
T *aligned_alloc_device(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_device<T>(a, count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *aligned_alloc_host(size_t a, size_t count, const context &c, const property_list &p = {}) {
  return static_cast<T *>(aligned_alloc_host(detail::usm_alignment<T>(a), count * sizeof(T), c, p));
}
template <typename T>
T *aligned_alloc_host(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_host<T>(a, count, q.get_context(), p);
}
template <typename T>
T *aligned_alloc_shared(size_t a, size_t count, const device &d, const context &c,
                        const property_list &p = {}) {
  return static_cast<T *>(
      aligned_alloc_shared(detail::usm_alignment<T>(a), count * sizeof(T), d, c, p));
}
template <typename T>
T *aligned_alloc_shared(size_t a, size_t count, const queue &q, const property_list &p = {}) {
  return aligned_alloc_shared<T>(a, count, q.get_device(), q.get_context(), p);
}
template <typename T>
T *aligned_alloc(size_t a, size_t count, const device &d, const context &c, usm::alloc kind,
                 const property_list &p = {}) {
  return static_cast<T *>(
      aligned_alloc(detail::usm_alignment<T>(a), count * sizeof(T), d, c, kind, p));
}
template <typename T>
T *aligned_alloc(size_t a, size_t count, const queue &q, usm::alloc kind,
                 const property_list &p = {}) {
  return aligned_alloc<T>(a, count, q.get_device(), q.get_context(), kind, p);
}

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
    void *p = sycl::aligned_alloc(Alignment > alignof(T) ? Alignment : alignof(T), n * sizeof(T),
                                  dev_, ctx_, Kind, props_);
    if (!p && n != 0)
      throw exception(make_error_code(errc::memory_allocation),
                      "usm_allocator::allocate: the device cannot provide " +
                          std::to_string(n * sizeof(T)) + " bytes");
    return static_cast<T *>(p);
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
