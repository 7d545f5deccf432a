//===- attributes.cpp - SYCL attributes the plugin adds -------------------===//
//
// See attributes.hpp for the attributes and how they are recorded.
//
// Note on spellings: clang 22 parses the arguments of a plugin attribute only
// if the plugin also registers the attribute's name without its scope
// (clang::hasAttribute asks plugins about the unscoped name). Each attribute
// therefore has an unscoped spelling too; written without the scope it is
// diagnosed exactly as clang diagnoses an unknown attribute.
//
//===----------------------------------------------------------------------===//

#include "attributes.hpp"
#include "lambda_attributes.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/DeclSpec.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/ScopeInfo.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"

#include <limits>

using namespace clang;

namespace usycl::plugin {

SyclAttrInfo::SyclAttrInfo(unsigned NumArgs, unsigned OptArgs,
                           std::initializer_list<Spelling> AttrSpellings)
    : SpellingStorage(AttrSpellings) {
  this->NumArgs = NumArgs;
  this->OptArgs = OptArgs;
  // ParsedAttrInfo keeps an ArrayRef; the vector member owns the storage.
  Spellings = SpellingStorage;
}

bool SyclAttrInfo::diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                                        const Decl *D) const {
  if (!Attr.getScopeName()) // unscoped: diagnosed as unknown by the handler
    return true;
  if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D))
    return true;
  S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
      << Attr << Attr.isRegularKeywordAttribute() << "functions";
  return false;
}

bool isSyclAspectEnum(const EnumDecl *ED) {
  if (!ED || !ED->isScoped() || !ED->getIdentifier() ||
      ED->getName() != "aspect")
    return false;
  const DeclContext *DC = ED->getDeclContext();
  while (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
    if (!NS->isInline())
      return NS->getIdentifier() && NS->getName() == "sycl" &&
             NS->getParent()->getRedeclContext()->isTranslationUnit();
    DC = NS->getParent();
  }
  return false;
}

const AnnotateAttr *findAnnotation(const Decl *D, llvm::StringRef Name) {
  for (const Decl *R : D->redecls())
    for (const auto *A : R->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == Name)
        return A;
  return nullptr;
}

llvm::StringRef spelledName(llvm::StringRef Annotation) {
  if (Annotation == annotation::DeviceHas)
    return "'sycl::device_has'";
  if (Annotation == annotation::ReqdWorkGroupSize)
    return "'sycl::reqd_work_group_size'";
  if (Annotation == annotation::ReqdSubGroupSize)
    return "'sycl::reqd_sub_group_size'";
  return "'__sycl_detail__::__uses_aspects__'";
}

