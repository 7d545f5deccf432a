//===- spirv_entry_stubs.hpp - SPIR-V images' entry points --------*- C++ -*-===//
//
// usycl runs no SPIR-V code: an intel_gpu_* or spir64 image carries its
// kernels' entry points and requirements (seed 002), which sycl-aspect-filter
// and the runtime check. The SPIR-V device pass compiles the kernels' bodies
// anyway (sycl/detail/defines.hpp, USYCL_DEVICE_SPIRV), so that the aspect
// propagation pass and sycl-post-link see what they use; what the headers
// compile outside NVPTX there is the CPU's code, which LLVM's SPIR-V backend
// does not always accept (it breaks compare-and-swap loops). So before llc,
// usycl++ empties every externally visible definition -- the kernels (to
// `ret void`) and exported SYCL_EXTERNAL functions (to `unreachable`) -- and
// drops what only they used. The requirements are in the property sets by then.
//
// Pipeline text for opt: usycl-spirv-entry-stubs
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// Empties the externally visible definitions of M and erases the functions
// and variables nothing references any more. Returns whether M changed.
bool stubSpirvEntryPoints(llvm::Module &M);

class SpirvEntryStubsPass : public llvm::PassInfoMixin<SpirvEntryStubsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-spirv-entry-stubs"; }
};

void registerSpirvEntryStubsPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
