//===- device_globals.hpp - device_global variables, host and device -*- C++ -*-===//
//
// sycl_ext_oneapi_device_global: a namespace-scope (or static member)
// `device_global<T>` is one variable per device, read and written by kernels
// and copied to and from by the host (queue::memcpy/copy). The header
// (sycl/ext/oneapi/device_global/device_global.hpp) gives it two layouts:
//
//  * host pass (host code and the CPU device's kernels): the value itself.
//    The CPU device's variable is the host object.
//  * NVPTX device pass: a pointer to the device's copy, which the runtime
//    allocates per device and writes into every module that holds the
//    variable when it loads the module (as DPC++ does without
//    device_image_scope), so every kernel on a device sees one variable
//    whichever module it is in.
//
// Both sides find the variable by its symbol. The clang plugin, which sees
// the C++ types, publishes the symbols of the device_global definitions of
// the translation unit (and the unit's marker); this pass, at the start of
// every pipeline:
//
//  * in the host module, registers each one with the runtime before main:
//      __usycl_register_device_global(ptr @var, ptr "symbol", i64 size)
//    from a constructor of this module;
//  * in a device module, gives each one external linkage (so that no
//    optimisation folds the pointer the runtime writes later), and renames
//    those local to the unit (static, anonymous namespace) with the unit's
//    marker, as the host registers them, so that two units' `static
//    device_global<int> x;` stay two variables after the device link.
//
// For opt (lit tests): usycl-device-globals<host|device;marker=$tu..;symbol=s;...>
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

struct DeviceGlobalFacts {
  bool IsDevice = false;
  std::string UnitMarker;           // "" without -fplugin-arg-usycl-tu-id
  std::vector<std::string> Symbols; // mangled names of the definitions
};

// The plugin-to-pass registry, keyed by the llvm::Module clang generates.
void publishDeviceGlobals(const llvm::Module *M, DeviceGlobalFacts Facts);
std::optional<DeviceGlobalFacts> takeDeviceGlobals(const llvm::Module *M);

// Marks, in device modules, the variables whose value is the pointer to a
// device_global's copy (read by usycl-read-only-loads).
inline constexpr const char *DeviceGlobalSlotMetadata = "usycl.device_global";

// The runtime entry the host constructor calls (runtime/device_globals.cpp).
inline constexpr const char *RegisterDeviceGlobalFunction = "__usycl_register_device_global";

class DeviceGlobalsPass : public llvm::PassInfoMixin<DeviceGlobalsPass> {
public:
  // Without facts the pass takes what the plugin published for the module.
  DeviceGlobalsPass() = default;
  explicit DeviceGlobalsPass(DeviceGlobalFacts Facts) : Facts(std::move(Facts)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "usycl-device-globals"; }

private:
  std::optional<DeviceGlobalFacts> Facts;
};

void registerDeviceGlobalsPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