namespace {

// ---- argument checks --------------------------------------------------------

// Each argument position is diagnosed at most once (a template instantiated
// many times reports a bad argument once).
bool firstReport(SourceLocation Loc, unsigned What) {
  static llvm::DenseSet<std::pair<SourceLocation::UIntTy, unsigned>> Seen;
  return Seen.insert({Loc.getRawEncoding(), What}).second;
}

// The sycl::aspect definition this translation unit sees.
const EnumDecl *findAspectEnum(Sema &S) {
  static const ASTContext *CachedFor = nullptr;
  static const EnumDecl *Cached = nullptr;
  if (CachedFor == &S.Context && Cached)
    return Cached;
  CachedFor = &S.Context;
  Cached = nullptr;
  LookupResult Sycl(S, &S.Context.Idents.get("sycl"), SourceLocation(),
                    Sema::LookupNamespaceName);
  if (!S.LookupQualifiedName(Sycl, S.Context.getTranslationUnitDecl()))
    return nullptr;
  auto *NS = Sycl.getAsSingle<NamespaceDecl>();
  if (!NS)
    return nullptr;
  LookupResult Aspect(S, &S.Context.Idents.get("aspect"), SourceLocation(),
                      Sema::LookupTagName);
  if (!S.LookupQualifiedName(Aspect, NS))
    return nullptr;
  if (auto *ED = Aspect.getAsSingle<EnumDecl>())
    if (const EnumDecl *Def = ED->getDefinition(); isSyclAspectEnum(Def))
      Cached = Def;
  return Cached;
}

enum class Check { Ok, Error, Dependent };

// The value of a C++ constant expression of integral or enumeration type
// (scoped enumerations included).
std::optional<llvm::APSInt> constantValue(Sema &S, const Expr *E) {
  APValue Value;
  if (!E->isCXX11ConstantExpr(S.Context, &Value) || !Value.isInt())
    return std::nullopt;
  return Value.getInt();
}

Check checkAspect(Sema &S, const Expr *E, llvm::StringRef Spelled,
                  uint32_t &Value) {
  if (E->isTypeDependent() || E->isValueDependent() ||
      E->containsUnexpandedParameterPack() || isa<PackExpansionExpr>(E))
    return Check::Dependent;
  DiagnosticsEngine &Diags = S.getDiagnostics();
  SourceLocation Loc = E->getExprLoc();
  QualType T = E->getType();
  const EnumDecl *Enum = nullptr;
  if (const auto *ET = T->getAs<EnumType>()) {
    Enum = ET->getDecl()->getDefinition();
    if (!isSyclAspectEnum(Enum)) {
      if (firstReport(Loc, 1))
        S.Diag(Loc, Diags.getCustomDiagID(
                        DiagnosticsEngine::Error,
                        "%0 attribute argument must be a 'sycl::aspect', "
                        "not %1"))
            << Spelled << T << E->getSourceRange();
      return Check::Error;
    }
  } else if (!T->isIntegralType(S.Context) || T->isBooleanType()) {
    if (firstReport(Loc, 1))
      S.Diag(Loc, Diags.getCustomDiagID(
                      DiagnosticsEngine::Error,
                      "%0 attribute argument must be a 'sycl::aspect', "
                      "not %1"))
          << Spelled << T << E->getSourceRange();
    return Check::Error;
  }
  std::optional<llvm::APSInt> V = constantValue(S, E);
  if (!V) {
    if (firstReport(Loc, 2))
      S.Diag(Loc, Diags.getCustomDiagID(
                      DiagnosticsEngine::Error,
                      "%0 attribute argument is not a constant expression"))
          << Spelled << E->getSourceRange();
    return Check::Error;
  }
  if (!Enum)
    Enum = findAspectEnum(S);
  bool Valid = !V->isNegative() &&
               V->getActiveBits() <= 32;
  if (Valid && Enum) {
    Valid = false;
    for (const EnumConstantDecl *C : Enum->enumerators())
      if (llvm::APSInt::isSameValue(C->getInitVal(), *V)) {
        Valid = true;
        break;
      }
  }
  if (!Valid) {
    if (firstReport(Loc, 3))
      S.Diag(Loc, Diags.getCustomDiagID(
                      DiagnosticsEngine::Error,
                      "%0 attribute argument %1 is not a 'sycl::aspect' "
                      "value"))
          << Spelled << toString(*V, 10) << E->getSourceRange();
    return Check::Error;
  }
  Value = static_cast<uint32_t>(V->getZExtValue());
  return Check::Ok;
}

Check checkSize(Sema &S, Expr *E, llvm::StringRef Spelled, uint32_t &Value) {
  if (E->isTypeDependent() || E->isValueDependent() ||
      E->containsUnexpandedParameterPack())
    return Check::Dependent;
  SourceLocation Loc = E->getExprLoc();
  if (!E->getType()->isIntegralOrUnscopedEnumerationType()) {
    if (firstReport(Loc, 4))
      S.Diag(Loc, S.getDiagnostics().getCustomDiagID(
                      DiagnosticsEngine::Error,
                      "%0 attribute argument must be an integer, not %1"))
          << Spelled << E->getType() << E->getSourceRange();
    return Check::Error;
  }
  std::optional<llvm::APSInt> V = constantValue(S, E);
  if (!V) {
    if (firstReport(Loc, 2))
      S.Diag(Loc, S.getDiagnostics().getCustomDiagID(
                      DiagnosticsEngine::Error,
                      "%0 attribute argument is not a constant expression"))
          << Spelled << E->getSourceRange();
    return Check::Error;
  }
  if (V->isNegative() || V->isZero()) {
    if (firstReport(Loc, 5))
      S.Diag(Loc, diag::err_attribute_requires_positive_integer)
          << Spelled << /*positive*/ 0 << E->getSourceRange();
    return Check::Error;
  }
  // Sizes are stored as uint32 (the requirement property layout); a larger
  // one (reqd_work_group_size(SIZE_MAX)) is valid source that no device can
  // run: it saturates, so the runtime still reports it as unsupported.
  Value = V->getActiveBits() > 32 ? UINT32_MAX : static_cast<uint32_t>(V->getZExtValue());
  return Check::Ok;
}

// ---- the attributes -------------------------------------------------------

bool SawDependentArguments = false;

enum class Kind { DeviceHas, ReqdWorkGroupSize, ReqdSubGroupSize, UsesAspects };

llvm::StringRef annotationOf(Kind K) {
  switch (K) {
  case Kind::DeviceHas:
    return annotation::DeviceHas;
  case Kind::ReqdWorkGroupSize:
    return annotation::ReqdWorkGroupSize;
  case Kind::ReqdSubGroupSize:
    return annotation::ReqdSubGroupSize;
  case Kind::UsesAspects:
    return annotation::UsesAspects;
  }
  return {};
}

bool takesAspects(Kind K) {
  return K == Kind::DeviceHas || K == Kind::UsesAspects;
}

// The argument expressions of A. clang hands a lone identifier as first
// argument of a plugin attribute over as an identifier, not an expression:
// look it up here, in the scope the attribute was written in.
bool argumentExprs(Sema &S, const ParsedAttr &A,
                   llvm::SmallVectorImpl<Expr *> &Args) {
  for (unsigned I = 0, N = A.getNumArgs(); I < N; ++I) {
    if (A.isArgIdent(I)) {
      IdentifierLoc *IL = A.getArgAsIdent(I);
      if (!IL || !IL->getIdentifierInfo())
        return false;
      CXXScopeSpec SS;
      UnqualifiedId Id;
      Id.setIdentifier(IL->getIdentifierInfo(), IL->getLoc());
      EnterExpressionEvaluationContext ConstantContext(
          S, Sema::ExpressionEvaluationContext::ConstantEvaluated);
      ExprResult R = S.ActOnIdExpression(S.getCurScope(), SS, SourceLocation(),
                                         Id, /*HasTrailingLParen=*/false,
                                         /*IsAddressOfOperand=*/false);
      if (R.isInvalid() || !R.get())
        return false;
      Args.push_back(R.get());
      continue;
    }
    Expr *E = A.getArgAsExpr(I);
    if (!E)
      return false;
    Args.push_back(E);
  }
  return true;
}

class KernelAttrInfo : public SyclAttrInfo {
public:
  KernelAttrInfo(Kind K, unsigned NumArgs, unsigned OptArgs,
                 std::initializer_list<Spelling> AttrSpellings)
      : SyclAttrInfo(NumArgs, OptArgs, AttrSpellings), K(K) {
    IsStmt = 1; // the lambda-declarator form arrives as a statement attribute
    if (takesAspects(K))
      AcceptsExprPack = 1;
  }

