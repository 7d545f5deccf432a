//===- unit_index.cpp - The unit's functions and variables, as parsed -----===//
//
// See unit_index.hpp.
//
//===----------------------------------------------------------------------===//

#include "unit_index.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace usycl::plugin {

void UnitIndex::recordClass(const CXXRecordDecl *RD) {
  if (!RD->isThisDeclarationADefinition() || RD->isDependentContext() || RD->isInvalidDecl())
    return;
  if (!Classes.insert(RD).second)
    return;
  // Members defined in the class: inline member functions (also handed over
  // one by one when parsed, not when read from a precompiled header), static
  // data members, nested classes.
  for (const Decl *Member : RD->decls())
    record(Member);
}

void UnitIndex::record(const Decl *D) {
  if (!D)
    return;
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    Functions.insert(FD);
  } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (!VD->isLocalVarDeclOrParm())
      Variables.insert(VD);
  } else if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    recordClass(RD);
  } else if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
    for (const Decl *Inner : cast<DeclContext>(D)->decls())
      record(Inner);
  }
  // Templates themselves are not code: their instantiations arrive on
  // their own (HandleTopLevelDecl, HandleTagDeclDefinition).
}

bool UnitIndexer::HandleTopLevelDecl(DeclGroupRef Group) {
  for (const Decl *D : Group)
    Index->record(D);
  return true;
}

void UnitIndexer::HandleInlineFunctionDefinition(FunctionDecl *D) { Index->record(D); }

void UnitIndexer::HandleCXXImplicitFunctionInstantiation(FunctionDecl *D) { Index->record(D); }

void UnitIndexer::HandleTagDeclDefinition(TagDecl *D) {
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
    Index->recordClass(RD);
}

void UnitIndexer::HandleCXXStaticMemberVarInstantiation(VarDecl *D) { Index->record(D); }

const EnumDecl *findSyclAspectEnum(ASTContext &Ctx) {
  auto Lookup = [&](const DeclContext *DC, StringRef Name) -> const NamedDecl * {
    for (const NamedDecl *Found : DC->lookup(&Ctx.Idents.get(Name)))
      return Found;
    return nullptr;
  };
  const auto *Sycl = dyn_cast_or_null<NamespaceDecl>(Lookup(Ctx.getTranslationUnitDecl(), "sycl"));
  if (!Sycl)
    return nullptr;
  // sycl::aspect, or in the inline namespace sycl::_V1 (looked up by name:
  // listing sycl's declarations would read them all).
  llvm::SmallVector<const DeclContext *, 2> Scopes = {Sycl};
  if (const auto *V1 = dyn_cast_or_null<NamespaceDecl>(Lookup(Sycl, "_V1")))
    Scopes.push_back(V1);
  for (const DeclContext *DC : Scopes)
    if (const auto *ED = dyn_cast_or_null<EnumDecl>(Lookup(DC, "aspect")))
      if (const EnumDecl *Def = ED->getDefinition())
        return Def;
  return nullptr;
}

} // namespace usycl::plugin
