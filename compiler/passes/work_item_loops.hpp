//===- work_item_loops.hpp - CPU work-groups as loops over work-items -----===//
//
// On the CPU an nd_range work-group runs on one thread. Without this pass its
// work-items become fibers that switch at every barrier (the fallback in
// runtime/backends/cpu/group_executor.cpp), which costs about a microsecond
// per work-item and barrier and keeps every loop scalar. This pass, run on
// the host compilation, rewrites the headers' group launcher
//
//   bool cpu_nd_group_loops<K, Dims>(const void *object, const cpu_group_ctx &g)
//
// (sycl/detail/kernel_entry.hpp), whose body is ONE work-item of the group
// (its index is the marker call __usycl_cpu_work_item_id(items)), into code
// that runs the WHOLE group: the body is cut at its work-group barriers into
// regions, each region becomes a loop over the group's work-items, and a
// dispatch after each loop enters the region that starts at the barrier the
// work-items stopped at (continuation-based synchronisation, as AdaptiveCpp's
// CBS pass and PoCL's work-item loops do it):
//
//   prologue (once per group)
//   region 0: for lin in [0, items): <code up to the first barrier>
//   region k: for lin in [0, items): <code from barrier k to the next one>
//   ...
//
// Values that live across a barrier are kept per work-item in arrays of a
// per-thread block of memory (__usycl_cpu_work_item_storage, allocated once
// and reused by every group the thread runs); so are the kernel's private
// variables (allocas) that more than one region uses. Values computed from
// the work-item index alone (local and global ids) are recomputed in each
// region instead. Functions that reach a barrier are inlined first. The
// barrier calls disappear, so the loops vectorise where the kernel allows.
//
// SYCL requires every work-item of a group to reach the same barriers (in
// uniform control flow); the header declares __usycl_cpu_group_barrier
// convergent so that the optimiser keeps it so. Work-items that still
// disagree (undefined behaviour) continue where the last one stopped.
//
// Sub-group collectives (the CPU's sub-groups have 4..64 work-items) are
// sub-group barriers with a step (__usycl_cpu_sub_group_barrier), and only
// the work-items of one sub-group must agree on them: sub-groups may take
// different paths. A launcher that has one is cut at both kinds of barrier.
// Between two work-group barriers the sub-groups run one after the other:
// for each, a loop over its work-items per region; where they stop at a
// sub-group barrier its step runs once and the same sub-group goes on with
// the next region, until it reaches a work-group barrier (kept per
// sub-group) or returns. After the last sub-group, all start the region
// after the work-group barrier sub-group 0 waits at. With a constant width
// (usycl-launch-sub-group-width), groups of full sub-groups run a copy of
// the loops whose lane counts are that constant.
//
// What the pass cannot handle (a barrier in a function without a definition
// in this unit, recursion, exception handling or dynamic stack allocation
// around barriers) turns __usycl_cpu_work_item_loops() into false: the
// launcher then returns false at once and the runtime runs the group's
// work-items as fibers. A remark (-Rpass-missed=usycl-work-item-loops) names
// the kernel and the reason; -Rpass=usycl-work-item-loops reports each
// kernel turned into loops.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// bool(): false in libusycl.so; the pass makes it true in the launchers it
// turns into loops, false in those it cannot.
inline constexpr const char *WorkItemLoopsMarker = "__usycl_cpu_work_item_loops";
// uint64_t(uint64_t l0, uint64_t l1, uint64_t l2, uint32_t w, uint64_t begin,
// uint64_t end): the linear index of the work-item the launcher's body runs,
// in a group of l0 x l1 x l2 (dimension 2 fastest; 1 for dimensions the
// kernel does not have) whose sub-groups have w work-items; the pass replaces
// it by each loop nest's index. begin and end (cpu_group_ctx::item_begin,
// item_end) ask for part of the group: see WorkItemRangeQuery.
inline constexpr const char *WorkItemIdMarker = "__usycl_cpu_work_item_id";
// A group is divisible when its launcher became one loop over its work-items
// (no work-group or sub-group barrier, a one-dimensional loop) and nothing it
// runs reaches the group's local memory: then the work-items of one group
// may run on several threads, which the CPU runtime does when a launch has
// fewer groups than threads. A divisible launcher runs the work-items
// [begin, end) of its group (end 0: all of them); any launcher called with
// end == WorkItemRangeQuery runs nothing and returns whether it is divisible.
inline constexpr uint64_t WorkItemRangeQuery = ~uint64_t(0);
// The CPU thread's work-group local memory (a thread-local char *).
inline constexpr const char *CpuLocalMemoryVariable = "__usycl_cpu_local_memory";
// uint64_t(int d): that work-item's local id in dimension d (from 0,
// slowest), which the pass replaces by the index of the loop over d.
inline constexpr const char *WorkItemLocalIdMarker = "__usycl_cpu_work_item_local_id";
// uint32_t(): that work-item's sub-group and its lane in it, which the pass
// replaces by the loops' indices (or computes from the linear index).
inline constexpr const char *WorkItemSubGroupMarker = "__usycl_cpu_work_item_sub_group";
inline constexpr const char *WorkItemLaneMarker = "__usycl_cpu_work_item_lane";
inline constexpr const char *WorkItemLanesMarker = "__usycl_cpu_work_item_lanes";
// void *(uint64_t bytes): per-thread storage for values kept per work-item.
inline constexpr const char *WorkItemStorageFunction = "__usycl_cpu_work_item_storage";
// void(): a work-group barrier of the CPU backend.
inline constexpr const char *CpuGroupBarrierFunction = "__usycl_cpu_group_barrier";
// void(void (*step)(void *block, uint32_t lanes)): a sub-group barrier; step
// (a function of this module, or null) runs once per sub-group between the
// arrival of its last work-item and the departure of the first
// (sycl/detail/cpu_sub_group.hpp).
inline constexpr const char *CpuSubGroupBarrierFunction = "__usycl_cpu_sub_group_barrier";
// void *(uint32_t sub_group): that sub-group's exchange block, 128 bytes per
// work-item of the sub-group width.
inline constexpr const char *CpuSubGroupBlockFunction = "__usycl_cpu_sub_group_block";
inline constexpr uint64_t CpuSubGroupBlockBytesPerLane = 128;

class WorkItemLoopsPass : public llvm::PassInfoMixin<WorkItemLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static llvm::StringRef name() { return "usycl-work-item-loops"; }
};

// Pipeline start: every function that may reach a work-group barrier (the
// helpers of the headers, the user's own), and every call to one, becomes
// convergent, so that no optimisation before the work-item-loop pass makes a
// barrier depend on a condition the work-items disagree on (SimplifyCFG
// threading `if (lid == 0)` tests through a call that waits at a barrier).
class BarrierConvergencePass : public llvm::PassInfoMixin<BarrierConvergencePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static llvm::StringRef name() { return "usycl-barrier-convergence"; }
};

void registerWorkItemLoopsPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
