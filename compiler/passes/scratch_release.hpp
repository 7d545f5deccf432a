//===- scratch_release.hpp - Barriers that protect nothing --------*- C++ -*-===//
//
// A work-group reduction on NVPTX (sycl/group_algorithm.hpp) passes values
// between warps through the group scratch in shared memory. Where only
// work-item 0 needs the result (sycl::reduction's commit), warp 0 folds the
// warp totals after one barrier while the others go on; the next algorithm
// must not overwrite the scratch while warp 0 still reads, so the reduction
// ends with `__usycl_nvptx_scratch_release()`, a barrier. Most kernels
// commit one reduction and then end; there the barrier holds every warp
// until warp 0 has read, for nothing (CUDA's warps leave after the last
// __syncthreads()).
//
// This pass deletes each release from which no instruction that may touch
// shared memory is reachable before a barrier: no access through a shared
// (or possibly shared) pointer, no other release, no call of a function
// that is not an intrinsic. The others become the barrier (inlined).
// At -O0 the calls stay (the function is the barrier).
//
// Pipeline text for opt: usycl-scratch-release
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

inline constexpr const char *ScratchReleaseFunction = "__usycl_nvptx_scratch_release";

class ScratchReleasePass : public llvm::PassInfoMixin<ScratchReleasePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-scratch-release"; }
};

void registerScratchReleasePasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
