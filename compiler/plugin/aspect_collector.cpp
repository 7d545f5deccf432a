//===- aspect_collector.cpp - AST facts for the aspect pass ---------------===//
//
// See aspect_collector.hpp.
//
//===----------------------------------------------------------------------===//

#include "aspect_collector.hpp"
#include "attributes.hpp"
#include "call_graph.hpp"
#include "codegen_access.hpp"

#include "aspect_propagation.hpp"
#include "tu_facts.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/StmtSYCL.h"
#include "clang/Basic/SourceManager.h"
#include "clang/CodeGen/CodeGenABITypes.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>

using namespace clang;
namespace passes = usycl::passes;

namespace usycl::plugin {
namespace {

using AspectList = std::vector<uint32_t>;

// ---- the collection ----------------------------------------------------------

class Collector {
public:
  Collector(Sema &S, CodeGenerator &Gen, const PluginOptions &Options, const UnitIndex &Index)
      : S(S), Ctx(S.Context), SM(Ctx.getSourceManager()), Gen(Gen),
        Options(Options), Index(Index) {}

  std::shared_ptr<passes::TUFacts> run();

private:
  Sema &S;
  ASTContext &Ctx;
  SourceManager &SM;
  CodeGenerator &Gen;
  const PluginOptions &Options;
  const UnitIndex &Index;
  std::shared_ptr<passes::TUFacts> Facts =
      std::make_shared<passes::TUFacts>();

  uint32_t Fp64 = 6;
  llvm::DenseMap<const Type *, AspectList> TypeAspects;
  llvm::DenseMap<const CXXRecordDecl *, AspectList> RecordAspects;
  llvm::DenseMap<const FunctionDecl *, std::vector<std::string>> Names;

  struct Walked {
    std::vector<const FunctionDecl *> Callees;
  };
  llvm::MapVector<const FunctionDecl *, Walked> Graph;

  friend class BodyScanner;

  passes::SourcePos pos(SourceLocation L) const;
  std::string displayName(const FunctionDecl *FD) const;
  const std::vector<std::string> &mangledNames(const FunctionDecl *FD);
  const AspectList &aspectsOf(QualType T);
  const AspectList &aspectsOf(const CXXRecordDecl *RD);
  AspectList ownAspects(const Decl *D);
  void walk(const FunctionDecl *Root, bool IsKernel);
  void scan(const FunctionDecl *FD, passes::FunctionFacts &F,
            std::vector<const FunctionDecl *> &Callees);
  void addKernelAttributes(const FunctionDecl *Kernel,
                           passes::FunctionFacts &F);
  void collectAspects(const EnumDecl *ED);
  void collectTypes();
};

passes::SourcePos Collector::pos(SourceLocation L) const {
  passes::SourcePos P;
  if (L.isInvalid())
    return P;
  L = SM.getExpansionLoc(L);
  PresumedLoc PL = SM.getPresumedLoc(L);
  if (PL.isInvalid())
    return P;
  FileID FID = SM.getFileID(L);
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID))
    P.Path = FE->getName().str();
  else
    P.Path = PL.getFilename();
  // The DILocation the pass builds must name the real file and line (clang
  // maps it back with its FileManager); the text shows what clang prints.
  P.Line = SM.getExpansionLineNumber(L);
  P.Column = SM.getExpansionColumnNumber(L);
  P.Text = std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) +
           ":" + std::to_string(PL.getColumn());
  P.InSystemHeader = SM.isInSystemHeader(L);
  return P;
}

std::string Collector::displayName(const FunctionDecl *FD) const {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda()) {
      passes::SourcePos P = pos(MD->getParent()->getLocation());
      return "(lambda at " + P.Text + ")::" + MD->getNameAsString();
    }
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->printQualifiedName(OS, Ctx.getPrintingPolicy());
  return Name;
}

