// sycl::atomic_fence (SYCL 2020 §4.15.3.4) and the PTX memory-model helpers
// shared with atomic_ref.
//
// NVPTX (sm_70+): fences and non-relaxed / system-scope atomics are written as
// inline PTX with the exact semantics and scope (fence.sc.cta, fence.acq_rel.gpu,
// atom.acquire.sys.add.u32, ...), following the PTX memory-model mapping of
// C++ atomics (seq_cst RMW = fence.sc + atom.acq_rel; seq_cst load = fence.sc +
// ld.acquire; seq_cst store = fence.sc + st.relaxed). Reason: clang 22 drops
// the scope of __scoped_atomic_* builtins for NVPTX (everything becomes system
// scope), and the NVPTX backend ignores the ordering of non-cmpxchg
// atomicrmw (an acq_rel atomicrmw add is emitted as a relaxed atom.add).
// Scopes: work_item/sub_group/work_group -> .cta, device -> .gpu,
// system -> .sys.
// Host: __atomic_thread_fence (scope ignored).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/memory_enums.hpp>

#if USYCL_DEVICE_NVPTX && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#define USYCL_PTX_ATOMICS 1
#else
#define USYCL_PTX_ATOMICS 0
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {

constexpr int gnu_order(memory_order o) noexcept {
  switch (o) {
  case memory_order::relaxed:
    return __ATOMIC_RELAXED;
  case memory_order::acquire:
    return __ATOMIC_ACQUIRE;
  case memory_order::release:
    return __ATOMIC_RELEASE;
  case memory_order::acq_rel:
    return __ATOMIC_ACQ_REL;
  default:
    return __ATOMIC_SEQ_CST;
  }
}

// Orders valid for a load (relaxed/acquire/seq_cst) and for a store
// (relaxed/release/seq_cst); a release half of a load order, or an acquire
// half of a store order, is dropped (SYCL memory_order_traits).
constexpr int gnu_load_order(memory_order o) noexcept {
  return o == memory_order::seq_cst                                   ? __ATOMIC_SEQ_CST
         : (o == memory_order::acquire || o == memory_order::acq_rel) ? __ATOMIC_ACQUIRE
                                                                      : __ATOMIC_RELAXED;
}
constexpr int gnu_store_order(memory_order o) noexcept {
  return o == memory_order::seq_cst                                   ? __ATOMIC_SEQ_CST
         : (o == memory_order::release || o == memory_order::acq_rel) ? __ATOMIC_RELEASE
                                                                      : __ATOMIC_RELAXED;
}

constexpr bool order_has_acquire(memory_order o) noexcept {
  return o == memory_order::acquire || o == memory_order::acq_rel ||
         o == memory_order::seq_cst;
}
constexpr bool order_has_release(memory_order o) noexcept {
  return o == memory_order::release || o == memory_order::acq_rel ||
         o == memory_order::seq_cst;
}
// The single order covering a compare-exchange's success and failure orders.
constexpr memory_order merge_orders(memory_order success, memory_order failure) noexcept {
  if (success == memory_order::seq_cst || failure == memory_order::seq_cst)
    return memory_order::seq_cst;
  const bool acq = order_has_acquire(success) || order_has_acquire(failure);
  const bool rel = order_has_release(success);
  return acq && rel ? memory_order::acq_rel
         : acq      ? memory_order::acquire
         : rel      ? memory_order::release
                    : memory_order::relaxed;
}

#if USYCL_PTX_ATOMICS
namespace ptx {

// 0: .cta (work_item, sub_group, work_group), 1: .gpu, 2: .sys
USYCL_INLINE constexpr int scope_index(memory_scope s) noexcept {
  return s == memory_scope::system ? 2 : (s == memory_scope::device ? 1 : 0);
}

USYCL_INLINE void fence_sc(int sc) noexcept {
  switch (sc) {
  case 0:
    asm volatile("fence.sc.cta;" ::: "memory");
    break;
  case 1:
    asm volatile("fence.sc.gpu;" ::: "memory");
    break;
  default:
    asm volatile("fence.sc.sys;" ::: "memory");
    break;
  }
}
USYCL_INLINE void fence_acq_rel(int sc) noexcept {
  switch (sc) {
  case 0:
    asm volatile("fence.acq_rel.cta;" ::: "memory");
    break;
  case 1:
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    break;
  default:
    asm volatile("fence.acq_rel.sys;" ::: "memory");
    break;
  }
}

} // namespace ptx
#endif

USYCL_INLINE void fence_impl(memory_order order, memory_scope scope) noexcept {
  if (order == memory_order::relaxed)
    return;
#if USYCL_PTX_ATOMICS
  if (scope == memory_scope::work_item) {
    asm volatile("" ::: "memory"); // orders only the work-item's own accesses
    return;
  }
  if (order == memory_order::seq_cst)
    ptx::fence_sc(ptx::scope_index(scope));
  else
    ptx::fence_acq_rel(ptx::scope_index(scope));
#else
  (void)scope;
  __atomic_thread_fence(gnu_order(order));
#endif
}

} // namespace detail

USYCL_INLINE void atomic_fence(memory_order order, memory_scope scope) noexcept {
  detail::fence_impl(order, scope);
}

} // namespace _V1
} // namespace sycl
