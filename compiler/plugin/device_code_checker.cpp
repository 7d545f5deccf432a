//===- device_code_checker.cpp - Front-end checks of device code ----------===//

#include "device_code_checker.hpp"
#include "call_graph.hpp"
#include "kernel_captures.hpp"
#include "restrictions.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace usycl::plugin {

namespace {

// Finds the instantiated kernel entry points of the translation unit.
class KernelFinder : public DynamicRecursiveASTVisitor {
public:
  KernelFinder() {
    ShouldVisitTemplateInstantiations = true;
    ShouldVisitImplicitCode = true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) override {
    const DeviceRoot Kind = classifyDeviceRoot(FD);
    if (Kind == DeviceRoot::Kernel)
      Kernels.push_back(FD);
    if (Kind != DeviceRoot::None)
      Roots.push_back(FD);
    return true;
  }

  std::vector<const FunctionDecl *> Kernels;
  // Kernels and SYCL_EXTERNAL definitions, in source order.
  std::vector<const FunctionDecl *> Roots;
};

} // namespace

void DeviceCodeChecker::HandleTranslationUnit(ASTContext &Context) {
  if (!TheSema || !Context.getLangOpts().SYCLIsDevice)
    return;
  if (Context.getDiagnostics().hasErrorOccurred())
    return; // a broken AST gives only follow-on noise
  KernelFinder Finder;
  Finder.TraverseAST(Context);
  // SYCL 2020 §5.4 (restrictions.hpp): before the other checks, whose
  // facts would describe code that is not valid device code.
  checkDeviceCodeRestrictions(*TheSema, Options, Finder.Roots);
  for (const FunctionDecl *Kernel : Finder.Kernels)
    for (const KernelCheck &Check : Checks)
      Check(*TheSema, Options, *Kernel);
}

std::vector<KernelCheck> deviceCodeChecks() { return {checkKernelCaptures}; }

} // namespace usycl::plugin
