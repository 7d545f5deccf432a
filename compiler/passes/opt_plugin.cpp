//===- opt_plugin.cpp - The passes as an opt plugin ------------------------===//
//
// libusycl-passes-opt.so: the same passes for `opt -load-pass-plugin=...`,
// without the clang plugin (whose clang symbols opt cannot resolve). Used by
// the lit tests of tests/lit/passes on hand-written IR; not installed.
//
//===----------------------------------------------------------------------===//

#include "aspect_propagation.hpp"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" __attribute__((visibility("default"))) ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "usycl-passes", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &PB) { usycl::passes::registerUsyclPasses(PB); }};
}
