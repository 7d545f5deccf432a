//===- loop_invariant_fp_sums.cpp - Invariant terms of fast-math sums out of loops -===//
//
// See loop_invariant_fp_sums.hpp for what the pass does and why.
//
//===----------------------------------------------------------------------===//

#include "loop_invariant_fp_sums.hpp"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace usycl::passes {
namespace {

// Terms of one sum, at most (a larger one is left as it is).
constexpr unsigned MaxTerms = 16;

struct Term {
  Value *V;
  bool Negated;
};

// An fadd, fsub or fneg that may be reassociated (reassoc and nsz).
bool isSumNode(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || (I->getOpcode() != Instruction::FAdd && I->getOpcode() != Instruction::FSub &&
             I->getOpcode() != Instruction::FNeg))
    return false;
  return I->hasAllowReassoc() && I->hasNoSignedZeros();
}

class SumsInLoop {
public:
  SumsInLoop(Loop &L, LoopInfo &LI) : L(L), LI(LI) {}

  bool run() {
    BasicBlock *Preheader = L.getLoopPreheader();
    if (!Preheader)
      return false;
    SmallVector<Instruction *, 16> Roots;
    for (BasicBlock *B : L.blocks()) {
      if (LI.getLoopFor(B) != &L)
        continue; // (an inner loop's sums are its own)
      for (Instruction &I : *B)
        if (isSumNode(&I) && I.getOpcode() != Instruction::FNeg && !isInnerNode(I))
          Roots.push_back(&I);
    }
    bool Changed = false;
    for (Instruction *Root : Roots)
      Changed |= rewrite(*Root, *Preheader);
    return Changed;
  }

private:
  bool inThisLoop(const Instruction &I) const { return LI.getLoopFor(I.getParent()) == &L; }

  // A node whose one use is another node of a sum in this loop: that sum's root rewrites it.
  bool isInnerNode(const Instruction &I) const {
    if (!I.hasOneUse())
      return false;
    const auto *User = dyn_cast<Instruction>(I.user_back());
    return User && isSumNode(User) && inThisLoop(*User);
  }

  // The terms of the sum at V (negated when Negated); false when it has
  // too many. Flags: what all its nodes allow.
  bool flatten(Value *V, bool Negated, bool IsRoot, SmallVectorImpl<Term> &Terms,
               FastMathFlags &Flags) {
    auto *I = dyn_cast<Instruction>(V);
    if (!IsRoot && !(I && isSumNode(I) && I->hasOneUse() && inThisLoop(*I))) {
      Terms.push_back({V, Negated});
      return Terms.size() <= MaxTerms;
    }
    Flags &= I->getFastMathFlags();
    switch (I->getOpcode()) {
    case Instruction::FNeg:
      return flatten(I->getOperand(0), !Negated, false, Terms, Flags);
    case Instruction::FAdd:
      return flatten(I->getOperand(0), Negated, false, Terms, Flags) &&
             flatten(I->getOperand(1), Negated, false, Terms, Flags);
    default: // FSub
      return flatten(I->getOperand(0), Negated, false, Terms, Flags) &&
             flatten(I->getOperand(1), !Negated, false, Terms, Flags);
    }
  }

  // Sum of Terms with B, starting from a positive term (there is one).
  static Value *add(IRBuilder<> &B, ArrayRef<Term> Terms) {
    const Term *First = find_if(Terms, [](const Term &T) { return !T.Negated; });
    Value *Sum = First->V;
    for (const Term &T : Terms)
      if (&T != First)
        Sum = T.Negated ? B.CreateFSub(Sum, T.V) : B.CreateFAdd(Sum, T.V);
    return Sum;
  }

  // A term the loop carries: a phi of its header (an accumulator).
  bool carried(const Term &T) const {
    const auto *Phi = dyn_cast<PHINode>(T.V);
    return Phi && Phi->getParent() == L.getHeader();
  }