const std::vector<std::string> &
Collector::mangledNames(const FunctionDecl *FD) {
  auto It = Names.find(FD);
  if (It != Names.end())
    return It->second;
  std::vector<std::string> Result;
  if (const auto *A = FD->getAttr<SYCLKernelEntryPointAttr>()) {
    if (const SYCLKernelInfo *Info = Ctx.findSYCLKernelInfo(A->getKernelName()))
      Result.push_back(Info->GetKernelName());
  } else if (FD->isConsteval() || FD->isDependentContext() ||
             FD->isDeleted()) {
    // never emitted
  } else if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD)) {
    Result.push_back(Gen.GetMangledName(GlobalDecl(CD, Ctor_Complete)).str());
    Result.push_back(Gen.GetMangledName(GlobalDecl(CD, Ctor_Base)).str());
  } else if (const auto *DD = dyn_cast<CXXDestructorDecl>(FD)) {
    Result.push_back(Gen.GetMangledName(GlobalDecl(DD, Dtor_Complete)).str());
    Result.push_back(Gen.GetMangledName(GlobalDecl(DD, Dtor_Base)).str());
  } else {
    Result.push_back(Gen.GetMangledName(GlobalDecl(FD)).str());
  }
  return Names[FD] = std::move(Result);
}

AspectList Collector::ownAspects(const Decl *D) {
  if (const AnnotateAttr *A = findAnnotation(D, annotation::UsesAspects))
    if (std::optional<AspectList> V = evaluateAspectArguments(S, *A))
      return *V;
  return {};
}

static void merge(AspectList &Into, const AspectList &From) {
  for (uint32_t A : From)
    if (std::find(Into.begin(), Into.end(), A) == Into.end())
      Into.push_back(A);
}

const AspectList &Collector::aspectsOf(const CXXRecordDecl *RD) {
  RD = RD->getDefinition();
  static const AspectList None;
  if (!RD)
    return None;
  auto It = RecordAspects.find(RD);
  if (It != RecordAspects.end())
    return It->second;
  RecordAspects[RD] = {}; // recursion guard
  AspectList Result = ownAspects(RD);
  if (!RD->isDependentType()) {
    for (const CXXBaseSpecifier &B : RD->bases())
      merge(Result, aspectsOf(B.getType()));
    for (const FieldDecl *F : RD->fields())
      merge(Result, aspectsOf(F->getType()));
  }
  return RecordAspects[RD] = std::move(Result);
}

// The aspects a value of type T uses: by-value containment only (pointers
// and references are opaque in IR).
const AspectList &Collector::aspectsOf(QualType QT) {
  static const AspectList None;
  if (QT.isNull())
    return None;
  const Type *T = QT.getCanonicalType().getTypePtr();
  auto It = TypeAspects.find(T);
  if (It != TypeAspects.end())
    return It->second;
  AspectList Result;
  if (const auto *BT = dyn_cast<BuiltinType>(T)) {
    if (BT->getKind() == BuiltinType::Double ||
        BT->getKind() == BuiltinType::LongDouble)
      Result.push_back(Fp64);
  } else if (const auto *CT = dyn_cast<ComplexType>(T)) {
    Result = aspectsOf(CT->getElementType());
  } else if (const auto *VT = dyn_cast<VectorType>(T)) {
    Result = aspectsOf(VT->getElementType());
  } else if (const auto *AT = dyn_cast<ArrayType>(T)) {
    Result = aspectsOf(AT->getElementType());
  } else if (const auto *AtT = dyn_cast<AtomicType>(T)) {
    Result = aspectsOf(AtT->getValueType());
  } else if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    Result = aspectsOf(RD);
  }
  return TypeAspects[T] = std::move(Result);
}

// ---- one function body ---------------------------------------------------------

class BodyScanner : public DynamicRecursiveASTVisitor {
public:
  BodyScanner(Collector &C, passes::FunctionFacts &F,
              std::vector<const FunctionDecl *> &Callees)
      : C(C), F(F), Callees(Callees) {
    ShouldVisitImplicitCode = true;
    ShouldVisitTemplateInstantiations = false;
  }

  void use(QualType T, SourceLocation L) {
    if (L.isInvalid())
      return;
    for (uint32_t A : C.aspectsOf(T))
      if (!F.useOf(A))
        F.Uses.push_back({A, C.pos(L)});
  }

  void call(const FunctionDecl *Callee, SourceLocation L) {
    if (!Callee)
      return;
    if (const FunctionDecl *Def = Callee->getDefinition())
      Callee = Def;
    if (Seen.insert(Callee).second)
      Callees.push_back(Callee);
    passes::SourcePos P = C.pos(L);
    for (const std::string &Name : C.mangledNames(Callee))
      if (!F.callOf(Name))
        F.Calls.push_back({Name, P});
  }

