//===- loop_invariant_fp_sums.hpp - Invariant terms of fast-math sums out of loops -*- C++ -*-===//
//
// Under -ffast-math (reassoc, nsz) InstCombine rewrites `(a - b) - c` as
// `a - (b + c)`. With `a` and `b` loop-invariant and `c` loaded in the loop
// (a docking kernel's `lz - protein[i].z`, lz = `m21*y + m22*z + m23 - sy*x`
// of the enclosing loop), the invariant `b` moves into the inner loop: one
// more instruction per iteration (an FMA there: `fma(sy, x, pz)`) that LICM
// cannot hoist, as it takes an expression as it is. nvcc's loop keeps one
// subtraction; the H100's docking loop at 4 and 8 poses per work-item had 4
// and 8 FMAs more than nvcc's.
//
// The CPU's vectorised loops have the same extra operation per vector.
//
// This pass, run by the NVPTX device link after -O3 (InstCombine would fold
// it back) and last in the host compilation's pipeline, flattens each sum of fadd/fsub/fneg with reassoc and nsz whose
// inner nodes have one use and lie in a loop, and when two or more of its
// terms are invariant in that loop while others are not, adds the invariant
// ones up in the loop's preheader: `(a - b) - c` in the loop.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

class LoopInvariantFPSumsPass : public llvm::PassInfoMixin<LoopInvariantFPSumsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static llvm::StringRef name() { return "usycl-loop-invariant-fp-sums"; }
};

// The pass by name (`function(usycl-loop-invariant-fp-sums)`), no
// extension-point callback: the device link's opt pipeline names it.
void registerLoopInvariantFPSumsPasses(llvm::PassBuilder &PB);
// The host compilation's: last in the optimisation pipeline of x86-64
// modules (the CPU kernels are host code; the vectoriser has run by then, and
// the pass handles vector sums alike), not at -O0.
void registerLoopInvariantFPSumsHostPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
