//===- plugin.cpp - The usycl clang plugin --------------------------------===//
//
// Loaded by usycl++ into both the device and the host pass
// (-fplugin=libusycl-plugin.so). Registered as "usycl"; it runs before
// clang's main action, so clang still compiles as usual and the plugin only
// adds attributes (attributes.cpp, lambda_attributes.cpp), diagnostics
// (device_code_checker.cpp) and, in device passes, the AST facts the
// optional-kernel-features pass needs (aspect_collector.cpp).
//
// The same shared object is an LLVM pass plugin (llvmGetPassPluginInfo
// below; -fpass-plugin=libusycl-plugin.so): it registers the passes of
// compiler/passes at the start of the optimisation pipeline (also at -O0).
// Both halves share the process-wide registry of compiler/passes/tu_facts.
// When a device pass is given only -fplugin, the plugin registers the passes
// itself through CodeGenOptions::PassBuilderCallbacks.
//
// The plugin is built against Debian's clang headers and does not link
// libclang-cpp: its clang symbols resolve against the clang process that
// loads it.
//
//===----------------------------------------------------------------------===//

#include "aspect_collector.hpp"
#include "device_code_checker.hpp"
#include "device_global_collector.hpp"
#include "integration_header.hpp"
#include "kernel_name_conflicts.hpp"
#include "lambda_attributes.hpp"
#include "local_kernel_names.hpp"
#include "plugin_options.hpp"
#include "unit_index.hpp"

#include "aspect_propagation.hpp"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/FileSystem.h"

#include <dlfcn.h>

using namespace clang;

namespace usycl::plugin {
namespace {

// This shared object's path, to recognise it among -fpass-plugin= paths.
std::string selfPath() {
  Dl_info Info{};
  if (dladdr(reinterpret_cast<void *>(&selfPath), &Info) && Info.dli_fname)
    return Info.dli_fname;
  return {};
}

bool sameFile(const std::string &A, const std::string &B) {
  llvm::sys::fs::UniqueID IdA, IdB;
  if (llvm::sys::fs::getUniqueID(A, IdA) || llvm::sys::fs::getUniqueID(B, IdB))
    return A == B;
  return IdA == IdB;
}

// Unless clang loads this library as a pass plugin as well, register the
// passes through the code generation options.
void registerPassesWithCodeGen(CompilerInstance &CI) {
  CodeGenOptions &CodeGen = CI.getCodeGenOpts();
  std::string Self = selfPath();
  for (const std::string &Plugin : CodeGen.PassPlugins)
    if (sameFile(Plugin, Self))
      return;
  CodeGen.PassBuilderCallbacks.push_back([](llvm::PassBuilder &PB) {
    usycl::passes::registerUsyclPasses(PB);
  });
}

class UsyclPluginAction : public PluginASTAction {
public:
  ActionType getActionType() override { return AddBeforeMainAction; }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (llvm::StringRef Arg : Args) {
      auto [Key, Value] = Arg.split('=');
      if (Key == "target") {
        Options.Target = Value.str();
      } else if (Key == "fixed-targets") {
        llvm::SmallVector<llvm::StringRef, 4> Names;
        Value.split(Names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
        Options.FixedTargets.assign(Names.begin(), Names.end());
      } else if (Key == "device-config") {
        Options.DeviceConfigPath = Value.str();
      } else if (Key == "int-header") {
        Options.IntegrationHeader = Value.str();
      } else if (Key == "tu-id") {
        Options.TranslationUnitId = Value.str();
      } else {
        // A newer driver with an older plugin: say so, but keep compiling.
        unsigned ID = Diags.getCustomDiagID(
            DiagnosticsEngine::Warning,
            "usycl plugin: ignoring unknown argument '%0'");
        Diags.Report(ID) << Arg;
      }
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    installLambdaAttributeMover(CI);
    if (CI.getLangOpts().SYCLIsDevice)
      registerPassesWithCodeGen(CI);
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    // First: the others read it in their HandleTranslationUnit.
    auto Index = std::make_shared<UnitIndex>();
    Consumers.push_back(std::make_unique<UnitIndexer>(Index));
    Consumers.push_back(
        std::make_unique<DeviceCodeChecker>(Options, deviceCodeChecks(), Index));
    Consumers.push_back(std::make_unique<KernelNameConflicts>(Index));
    Consumers.push_back(std::make_unique<AspectCollector>(CI, Options, Index));
    Consumers.push_back(std::make_unique<UnitMarkerPublisher>(CI, Options));
    Consumers.push_back(std::make_unique<DeviceGlobalCollector>(CI, Options, Index));
    if (CI.getLangOpts().SYCLIsDevice && !Options.IntegrationHeader.empty())
      Consumers.push_back(
          std::make_unique<IntegrationHeaderWriter>(Options.IntegrationHeader, Index));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  PluginOptions Options;
};

} // namespace
} // namespace usycl::plugin

static clang::FrontendPluginRegistry::Add<usycl::plugin::UsyclPluginAction>
    RegisterUsyclPlugin("usycl", "SYCL attributes and device-code diagnostics");

// -fpass-plugin=libusycl-plugin.so
extern "C" __attribute__((visibility("default"))) ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "usycl", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &PB) { usycl::passes::registerUsyclPasses(PB); }};
}
