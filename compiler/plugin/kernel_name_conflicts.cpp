//===- kernel_name_conflicts.cpp - One name, one kernel -------------------===//

#include "kernel_name_conflicts.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateInstCallback.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace usycl::plugin {

struct KernelNameConflicts::Submissions {
  // Canonical entry point specialisation -> the points of instantiation
  // outside the system headers that led to it, innermost first: the user's
  // single_task/parallel_for call, then the calls of the user's own
  // templates around it.
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<SourceLocation, 4>> Where;
};

namespace {

// The kernel entry point a function is an instantiation of, if any: its
// template's pattern carries [[clang::sycl_kernel_entry_point]].
bool isEntryPointSpecialization(const FunctionDecl *FD) {
  if (!FD)
    return false;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  return Pattern && Pattern->hasAttr<SYCLKernelEntryPointAttr>();
}

// Records, for each entry point clang instantiates, the points of
// instantiation on the stack that are not in a system header.
class SubmissionRecorder : public TemplateInstantiationCallback {
public:
  explicit SubmissionRecorder(
      std::shared_ptr<KernelNameConflicts::Submissions> Into)
      : Into(std::move(Into)) {}

  void initialize(const Sema &) override {}
  void finalize(const Sema &) override {}
  void atTemplateEnd(const Sema &, const Sema::CodeSynthesisContext &) override {}

  void atTemplateBegin(const Sema &S,
                       const Sema::CodeSynthesisContext &Inst) override {
    if (Inst.Kind != Sema::CodeSynthesisContext::TemplateInstantiation)
      return;
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Inst.Entity);
    if (!isEntryPointSpecialization(FD))
      return;
    auto [It, New] = Into->Where.try_emplace(FD->getCanonicalDecl());
    if (!New)
      return;
    const SourceManager &SM = S.getSourceManager();
    for (const Sema::CodeSynthesisContext &C :
         llvm::reverse(S.CodeSynthesisContexts)) {
      SourceLocation Loc = C.PointOfInstantiation;
      if (Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
        It->second.push_back(Loc);
    }
  }

private:
  std::shared_ptr<KernelNameConflicts::Submissions> Into;
};

// The entry point specialisations of the translation unit, in the order
// clang made them, also those whose attribute clang rejected as a conflict.
std::vector<const FunctionDecl *> entryPoints(const UnitIndex &Index) {
  std::vector<const FunctionDecl *> Found;
  llvm::DenseSet<const FunctionDecl *> Seen;
  for (const FunctionDecl *FD : Index.functions())
    // Definitions only: a specialisation only declared (named in an
    // unevaluated operand) is no kernel.
    if (!FD->isDependentContext() && isEntryPointSpecialization(FD) &&
        FD->hasAttr<SYCLKernelEntryPointAttr>() && FD->isDefined() &&
        Seen.insert(FD->getCanonicalDecl()).second)
      Found.push_back(FD->getCanonicalDecl());
  return Found;
}

// What the user wrote as the kernel: its function object's type, for the
// message ("(lambda at t.cpp:7:20)", "MyFunctor").
std::string kernelObject(const FunctionDecl *FD, const PrintingPolicy &Policy) {
  if (FD->getNumParams() == 0)
    return FD->getNameAsString();
  return FD->getParamDecl(0)->getType().getNonReferenceType().getUnqualifiedType()
      .getAsString(Policy);
}

} // namespace

KernelNameConflicts::KernelNameConflicts(std::shared_ptr<const UnitIndex> Index)
    : Recorded(std::make_shared<Submissions>()), Index(std::move(Index)) {}
KernelNameConflicts::~KernelNameConflicts() = default;

void KernelNameConflicts::InitializeSema(Sema &S) {
  TheSema = &S;
  if (S.getLangOpts().SYCLIsDevice)
    S.TemplateInstCallbacks.push_back(std::make_unique<SubmissionRecorder>(Recorded));
}

void KernelNameConflicts::ForgetSema() { TheSema = nullptr; }

void KernelNameConflicts::HandleTranslationUnit(ASTContext &Context) {
  if (!TheSema || !Context.getLangOpts().SYCLIsDevice)
    return;
  // Runs also after errors: clang's own conflict error is one of them.

  PrintingPolicy Policy = Context.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.FullyQualifiedName = true;
  // Kernel name -> the first entry point seen with it.
  llvm::MapVector<QualType, const FunctionDecl *> First;
  llvm::DenseSet<const FunctionDecl *> Reported;
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  const unsigned ErrorID = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "kernel name '%0' is already the name of another kernel, %1, submitted "
      "at %2; each kernel needs a name of its own: rename one of them, or "
      "leave the name out of both (unnamed lambda kernels)");
  const unsigned NoteID = Diags.getCustomDiagID(
      DiagnosticsEngine::Note, "the other kernel named '%0' is submitted here");
  const SourceManager &SM = Context.getSourceManager();

  // Where the two were submitted: the innermost user-code points of
  // instantiation that differ (two kernels submitted through one helper
  // template of the user's differ at the helper's callers, not inside it).
  auto Places = [&](const FunctionDecl *A, const FunctionDecl *B) {
    auto Chain = [&](const FunctionDecl *FD) {
      llvm::SmallVector<SourceLocation, 4> Result;
      if (auto It = Recorded->Where.find(FD); It != Recorded->Where.end())
        Result = It->second;
      if (Result.empty())
        Result.push_back(FD->getPointOfInstantiation());
      return Result;
    };
    llvm::SmallVector<SourceLocation, 4> ChainA = Chain(A), ChainB = Chain(B);
    size_t I = 0;
    while (I + 1 < ChainA.size() && I + 1 < ChainB.size() &&
           ChainA[I] == ChainB[I])
      ++I;
    return std::make_pair(ChainA[std::min(I, ChainA.size() - 1)],
                          ChainB[std::min(I, ChainB.size() - 1)]);
  };
  for (const FunctionDecl *FD : entryPoints(*Index)) {
    const auto *A = FD->getAttr<SYCLKernelEntryPointAttr>();
    QualType Name = Context.getCanonicalType(A->getKernelName());
    auto [It, New] = First.insert({Name, FD});
    if (New || It->second == FD || !Reported.insert(FD).second)
      continue;
    const FunctionDecl *Earlier = It->second;
    auto [Here, There] = Places(FD, Earlier);
    std::string NameText = A->getKernelName().getAsString(Policy);
    std::string ThereText =
        There.isValid() ? SM.getExpansionLoc(There).printToString(SM) : "?";
    TheSema->Diag(Here, ErrorID) << NameText << kernelObject(Earlier, Policy)
                                 << ThereText;
    if (There.isValid())
      TheSema->Diag(There, NoteID) << NameText;
  }
}

} // namespace usycl::plugin
