//===- restrictions.cpp - SYCL 2020 §5.4 device-code restrictions ---------===//
//
// See restrictions.hpp and docs/plugin.md ("Device-code restrictions").
//
//===----------------------------------------------------------------------===//

#include "restrictions.hpp"
#include "call_graph.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <deque>
#include <memory>
#include <set>

using namespace clang;

namespace usycl::plugin {
namespace {

enum class Restriction {
  Exceptions,
  Recursion,
  Rtti,
  VirtualCall,
  FunctionPointer,
  Variadic,
  ThreadLocal,
  NonConstGlobal,
  NonConstStatic,
  UnsupportedType,
  ForeignAsm,
  UndefinedFunction,
  LibraryFunction,
};

struct Violation {
  Restriction Kind;
  SourceLocation Loc;
  std::string Detail;                     // %0 of the message, when it has one
  const NamedDecl *Declared = nullptr;    // "'f' declared here"
};

struct Settings {
  bool CheckTarget = false;    // types and inline assembly
  bool Nvptx = false;
  bool Spirv = false;
  std::string TargetName;
};

// ---- what the SYCL headers may do -------------------------------------------

bool inSyclNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "sycl" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

bool hasOwnPrefix(const NamedDecl *D) {
  const IdentifierInfo *II = D->getIdentifier();
  return II && II->getName().starts_with("__usycl");
}

// Program-scope variables device code may use on purpose: those of the SYCL
// headers (namespace sycl, the __usycl prefix, e.g. __usycl_assert_buffer)
// and device_global-like types of namespace sycl.
bool isAllowedGlobal(const VarDecl *VD) {
  if (hasOwnPrefix(VD) || inSyclNamespace(VD))
    return true;
  if (const CXXRecordDecl *RD =
          VD->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
    if (RD->getName() == "device_global" && inSyclNamespace(RD))
      return true;
  return false;
}

// ---- inline assembly -------------------------------------------------------------

// PTX instruction names (PTX ISA 8.x), without their type/state suffixes.
const llvm::StringSet<> &ptxInstructions() {
  static const llvm::StringSet<> Names = {
      "abs", "activemask", "add", "addc", "alloca", "and", "applypriority",
      "atom", "bar", "barrier", "bfe", "bfi", "bfind", "bmsk", "bra", "brev",
      "brkpt", "brx", "call", "clusterlaunchcontrol", "clz", "cnot",
      "copysign", "cos", "cp", "createpolicy", "cvt", "cvta", "discard", "div",
      "dp2a", "dp4a", "elect", "ex2", "exit", "fence", "fma", "fns",
      "getctarank", "griddepcontrol", "isspacep", "istypep", "ld", "ldmatrix",
      "ldu", "lg2", "lop3", "mad", "mad24", "madc", "mapa", "match", "max",
      "mbarrier", "membar", "min", "mma", "mov", "movmatrix", "mul", "mul24",
      "multimem", "nanosleep", "neg", "not", "or", "pmevent", "popc",
      "prefetch", "prefetchu", "prmt", "rcp", "red", "redux", "rem", "ret",
      "rsqrt", "sad", "selp", "set", "setmaxnreg", "setp", "shf", "shfl",
      "shl", "shr", "sin", "slct", "sqrt", "st", "stackrestore", "stacksave",
      "stmatrix", "sub", "subc", "suld", "suq", "sured", "sust", "szext",
      "tanh", "tcgen05", "tensormap", "testp", "tex", "tld4", "trap", "txq",
      "vabsdiff", "vabsdiff2", "vabsdiff4", "vadd", "vadd2", "vadd4",
      "vavrg2", "vavrg4", "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2",
      "vmin4", "vote", "vset", "vset2", "vset4", "vshl", "vshr", "vsub",
      "vsub2", "vsub4", "wgmma", "wmma", "xor"};
  return Names;
}

// PTX instructions that may be written without a '.' suffix.
bool bareInstructionAllowed(llvm::StringRef Name) {
  return Name == "ret" || Name == "exit" || Name == "trap" ||
         Name == "brkpt" || Name == "bra" || Name == "call" ||
         Name == "pmevent";
}

// The first statement of the template that is not PTX, or "".
std::string firstNonPtxStatement(llvm::StringRef Asm) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Asm.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.split("//").first;
    llvm::SmallVector<llvm::StringRef, 4> Stmts;
    Line.split(Stmts, ';');
    for (llvm::StringRef St : Stmts) {
      St = St.trim();
      while (!St.empty() && (St.front() == '{' || St.front() == '}'))
        St = St.drop_front().ltrim();
      // A label "name:" (also "L%=:" with GCC's unique-number operand).
      size_t Colon = St.find(':');
      if (Colon != llvm::StringRef::npos &&
          llvm::all_of(St.take_front(Colon), [](char C) {
            return llvm::isAlnum(C) || C == '_' || C == '$' || C == '%' ||
                   C == '=';
          }) &&
          Colon != 0)
        St = St.drop_front(Colon + 1).ltrim();
      // A guard predicate "@p" / "@!p".
      if (St.starts_with("@")) {
        size_t Space = St.find_first_of(" \t");
        St = Space == llvm::StringRef::npos ? llvm::StringRef()
                                            : St.drop_front(Space).ltrim();
      }
      if (St.empty() || St.front() == '.')
        continue; // a directive (.reg .b32 r;)
      llvm::StringRef Word = St.take_while(
          [](char C) { return llvm::isAlnum(C) || C == '_' || C == '.'; });
      llvm::StringRef Base = Word.split('.').first;
      bool Known = !Base.empty() && ptxInstructions().contains(Base) &&
                   (Word.contains('.') || bareInstructionAllowed(Base));
      if (!Known) {
        llvm::StringRef Shown = St.take_until(
            [](char C) { return C == ' ' || C == '\t'; });
        return Shown.empty() ? St.str() : Shown.str();
      }
    }
  }
  return {};
}

// ---- one function --------------------------------------------------------------

struct FunctionScan {
  std::vector<CallEdge> Edges;
  std::vector<Violation> Violations;
};

class RestrictionScanner : public DeviceCodeWalker {
public:
  RestrictionScanner(ASTContext &Ctx, const Settings &Set)
      : DeviceCodeWalker(Ctx), Set(Set), SM(Ctx.getSourceManager()),
        TI(Ctx.getTargetInfo()) {}

