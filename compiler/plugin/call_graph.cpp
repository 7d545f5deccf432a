//===- call_graph.cpp - The static call graph of device code --------------===//
//
// See call_graph.hpp.
//
//===----------------------------------------------------------------------===//

#include "call_graph.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace usycl::plugin {

DeviceCodeWalker::DeviceCodeWalker(ASTContext &Ctx) : Ctx(Ctx) {
  ShouldVisitImplicitCode = true;
  ShouldVisitTemplateInstantiations = false;
  ShouldWalkTypesOfTypeLocs = false;
}

void DeviceCodeWalker::edge(const FunctionDecl *Callee, SourceLocation L,
                            bool IsCall) {
  if (!Callee)
    return;
  if (const FunctionDecl *Def = Callee->getDefinition())
    Callee = Def;
  if (Seen.insert(Callee).second) {
    Edges.push_back({Callee, L, IsCall});
    return;
  }
  if (IsCall)
    for (CallEdge &E : Edges)
      if (E.Callee == Callee && !E.IsCall) {
        E.IsCall = true;
        E.Loc = L;
      }
}

SourceLocation DeviceCodeWalker::callLoc(const CallExpr *E) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    if (Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript)
      return E->getBeginLoc();
  return E->getExprLoc();
}

void DeviceCodeWalker::walkFunction(const FunctionDecl *FD) {
  Current = FD;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        TraverseStmt(Init->getInit());
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(FD)) {
    const CXXRecordDecl *RD = Dtor->getParent();
    auto Destroy = [&](QualType T) {
      if (const CXXRecordDecl *M =
              T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
        if (M->hasDefinition() && !M->hasTrivialDestructor())
          edge(M->getDestructor(), Dtor->getLocation(), true);
    };
    for (const CXXBaseSpecifier &B : RD->bases())
      Destroy(B.getType());
    for (const FieldDecl *Field : RD->fields())
      Destroy(Field->getType());
  }
  if (Stmt *Body = FD->getBody())
    TraverseStmt(Body);
}

// ---- traversal control --------------------------------------------------------

bool DeviceCodeWalker::TraverseDecl(Decl *D) {
  // Nested functions, lambdas' classes and local classes are functions of
  // their own, reached through the calls that use them; static_assert is
  // compile time.
  if (!D || isa<FunctionDecl>(D) || isa<TagDecl>(D) ||
      isa<FunctionTemplateDecl>(D) || isa<ClassTemplateDecl>(D) ||
      isa<StaticAssertDecl>(D) || isa<TypedefNameDecl>(D) ||
      isa<TypeAliasTemplateDecl>(D) || isa<UsingDecl>(D) ||
      isa<UsingDirectiveDecl>(D))
    return true;
  if (auto *VD = dyn_cast<VarDecl>(D)) {
    // A constexpr variable, or a constant-initialised const one usable in
    // constant expressions: code generation emits its value, never the
    // calls of its initialiser.
    bool CompileTime =
        VD->isConstexpr() ||
        (VD->getInit() && !VD->getInit()->isValueDependent() &&
         VD->isUsableInConstantExpressions(Ctx) &&
         VD->hasConstantInitialization());
    if (CompileTime)
      return WalkUpFromVarDecl(VD);
  }
  return DynamicRecursiveASTVisitor::TraverseDecl(D);
}

bool DeviceCodeWalker::TraverseType(QualType, bool) { return true; }
bool DeviceCodeWalker::TraverseTypeLoc(TypeLoc, bool) { return true; }

bool DeviceCodeWalker::TraverseLambdaExpr(LambdaExpr *E) {
  if (!WalkUpFromLambdaExpr(E)) // the closure object is built here
    return false;
  for (Expr *Init : E->capture_inits())
    if (Init)
      TraverseStmt(Init);
  return true;
}

bool DeviceCodeWalker::TraverseConstantExpr(ConstantExpr *) { return true; }

bool DeviceCodeWalker::TraverseUnaryExprOrTypeTraitExpr(
    UnaryExprOrTypeTraitExpr *E) {
  // sizeof of a variable-length array evaluates its operand; nothing else.
  if (E->getKind() == UETT_SizeOf && !E->isArgumentType() &&
      E->getArgumentExpr()->getType()->isVariableArrayType())
    return DynamicRecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
  return true;
}

bool DeviceCodeWalker::TraverseCXXNoexceptExpr(CXXNoexceptExpr *) {
  return true;
}

bool DeviceCodeWalker::TraverseCXXTypeidExpr(CXXTypeidExpr *E) {
  if (E->isPotentiallyEvaluated())
    return DynamicRecursiveASTVisitor::TraverseCXXTypeidExpr(E);
  return WalkUpFromCXXTypeidExpr(E); // the typeid itself, not its operand
}

bool DeviceCodeWalker::TraverseRequiresExpr(RequiresExpr *) { return true; }
bool DeviceCodeWalker::TraverseConceptSpecializationExpr(
    ConceptSpecializationExpr *) {
  return true;
}

bool DeviceCodeWalker::TraverseGenericSelectionExpr(GenericSelectionExpr *E) {
  if (E->isResultDependent())
    return true;
  return TraverseStmt(E->getResultExpr());
}

