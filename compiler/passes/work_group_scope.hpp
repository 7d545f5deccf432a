//===- work_group_scope.hpp - Hierarchical work-groups on a CUDA block ---*- C++ -*-===//
//
// On NVPTX a hierarchical kernel (parallel_for_work_group) runs each
// work-group on a CUDA block: one leader thread runs the work-group scope,
// the other threads wait, and at each parallel_for_work_item the leader
// publishes the work-item scope in shared memory and every thread runs its
// share of the work-items (<sycl/detail/work_group_scope.hpp>).
//
// Work-item code reads the work-group-scope variables through the leader's
// pointers (a [&] closure, private_memory). NVPTX allocas are per-thread
// local memory, where a generic pointer means "the reading thread's own
// local memory", so those variables must live in shared memory instead.
// This pass does that, at the start of the device pipeline (before SROA
// could split or promote anything):
//
//  1. The leader's work-group scope is the function that calls the marker
//     __usycl_work_group_scope(). Every call in it to a defined function is
//     inlined (repeatedly: SYCL device code has no recursion), so the
//     work-group scope's variables all become allocas of that one function.
//     Functions that call __usycl_work_item_scope() -- the runners of a
//     work-item scope -- are not inlined: their locals are per work-item.
//  2. Each alloca of that function whose address may escape (into the
//     published closure, into another object, to a call) becomes an
//     internal addrspace(3) global; the others stay per-thread, where the
//     optimizer keeps them in registers.
//  3. The marker calls and declarations are removed.
//
// A work-group scope with a variable-length array is reported as an error
// (shared memory has a size fixed at compile time).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// Called first in the function that runs a hierarchical work-group scope.
inline constexpr const char *WorkGroupScopeMarker = "__usycl_work_group_scope";
// Called first in each function that runs a share of a work-item scope.
inline constexpr const char *WorkItemScopeMarker = "__usycl_work_item_scope";
// Name prefix of the shared-memory globals that replace escaping allocas.
inline constexpr const char *WorkGroupScopeGlobalPrefix = "__usycl_wg_scope.";

class WorkGroupScopeToSharedPass
    : public llvm::PassInfoMixin<WorkGroupScopeToSharedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Also at -O0: without it the program is wrong, not just slow.
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-work-group-scope-to-shared"; }
};

// Adds the pass at the start of the optimisation pipeline (a no-op in
// modules without the marker) and makes it available to `opt -passes=`.
void registerWorkGroupScopePasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
