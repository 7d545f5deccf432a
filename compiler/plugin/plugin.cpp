//===- plugin.cpp - The usycl clang plugin --------------------------------===//
//
// Loaded by usycl++ into both the device and the host pass
// (-fplugin=libusycl-plugin.so). Registered as "usycl"; it runs before
// clang's main action, so clang still compiles as usual and the plugin only
// adds attributes (attributes.cpp) and diagnostics (device_code_checker.cpp).
//
// The plugin is built against Debian's clang headers and does not link
// libclang-cpp: its clang symbols resolve against the clang process that
// loads it.
//
//===----------------------------------------------------------------------===//

#include "device_code_checker.hpp"
#include "plugin_options.hpp"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace usycl::plugin {
namespace {

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

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<DeviceCodeChecker>(Options, deviceCodeChecks());
  }

private:
  PluginOptions Options;
};

} // namespace
} // namespace usycl::plugin

static clang::FrontendPluginRegistry::Add<usycl::plugin::UsyclPluginAction>
    RegisterUsyclPlugin("usycl", "SYCL attributes and device-code diagnostics");