bool DeviceCodeWalker::TraverseIfStmt(IfStmt *S) {
  if (S->isConsteval()) {
    // `if consteval { A } else { B }` runs B; `if !consteval { A } else
    // { B }` runs A.
    return TraverseStmt(S->isNegatedConsteval() ? S->getThen()
                                                : S->getElse());
  }
  if (S->isConstexpr()) {
    TraverseStmt(S->getInit());
    if (S->getConditionVariableDeclStmt())
      TraverseStmt(S->getConditionVariableDeclStmt());
    if (!S->getCond()->isValueDependent())
      if (std::optional<Stmt *> Taken = S->getNondiscardedCase(Ctx))
        return TraverseStmt(*Taken);
    return true;
  }
  return DynamicRecursiveASTVisitor::TraverseIfStmt(S);
}

// ---- edges ----------------------------------------------------------------------

bool DeviceCodeWalker::VisitCallExpr(CallExpr *E) {
  if (const FunctionDecl *Callee = E->getDirectCallee()) {
    edge(Callee, callLoc(E), true);
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts()))
      CalleeRefs.insert(DRE);
  }
  return true;
}

bool DeviceCodeWalker::VisitCXXConstructExpr(CXXConstructExpr *E) {
  edge(E->getConstructor(), E->getLocation(), true);
  return true;
}

bool DeviceCodeWalker::VisitCXXInheritedCtorInitExpr(
    CXXInheritedCtorInitExpr *E) {
  edge(E->getConstructor(), E->getLocation(), true);
  return true;
}

bool DeviceCodeWalker::VisitCXXNewExpr(CXXNewExpr *E) {
  edge(E->getOperatorNew(), E->getBeginLoc(), true);
  return true;
}

bool DeviceCodeWalker::VisitCXXDeleteExpr(CXXDeleteExpr *E) {
  edge(E->getOperatorDelete(), E->getBeginLoc(), true);
  if (!E->getDestroyedType().isNull())
    if (const CXXRecordDecl *RD = E->getDestroyedType()->getAsCXXRecordDecl())
      if (RD->hasDefinition() && !RD->hasTrivialDestructor())
        edge(RD->getDestructor(), E->getBeginLoc(), true);
  return true;
}

bool DeviceCodeWalker::VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
  edge(E->getTemporary()->getDestructor(), E->getExprLoc(), true);
  return true;
}

bool DeviceCodeWalker::VisitDeclRefExpr(DeclRefExpr *E) {
  if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
    if (!CalleeRefs.count(E))
      edge(FD, E->getLocation(), false);
  return true;
}

bool DeviceCodeWalker::VisitVarDecl(VarDecl *VD) {
  if (isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
      VD->getType()->isReferenceType())
    return true;
  if (const CXXRecordDecl *RD =
          VD->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
    if (RD->hasDefinition() && !RD->hasTrivialDestructor())
      edge(RD->getDestructor(), VD->getLocation(), true);
  return true;
}

// ---- chains ---------------------------------------------------------------------

std::string positionText(const ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (L.isInvalid())
    return {};
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (PL.isInvalid())
    return {};
  return std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) +
         ":" + std::to_string(PL.getColumn());
}

std::string functionDisplayName(const ASTContext &Ctx, const FunctionDecl *FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return "(lambda at " + positionText(Ctx, MD->getParent()->getLocation()) +
             ")::" + MD->getNameAsString();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->printQualifiedName(OS, Ctx.getPrintingPolicy());
  return Name;
}

std::string kernelDisplayName(const ASTContext &Ctx, const FunctionDecl *FD) {
  const auto *A = FD->getAttr<SYCLKernelEntryPointAttr>();
  if (!A)
    return {};
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.SuppressTagKeyword = true;
  return A->getKernelName().getAsString(P);
}

std::string renderCallChain(const ASTContext &Ctx,
                            llvm::ArrayRef<ChainStep> Chain) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Text;
  bool PrevHidden = false;
  for (size_t I = 0; I < Chain.size(); ++I) {
    const FunctionDecl *FD = Chain[I].Function;
    bool System = SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
    if (System && I != 0 && I + 1 != Chain.size()) {
      PrevHidden = true;
      continue;
    }
    if (!Text.empty())
      Text += "\n";
    std::string Kernel = I == 0 ? kernelDisplayName(Ctx, FD) : std::string();
    Text += Kernel.empty() ? "  " + functionDisplayName(Ctx, FD) + "()"
                           : "  kernel '" + Kernel + "'";
    SourceLocation L = Chain[I].CallLoc;
    if (I != 0 && L.isValid() && !PrevHidden &&
        !SM.isInSystemHeader(SM.getExpansionLoc(L)))
      Text += " " + positionText(Ctx, L);
    PrevHidden = false;
  }
  return Text;
}

DeviceRoot classifyDeviceRoot(const clang::FunctionDecl *FD) {
  if (FD->isDependentContext() || !FD->doesThisDeclarationHaveABody() || FD->isInvalidDecl())
    return DeviceRoot::None;
  if (const auto *A = FD->getAttr<clang::SYCLKernelEntryPointAttr>())
    return A->isInvalidAttr() ? DeviceRoot::None : DeviceRoot::Kernel;
  return FD->hasAttr<clang::SYCLExternalAttr>() ? DeviceRoot::External : DeviceRoot::None;
}

} // namespace usycl::plugin