  bool isParamExpr(size_t) const override { return true; }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (K != Kind::UsesAspects)
      return SyclAttrInfo::diagAppertainsToDecl(S, Attr, D);
    if (!Attr.getScopeName() || isa<FunctionDecl>(D) ||
        isa<FunctionTemplateDecl>(D) || isa<CXXRecordDecl>(D) ||
        isa<ClassTemplateDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "classes and functions";
    return false;
  }

  bool diagAppertainsToStmt(Sema &S, const ParsedAttr &Attr,
                            const Stmt *) const override {
    if (!Attr.getScopeName() || isMovedLambdaAttribute(Attr.getLoc()))
      return true;
    S.Diag(Attr.getLoc(), diag::err_decl_attribute_invalid_on_stmt)
        << Attr << Attr.isRegularKeywordAttribute();
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    if (!Attr.getScopeName())
      return unknown(S, Attr);
    if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    if (auto *CTD = dyn_cast<ClassTemplateDecl>(D))
      D = CTD->getTemplatedDecl();
    return apply(S, D, Attr);
  }

  AttrHandling handleStmtAttribute(Sema &S, Stmt *, const ParsedAttr &Attr,
                                   class Attr *&Result) const override {
    Result = nullptr;
    if (!Attr.getScopeName())
      return unknown(S, Attr);
    sema::LambdaScopeInfo *Lambda = S.getCurLambda();
    if (!Lambda || !Lambda->CallOperator) {
      S.Diag(Attr.getLoc(), diag::err_decl_attribute_invalid_on_stmt)
          << Attr << Attr.isRegularKeywordAttribute();
      return AttributeNotApplied;
    }
    return apply(S, Lambda->CallOperator, Attr);
  }

private:
  Kind K;

