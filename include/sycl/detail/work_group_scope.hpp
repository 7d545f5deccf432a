// How a hierarchical work-group (SYCL 2020 §4.10.4.2) runs on a CUDA block:
// thread 0 is the leader, the warps after the first are the work-items.
//
//  * The leader runs the work-group scope -- the user's
//    parallel_for_work_group body -- alone; the rest of its warp exits after
//    the block's first barrier, and the work-item warps wait in
//    serve_work_item_scopes().
//  * At each parallel_for_work_item the leader publishes the work-item scope
//    (a type-erased runner, its closure and the ranges) in shared memory and
//    bumps a generation counter (release); every work-item thread waits for
//    it (acquire), runs its share of the work-items (sycl/h_item.hpp) and
//    its warp adds itself to a done counter (release); the leader waits for all of
//    them (acquire) before it goes on: the implicit barriers before and
//    after a work-item scope. A generation without a runner ends the loop.
//  * No hardware barrier is used after the block's first one, where all
//    threads arrive together: a barrier counted the leader's warp as
//    arrived when its other threads arrived (or exited) and completed
//    without the leader, and named barriers among the work-item warps
//    reported divergent warps (both on the H200); flags in shared memory
//    have neither problem.
//  * The work-item code reads the work-group scope's variables through the
//    leader's pointers; the LLVM pass usycl-work-group-scope-to-shared
//    (compiler/passes/work_group_scope.hpp) moves those variables from the
//    leader's per-thread stack into shared memory. It finds the leader's
//    code by the marker __usycl_work_group_scope() and leaves the runners,
//    marked by __usycl_work_item_scope(), out of it.
//
// The CPU backend runs a work-group on one fiber instead and needs none of
// this (sycl/detail/hierarchical.hpp).
#pragma once

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/work_item_builtins.hpp>

#include <cstddef>
#include <cstdint>

#if USYCL_DEVICE_NVPTX
extern "C" {
// Markers for the work-group-scope pass, which removes every call to them.
void __usycl_work_group_scope();
void __usycl_work_item_scope();
}

namespace sycl {
inline namespace _V1 {
namespace detail {

// A work-item scope as the leader publishes it. Ranges in SYCL order.
struct work_item_scope_call {
  // Runs the calling thread's share of the scope; null once the work-group
  // scope has ended.
  void (*run)(const work_item_scope_call &);
  void *body; // the parallel_for_work_item closure (in shared memory)
  size_t group_id[3];
  size_t group_range[3];
  size_t physical_range[3]; // the work-group size
  size_t logical_range[3];
  uint32_t published; // generations the leader has published
  uint32_t finished;  // generations the work-items have finished
};

// One per block: each block runs one work-group.
[[clang::loader_uninitialized]] inline __attribute__((address_space(3)))
work_item_scope_call published_work_item_scope;

USYCL_INLINE work_item_scope_call &published_scope() {
  return *(work_item_scope_call *)&published_work_item_scope;
}

// Acquire/release at block scope (LLVM 22 emits .sys for the scoped
// builtins, which costs a system-wide fence per flag).
USYCL_INLINE uint32_t load_acquire(const uint32_t &flag) {
  uint32_t value;
  asm volatile("ld.acquire.cta.u32 %0, [%1];" : "=r"(value) : "l"(&flag) : "memory");
  return value;
}
USYCL_INLINE void store_release(uint32_t &flag, uint32_t value) {
  asm volatile("st.release.cta.u32 [%0], %1;" ::"l"(&flag), "r"(value) : "memory");
}
USYCL_INLINE void add_release(uint32_t &counter, uint32_t value) {
  asm volatile("red.release.cta.add.u32 [%0], %1;" ::"l"(&counter), "r"(value) : "memory");
}
// Polling leaves the issue slots to the warps doing the work. Inline PTX
// like the acquire/release accesses above (sm_70+): clang's builtin would
// reject the sm_50 requirements-analysis pass, which never reaches ptxas.
USYCL_INLINE void wait_until_equal(const uint32_t &flag, uint32_t value) {
  while (load_acquire(flag) != value) asm volatile("nanosleep.u32 16;" ::: "memory");
}

// Every thread of the block, first: the counters start at 0 before anyone
// reads them (shared memory holds whatever the last block left). All
// threads reach this barrier together, before any of them diverges.
USYCL_INLINE void start_work_group() {
  if (__nvvm_read_ptx_sreg_tid_x() == 0) {
    published_scope().published = 0;
    published_scope().finished = 0;
  }
  work_group_barrier();
}

// 0 when the block is the leader alone (a launch without
// kernel_launch::hierarchical_group_items): the leader then runs each
// work-item scope itself, as a loop.
USYCL_INLINE uint32_t work_item_thread_count() {
  const uint32_t threads = __nvvm_read_ptx_sreg_ntid_x();
  return threads > hierarchical_leader_threads ? threads - hierarchical_leader_threads : 0;
}

// The leader: hand the filled-in scope (or, with run == null, the end) to
// the work-items; return once every work-item thread is done with it.
USYCL_INLINE void publish_work_item_scope(work_item_scope_call &call) {
  const uint32_t generation = call.published + 1;
  store_release(call.published, generation);
  if (call.run) wait_until_equal(call.finished, generation * work_item_thread_count());
}

// The leader, after its work-group scope returned.
USYCL_INLINE void end_work_group_scope() {
  published_scope().run = nullptr;
  publish_work_item_scope(published_scope());
}

// The work-item threads: run each published scope until the end. Each
// warp counts itself done after its share: its threads meet at a warp
// barrier (which orders their writes before lane 0's), then lane 0 adds
// the warp's 32 threads (release) -- one atomic per warp, not per thread,
// on the one counter. The work-item threads are whole warps (the runtime
// rounds them up).
USYCL_INLINE void serve_work_item_scopes() {
  work_item_scope_call &call = published_scope();
  const bool lane0 = __nvvm_read_ptx_sreg_laneid() == 0;
  for (uint32_t generation = 1;; ++generation) {
    wait_until_equal(call.published, generation);
    void (*run)(const work_item_scope_call &) = call.run;
    if (!run)
      return;
    run(call);
    __nvvm_bar_warp_sync(0xffffffffu);
    if (lane0) add_release(call.finished, 32);
  }
}

// This thread's place among the work-item threads, which take the
// work-items of a scope in turns (a block may have fewer of them than the
// work-group has work-items: CUDA's limits, or the kernel's registers).
USYCL_INLINE size_t work_item_thread() {
  return __nvvm_read_ptx_sreg_tid_x() - hierarchical_leader_threads;
}
USYCL_INLINE size_t work_item_threads() { return work_item_thread_count(); }

} // namespace detail
} // namespace _V1
} // namespace sycl
#endif
