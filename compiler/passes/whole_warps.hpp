//===- whole_warps.hpp - Whole-warp copies of kernels -------------*- C++ -*-===//
//
// On NVPTX a sub-group is a warp, and the last warp of a work-group whose size
// is not a multiple of 32 is partial: the sub-group's shfl.sync, vote.sync
// and bar.warp.sync must name only its lanes. The SYCL headers compute that
// mask from the work-group size, so it sits in a register, and ptxas
// compiles each such operation to a WARPSYNC and a convergence loop around
// it, where CUDA code with the constant 0xffffffff gets the bare SHFL/VOTE;
// a work-group algorithm cannot let every warp fold the warp totals itself
// (one barrier) when a partial warp might lack the lanes to read them.
// Nearly every launch has whole warps, so the headers ask
// `__usycl_nvptx_whole_warps()` (sycl/detail/work_item_builtins.hpp) where
// they decide a lane count, and this pass answers it:
//
//  * every kernel whose own code calls the marker gets a second entry point,
//    `<kernel>$ww`, where the marker is true (the masks, lane counts and
//    clamps fold to constants, the whole-warp algorithms are chosen); the
//    CUDA backend launches it instead of the kernel whenever the launch's
//    blocks are a multiple of 32 threads (cuda_kernel_cache.hpp). Two entry
//    points rather than two bodies in one: the kernel's registers are those
//    of the code that runs, and nothing is decided at run time on the GPU;
//  * in the kernel itself, at -O0, and in functions other than kernels,
//    each call becomes `ntid.x * ntid.y * ntid.z % 32 == 0` (the kernel can
//    still be launched with whole warps: from a module without the copy, or
//    by another runtime).
//
// It runs at the start of the optimizer pipeline (after inlining, before
// loop unrolling), so both entry points are optimised in full. The copy
// stays in its kernel's image (sycl-post-link splits by the name before
// '$') and is no kernel of the program (runtime/kernel_specializations.hpp,
// is_clone).
//
// Pipeline text for opt: usycl-whole-warp-versioning (copies),
// usycl-whole-warp-lowering (the condition only).
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
// The whole-warp entry point of kernel K is K + WholeWarpsSuffix.
inline constexpr const char *WholeWarpsSuffix = "$ww";

class WholeWarpVersioningPass : public llvm::PassInfoMixin<WholeWarpVersioningPass> {
public:
  // Version: give kernels their whole-warp entry points (optimising
  // pipelines); else only lower the marker.
  explicit WholeWarpVersioningPass(bool Version = true) : Version(Version) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-whole-warp-versioning"; }

private:
  bool Version;
};

void registerWholeWarpPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