  bool TraverseDecl(Decl *D) override {
    // Nested functions, lambdas' classes and local classes are functions of
    // their own, reached through the calls that use them.
    if (D && (isa<FunctionDecl>(D) || isa<TagDecl>(D) ||
              isa<FunctionTemplateDecl>(D) || isa<ClassTemplateDecl>(D)))
      return true;
    return DynamicRecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseLambdaExpr(LambdaExpr *E) override {
    VisitExpr(E); // the closure object is built here
    for (Expr *Init : E->capture_inits())
      if (Init)
        TraverseStmt(Init);
    return true;
  }

  bool VisitExpr(Expr *E) override {
    if (E->isTypeDependent())
      return true;
    // Literals of type double are folded into what they initialise.
    if (isa<FloatingLiteral>(E->IgnoreParenImpCasts()) ||
        isa<IntegerLiteral>(E->IgnoreParenImpCasts()))
      return true;
    use(E->getType(), E->getExprLoc());
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) override {
    if (isa<ParmVarDecl>(VD))
      return true;
    use(VD->getType(), VD->getLocation());
    if (!VD->isStaticLocal() && !VD->getType()->isReferenceType())
      if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
        if (RD->hasDefinition() && !RD->hasTrivialDestructor())
          call(RD->getDestructor(), VD->getLocation());
    return true;
  }

  bool VisitCallExpr(CallExpr *E) override {
    SourceLocation L = E->getExprLoc();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
      if (Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript)
        L = E->getBeginLoc();
    call(E->getDirectCallee(), L);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) override {
    call(E->getConstructor(), E->getLocation());
    return true;
  }

  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *E) override {
    call(E->getConstructor(), E->getLocation());
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) override {
    call(E->getOperatorNew(), E->getBeginLoc());
    return true;
  }

  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) override {
    call(E->getOperatorDelete(), E->getBeginLoc());
    if (const CXXRecordDecl *RD = E->getDestroyedType()->getAsCXXRecordDecl())
      if (RD->hasDefinition())
        call(RD->getDestructor(), E->getBeginLoc());
    return true;
  }

  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) override {
    call(E->getTemporary()->getDestructor(), E->getExprLoc());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) override {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      call(FD, E->getLocation());
    return true;
  }

private:
  Collector &C;
  passes::FunctionFacts &F;
  std::vector<const FunctionDecl *> &Callees;
  llvm::DenseSet<const FunctionDecl *> Seen;
};

void Collector::scan(const FunctionDecl *FD, passes::FunctionFacts &F,
                     std::vector<const FunctionDecl *> &Callees) {
  BodyScanner Scanner(*this, F, Callees);
  // The signature: parameters and result by value.
  if (!FD->hasAttr<SYCLKernelEntryPointAttr>()) {
    for (const ParmVarDecl *P : FD->parameters())
      Scanner.use(P->getType(), P->getLocation());
    Scanner.use(FD->getReturnType(), FD->getLocation());
  }
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        Scanner.TraverseStmt(Init->getInit());
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(FD)) {
    const CXXRecordDecl *RD = Dtor->getParent();
    auto Destroy = [&](QualType T) {
      if (const CXXRecordDecl *M = T->getBaseElementTypeUnsafe()
                                       ->getAsCXXRecordDecl())
        if (M->hasDefinition() && !M->hasTrivialDestructor())
          Scanner.call(M->getDestructor(), Dtor->getLocation());
    };
    for (const CXXBaseSpecifier &B : RD->bases())
      Destroy(B.getType());
    for (const FieldDecl *Field : RD->fields())
      Destroy(Field->getType());
  }
  if (Stmt *Body = FD->getBody())
    Scanner.TraverseStmt(Body);
}

