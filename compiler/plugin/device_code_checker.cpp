//===- device_code_checker.cpp - Front-end checks of device code ----------===//

#include "device_code_checker.hpp"
#include "call_graph.hpp"
#include "kernel_captures.hpp"
#include "restrictions.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace usycl::plugin {

void DeviceCodeChecker::HandleTranslationUnit(ASTContext &Context) {
  if (!TheSema || !Context.getLangOpts().SYCLIsDevice)
    return;
  if (Context.getDiagnostics().hasErrorOccurred())
    return; // a broken AST gives only follow-on noise
  // The kernels, then the SYCL_EXTERNAL definitions, each in the order
  // clang made them.
  std::vector<const FunctionDecl *> Kernels, Externals;
  for (const FunctionDecl *FD : Index->functions()) {
    const DeviceRoot Kind = classifyDeviceRoot(FD);
    if (Kind == DeviceRoot::Kernel)
      Kernels.push_back(FD);
    else if (Kind == DeviceRoot::External)
      Externals.push_back(FD);
  }
  std::vector<const FunctionDecl *> Roots = Kernels;
  llvm::append_range(Roots, Externals);
  // SYCL 2020 §5.4 (restrictions.hpp): before the other checks, whose
  // facts would describe code that is not valid device code.
  checkDeviceCodeRestrictions(*TheSema, Options, Roots);
  for (const FunctionDecl *Kernel : Kernels)
    for (const KernelCheck &Check : Checks)
      Check(*TheSema, Options, *Kernel);
}

std::vector<KernelCheck> deviceCodeChecks() { return {checkKernelCaptures}; }

} // namespace usycl::plugin
