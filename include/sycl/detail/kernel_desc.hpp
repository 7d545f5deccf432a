// What a kernel submission hands to the runtime, and the contract between the
// kernel entry points the headers instantiate and the backends that launch
// them. Shared by the headers (filled at submit) and libusycl.so (read at
// launch); plain data only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sycl {
inline namespace _V1 {
namespace detail {

// Second argument of every device kernel entry point (the first is the kernel
// object, by value). SYCL dimension order (dimension 0 varies slowest); unused
// dimensions hold global 1 and offset 0.
struct kernel_dims {
  uint64_t global[3];
  uint64_t offset[3];
  // Device-side assert (device_assert.hpp): the runtime's id of this launch,
  // which a failing assert writes into its report; 0 when not tracked.
  uint64_t launch_token;
};

// Work-group context the CPU backend passes to nd_range launchers.
struct cpu_group_ctx {
  kernel_dims dims;
  uint64_t local[3];      // work-group size
  uint64_t group[3];      // this group's id
  uint64_t group_range[3];
  // Work-items per sub-group of this launch (one width W for all its
  // groups; the last sub-group of a group may have fewer): sub-group s
  // holds the local linear ids [s*W, (s+1)*W). Set by the runtime before any
  // launcher runs: the kernel's reqd_sub_group_size, else the device's
  // default (docs/runtime.md, "CPU backend").
  uint32_t sub_group_width;
  // The work-items of the group a group launcher runs, [item_begin,
  // item_end) by linear local id; item_end 0: all of them. Only a divisible
  // launcher (one loop over the work-items, no barrier, no local memory:
  // compiler/passes/work_item_loops.hpp) runs part of a group; any launcher
  // given item_end == work_item_range_query runs nothing and returns whether
  // it is divisible. The CPU backend splits groups so when a launch has
  // fewer groups than threads.
  uint64_t item_begin;
  uint64_t item_end;
};
inline constexpr uint64_t work_item_range_query = ~uint64_t(0);

// Host-compiled launchers for the CPU backend. Both run the work-items whose
// linear id (row-major over the launch, dimension 2 fastest) lies in
// [begin, end): for range kernels over the whole range, for nd_range kernels
// within one work-group.
using cpu_range_fn = void (*)(const void *kernel_object, const kernel_dims &dims,
                              uint64_t begin, uint64_t end);
using cpu_nd_fn = void (*)(const void *kernel_object, const cpu_group_ctx &group,
                           uint64_t begin, uint64_t end);
// Runs a whole nd_range work-group as loops over its work-items (the
// work-item-loop pass); false, having run nothing, when the kernel must run
// through cpu_nd_fn instead.
using cpu_nd_group_fn = bool (*)(const void *kernel_object, const cpu_group_ctx &group);
// Called once after each run of consecutive work-groups (a chunk) a CPU
// thread ran through cpu_nd_group, also when one of them failed: launchers
// that keep per-thread state across the groups of a chunk finish it there
// (nd_range reductions: one partial per chunk, one atomic combine).
using cpu_nd_chunk_end_fn = void (*)(const void *kernel_object);

struct kernel_launch {
  const char *name;        // _ZTS... symbol of the device entry point
  uint32_t dims;           // 1..3
  bool nd_range;           // local[] is meaningful
  uint64_t global[3];      // SYCL order, unused = 1
  uint64_t local[3];       // nd_range only, unused = 1
  uint64_t offset[3];      // unused = 0
  const void *kernel_object;
  size_t kernel_object_size;
  size_t local_mem_bytes;  // dynamic work-group local memory (local_accessors + scratch)
  cpu_range_fn cpu_range;
  cpu_nd_fn cpu_nd;
  cpu_nd_group_fn cpu_nd_group; // null: always through cpu_nd
  // A range kernel that covers its work with a grid-stride loop (range
  // reductions): any grid is correct, so a GPU backend may launch fewer
  // work-items than global[] -- one full wave at the kernel's occupancy.
  bool grid_stride;
  // The launch's specialization constant values (a spec_constant_block of
  // specialization_id.hpp, interned by the runtime: equal values, equal
  // pointer); null when none is set. A GPU backend folds them into the
  // kernel's code (detail/spec_constant_marker.hpp).
  const void *spec_constants;
  // parallel_for_work_group (sycl/detail/hierarchical.hpp): the work-items
  // of one work-group, 0 for every other launch. global[] then counts
  // work-groups and local[] is 1, as the CPU backend runs each group on one
  // fiber; the CUDA backend launches blocks of the leader's warp plus up to
  // this many threads (sycl/detail/work_group_scope.hpp).
  uint64_t hierarchical_group_items;
  // The sub-group size the launch runs with, set by the runtime at submit:
  // the kernel's reqd_sub_group_size (from its device image), else the
  // device's default. The CPU backend makes it cpu_group_ctx::sub_group_width
  // (0: its own default); GPU backends have the hardware's.
  uint32_t sub_group_size;
  cpu_nd_chunk_end_fn cpu_nd_chunk_end; // null: nothing to finish
};

// Threads of a hierarchical work-group's CUDA block ahead of its work-item
// threads: the leader's warp, where only the leader stays.
inline constexpr uint32_t hierarchical_leader_threads = 32;

// Bytes of work-group local memory reserved ahead of local_accessor storage
// for group algorithms (reduce, broadcast, scan scratch).
inline constexpr size_t group_scratch_bytes = 512;

} // namespace detail
} // namespace _V1
} // namespace sycl
