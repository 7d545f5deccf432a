//===- read_only_loads.hpp - ld.global.nc for data a kernel never writes -*- C++ -*-===//
//
// nvcc reads `const T *__restrict__` kernel parameters through the read-only
// data cache (ld.global.nc). A SYCL kernel's pointers arrive inside its
// kernel object, so the NVPTX backend, which only takes a `noalias readonly`
// kernel *parameter* (or an !invariant.load) for proof that a location does
// not change while the kernel runs, never uses that cache for them: HeCBench
// ports that annotate their device functions `__restrict__` as their CUDA
// originals do (zmddft, attention) ran 1.2x to 1.8x CUDA's time.
//
// This pass, at the end of the NVPTX device pipeline (after inlining, so the
// `__restrict__` of inlined functions is alias-scope metadata), marks a load
// of a kernel `!invariant.load` when no instruction of the kernel may write
// the location it reads (alias analysis over every store, atomic, memory
// intrinsic and call that may write memory). The backend then emits
// ld.global.nc for the global-memory ones. Like nvcc's, the proof trusts
// `__restrict__`; memory written while the kernel runs by something that is
// not the kernel (the host through USM, another kernel) is outside it, as
// it is for CUDA's non-coherent cache.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

class ReadOnlyLoadsPass : public llvm::PassInfoMixin<ReadOnlyLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static llvm::StringRef name() { return "usycl-read-only-loads"; }
};

void registerReadOnlyLoadsPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
