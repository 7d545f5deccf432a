//===- launch_sub_group_width.hpp - A kernel's required sub-group width ---===//
//
// The CPU group launcher (sycl/detail/kernel_entry.hpp) reads its launch's
// sub-group width through the marker
//
//   uint32_t __usycl_cpu_launch_sub_group_width(uint32_t runtime_width)
//
// For a kernel with [[sycl::reqd_sub_group_size(S)]] the runtime launches
// with width S and nothing else (kernel_not_supported otherwise), so this
// pass, on the host compilation and before any optimisation, replaces the
// marker in a launcher that calls such a kernel's functor by the constant S:
// the sub-group loops of usycl-work-item-loops then have a known trip count,
// and the collectives' steps fold to the code of that one width. Elsewhere
// the marker becomes its argument. The plugin tells the pass of the
// attribute through a "usycl.reqd_sub_group_size" annotation on the
// functor's call operator (plugin_annotations.hpp), which the pass removes
// from the host module.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

inline constexpr const char *LaunchSubGroupWidthMarker = "__usycl_cpu_launch_sub_group_width";

class LaunchSubGroupWidthPass : public llvm::PassInfoMixin<LaunchSubGroupWidthPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static llvm::StringRef name() { return "usycl-launch-sub-group-width"; }
};

// At the start of every pipeline (-O0 included), and `opt -passes=` by name.
void registerLaunchSubGroupWidthPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
