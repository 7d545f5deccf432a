// sycl::private_memory (SYCL 2020 §4.10.4.2.4): a work-group-scope variable
// of a hierarchical kernel that holds one T per work-item of the group, each
// visible only to its own work-item across work-item scopes.
//
// usycl runs a hierarchical work-group on one execution context
// (sycl/detail/hierarchical.hpp), so the per-work-item values live in one
// array indexed by the physical local linear id: heap memory on the CPU,
// device-heap memory (CUDA's malloc) on NVPTX.
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
    values_ = static_cast<T *>(std::malloc(sizeof(T) * count_ + alignof(T)));
    // malloc aligns for every fundamental type; over-aligned T is not
    // supported in private memory (as in DPC++, which uses registers).
    static_assert(alignof(T) <= alignof(std::max_align_t),
                  "private_memory: over-aligned element types are not supported");
    if (values_)
      for (size_t i = 0; i < count_; ++i) ::new (static_cast<void *>(values_ + i)) T();
  }
  private_memory(const private_memory &) = delete;
  private_memory &operator=(const private_memory &) = delete;
  ~private_memory() {
    if (!values_) return;
    for (size_t i = 0; i < count_; ++i) values_[i].~T();
    std::free(values_);
  }

  // The calling work-item's value (by its physical local id: a logical
  // work-item mapped onto a physical one shares that work-item's value).
  T &operator()(const h_item<Dims> &it) {
    return values_[it.get_physical_local().get_linear_id()];
  }

private:
  T *values_ = nullptr;
  size_t count_;
};

} // namespace _V1
} // namespace sycl
