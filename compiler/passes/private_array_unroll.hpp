//===- private_array_unroll.hpp - Unroll loops over private arrays -*- C++ -*-===//
//
// A work-item's private array (`float acc[8]`, indexed by loops of constant
// trip count) lives in registers only when every access has a constant
// index: then SROA splits it into scalars. Otherwise it stays an alloca, and
// on NVPTX an alloca is local memory: a stack frame in DRAM behind L1, the
// 2.6-3x slowdown docking-style kernels showed against nvcc, which unrolls
// such loops to promote the arrays. LLVM's generic unroll threshold (300 at
// -O3) stops short of loops whose bodies hold a division, a square root and
// a cosine per element; AMDGPU raises it for loops that index private
// arrays, NVPTX does not.
//
// This pass does the same for NVPTX: an innermost-first loop with a constant
// trip count, no unroll directive of the user's (or of ours: NVPTX clones
// keep some loop nests rolled), that indexes an alloca of at most
// `MaxArrayBytes` by its induction variable and whose unrolled body stays
// under `MaxUnrolledSize` instructions gets `llvm.loop.unroll.full`; the full
// unroller, which runs right after it, and SROA after that put the array in
// registers. Arrays too large for the register file (a 128-element array of
// 3x4 matrices) keep their loops rolled, as nvcc does.
//
// Runs in the loop pipeline before full unrolling (LateLoopOptimizations).
// Pipeline text for opt: loop(usycl-private-array-unroll).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

namespace llvm {
class PassBuilder;
}

namespace usycl::passes {

class PrivateArrayUnrollPass : public llvm::PassInfoMixin<PrivateArrayUnrollPass> {
public:
  // AMDGPU's budget for promoting a private array to registers ((256 - 16)
  // 32-bit registers) and its private-array unroll threshold.
  static constexpr uint64_t MaxArrayBytes = 960;
  static constexpr unsigned MaxUnrolledSize = 2700;

  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &AM,
                              llvm::LoopStandardAnalysisResults &AR, llvm::LPMUpdater &U);
  static llvm::StringRef name() { return "usycl-private-array-unroll"; }
};

void registerPrivateArrayUnrollPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
