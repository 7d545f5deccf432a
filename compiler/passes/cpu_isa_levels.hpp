//===- cpu_isa_levels.hpp - CPU kernels for the processor they run on -*- C++ -*-===//
//
// The CPU device's kernels are host code (the host pass instantiates the
// launchers of sycl/detail/kernel_entry.hpp), so without -march they are
// compiled for baseline x86-64: SSE2, four floats per vector, no FMA, and
// every sin/cos a scalar call. DPC++'s CPU device compiles for the
// processor it runs on; a SYCL user does not pass -march (which would also
// change the host code and the binary's portability).
//
// This pass, run on the host compilation at pipeline start (before the
// inliner), gives every CPU launcher a copy of its whole call graph per
// x86-64 micro-architecture level (x86-64-v2, -v3 with AVX2 and FMA, -v4
// with AVX-512), each function of a copy with that level's target-cpu and
// features, and turns the launcher itself into a dispatcher:
//
//   launcher(args):  switch (__usycl_cpu_isa_level())     // libusycl.so
//                      4: return launcher.x86_64_v4(args)
//                      3: return launcher.x86_64_v3(args)
//                      ...
//                      default: return launcher.x86_64(args) // the original body
//
// Copying the call graph, not only the launcher, keeps the inliner's
// decisions as they were (a kernel functor called from one place is
// inlined into it whatever its size) and compiles the functor's body, where
// the work is, for the level. A level that adds nothing to what the module
// is already compiled for (-march=native, -march=x86-64-v3) is not made.
//
// Launchers are the functions the runtime calls: those that call
// __usycl_cpu_assert_run_range/_nd or __usycl_cpu_work_item_loops.
//
// Vector math: in kernel code, a call to sin/cos/tan/exp/log/pow (or their
// llvm.* intrinsics) that may be approximate (`afn`, from -ffast-math)
// gets glibc's libmvec variants of its level's vector width as
// "vector-function-abi-variant" (as -fveclib=libmvec does, from LLVM's own
// table, which lacks the AVX-512 variants; glibc has them under the x86
// vector ABI's names). Only variants of an ISA the function has are given:
// LLVM's -fveclib=libmvec offers the AVX2 ones to SSE2 code, whose 8-float
// vectors then reach them in the wrong registers. The driver links libmvec.
//
// In clang: -mllvm -usycl-cpu-isa-levels=x86-64-v3,x86-64-v4 (none by
// default; usycl++ passes -fsycl-cpu-levels's list, x86-64-v3,x86-64-v4
// unless given, when the CPU is a target). Pipeline text for opt: usycl-cpu-isa-levels<x86-64-v3;x86-64-v4>.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// int(): the level the running processor supports (and USYCL_CPU_ISA
// allows): 1 (x86-64), 2, 3 or 4.
inline constexpr const char *CpuIsaLevelFunction = "__usycl_cpu_isa_level";

class CpuIsaLevelsPass : public llvm::PassInfoMixin<CpuIsaLevelsPass> {
public:
  // "x86-64-v2", "x86-64-v3", "x86-64-v4" (validated by the driver and by
  // the pipeline parser).
  explicit CpuIsaLevelsPass(std::vector<std::string> Levels) : Levels(std::move(Levels)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static llvm::StringRef name() { return "usycl-cpu-isa-levels"; }

private:
  std::vector<std::string> Levels;
};

void registerCpuIsaLevelsPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
