//===- host_device_specialize.hpp - Kernels specialised on host constants -*- C++ -*-===//
//
// Issue 21 (seed 003's purpose): where the raising of a kernel submission
// proved that captured scalars are compile-time constants, the kernel gets a
// clone with those bytes of its kernel object folded in, compiled beside the
// generic kernel. The plan (specialization_plan.hpp) says which kernel and
// which bytes; the same pass runs in every compilation of the unit:
//
//  * device modules (NVPTX, SPIR-V): each kernel entry point of the plan is
//    cloned as cloneSymbol(...), a kernel of its own in the image (it keeps
//    the generic kernel's attributes and metadata, so property sets,
//    aspects and required sizes are the same);
//  * the host module: the CPU launchers of the kernel (the functions its
//    kernel_host_entry registration names) are cloned the same way, and a
//    constructor registers every specialisation with the runtime
//    (__usycl_register_kernel_specializations, runtime/kernel_specializations.hpp;
//    a destructor unregisters them),
//    which launches a clone only when the launch's kernel object holds the
//    folded bytes (so a clone never changes what a program computes).
//
// Folding: the clone's entry copies the kernel object into a local and
// stores the constants over it; after inlining, SROA and GVN forward them to
// the kernel body's loads (known trip counts, constant coefficients).
// Runs at the pipeline start, after the unit-local kernel names, so the
// symbols match the device IR the plan was made from.
//
// Plan file: clang -mllvm -usycl-specialization-plan=<file>, or the opt
// pipeline text usycl-host-device-specialize<plan=FILE>.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// The runtime's registration entry points (C ABI, version 1).
inline constexpr const char *RegisterSpecializationsFunction =
    "__usycl_register_kernel_specializations";
inline constexpr const char *UnregisterSpecializationsFunction =
    "__usycl_unregister_kernel_specializations";

class HostDeviceSpecializePass : public llvm::PassInfoMixin<HostDeviceSpecializePass> {
public:
  explicit HostDeviceSpecializePass(std::string PlanPath) : PlanPath(std::move(PlanPath)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-host-device-specialize"; }

private:
  std::string PlanPath;
};

void registerHostDeviceSpecializePasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
