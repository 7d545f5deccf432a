//===- group_local_memory.hpp - Work-group memory per call site -*- C++ -*-===//
//
// sycl::ext::oneapi::group_local_memory(_for_overwrite)<T>(group) returns
// memory shared by the work-group, one allocation per call site, sized at
// compile time. The header calls
//     void *__usycl_group_local_memory(size_t size, size_t align)
// from an always-inline function, so after inlining every source call site
// is its own call. This pass, at the end of the optimisation pipeline (after
// the inliner, also at -O0), replaces each call:
//   * NVPTX: with a fresh internal addrspace(3) (shared memory) global of
//     that size and alignment, as CUDA's static __shared__ arrays: the block's
//     static shared memory holds it for the whole launch;
//   * other targets (the CPU device, compiled in the host pass): with
//     __usycl_cpu_group_local_memory(key, size, align), key being a fresh
//     private global whose address names the call site; the CPU runtime
//     gives each thread one buffer per call site (a thread runs one
//     work-group at a time).
// Size and alignment must be constants (they are sizeof/alignof of T).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

inline constexpr const char *GroupLocalMemoryMarker = "__usycl_group_local_memory";
inline constexpr const char *CpuGroupLocalMemoryFunction = "__usycl_cpu_group_local_memory";

class GroupLocalMemoryPass : public llvm::PassInfoMixin<GroupLocalMemoryPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Also at -O0: the marker has no definition.
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-group-local-memory"; }
};

// Adds the pass at the end of every optimisation pipeline and makes it
// available to `opt -passes=`.
void registerGroupLocalMemoryPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
