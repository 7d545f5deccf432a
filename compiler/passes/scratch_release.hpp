//===- scratch_release.hpp - Barriers that protect nothing --------*- C++ -*-===//
//
// A work-group algorithm on NVPTX (sycl/group_algorithm.hpp) passes values
// between warps through the group scratch in shared memory. Once every warp
// has read what it needs, the next algorithm must not overwrite the scratch
// while a slower warp is still reading: the algorithm ends with
// `__usycl_nvptx_scratch_release()`, a barrier. Most kernels call one
// algorithm and then only write their result to global memory; there the
// barrier holds every warp of the block until the slowest has read, for
// nothing (a work-group reduce ran at 0.6x CUDA's, whose warps leave after
// the last __syncthreads()).
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