  std::vector<Violation> Violations;

  void scan(const FunctionDecl *FD) {
    if (!FD->hasAttr<SYCLKernelEntryPointAttr>()) {
      for (const ParmVarDecl *P : FD->parameters())
        checkType(P->getType(), P->getLocation());
      checkType(FD->getReturnType(), FD->getLocation());
    }
    walkFunction(FD);
  }

  bool VisitCXXThrowExpr(CXXThrowExpr *E) override {
    add(Restriction::Exceptions, E->getThrowLoc());
    return true;
  }

  bool VisitCXXTryStmt(CXXTryStmt *S) override {
    add(Restriction::Exceptions, S->getTryLoc());
    return true;
  }

  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) override {
    add(Restriction::Rtti, E->getBeginLoc());
    return true;
  }

  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) override {
    // Up-casts are static; only the run-time check needs RTTI.
    if (E->getCastKind() == CK_Dynamic)
      add(Restriction::Rtti, E->getBeginLoc());
    return true;
  }

  bool VisitCallExpr(CallExpr *E) override {
    DeviceCodeWalker::VisitCallExpr(E);
    if (E->isTypeDependent() || E->isValueDependent())
      return true;
    const FunctionDecl *Callee = E->getDirectCallee();
    if (!Callee) {
      const Expr *C = E->getCallee()->IgnoreParenImpCasts();
      if (isa<CXXPseudoDestructorExpr>(C))
        return true;
      QualType T = C->getType();
      // The SYCL headers call through pointers on purpose where the target
      // supports it (the CUDA block's dispatch of hierarchical work-item
      // scopes, sycl/detail/work_group_scope.hpp).
      if ((T->isFunctionPointerType() || T->isFunctionReferenceType() ||
           T->isFunctionType() || T->isMemberFunctionPointerType() ||
           isa<CXXMemberCallExpr>(E)) &&
          !(Current && inSyclNamespace(Current)))
        add(Restriction::FunctionPointer, E->getBeginLoc());
      return true;
    }
    if (isVirtualDispatch(E, Callee)) {
      add(Restriction::VirtualCall, callLoc(E));
      return true;
    }
    if (const auto *FPT = Callee->getType()->getAs<FunctionProtoType>())
      if (FPT->isVariadic() && !variadicAllowed(Callee)) {
        add(Restriction::Variadic, callLoc(E));
        return true; // one error per call
      }
    checkDefined(Callee, callLoc(E));
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) override {
    DeviceCodeWalker::VisitCXXConstructExpr(E);
    checkDefined(E->getConstructor(), E->getLocation());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) override {
    DeviceCodeWalker::VisitDeclRefExpr(E);
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || E->isNonOdrUse() != NOUR_None || !UsedVars.insert(VD).second)
      return true;
    if (VD->getTLSKind() != VarDecl::TLS_None) {
      if (!hasOwnPrefix(VD) && !inSyclNamespace(VD))
        add(Restriction::ThreadLocal, E->getLocation());
    } else if (VD->hasGlobalStorage() && !VD->getType().isConstant(Ctx) &&
               !isAllowedGlobal(VD)) {
      bool Static = VD->getStorageClass() == SC_Static ||
                    VD->isStaticLocal() || VD->isStaticDataMember();
      add(Static ? Restriction::NonConstStatic : Restriction::NonConstGlobal,
          E->getLocation());
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) override {
    DeviceCodeWalker::VisitVarDecl(VD);
    if (!isa<ParmVarDecl>(VD)) {
      checkType(VD->getType(), VD->getLocation());
      // A thread_local declared in device code (its uses are reported too,
      // but an unused one still needs thread-local storage).
      if (VD->getTLSKind() != VarDecl::TLS_None && UsedVars.insert(VD).second)
        add(Restriction::ThreadLocal, VD->getLocation());
    }
    return true;
  }

  bool VisitExpr(Expr *E) override {
    if (!E->isTypeDependent())
      checkType(E->getType(), E->getExprLoc());
    return true;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *S) override {
    if (!Set.CheckTarget)
      return true;
    std::string Problem = asmProblem(S);
    if (!Problem.empty())
      add(Restriction::ForeignAsm, S->getAsmLoc(), Problem);
    return true;
  }

  bool VisitMSAsmStmt(MSAsmStmt *S) override {
    if (Set.CheckTarget)
      add(Restriction::ForeignAsm, S->getAsmLoc(),
          "Microsoft-style assembly is for the host");
    return true;
  }

