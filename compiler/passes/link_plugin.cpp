//===- link_plugin.cpp - The passes the device link's opt runs ------------===//
//
// libusycl-link-passes.so: loaded by the NVPTX device link's opt
// (compiler/driver/device_link.cpp), after the -O level's pipeline. Only
// passes by name, no extension-point callbacks: the link's -O3 stays stock
// LLVM's, and these run where its pipeline string names them.
//
//===----------------------------------------------------------------------===//

#include "latency_order.hpp"
#include "loop_invariant_fp_sums.hpp"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" __attribute__((visibility("default"))) ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "usycl-link-passes", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &PB) {
            usycl::passes::registerLoopInvariantFPSumsPasses(PB);
            usycl::passes::registerLatencyOrderPasses(PB);
          }};
}