void Collector::walk(const FunctionDecl *Root, bool IsKernel) {
  std::deque<const FunctionDecl *> Queue{Root};
  while (!Queue.empty()) {
    const FunctionDecl *FD = Queue.front();
    Queue.pop_front();
    if (Graph.count(FD))
      continue;
    Walked &W = Graph[FD];

    passes::FunctionFacts F;
    F.DisplayName = displayName(FD);
    F.Pos = pos(FD->getLocation());
    F.InSystemHeader = F.Pos.InSystemHeader;
    F.IsSyclExternal = FD->hasAttr<SYCLExternalAttr>() && FD->hasBody();
    if (const AnnotateAttr *A = findAnnotation(FD, annotation::DeviceHas))
      if (std::optional<AspectList> V = evaluateAspectArguments(S, *A)) {
        F.DeclaredAspects = *V;
        F.DeclaredPos = pos(A->getLocation());
      }
    F.UsesAspects = ownAspects(FD);
    if (FD->hasBody())
      scan(FD, F, W.Callees);

    if (FD == Root && IsKernel) {
      F.IsKernel = true;
      const auto *A = FD->getAttr<SYCLKernelEntryPointAttr>();
      PrintingPolicy P = Ctx.getPrintingPolicy();
      P.SuppressTagKeyword = true;
      F.DisplayName = A->getKernelName().getAsString(P);
    }
    for (const std::string &Name : mangledNames(FD))
      Facts->Functions[Name] = F;
    for (const FunctionDecl *Callee : W.Callees)
      if (!Graph.count(Callee) && !Callee->isDependentContext())
        Queue.push_back(Callee);
  }
  if (IsKernel)
    for (const std::string &Name : mangledNames(Root))
      addKernelAttributes(Root, Facts->Functions[Name]);
}

// The kernel attributes the user wrote on the kernel functor's operator():
// the call operator of the entry point's kernel object, or (when that object
// is a wrapper from the SYCL headers) the nearest call operator of a user
// class the kernel reaches.
void Collector::addKernelAttributes(const FunctionDecl *Kernel,
                                    passes::FunctionFacts &F) {
  const CXXRecordDecl *Functor = nullptr;
  for (const ParmVarDecl *P : Kernel->parameters())
    if (const CXXRecordDecl *RD = P->getType()->getAsCXXRecordDecl())
      if (RD->hasDefinition() && !RD->isDependentType()) {
        Functor = RD;
        break;
      }
  if (!Functor)
    return;

  const CXXMethodDecl *Op = nullptr;
  const CXXMethodDecl *Fallback = nullptr;
  std::deque<const FunctionDecl *> Queue{Kernel};
  llvm::DenseSet<const FunctionDecl *> Visited{Kernel};
  while (!Queue.empty() && !Op) {
    const FunctionDecl *FD = Queue.front();
    Queue.pop_front();
    for (const FunctionDecl *Callee : Graph[FD].Callees) {
      const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      if (MD && MD->getOverloadedOperator() == OO_Call) {
        if (MD->getParent()->getCanonicalDecl() ==
            Functor->getCanonicalDecl()) {
          Op = MD;
          break;
        }
        if (!Fallback && !SM.isInSystemHeader(MD->getLocation()) &&
            SM.isInSystemHeader(Functor->getLocation()))
          Fallback = MD;
      }
      if (Visited.insert(Callee).second)
        Queue.push_back(Callee);
    }
  }
  if (Op && SM.isInSystemHeader(Functor->getLocation()) && Fallback &&
      !findAnnotation(Op, annotation::DeviceHas) &&
      !findAnnotation(Op, annotation::ReqdWorkGroupSize) &&
      !findAnnotation(Op, annotation::ReqdSubGroupSize))
    Op = Fallback;
  if (!Op)
    Op = Fallback;
  if (!Op)
    return;

  if (const AnnotateAttr *A = findAnnotation(Op, annotation::DeviceHas))
    if (std::optional<AspectList> V = evaluateAspectArguments(S, *A)) {
      F.KernelDeclaredAspects = *V;
      F.DeclaredPos = pos(A->getLocation());
    }
  if (const AnnotateAttr *A =
          findAnnotation(Op, annotation::ReqdWorkGroupSize))
    if (std::optional<AspectList> V = evaluateSizeArguments(S, *A)) {
      F.ReqdWorkGroupSize = *V;
      F.ReqdWorkGroupSizePos = pos(A->getLocation());
    }
  if (const AnnotateAttr *A = findAnnotation(Op, annotation::ReqdSubGroupSize))
    if (std::optional<AspectList> V = evaluateSizeArguments(S, *A);
        V && !V->empty()) {
      F.ReqdSubGroupSize = V->front();
      F.ReqdSubGroupSizePos = pos(A->getLocation());
    }
}

