//===- device_code_checker.cpp - Front-end checks of device code ----------===//

#include "device_code_checker.hpp"

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
    if (FD->hasAttr<SYCLKernelEntryPointAttr>() && FD->hasBody() &&
        !FD->isDependentContext())
      Kernels.push_back(FD);
    return true;
  }

  std::vector<const FunctionDecl *> Kernels;
};

} // namespace

void DeviceCodeChecker::HandleTranslationUnit(ASTContext &Context) {
  if (Checks.empty() || !TheSema || !Context.getLangOpts().SYCLIsDevice)
    return;
  if (Context.getDiagnostics().hasErrorOccurred())
    return; // a broken AST gives only follow-on noise
  KernelFinder Finder;
  Finder.TraverseAST(Context);
  for (const FunctionDecl *Kernel : Finder.Kernels)
    for (const KernelCheck &Check : Checks)
      Check(*TheSema, Options, *Kernel);
}

std::vector<KernelCheck> deviceCodeChecks() { return {}; }

} // namespace usycl::plugin
