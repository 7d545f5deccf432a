//===- device_global_collector.cpp - The unit's device_global variables ---===//

#include "device_global_collector.hpp"

#include "codegen_access.hpp"

#include "device_globals.hpp"

#include <sycl/detail/kernel_symbol.hpp>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace usycl::plugin {
namespace {

// sycl[::_V1]::ext::oneapi::experimental::device_global<...>
bool isDeviceGlobalType(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "device_global")
    return false;
  static constexpr llvm::StringLiteral Path[] = {"experimental", "oneapi", "ext", "sycl"};
  const DeclContext *DC = Spec->getDeclContext();
  for (llvm::StringRef Expected : Path) {
    // Skip inline namespaces (sycl::_V1).
    while (isa<NamespaceDecl>(DC) && cast<NamespaceDecl>(DC)->isInline())
      DC = DC->getParent();
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || NS->getName() != Expected)
      return false;
    DC = NS->getParent();
  }
  return DC->getRedeclContext()->isTranslationUnit();
}

class Finder {
public:
  explicit Finder(CodeGenerator &Gen) : Gen(Gen) {}

  std::vector<std::string> Symbols;

  void consider(const VarDecl *VD) {
    if (!VD->hasGlobalStorage() || VD->isLocalVarDecl() || VD->getDeclContext()->isDependentContext() ||
        VD->getType()->isDependentType() || VD->isInvalidDecl())
      return;
    if (VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly)
      return;
    if (!isDeviceGlobalType(VD->getType()))
      return;
    std::string Name = Gen.GetMangledName(GlobalDecl(VD)).str();
    if (!llvm::is_contained(Symbols, Name)) // a redeclaration seen twice
      Symbols.push_back(std::move(Name));
  }

private:
  CodeGenerator &Gen;
};

} // namespace

void DeviceGlobalCollector::HandleTranslationUnit(ASTContext &Context) {
  if (Context.getDiagnostics().hasErrorOccurred())
    return;
  CodeGenerator *Gen = findCodeGenerator(CI);
  if (!Gen || !Gen->GetModule())
    return; // -fsyntax-only
  Finder Find(*Gen);
  for (const VarDecl *VD : Index->variables())
    Find.consider(VD);
  if (Find.Symbols.empty())
    return;
  passes::DeviceGlobalFacts Facts;
  Facts.IsDevice = Context.getLangOpts().SYCLIsDevice;
  if (!TranslationUnitId.empty())
    Facts.UnitMarker = std::string(sycl::detail::translation_unit_marker) + TranslationUnitId;
  Facts.Symbols = std::move(Find.Symbols);
  passes::publishDeviceGlobals(Gen->GetModule(), std::move(Facts));
}

} // namespace usycl::plugin