void Collector::collectAspects(const EnumDecl *ED) {
  if (!ED)
    return;
  for (const EnumConstantDecl *C : ED->enumerators()) {
    uint32_t V = static_cast<uint32_t>(C->getInitVal().getZExtValue());
    Facts->Aspects.push_back({C->getNameAsString(), V});
    if (C->getName() == "fp64")
      Fp64 = V;
  }
}

// The classes decorated with uses_aspects among the types clang has made:
// every type the device code reaches is among them once the walks have read
// its functions (from a precompiled header too), without listing every
// class of the headers.
void Collector::collectTypes() {
  llvm::SetVector<const CXXRecordDecl *> Decorated;
  for (const Type *T : Ctx.getTypes()) {
    if (!isa<RecordType>(T) || !T->isCanonicalUnqualified())
      continue;
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (RD && RD->isCompleteDefinition() && !RD->isDependentType() && !RD->isInvalidDecl() &&
        findAnnotation(RD, annotation::UsesAspects))
      Decorated.insert(RD);
  }
  for (const CXXRecordDecl *RD : Decorated) {
    AspectList Own = ownAspects(RD);
    if (Own.empty())
      continue;
    llvm::Type *T = CodeGen::convertTypeForMemory(
        Gen.CGM(), QualType(Ctx.getCanonicalTagType(RD)));
    auto *ST = llvm::dyn_cast_or_null<llvm::StructType>(T);
    if (!ST || !ST->hasName())
      continue;
    Facts->Types.push_back({ST->getName().str(), std::move(Own)});
  }
}

std::shared_ptr<passes::TUFacts> Collector::run() {
  collectAspects(findSyclAspectEnum(Ctx));
  for (const FunctionDecl *FD : Index.functions())
    if (classifyDeviceRoot(FD) == DeviceRoot::Kernel)
      walk(FD, /*IsKernel=*/true);
  for (const FunctionDecl *FD : Index.functions())
    if (classifyDeviceRoot(FD) == DeviceRoot::External)
      walk(FD, /*IsKernel=*/false);
  collectTypes(); // after the walks (see there)
  Facts->FixedTargets = Options.FixedTargets;
  Facts->DeviceConfigPath = Options.DeviceConfigPath;
  return Facts;
}

} // namespace

// Checks the attribute arguments that depended on template parameters, now
// that the templates are instantiated (both passes, also -fsyntax-only).
class InstantiationChecker : public DynamicRecursiveASTVisitor {
public:
  explicit InstantiationChecker(Sema &S) : S(S) {
    ShouldVisitTemplateInstantiations = true;
    ShouldVisitImplicitCode = true;
  }
  bool VisitDecl(Decl *D) override {
    if ((isa<FunctionDecl>(D) || isa<CXXRecordDecl>(D)) &&
        !D->isTemplated() && D->hasAttrs())
      checkInstantiatedAttributes(S, D);
    return true;
  }

private:
  Sema &S;
};

void AspectCollector::HandleTranslationUnit(ASTContext &Context) {
  if (!TheSema)
    return;
  // Only for units whose own code has attributes with dependent arguments
  // (the SYCL headers have none): a walk of the whole unit, which also
  // reaches the lambdas of instantiated function templates.
  if (sawDependentAttributeArguments()) {
    InstantiationChecker Checker(*TheSema);
    Checker.TraverseAST(Context);
  }
  if (!Context.getLangOpts().SYCLIsDevice)
    return;
  if (Context.getDiagnostics().hasErrorOccurred())
    return; // clang generates no code
  CodeGenerator *Gen = findCodeGenerator(CI);
  if (!Gen || !Gen->GetModule())
    return; // -fsyntax-only: no module, nothing to hand over
  std::shared_ptr<passes::TUFacts> Facts =
      Collector(*TheSema, *Gen, Options, *Index).run();
  passes::publishTUFacts(Gen->GetModule(), std::move(Facts));
}

} // namespace usycl::plugin