private:
  const Settings &Set;
  const SourceManager &SM;
  const TargetInfo &TI;
  llvm::DenseSet<const VarDecl *> UsedVars;
  std::set<std::string> ReportedTypes;
  llvm::DenseMap<const Type *, std::string> TypeMemo;

  void add(Restriction K, SourceLocation L, std::string Detail = {},
           const NamedDecl *Declared = nullptr) {
    Violations.push_back({K, L, std::move(Detail), Declared});
  }

  // Whether the call dispatches through the vtable at run time.
  bool isVirtualDispatch(const CallExpr *E, const FunctionDecl *Callee) const {
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    if (!MD || !MD->isVirtual() || MD->hasAttr<FinalAttr>() ||
        MD->getParent()->hasAttr<FinalAttr>())
      return false;
    const Expr *Object = nullptr;
    bool Arrow = false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (!ME)
        return false;
      if (ME->hasQualifier())
        return false; // Base::f(): a direct call
      Object = ME->getBase();
      Arrow = ME->isArrow();
    } else if (isa<CXXOperatorCallExpr>(E) && E->getNumArgs() > 0) {
      Object = E->getArg(0);
    } else {
      return false;
    }
    if (Arrow)
      return true;
    // The dynamic type is known for a complete object: a variable of class
    // type (not a reference) or a temporary.
    Object = Object->IgnoreParenImpCasts();
    if (Object->isPRValue() || isa<MaterializeTemporaryExpr>(Object) ||
        isa<CXXTemporaryObjectExpr>(Object))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Object))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!VD->getType()->isReferenceType())
          return false;
    return true;
  }

  bool variadicAllowed(const FunctionDecl *Callee) const {
    if (inSyclNamespace(Callee) || hasOwnPrefix(Callee))
      return true; // what the SYCL headers offer (printf-like functions)
    unsigned ID = Callee->getBuiltinID();
    if (!ID)
      return false;
    // printf is lowered to the device's vprintf; compiler builtins with
    // variadic signatures (__builtin_shufflevector, ...) are not calls.
    if (ID == Builtin::BIprintf || ID == Builtin::BI__builtin_printf)
      return true;
    const Builtin::Context &B = Ctx.BuiltinInfo;
    // Type-generic builtins (__builtin_isfinite, __builtin_fpclassify, ...,
    // which <cmath>'s std::isfinite & co. call) are declared `int(...)` but
    // are operations, not calls.
    if (B.hasCustomTypechecking(ID))
      return true;
    return !B.isLibFunction(ID) && !B.isPredefinedLibFunction(ID);
  }

  // A call of a function that has no definition here, is not SYCL_EXTERNAL
  // and comes from no library the device links (builtins, the SYCL headers'
  // own device functions, libdevice). One of a system header is the host's
  // C or C++ library (std::string's out-of-line members, which libstdc++
  // instantiates in libstdc++.so only; std::__throw_*): reported as such,
  // at the program's call into that library (Checker::report).
  void checkDefined(const FunctionDecl *Callee, SourceLocation L) {
    if (!Callee || Callee->getDefinition() || Callee->isDefaulted() ||
        Callee->isDeleted() || Callee->isPureVirtual() ||
        Callee->isConsteval() || Callee->isImplicit() ||
        Callee->getBuiltinID() || Callee->isDependentContext())
      return;
    for (const FunctionDecl *R : Callee->redecls())
      if (R->hasAttr<SYCLExternalAttr>() || R->hasAttr<AliasAttr>() ||
          R->hasAttr<IFuncAttr>() || R->hasAttr<WeakRefAttr>())
        return;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
      if (MD->getParent()->isLambda())
        return; // the static invoker: code generation writes it
    if (inSyclNamespace(Callee) || hasOwnPrefix(Callee))
      return;
    if (const IdentifierInfo *II = Callee->getIdentifier()) {
      llvm::StringRef Name = II->getName();
      if (Name.starts_with("__nv_") || Name.starts_with("__spirv") ||
          Name.starts_with("__clc"))
        return;
      // What every PTX module gets from the CUDA driver (as
      // sycl-post-link's undefined-function check knows).
      if (Name == "vprintf" || Name == "malloc" || Name == "free" ||
          Name == "__assertfail")
        return;
    }
    if (SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      add(Restriction::LibraryFunction, L, {}, Callee);
    else
      add(Restriction::UndefinedFunction, L, {}, Callee);
  }

  // ---- types the device lacks ----
  std::string unsupportedType(QualType QT) {
    if (QT.isNull())
      return {};
    const Type *T = QT.getCanonicalType().getTypePtr();
    auto It = TypeMemo.find(T);
    if (It != TypeMemo.end())
      return It->second;
    TypeMemo[T] = {}; // recursion guard
    std::string R;
    if (const auto *BT = dyn_cast<BuiltinType>(T)) {
      const TargetInfo *Host = Ctx.getAuxTargetInfo();
      switch (BT->getKind()) {
      case BuiltinType::LongDouble:
        if (Host &&
            &TI.getLongDoubleFormat() != &Host->getLongDoubleFormat())
          R = "long double";
        break;
      case BuiltinType::Int128:
      case BuiltinType::UInt128:
        if (!TI.hasInt128Type())
          R = BT->getName(Ctx.getPrintingPolicy()).str();
        break;
      case BuiltinType::Float128:
        if (!TI.hasFloat128Type())
          R = "__float128";
        break;
      case BuiltinType::Ibm128:
        if (!TI.hasIbm128Type())
          R = "__ibm128";
        break;
      default:
        break;
      }
    } else if (const auto *CT = dyn_cast<ComplexType>(T)) {
      R = unsupportedType(CT->getElementType());
    } else if (const auto *VT = dyn_cast<VectorType>(T)) {
      R = unsupportedType(VT->getElementType());
    } else if (const auto *AT = dyn_cast<ArrayType>(T)) {
      R = unsupportedType(AT->getElementType());
    } else if (const auto *AtT = dyn_cast<AtomicType>(T)) {
      R = unsupportedType(AtT->getValueType());
    } else if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
      if ((RD = RD->getDefinition()) && !RD->isDependentType() &&
          !RD->isInvalidDecl()) {
        for (const CXXBaseSpecifier &B : RD->bases())
          if (R.empty())
            R = unsupportedType(B.getType());
        for (const FieldDecl *F : RD->fields())
          if (R.empty())
            R = unsupportedType(F->getType());
      }
    }
    return TypeMemo[T] = R;
  }

  void checkType(QualType T, SourceLocation L) {
    if (!Set.CheckTarget || L.isInvalid() || T.isNull() ||
        T->isDependentType())
      return;
    std::string Name = unsupportedType(T);
    if (!Name.empty() && ReportedTypes.insert(Name).second)
      add(Restriction::UnsupportedType, L, Name);
  }

  // ---- inline assembly ----
  std::string asmProblem(GCCAsmStmt *S) {
    std::string Text = S->getAsmString();
    if (Set.Spirv) {
      if (!llvm::StringRef(Text).trim().empty() || S->getNumOutputs() ||
          S->getNumInputs())
        return "SPIR-V has no inline assembly";
      return {};
    }
    if (!Set.Nvptx)
      return {};
    llvm::StringRef Triple = "nvptx64";
    std::vector<TargetInfo::ConstraintInfo> Outputs;
    for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
      Outputs.emplace_back(S->getOutputConstraint(I), S->getOutputName(I));
      if (!TI.validateOutputConstraint(Outputs.back()))
        return "constraint '" + S->getOutputConstraint(I) +
               "' is not valid for " + Triple.str();
    }
    for (unsigned I = 0; I < S->getNumInputs(); ++I) {
      TargetInfo::ConstraintInfo Info(S->getInputConstraint(I),
                                      S->getInputName(I));
      if (!TI.validateInputConstraint(Outputs, Info))
        return "constraint '" + S->getInputConstraint(I) +
               "' is not valid for " + Triple.str();
    }
    for (unsigned I = 0; I < S->getNumClobbers(); ++I) {
      std::string Clobber = S->getClobber(I);
      if (!TI.isValidClobber(Clobber))
        return "clobber '" + Clobber + "' is not valid for " + Triple.str();
    }
    std::string Bad = firstNonPtxStatement(Text);
    if (!Bad.empty())
      return "'" + Bad + "' is not a PTX instruction";
    return {};
  }
};

