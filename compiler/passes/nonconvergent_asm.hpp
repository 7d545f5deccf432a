//===- nonconvergent_asm.hpp - Calls that are not convergent ---*- C++ -*-===//
//
// clang marks every inline-assembly call of SYCL device code `convergent`
// (it cannot see what the assembly does), and a convergent call stops loop
// unrolling and other control-flow transformations of the loop around it.
// Most inline PTX is per-thread work: the ld.global.nc of
// ext::oneapi::experimental::cuda::ldg, atomics, fences, bit tricks (lop3,
// prmt, fns) in our headers and in CUDA-ported programs. A loop that reads
// through ldg stayed rolled where nvcc unrolls it four times (HeCBench fhd:
// 1.4x CUDA's time).
//
// This pass, first in the NVPTX device pipeline, removes `convergent` from
// inline-assembly calls whose every instruction is known to be per-thread:
// it keeps the attribute when any instruction is a warp or block collective
// (bar, barrier, shfl, vote, match, redux, activemask, elect, mma, wmma,
// wgmma, ldmatrix, stmatrix, movmatrix, tcgen05, setmaxnreg, ...) or when
// the text cannot be read as PTX instructions.
//
// Calls of libdevice (`__nv_*`, the SYCL math builtins on NVPTX) get the
// same: clang marks them convergent too, and until libdevice is linked at
// device link they are opaque calls, so a loop with sycl::fmax or sycl::exp
// in it was neither runtime-unrolled nor unswitched (the softmax row loop:
// nvcc unrolls it four times).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// Whether the PTX text of an inline-assembly statement is per-thread work
// only (exposed for tests).
bool isPerThreadPtx(llvm::StringRef Asm);

class NonConvergentAsmPass : public llvm::PassInfoMixin<NonConvergentAsmPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "usycl-nonconvergent-asm"; }
};

void registerNonConvergentAsmPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