  // Front's terms first, then Back's (the accumulator), each of Back one
  // operation on the way to the result; null where every term is negated.
  static Value *addInOrder(IRBuilder<> &B, SmallVector<Term, 8> Front, ArrayRef<Term> Back) {
    const bool FrontPositive = any_of(Front, [](const Term &T) { return !T.Negated; });
    if (!FrontPositive && none_of(Back, [](const Term &T) { return !T.Negated; }))
      return nullptr;
    if (!FrontPositive)
      for (Term &T : Front)
        T.Negated = false; // (their sum, subtracted from Back's first positive)
    Value *Sum = Front.empty() ? nullptr : add(B, Front);
    bool Pending = !FrontPositive && Sum; // Sum still to be subtracted
    for (const Term &T : Back) {
      if (!Sum) {
        Sum = T.V;
        continue;
      }
      if (Pending && !T.Negated) {
        Sum = B.CreateFSub(T.V, Sum);
        Pending = false;
        continue;
      }
      Sum = T.Negated ? B.CreateFSub(Sum, T.V) : B.CreateFAdd(Sum, T.V);
    }
    return Sum;
  }

  // Rewrites the sum at Root when two or more of its terms are invariant
  // (added up in the preheader), or when the loop's accumulator is not one
  // of Root's own operands (it goes last: the recurrence stays one
  // operation long, where `acc + a + b` makes it three).
  bool rewrite(Instruction &Root, BasicBlock &Preheader) {
    SmallVector<Term, 8> Terms;
    FastMathFlags Flags = Root.getFastMathFlags();
    if (!flatten(&Root, false, true, Terms, Flags) || !Flags.allowReassoc() ||
        !Flags.noSignedZeros())
      return false;
    SmallVector<Term, 8> Invariant, Variant, Back;
    for (const Term &T : Terms)
      (L.isLoopInvariant(T.V) ? Invariant : carried(T) ? Back : Variant).push_back(T);
    const bool Hoist = Invariant.size() >= 2 && !(Variant.empty() && Back.empty());
    const bool Recurrence = Back.size() == 1 && Terms.size() >= 3 &&
                            Root.getOperand(0) != Back[0].V &&
                            (Root.getNumOperands() < 2 || Root.getOperand(1) != Back[0].V);
    if (!Hoist && !Recurrence)
      return false;
    SmallVector<Term, 8> Front = Variant;
    Instruction *Hoisted = nullptr;
    if (Hoist) {
      // Positive where it can be (all its terms negated: their sum, subtracted).
      const bool AllNegated = all_of(Invariant, [](const Term &T) { return T.Negated; });
      if (AllNegated)
        for (Term &T : Invariant)
          T.Negated = false;
      IRBuilder<> Pre(Preheader.getTerminator());
      Pre.setFastMathFlags(Flags);
      Value *Sum = add(Pre, Invariant);
      Sum->setName(Root.getName() + ".invariant");
      Hoisted = dyn_cast<Instruction>(Sum);
      Front.push_back({Sum, AllNegated});
    } else {
      append_range(Front, Invariant);
    }
    IRBuilder<> In(&Root);
    In.setFastMathFlags(Flags);
    Value *Sum = addInOrder(In, Front, Back);
    if (!Sum) { // (-(x + y): not worth an fneg; left alone)
      if (Hoisted)
        RecursivelyDeleteTriviallyDeadInstructions(Hoisted);
      return false;
    }
    Sum->takeName(&Root);
    Root.replaceAllUsesWith(Sum);
    RecursivelyDeleteTriviallyDeadInstructions(&Root); // (and the inner nodes)
    return true;
  }

  Loop &L;
  LoopInfo &LI;
};

} // namespace

PreservedAnalyses LoopInvariantFPSumsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    Changed |= SumsInLoop(*L, LI).run();
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

namespace {
// The function pass on the functions of x86 modules only.
struct HostFPSums : PassInfoMixin<HostFPSums> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Triple(M.getTargetTriple()).isX86())
      return PreservedAnalyses::all();
    FunctionAnalysisManager &FAM =
        MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    PreservedAnalyses PA = PreservedAnalyses::all();
    for (Function &F : M)
      if (!F.isDeclaration()) {
        PreservedAnalyses FPA = LoopInvariantFPSumsPass().run(F, FAM);
        FAM.invalidate(F, FPA);
        PA.intersect(std::move(FPA));
      }
    PA.preserveSet<AllAnalysesOn<Function>>();
    return PA;
  }
};
} // namespace

void registerLoopInvariantFPSumsHostPasses(PassBuilder &PB) {
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(HostFPSums());
      });
}

void registerLoopInvariantFPSumsPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != LoopInvariantFPSumsPass::name())
          return false;
        FPM.addPass(LoopInvariantFPSumsPass());
        return true;
      });
}

} // namespace usycl::passes