// ---- the checker ---------------------------------------------------------------

class Checker {
public:
  Checker(Sema &S, const Settings &Set)
      : Ctx(S.Context), Diags(S.getDiagnostics()), Set(Set) {}

  void run(llvm::ArrayRef<const FunctionDecl *> Roots) {
    for (const FunctionDecl *Root : Roots)
      checkReachable(Root);
    for (const FunctionDecl *Root : Roots)
      checkRecursion(Root);
  }

private:
  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  const Settings &Set;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionScan>> Scans;
  std::set<std::pair<int, unsigned>> Reported; // (kind, location)
  llvm::DenseMap<const FunctionDecl *, int> Color; // recursion DFS

  const FunctionScan &scanOf(const FunctionDecl *FD) {
    std::unique_ptr<FunctionScan> &Slot = Scans[FD];
    if (!Slot) {
      Slot = std::make_unique<FunctionScan>();
      if (FD->hasBody() && !FD->isDependentContext() && !FD->isInvalidDecl()) {
        RestrictionScanner Scanner(Ctx, Set);
        Scanner.scan(FD);
        Slot->Edges = std::move(Scanner.Edges);
        Slot->Violations = std::move(Scanner.Violations);
      }
    }
    return *Slot;
  }

  static bool followable(const FunctionDecl *FD) {
    return FD && !FD->isDependentContext() && !FD->isInvalidDecl();
  }

