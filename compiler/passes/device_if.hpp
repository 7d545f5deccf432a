//===- device_if.hpp - JIT-mode if_device_has in device IR --------*- C++ -*-===//
//
// In JIT mode (a generic target such as nvptx64-nvidia-cuda), the SYCL
// header <sycl/ext/oneapi/experimental/device_if.hpp> compiles each clause of
// an if_device_has chain as
//
//   if (__usycl_device_has(5) && __usycl_device_has(6)) clause(args...);
//
// where __usycl_device_has is a marker that is never defined. This file has
// the two things the compiler does with those markers:
//
//  * guards (used by the aspect propagation pass, at the start of the device
//    pipeline, before anything is optimized): the aspects that a block runs
//    under, i.e. the markers whose true edge dominates it. An aspect used in
//    code guarded by that aspect does not make the kernel require it.
//  * specialisation (usycl++ at device link, and the pass
//    `usycl-device-if-specialize<has=5:6>` for opt): replace every marker
//    call by whether the aspect is in a given set, so the optimizer deletes
//    the clauses a device does not take before its code generation.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <set>

namespace llvm {
class BasicBlock;
class Function;
class Module;
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

inline constexpr const char *DeviceHasMarker = "__usycl_device_has";

// The aspects each block of F is guarded by (blocks without a guard are
// absent). Cheap for functions without marker calls.
llvm::DenseMap<const llvm::BasicBlock *, std::set<uint32_t>>
deviceIfGuards(llvm::Function &F);

// Every aspect a marker call of M asks about. A call whose argument is not a
// constant is reported through `NonConstant` (set to true).
std::set<uint32_t> deviceHasQueries(const llvm::Module &M,
                                    bool *NonConstant = nullptr);

// Replaces each marker call by `Has.count(aspect) != 0` and erases the
// marker's declaration. Returns whether anything changed.
bool specializeDeviceHas(llvm::Module &M, const std::set<uint32_t> &Has);

class DeviceIfSpecializePass
    : public llvm::PassInfoMixin<DeviceIfSpecializePass> {
public:
  explicit DeviceIfSpecializePass(std::set<uint32_t> Has)
      : Has(std::move(Has)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-device-if-specialize"; }

private:
  std::set<uint32_t> Has;
};

// Registers usycl-device-if-specialize<has=A:B:...> for -passes=.
void registerDeviceIfPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
