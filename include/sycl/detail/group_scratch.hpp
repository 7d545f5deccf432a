// How group algorithms use the group_scratch_bytes that the runtime reserves
// at the start of every work-group's local memory (kernel_desc.hpp).
//
// The scratch is split in two halves with a fixed hand-over discipline, so
// that consecutive group algorithms need no trailing barrier:
//
//   region A: written only BEFORE an algorithm's first barrier, read only
//             between its first and its last barrier;
//   region B: written only BETWEEN an algorithm's first and last barrier,
//             read only after its last barrier.
//
// A work-item that starts algorithm k+1 has passed the last barrier of
// algorithm k, so every region-A read of k is done when it writes region A;
// region-B writes of k+1 happen after k+1's first barrier, which every
// work-item reaches only after its region-B reads of k. Algorithms that must
// write region B before any barrier (group_broadcast) add one leading
// barrier instead.
#pragma once

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/work_item_builtins.hpp>

#include <cstddef>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

inline constexpr size_t scratch_region_bytes = group_scratch_bytes / 2;
static_assert(scratch_region_bytes >= 256,
              "NVPTX group algorithms keep one 8-byte value per warp (32 warps) per region");

// The scratch of the running work-group. nd_range launches get it at the
// start of the dynamic local memory; range launches have no local memory, so
// kernels that need a scratch there (range reductions) bring their own.
USYCL_INLINE char *group_scratch() { return local_memory_base(); }

#if USYCL_DEVICE_NVPTX
// Statically allocated shared memory for range-launched kernels that reduce
// over their CUDA block (the runtime gives range launches no dynamic shared
// memory). Not a mutable global: each block has its own copy.
[[clang::loader_uninitialized]] inline __attribute__((address_space(3)))
__attribute__((aligned(16))) char range_group_scratch[group_scratch_bytes];
#endif

// Typed access through memcpy: the scratch holds raw bytes, and T need not
// be default-constructible. `like` supplies an object to copy into. Callers
// place values at multiples of sizeof(T) from a 16-byte aligned base; saying
// so keeps NVPTX from splitting the access into single bytes. The alignment
// goes on the memcpy itself (the operand's type), not in an llvm.assume,
// which the optimizer may drop before it lowers the copy: warp 0's load of
// the warp totals in a work-group scan became four ld.shared.b8 that way.
template <typename T> USYCL_INLINE void scratch_store(char *at, const T &v) {
  __builtin_memcpy(reinterpret_cast<T *>(at), &v, sizeof(T));
}
template <typename T> USYCL_INLINE T scratch_load(const char *at, const T &like) {
  T r = like;
  __builtin_memcpy(&r, reinterpret_cast<const T *>(at), sizeof(T));
  return r;
}

} // namespace detail
} // namespace _V1
} // namespace sycl