  AttrHandling unknown(Sema &S, const ParsedAttr &Attr) const {
    S.Diag(Attr.getLoc(), diag::warn_unknown_attribute_ignored)
        << Attr << Attr.getRange();
    return AttributeNotApplied;
  }

  AttrHandling apply(Sema &S, Decl *D, const ParsedAttr &Attr) const {
    llvm::SmallVector<Expr *, 4> Args;
    if (!argumentExprs(S, Attr, Args))
      return AttributeNotApplied;
    if (K == Kind::UsesAspects && Args.empty()) {
      S.Diag(Attr.getLoc(), diag::err_attribute_too_few_arguments)
          << Attr << 1;
      return AttributeNotApplied;
    }
    llvm::SmallString<64> Spelled;
    Spelled = "'";
    Spelled += Attr.getNormalizedFullName();
    Spelled += "'";
    bool Ok = true, Dependent = false;
    for (Expr *E : Args) {
      uint32_t Value;
      Check C = takesAspects(K) ? checkAspect(S, E, Spelled, Value)
                                : checkSize(S, E, Spelled, Value);
      Ok &= C != Check::Error;
      Dependent |= C == Check::Dependent;
    }
    if (!Ok)
      return AttributeNotApplied;
    // The device pass reads the values back at the end of the translation
    // unit; both passes check arguments that depend on template parameters
    // once instantiated. (Sema folds the arguments into ConstantExprs, as
    // codegen expects of annotation arguments, and keeps dependent ones for
    // instantiation. Host code generation puts the annotations into
    // llvm.global.annotations, section llvm.metadata, which no object file
    // receives.)
    // On the host, the required sub-group size too: the pass
    // usycl-launch-sub-group-width makes it the constant width of the
    // kernel's CPU launcher (and removes the annotation).
    if (S.getLangOpts().SYCLIsDevice || Dependent || K == Kind::ReqdSubGroupSize) {
      if (class Attr *A = S.CreateAnnotationAttr(Attr, annotationOf(K), Args))
        D->addAttr(A);
      SawDependentArguments |= Dependent;
    }
    return AttributeApplied;
  }
};

struct DeviceHasAttrInfo : KernelAttrInfo {
  DeviceHasAttrInfo()
      : KernelAttrInfo(Kind::DeviceHas, /*NumArgs=*/0, /*OptArgs=*/15,
                       {{ParsedAttr::AS_CXX11, "sycl::device_has"},
                        {ParsedAttr::AS_CXX11, "device_has"}}) {}
};

struct ReqdWorkGroupSizeAttrInfo : KernelAttrInfo {
  ReqdWorkGroupSizeAttrInfo()
      : KernelAttrInfo(Kind::ReqdWorkGroupSize, /*NumArgs=*/1, /*OptArgs=*/2,
                       {{ParsedAttr::AS_CXX11, "sycl::reqd_work_group_size"},
                        {ParsedAttr::AS_CXX11, "reqd_work_group_size"}}) {}
};

struct ReqdSubGroupSizeAttrInfo : KernelAttrInfo {
  ReqdSubGroupSizeAttrInfo()
      : KernelAttrInfo(Kind::ReqdSubGroupSize, /*NumArgs=*/1, /*OptArgs=*/0,
                       {{ParsedAttr::AS_CXX11, "sycl::reqd_sub_group_size"},
                        {ParsedAttr::AS_CXX11, "reqd_sub_group_size"}}) {}
};

struct UsesAspectsAttrInfo : KernelAttrInfo {
  UsesAspectsAttrInfo()
      : KernelAttrInfo(
            Kind::UsesAspects, /*NumArgs=*/0, /*OptArgs=*/15,
            {{ParsedAttr::AS_CXX11, "__sycl_detail__::__uses_aspects__"},
             {ParsedAttr::AS_CXX11, "sycl_detail::uses_aspects"},
             {ParsedAttr::AS_CXX11, "__uses_aspects__"},
             {ParsedAttr::AS_CXX11, "uses_aspects"}}) {
    IsStmt = 0;
  }
};

// SYCL_EXTERNAL in the device pass (sycl/detail/defines.hpp). clang's own
// [[clang::sycl_external]] has no GNU spelling, so as a [[]] attribute it
// could only lead a declaration: `SYCL_EXTERNAL extern "C" double f(double);`
// and `extern SYCL_EXTERNAL int g();`, both common in DPC++ code, would not
// parse. __attribute__((usycl_sycl_external)) goes wherever a GNU attribute
// goes and gives the function clang's attribute, with clang's checks.
struct SyclExternalAttrInfo : clang::ParsedAttrInfo {
  SyclExternalAttrInfo() {
    static constexpr Spelling Names[] = {{ParsedAttr::AS_GNU, "usycl_sycl_external"}};
    Spellings = Names;
    NumArgs = 0;
    OptArgs = 0;
    IsStmt = 0;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {
    if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << "'SYCL_EXTERNAL'" << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    auto *FD = D->getAsFunction();
    if (!FD)
      return AttributeNotApplied;
    if (!FD->isExternallyVisible()) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "'SYCL_EXTERNAL' can only be applied to functions with external linkage; "
          "drop 'static' or move the function out of the anonymous namespace");
      S.Diag(Attr.getLoc(), ID);
      return AttributeNotApplied;
    }
    D->addAttr(SYCLExternalAttr::Create(S.Context, Attr.getRange()));
    return AttributeApplied;
  }
};

