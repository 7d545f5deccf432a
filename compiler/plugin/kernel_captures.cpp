//===- kernel_captures.cpp - What a kernel object may hold ----------------===//
//
// See kernel_captures.hpp and docs/plugin.md ("Kernel captures").
//
//===----------------------------------------------------------------------===//

#include "kernel_captures.hpp"
#include "call_graph.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/LambdaCapture.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <set>

using namespace clang;

namespace usycl::plugin {
namespace {

// The namespaces around D, innermost first, stop at the translation unit.
bool inSyclNamespace(const Decl *D, bool DetailOnly) {
  bool SawDetail = false;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue;
    if (NS->getName() == "detail")
      SawDetail = true;
    if (NS->getName() == "sycl" &&
        NS->getParent()->getRedeclContext()->isTranslationUnit())
      return !DetailOnly || SawDetail;
  }
  return false;
}

class CaptureChecker {
public:
  CaptureChecker(Sema &S, const FunctionDecl &Kernel)
      : S(S), Ctx(S.Context), Diags(S.getDiagnostics()),
        KernelName(kernelDisplayName(Ctx, &Kernel)) {}

  void checkKernelObject(QualType T, SourceLocation Loc) {
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !(RD = RD->getDefinition()))
      return;
    if (RD->isLambda() || inSyclNamespace(RD, /*DetailOnly=*/true)) {
      checkFields(RD, {});
      return;
    }
    // A functor: its members first (they name the problem better), then
    // the functor itself (a user copy constructor, a destructor).
    if (!checkFields(RD, {}) && !deviceCopyable(T, Loc))
      report(notCopyableID(), RD->getLocation(),
             {KernelName, "is an object of type '" + typeName(T) + "'"});
  }

private:
  Sema &S;
  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  std::string KernelName;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Active; // recursion guard
  std::set<std::pair<unsigned, unsigned>> Reported;   // (message, place)
  ClassTemplateDecl *Trait = nullptr;
  bool TraitLookedUp = false;

  // Checks what RD holds; `Through` names the capture or member that holds
  // RD ("" for the kernel object itself). True if anything was reported.
  bool checkFields(const CXXRecordDecl *RD, const std::string &Through) {
    if (!Active.insert(RD).second)
      return false;
    bool Found = false;
    if (RD->isLambda()) {
      auto Field = RD->field_begin();
      for (const LambdaCapture &C : RD->captures()) {
        if (Field == RD->field_end())
          break;
        const FieldDecl *F = *Field++;
        if (!C.capturesVariable())
          continue; // `this` (a pointer) and VLA bounds
        const ValueDecl *Var = C.getCapturedVar();
        Found |= checkValue(F->getType(), Var->getName().str(), C.getLocation(),
                            /*IsCapture=*/true, C.isImplicit(), Through);
      }
    } else {
      for (const CXXBaseSpecifier &B : RD->bases())
        if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
          if (Base->getDefinition() &&
              (Base->isLambda() || inSyclNamespace(Base, true)))
            Found |= checkFields(Base->getDefinition(), Through);
      for (const FieldDecl *F : RD->fields())
        Found |= checkValue(F->getType(), F->getName().str(), F->getLocation(),
                            /*IsCapture=*/false, false, Through);
    }
    Active.erase(RD);
    return Found;
  }

  bool checkValue(QualType T, const std::string &Name, SourceLocation Loc,
                  bool IsCapture, bool Implicit, const std::string &Through) {
    if (T.isNull() || T->isDependentType())
      return false;
    std::string Where = Through.empty()
                            ? std::string()
                            : " (inside the lambda or object captured as '" +
                                  Through + "')";
    if (T->isReferenceType()) {
      if (IsCapture)
        report(byReferenceID(), Loc,
               {KernelName, Name,
                (Implicit ? " (implicitly, through [&])" : "") + Where});
      else
        report(referenceMemberID(), Loc, {KernelName, Name, Where});
      return true;
    }
    QualType Element = Ctx.getBaseElementType(T);
    const CXXRecordDecl *RD = Element->getAsCXXRecordDecl();
    if (!RD || !(RD = RD->getDefinition()))
      return false; // scalars, pointers, enums, vectors
    const std::string Inner = Through.empty() ? Name : Through + "." + Name;
    // Lambdas and the headers' wrappers are looked into (a by-reference
    // capture leaves a closure trivially copyable).
    if (RD->isLambda() || inSyclNamespace(RD, /*DetailOnly=*/true))
      return checkFields(RD, Inner);
    if (deviceCopyable(Element, Loc))
      return false;
    report(notCopyableID(), Loc,
           {KernelName, (IsCapture ? "captures '" : "has the member '") +
                            Name + "' of type '" + typeName(T) + "'" + Where});
    return true;
  }

  std::string typeName(QualType T) const {
    PrintingPolicy P = Ctx.getPrintingPolicy();
    P.SuppressTagKeyword = true;
    return T.getUnqualifiedType().getAsString(P);
  }

