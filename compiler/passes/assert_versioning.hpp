//===- assert_versioning.hpp - Vectorisable CPU work-item loops with assert ===//
//
// On the CPU, a range kernel runs as a loop over its work-items (the
// launchers of <sycl/detail/kernel_entry.hpp>). An `assert` in the kernel
// makes that loop leave early (glibc's __assert_fail does not return), and
// LLVM 22 does not vectorise a loop that may leave early and stores: with
// assertions on, a bandwidth kernel ran scalar, 1.05-1.5x slower than with
// NDEBUG. Two passes of the host compilation fix that:
//
//  * WorkItemLoopTagPass (pipeline start): marks the loops whose iterations
//    are work-items -- the innermost loop around a launcher's store to
//    __usycl_cpu_assert_item -- with the loop property
//    "usycl.work_item_loop". Only those loops are transformed: their
//    iterations are unordered work-items, so one work-item's check may be
//    evaluated before another's stores (they would race otherwise, which
//    SYCL leaves undefined). A loop the kernel itself writes is never one.
//
//  * AssertCheckVersioningPass (vectorizer start): turns a marked loop whose
//    asserts are checked before the work-item writes memory into a loop
//    over blocks of work-items that knows, before a block runs, whether all
//    of the block's asserts pass:
//
//      ok = <the asserts of block 0>                      // reads only
//      for each block k:
//        if (ok) run k without its checks, fused with the checks of k+1
//        else    run k as written (it reports);  ok = <checks of k+1>
//
//    The loops without checks vectorise like the NDEBUG loop; fusing one
//    block's work with the next block's checks keeps every memory stream of
//    the kernel going at once (checking a block in a loop of its own first
//    and then running it cost 15-40% of the bandwidth). A block runs as
//    written only when one of its work-items fails, which then reports
//    exactly as before (same work-item, same assert, a debugger stops at
//    it).
//
// A loop is left as it is when an assert follows a store of the same
// work-item, when the loop calls a function that may write memory or uses
// atomics or volatile accesses, or when a later check of a work-item reads
// memory that an earlier check of it guards.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// Loop property of the loops WorkItemLoopTagPass marks.
inline constexpr const char *WorkItemLoopProperty = "usycl.work_item_loop";
// The launchers' thread-local: the linear id of the running work-item.
inline constexpr const char *CpuAssertItemVariable = "__usycl_cpu_assert_item";

class WorkItemLoopTagPass : public llvm::PassInfoMixin<WorkItemLoopTagPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static llvm::StringRef name() { return "usycl-tag-work-item-loops"; }
};

class AssertCheckVersioningPass
    : public llvm::PassInfoMixin<AssertCheckVersioningPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static llvm::StringRef name() { return "usycl-assert-versioning"; }
};

// Adds both to the optimisation pipeline (no-ops in modules without CPU
// launchers) and makes them available to `opt -passes=` by name.
void registerAssertVersioningPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