template <typename Evaluate>
std::optional<std::vector<uint32_t>>
evaluate(Sema &S, const AnnotateAttr &A, Evaluate CheckArgument) {
  std::vector<uint32_t> Values;
  llvm::StringRef Spelled = spelledName(A.getAnnotation());
  bool Ok = true;
  for (Expr *E : A.args()) {
    if (!E)
      return std::nullopt;
    uint32_t Value;
    switch (CheckArgument(S, E, Spelled, Value)) {
    case Check::Ok:
      if (std::find(Values.begin(), Values.end(), Value) == Values.end() ||
          A.getAnnotation() == annotation::ReqdWorkGroupSize)
        Values.push_back(Value);
      break;
    case Check::Error:
      Ok = false;
      break;
    case Check::Dependent:
      break;
    }
  }
  if (!Ok)
    return std::nullopt;
  return Values;
}

} // namespace

bool sawDependentAttributeArguments() { return SawDependentArguments; }

void checkInstantiatedAttributes(Sema &S, const Decl *D) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef Name = A->getAnnotation();
    if (Name == annotation::DeviceHas || Name == annotation::UsesAspects)
      (void)evaluateAspectArguments(S, *A);
    else if (Name == annotation::ReqdWorkGroupSize ||
             Name == annotation::ReqdSubGroupSize)
      (void)evaluateSizeArguments(S, *A);
  }
}

std::optional<std::vector<uint32_t>>
evaluateAspectArguments(Sema &S, const AnnotateAttr &A) {
  return evaluate(S, A, [](Sema &S, Expr *E, llvm::StringRef Spelled,
                           uint32_t &V) { return checkAspect(S, E, Spelled, V); });
}

std::optional<std::vector<uint32_t>>
evaluateSizeArguments(Sema &S, const AnnotateAttr &A) {
  return evaluate(S, A, [](Sema &S, Expr *E, llvm::StringRef Spelled,
                           uint32_t &V) { return checkSize(S, E, Spelled, V); });
}

} // namespace usycl::plugin

static clang::ParsedAttrInfoRegistry::Add<usycl::plugin::DeviceHasAttrInfo>
    RegisterDeviceHas("sycl-device-has", "[[sycl::device_has(aspects...)]]");
static clang::ParsedAttrInfoRegistry::Add<
    usycl::plugin::ReqdWorkGroupSizeAttrInfo>
    RegisterReqdWorkGroupSize("sycl-reqd-work-group-size",
                              "[[sycl::reqd_work_group_size(x[, y[, z]])]]");
static clang::ParsedAttrInfoRegistry::Add<
    usycl::plugin::ReqdSubGroupSizeAttrInfo>
    RegisterReqdSubGroupSize("sycl-reqd-sub-group-size",
                             "[[sycl::reqd_sub_group_size(n)]]");
static clang::ParsedAttrInfoRegistry::Add<usycl::plugin::SyclExternalAttrInfo>
    RegisterSyclExternal("usycl-sycl-external", "SYCL_EXTERNAL in any declaration position");
static clang::ParsedAttrInfoRegistry::Add<usycl::plugin::UsesAspectsAttrInfo>
    RegisterUsesAspects("sycl-uses-aspects",
                        "[[__sycl_detail__::__uses_aspects__(aspects...)]]");