  // SYCL 2020 §3.13.1, with DPC++'s leniency for types that are trivially
  // copy-constructible and destructible (a user copy assignment alone does
  // not change how a kernel argument is copied).
  bool deviceCopyable(QualType T, SourceLocation Loc) {
    if (T.isTriviallyCopyableType(Ctx))
      return true;
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      if (RD->hasTrivialCopyConstructor() && RD->hasTrivialDestructor())
        return true;
    return traitSays(T, Loc).value_or(false);
  }

  ClassTemplateDecl *trait() {
    if (TraitLookedUp)
      return Trait;
    TraitLookedUp = true;
    LookupResult Sycl(S, &Ctx.Idents.get("sycl"), SourceLocation(),
                      Sema::LookupNamespaceName);
    S.LookupQualifiedName(Sycl, Ctx.getTranslationUnitDecl());
    auto *NS = Sycl.getAsSingle<NamespaceDecl>();
    if (!NS)
      return nullptr;
    LookupResult R(S, &Ctx.Idents.get("is_device_copyable"), SourceLocation(),
                   Sema::LookupOrdinaryName);
    S.LookupQualifiedName(R, NS); // finds it in the inline namespace _V1
    Trait = R.getAsSingle<ClassTemplateDecl>();
    return Trait;
  }

  // sycl::is_device_copyable<T>::value, where the headers declare it.
  std::optional<bool> traitSays(QualType T, SourceLocation Loc) {
    ClassTemplateDecl *TD = trait();
    if (!TD)
      return std::nullopt;
    TemplateArgumentListInfo Args(Loc, Loc);
    Args.addArgument(TemplateArgumentLoc(
        TemplateArgument(T), Ctx.getTrivialTypeSourceInfo(T, Loc)));
    QualType Inst =
        S.CheckTemplateIdType(ElaboratedTypeKeyword::None, TemplateName(TD),
                              Loc, Args, /*Scope=*/nullptr,
                              /*ForNestedNameSpecifier=*/false);
    if (Inst.isNull() || !S.isCompleteType(Loc, Inst))
      return std::nullopt;
    return boolConstant(Inst->getAsCXXRecordDecl());
  }

  // `value` of a trait specialisation: its own static member, else the
  // integral_constant<bool, V> it derives from.
  static std::optional<bool> boolConstant(const CXXRecordDecl *RD) {
    if (!RD || !(RD = RD->getDefinition()))
      return std::nullopt;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Spec->getName() == "integral_constant") {
        const TemplateArgumentList &A = Spec->getTemplateArgs();
        if (A.size() == 2 && A[1].getKind() == TemplateArgument::Integral)
          return A[1].getAsIntegral() != 0;
      }
    for (const Decl *D : RD->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->getName() == "value" && VD->isStaticDataMember())
          if (const Expr *Init = VD->getAnyInitializer()) {
            bool Value = false;
            if (!Init->isValueDependent() &&
                Init->EvaluateAsBooleanCondition(Value, RD->getASTContext()))
              return Value;
          }
    for (const CXXBaseSpecifier &B : RD->bases())
      if (auto V = boolConstant(B.getType()->getAsCXXRecordDecl()))
        return V;
    return std::nullopt;
  }

  void report(unsigned ID, SourceLocation Loc,
              std::initializer_list<std::string> Args) {
    // One error per place and message (the set lives per kernel; the
    // driver merges what several passes and kernels repeat).
    if (!Reported.insert({ID, Loc.getRawEncoding()}).second)
      return;
    DiagnosticBuilder DB = Diags.Report(Loc, ID);
    for (const std::string &A : Args)
      DB << A;
  }

  unsigned byReferenceID() {
    return Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "kernel '%0' captures '%1' by reference%2; SYCL kernels capture by "
        "value (SYCL 2020 4.12.4) because they run where the host's stack "
        "is not: write [=] or [%1]");
  }
  unsigned referenceMemberID() {
    return Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "kernel '%0' has the reference member '%1'%2; the kernel object is "
        "copied to the device, where what it refers to does not exist: hold "
        "a value, an accessor or a USM pointer instead");
  }
  unsigned notCopyableID() {
    return Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "kernel '%0' %1, which is not device copyable: what a kernel captures "
        "must be trivially copyable or have sycl::is_device_copyable "
        "specialised to true (SYCL 2020 3.13.1); pass its data in a buffer or "
        "a USM allocation, or capture a pointer to it");
  }
};

} // namespace

void checkKernelCaptures(Sema &S, const PluginOptions &,
                         const FunctionDecl &Kernel) {
  if (Kernel.getNumParams() == 0)
    return;
  const ParmVarDecl *Object = Kernel.getParamDecl(0);
  CaptureChecker(S, Kernel).checkKernelObject(Object->getType(),
                                              Object->getLocation());
}

} // namespace usycl::plugin
