//===- latency_order.hpp - Independent chains of a loop body interleaved -*- C++ -*-===//
//
// NVPTX emits a block's instructions in IR order (its SelectionDAG
// schedules by source order) and ptxas reorders them only so far. A loop
// body that is several independent chains of long-latency operations, one
// after the other (a docking kernel's atom loop, unrolled over 4 or 8 poses
// of a work-item: per pose a sqrt, a cosine, two divisions), then runs each
// chain's latencies back to back; where the kernel has one or two warps per
// scheduler nothing hides them. The H100 ran that loop at 0.80 x nvcc's
// speed; the same PTX with its body in dependence-depth order, 0.99 - 1.07.
//
// This pass, run by the NVPTX device link last (libusycl-link-passes.so),
// orders each large block of an innermost loop by the earliest time each
// instruction could issue: the depth of its operands' chains, a load
// counting 30 cycles, a special-function operation (sqrt, rcp, division,
// sine, cosine, exp2, log2) 20, any other 4; ties keep the IR order.
// Instructions that write memory, have side effects or are convergent
// (stores, atomics, calls, barriers, shuffles) stay where they are and
// split the block into parts ordered on their own; loads do not cross them.
// A block whose live values would grow by more than a few registers keeps
// its order (breadth first, every chain's values are live at once).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

class LatencyOrderPass : public llvm::PassInfoMixin<LatencyOrderPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static llvm::StringRef name() { return "usycl-latency-order"; }
};

// By name only (`function(usycl-latency-order)`): the device link runs it.
void registerLatencyOrderPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
