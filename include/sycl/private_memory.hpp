// sycl::private_memory (SYCL 2020 §4.10.4.2.4): a work-group-scope variable
// of a hierarchical kernel that holds one T per work-item of the group, each
// visible only to its own work-item across work-item scopes.
//
// usycl runs a hierarchical work-group on one execution context
// (sycl/detail/hierarchical.hpp), so the per-work-item values live in one
// array indexed by the physical local linear id: inside the object for up to
// 256 bytes, else heap memory (CUDA's device malloc on NVPTX).
#pragma once

#include <sycl/group.hpp>
#include <sycl/h_item.hpp>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace sycl {
inline namespace _V1 {

template <typename T, int Dims = 1> class private_memory {
public:
  explicit private_memory(const group<Dims> &g) : count_(g.get_local_range().size()) {
    // Small groups keep their values inline (no heap use; on CUDA the device
    // heap is 8 MiB unless raised, shared by every running group).
    static_assert(alignof(T) <= alignof(std::max_align_t),
                  "private_memory: over-aligned element types are not supported");
    if (sizeof(T) * count_ <= sizeof(inline_))
      values_ = reinterpret_cast<T *>(inline_);
    else
      values_ = static_cast<T *>(std::malloc(sizeof(T) * count_));
    // Out of heap: stop the kernel with a fault rather than write through a
    // null pointer.
    if (!values_) __builtin_trap();
    for (size_t i = 0; i < count_; ++i) ::new (static_cast<void *>(values_ + i)) T();
  }
  private_memory(const private_memory &) = delete;
  private_memory &operator=(const private_memory &) = delete;
  ~private_memory() {
    for (size_t i = 0; i < count_; ++i) values_[i].~T();
    if (values_ != reinterpret_cast<T *>(inline_)) std::free(values_);
  }

  // The calling work-item's value (by its physical local id: a logical
  // work-item mapped onto a physical one shares that work-item's value).
  T &operator()(const h_item<Dims> &it) {
    return values_[it.get_physical_local().get_linear_id()];
  }

private:
  T *values_ = nullptr;
  size_t count_;
  alignas(std::max_align_t) unsigned char inline_[256];
};

} // namespace _V1
} // namespace sycl
