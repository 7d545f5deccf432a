// What a work-item needs from the machine it runs on: where its work-group's
// local memory lives and how to wait at a work-group barrier. NVPTX uses the
// hardware (dynamic shared memory, bar.sync); the CPU backend provides both
// from libusycl.so (per-thread local memory, fiber switching at barriers).
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <cstdint>

#if USYCL_DEVICE_NVPTX
// Dynamic shared memory of the running CUDA block; the runtime sizes it at
// launch from the kernel's local_accessors plus group scratch.
extern __attribute__((address_space(3))) __attribute__((aligned(16))) char
    __usycl_local_memory[];
#else
namespace sycl {
inline namespace _V1 {
namespace detail {
struct cpu_group_ctx; // kernel_desc.hpp
}
} // namespace _V1
} // namespace sycl
extern "C" {
// (__thread, not thread_local: an extern C++ thread_local is read through a
// wrapper that may call its initialiser, an exception edge in every kernel.)
// Local memory of the work-group the calling CPU thread is executing.
extern __attribute__((tls_model("initial-exec"))) __thread char
    *__usycl_cpu_local_memory;
// The work-group the calling CPU thread runs: a number unique on this thread
// (0 outside nd_range work-groups), and whether its work-items interleave
// (as fibers, switching at barriers) rather than run one after the other.
extern __attribute__((tls_model("initial-exec"))) __thread uint64_t
    __usycl_cpu_work_group_run;
extern __attribute__((tls_model("initial-exec"))) __thread bool
    __usycl_cpu_work_items_interleave;
// That work-group's launch, size and id (null outside nd_range work-groups):
// what the free-function work-item queries rebuild the nd_item from.
extern __attribute__((tls_model("initial-exec"))) __thread const
    sycl::detail::cpu_group_ctx *__usycl_cpu_current_group;
// Convergent: the optimiser must not make a barrier depend on a condition
// the work-items may disagree on (the work-item-loop pass cuts regions at
// barriers and assumes every work-item reaches the same one).
USYCL_EXPORT __attribute__((convergent)) void __usycl_cpu_group_barrier();
// Sub-groups (cpu_group_ctx::sub_group_width work-items each) do not run in
// lock step on the CPU: a sub-group collective is a barrier of the caller's
// sub-group only. It waits until every work-item of that sub-group has
// arrived, then calls step(block, lanes) (unless null) exactly once for the
// sub-group, on its exchange block and its number of work-items, before any
// of them goes on. Other sub-groups are not waited for (they may diverge).
// Convergent for the same reason as the work-group barrier.
USYCL_EXPORT __attribute__((convergent)) void
__usycl_cpu_sub_group_barrier(void (*step)(void *block, uint32_t lanes));
// The exchange block of sub-group `sub_group_id` of the running work-group:
// cpu_sub_group_block_bytes(width) bytes, 64-byte aligned, one per
// sub-group, kept for the whole work-group (uninitialised at its start).
USYCL_EXPORT void *__usycl_cpu_sub_group_block(uint32_t sub_group_id);
// Markers of the group launchers (kernel_entry.hpp) for the host pass
// usycl-work-item-loops: whether the launcher runs its group as loops (false
// in libusycl.so; the pass makes it true where it rewrote the launcher), the
// work-item its body runs in a group of l0 x l1 x l2 (linear, and its local
// id in dimension d), which the pass replaces by the loops' indices; sg_width
// is the launch's sub-group width (cpu_group_ctx::sub_group_width), which the
// pass's loops around sub-group barriers step by.
USYCL_EXPORT bool __usycl_cpu_work_item_loops();
// The launch's sub-group width, runtime_width (cpu_group_ctx::sub_group_width),
// as the launcher uses it: the host pass usycl-launch-sub-group-width makes
// it the constant S where the kernel has [[sycl::reqd_sub_group_size(S)]]
// (which the runtime launches with alone), else runtime_width.
USYCL_EXPORT uint32_t __usycl_cpu_launch_sub_group_width(uint32_t runtime_width);
// item_begin, item_end: cpu_group_ctx's (part of the group, for launchers
// the pass makes divisible).
USYCL_EXPORT uint64_t __usycl_cpu_work_item_id(uint64_t l0, uint64_t l1, uint64_t l2,
                                               uint32_t sg_width, uint64_t item_begin,
                                               uint64_t item_end);
USYCL_EXPORT uint64_t __usycl_cpu_work_item_local_id(int d);
// That work-item's sub-group and lane in it (what the loops around sub-group
// barriers count, which the pass puts in their place; elsewhere computed from
// the linear index).
USYCL_EXPORT uint32_t __usycl_cpu_work_item_sub_group();
USYCL_EXPORT uint32_t __usycl_cpu_work_item_lane();
// The work-items of that sub-group (the width, or fewer in a group's last,
// partial sub-group): the loops know it, and in their copy for groups of
// whole sub-groups it is the constant width, which makes the exchange
// block's layout constant (detail/cpu_sub_group.hpp).
USYCL_EXPORT uint32_t __usycl_cpu_work_item_lanes();
}
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {

#if USYCL_DEVICE_NVPTX
// The global offset of the running nd_range launch (SYCL 1.2.1 offsets),
// which no special register holds: nd_range kernel entries store it here for
// the free-function work-item queries (khr/work_item_queries.hpp). Shared
// memory, so it belongs to the launch; every work-item stores the same value
// before it can read it.
[[clang::loader_uninitialized]] inline __attribute__((address_space(3))) uint64_t
    nd_launch_offset[3];
#endif

// Bytes of one CPU sub-group's exchange block (__usycl_cpu_sub_group_block)
// for sub-groups of w work-items: two halves of 64 bytes per work-item, so
// that the values of the next collective can be written while the results
// of the last one are still read, and values up to 64 bytes move at once.
constexpr size_t cpu_sub_group_block_bytes(uint32_t w) { return 2 * 64 * size_t(w); }

USYCL_INLINE char *local_memory_base() {
#if USYCL_DEVICE_NVPTX
  return (char *)__usycl_local_memory;
#elif defined(__SYCL_DEVICE_ONLY__)
  return nullptr; // other device targets are compiled for checks only
#else
  return __usycl_cpu_local_memory;
#endif
}

// Every local_accessor starts at a multiple of this many bytes of its
// group's local memory (the runtime's place_local_memory).
inline constexpr size_t local_accessor_alignment = 16;

// The local memory `offset` bytes into the group's, for an offset the
// runtime placed. Clearing the low bits (one AND per kernel) tells the
// optimiser the alignment where an llvm.assume would be dropped by later
// passes: rows of a tile whose stride is a multiple of 16 bytes are then
// read 16 bytes at a time (ld.shared.v4), as CUDA's __shared__ arrays are.
USYCL_INLINE char *local_memory_at(size_t offset) {
  return local_memory_base() + (offset & ~(local_accessor_alignment - 1));
}

USYCL_INLINE void work_group_barrier() {
#if USYCL_DEVICE_NVPTX
  __nvvm_barrier_sync(0);
#elif defined(__SYCL_DEVICE_ONLY__)
#else
  __usycl_cpu_group_barrier();
#endif
}

#if USYCL_DEVICE_NVPTX
USYCL_INLINE uint32_t nvptx_tid(int cuda_dim) {
  return cuda_dim == 0 ? __nvvm_read_ptx_sreg_tid_x()
         : cuda_dim == 1 ? __nvvm_read_ptx_sreg_tid_y()
                         : __nvvm_read_ptx_sreg_tid_z();
}
USYCL_INLINE uint32_t nvptx_ntid(int cuda_dim) {
  return cuda_dim == 0 ? __nvvm_read_ptx_sreg_ntid_x()
         : cuda_dim == 1 ? __nvvm_read_ptx_sreg_ntid_y()
                         : __nvvm_read_ptx_sreg_ntid_z();
}
USYCL_INLINE uint32_t nvptx_ctaid(int cuda_dim) {
  return cuda_dim == 0 ? __nvvm_read_ptx_sreg_ctaid_x()
         : cuda_dim == 1 ? __nvvm_read_ptx_sreg_ctaid_y()
                         : __nvvm_read_ptx_sreg_ctaid_z();
}
USYCL_INLINE uint32_t nvptx_nctaid(int cuda_dim) {
  return cuda_dim == 0 ? __nvvm_read_ptx_sreg_nctaid_x()
         : cuda_dim == 1 ? __nvvm_read_ptx_sreg_nctaid_y()
                         : __nvvm_read_ptx_sreg_nctaid_z();
}
USYCL_INLINE uint32_t nvptx_lane_id() { return __nvvm_read_ptx_sreg_laneid(); }

// Whether every warp of the launch's blocks is whole (the block's size is a
// multiple of 32: nearly every launch), i.e. every sub-group has 32 lanes
// and its warp mask is 0xffffffff. Never defined: the pass of
// compiler/passes/whole_warps.hpp computes it, and gives each kernel that
// asks a second entry point where it is true (the masks of shfl.sync,
// vote.sync and redux.sync are constants), which the CUDA backend launches
// for blocks of whole warps.
extern "C" [[clang::noconvergent]] __attribute__((const)) bool __usycl_nvptx_whole_warps();

// Ends a work-group reduction's use of the group scratch: a barrier, so that
// the next algorithm's writes cannot overtake warp 0's reads. Out of line
// until the pass usycl-scratch-release (compiler/passes/scratch_release.hpp)
// deletes the calls after which nothing can touch shared memory (the common
// case: one reduction, then the kernel ends) and inlines the others.
extern "C" __attribute__((noinline, convergent)) inline void __usycl_nvptx_scratch_release() {
  __nvvm_barrier_sync(0);
}
#endif

} // namespace detail
} // namespace _V1
} // namespace sycl