  void checkReachable(const FunctionDecl *Root) {
    // Breadth first: the shortest chain to each function.
    llvm::DenseMap<const FunctionDecl *, ChainStep> Parent;
    std::vector<const FunctionDecl *> Order{Root};
    Parent[Root] = {};
    for (size_t I = 0; I < Order.size(); ++I)
      for (const CallEdge &E : scanOf(Order[I]).Edges)
        if (followable(E.Callee) && !Parent.count(E.Callee)) {
          Parent[E.Callee] = {Order[I], E.Loc};
          Order.push_back(E.Callee);
        }
    for (const FunctionDecl *FD : Order)
      for (const Violation &V : scanOf(FD).Violations) {
        std::vector<ChainStep> Chain;
        for (const FunctionDecl *F = FD; F; F = Parent[F].Function)
          Chain.push_back({F, Parent[F].CallLoc});
        std::reverse(Chain.begin(), Chain.end());
        report(V, Root, Chain);
      }
  }

  // Depth first over calls; a call of a function on the current path is
  // recursion (direct or through a cycle), reported at that call.
  void checkRecursion(const FunctionDecl *Root) {
    if (Color.lookup(Root))
      return;
    struct Frame {
      const FunctionDecl *FD;
      SourceLocation CallLoc;
      size_t Next = 0;
    };
    std::vector<Frame> Stack{{Root, {}}};
    Color[Root] = 1;
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      const std::vector<CallEdge> &Edges = scanOf(Top.FD).Edges;
      if (Top.Next == Edges.size()) {
        Color[Top.FD] = 2;
        Stack.pop_back();
        continue;
      }
      const CallEdge &E = Edges[Top.Next++];
      if (!followable(E.Callee))
        continue;
      int C = Color.lookup(E.Callee);
      if (C == 1 && E.IsCall) {
        std::vector<ChainStep> Chain;
        for (const Frame &F : Stack)
          Chain.push_back({F.FD, F.CallLoc});
        report({Restriction::Recursion, E.Loc, {}, E.Callee}, Root, Chain);
      } else if (C == 0) {
        Color[E.Callee] = 1;
        Stack.push_back({E.Callee, E.Loc});
      }
    }
  }

  unsigned messageID(Restriction K) {
    const DiagnosticsEngine::Level L = DiagnosticsEngine::Error;
    switch (K) {
    case Restriction::Exceptions:
      return Diags.getCustomDiagID(L, "SYCL kernel cannot use exceptions");
    case Restriction::Recursion:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call a recursive function");
    case Restriction::Rtti:
      return Diags.getCustomDiagID(L, "SYCL kernel cannot use rtti");
    case Restriction::VirtualCall:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call a virtual function");
    case Restriction::FunctionPointer:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call through a function pointer");
    case Restriction::Variadic:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call a variadic function");
    case Restriction::ThreadLocal:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot use a thread_local variable");
    case Restriction::NonConstGlobal:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot use a non-const global variable");
    case Restriction::NonConstStatic:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot use a non-const static data variable");
    case Restriction::UnsupportedType:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot use '%0': target '%1' does not support it");
    case Restriction::ForeignAsm:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot use inline assembly that is not for the "
             "device: %0");
    case Restriction::UndefinedFunction:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call an undefined function without "
             "SYCL_EXTERNAL attribute");
    case Restriction::LibraryFunction:
      return Diags.getCustomDiagID(
          L, "SYCL kernel cannot call '%0': it needs '%1', which only the "
             "host's C or C++ library defines; the device has no definition "
             "(std::string, std::vector and other allocating or throwing "
             "library code are host-only)");
    }
    return 0;
  }

  // Where a call of a library function is the program's fault: the call
  // from the program's own code into the library (the tail of the chain
  // that runs in system headers), not deep inside libstdc++. Returns the
  // index in Chain of the library function the program calls (Chain.size()
  // when the violation is in the program's code itself).
  size_t libraryEntry(llvm::ArrayRef<ChainStep> Chain) const {
    const SourceManager &SM = Ctx.getSourceManager();
    size_t I = Chain.size();
    while (I > 1 && SM.isInSystemHeader(
                        SM.getExpansionLoc(Chain[I - 1].Function->getLocation())))
      --I;
    return I;
  }

  void report(const Violation &V, const FunctionDecl *Root,
              llvm::ArrayRef<ChainStep> Chain) {
    SourceLocation L = V.Loc;
    std::string Entry;
    if (V.Kind == Restriction::LibraryFunction) {
      size_t I = libraryEntry(Chain);
      if (I < Chain.size()) {
        L = Chain[I].CallLoc;
        Entry = functionDisplayName(Ctx, Chain[I].Function);
        Chain = Chain.take_front(I + 1);
      } else {
        Entry = functionDisplayName(Ctx, cast<FunctionDecl>(V.Declared));
      }
    }
    if (L.isInvalid() ||
        !Reported.insert({int(V.Kind), L.getRawEncoding()}).second)
      return;
    {
      DiagnosticBuilder DB = Diags.Report(L, messageID(V.Kind));
      if (V.Kind == Restriction::UnsupportedType)
        DB << V.Detail << Set.TargetName;
      else if (V.Kind == Restriction::ForeignAsm)
        DB << V.Detail;
      else if (V.Kind == Restriction::LibraryFunction)
        DB << Entry << functionDisplayName(Ctx, cast<FunctionDecl>(V.Declared));
    }
    std::string Kernel = kernelDisplayName(Ctx, Root);
    std::string Subject =
        Kernel.empty()
            ? "SYCL_EXTERNAL function '" + functionDisplayName(Ctx, Root) + "'"
            : "kernel '" + Kernel + "'";
    unsigned ChainNote = Diags.getCustomDiagID(
        DiagnosticsEngine::Note, "%0 reaches it through this call chain:\n%1");
    Diags.Report(ChainNote) << Subject << renderCallChain(Ctx, Chain);
    if (V.Kind == Restriction::UndefinedFunction && V.Declared) {
      unsigned Declared = Diags.getCustomDiagID(
          DiagnosticsEngine::Note,
          "'%0' is declared here; define it in this translation unit or "
          "declare it SYCL_EXTERNAL");
      Diags.Report(V.Declared->getLocation(), Declared)
          << functionDisplayName(Ctx, cast<FunctionDecl>(V.Declared));
    }
  }
};

} // namespace

void checkDeviceCodeRestrictions(Sema &S, const PluginOptions &Options,
                                 llvm::ArrayRef<const FunctionDecl *> Roots) {
  ASTContext &Ctx = S.Context;
  if (Roots.empty() || !Ctx.getLangOpts().SYCLIsDevice)
    return;
  Settings Set;
  Set.TargetName = Options.Target;
  // The CPU's requirements-analysis pass: its kernels are host code, so the
  // target's types and assembly are not checked there; the rules of device
  // code are the same for every target (a throwing kernel would otherwise
  // stop part way on the CPU alone, and the program would not port).
  bool CpuAnalysis = Options.Target == "x86_64";
  const llvm::Triple &T = Ctx.getTargetInfo().getTriple();
  Set.Nvptx = T.isNVPTX();
  Set.Spirv = T.isSPIR() || T.isSPIRV();
  Set.CheckTarget = !CpuAnalysis && (Set.Nvptx || Set.Spirv);
  if (Set.TargetName.empty() || Set.TargetName == "host")
    Set.TargetName = T.str();
  Checker(S, Set).run(Roots);
}

} // namespace usycl::plugin
