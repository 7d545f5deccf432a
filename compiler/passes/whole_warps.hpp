//===- whole_warps.hpp - Kernels versioned for whole warps --------*- C++ -*-===//
//
// On NVPTX a sub-group is a warp, and the last warp of a work-group whose size
// is not a multiple of 32 is partial: the sub-group's shfl.sync, vote.sync
// and bar.warp.sync must name only its lanes. The SYCL headers compute that
// mask from the work-group size, so it sits in a register, and ptxas
// compiles each such operation to a WARPSYNC and a convergence loop around
// it, where CUDA code with the constant 0xffffffff gets the bare SHFL/VOTE.
// Nearly every launch has whole warps, so the headers ask
// `__usycl_nvptx_whole_warps()` (sycl/detail/work_item_builtins.hpp) where
// it decides the lane count, and this pass answers it per kernel:
//
//  * a kernel whose code calls the marker gets two copies of its body,
//    chosen once at its entry by `ntid.x * ntid.y * ntid.z % 32 == 0`: in
//    one the marker is true (the masks, lane counts and clamps fold to
//    constants), in the other false (the general code);
//  * at -O0, and in functions other than kernels, each call becomes that
//    condition.
//
// It runs at the start of the optimizer pipeline (after inlining, before
// loop unrolling), so both copies are optimised in full. For now the
// pipelines only lower (the versioned copy of e2e group_algorithms' joint
// kernel reduced 32-bit integers wrongly on the H200; opt's
// usycl-whole-warp-versioning keeps the transform testable).
// The headers ask it in sub_group::get_local_linear_range() only.
//
// Pipeline text for opt: usycl-whole-warp-versioning
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

inline constexpr const char *WholeWarpsMarker = "__usycl_nvptx_whole_warps";

class WholeWarpVersioningPass : public llvm::PassInfoMixin<WholeWarpVersioningPass> {
public:
  // Version: copy kernel bodies (optimising pipelines); else only lower.
  explicit WholeWarpVersioningPass(bool Version = true) : Version(Version) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-whole-warp-versioning"; }

private:
  bool Version;
};

void registerWholeWarpPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
