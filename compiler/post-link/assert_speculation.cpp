//===- assert_speculation.cpp - Loads issued ahead of assert checks -------===//

#include "assert_speculation.hpp"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace usycl::postlink {
namespace {

// At most this many loads move above one check: each keeps a register live
// across the branch.
constexpr unsigned MaxLoadsPerCheck = 8;
// Dependence walks give up (and count as dependent) past this many values.
constexpr unsigned MaxWalk = 64;

bool isAssertFailure(const BasicBlock &BB) {
  if (!isa<UnreachableInst>(BB.getTerminator()))
    return false;
  for (const Instruction &I : BB)
    if (const auto *CI = dyn_cast<CallInst>(&I))
      if (const Function *F = CI->getCalledFunction())
        if (F->getName() == "__assert_fail" || F->getName() == "__devicelib_assert_fail")
          return true;
  return false;
}

// NVPTX inline-asm constraint that takes a value of type T in a register.
const char *registerConstraint(Type *T) {
  if (T->isPointerTy() || T->isIntegerTy(64))
    return "l";
  if (T->isIntegerTy(32))
    return "r";
  if (T->isIntegerTy(16))
    return "h";
  if (T->isFloatTy())
    return "f";
  if (T->isDoubleTy())
    return "d";
  return nullptr;
}

// The values the condition is computed from: every instruction on the way
// from the condition down to its inputs, and the inputs -- loads (their
// value, not their address), calls, arguments, PHIs.
struct GuardInputs {
  SmallPtrSet<const Value *, 32> Values;
  SmallVector<const Value *, 8> LoadAddresses; // of the loads among them
  bool Complete = true;

  explicit GuardInputs(const Value *Condition) {
    SmallVector<const Value *, 16> Work{Condition};
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      if (isa<Constant>(V) || !Values.insert(V).second)
        continue;
      if (Values.size() > MaxWalk) {
        Complete = false;
        return;
      }
      if (const auto *LI = dyn_cast<LoadInst>(V)) {
        LoadAddresses.push_back(LI->getPointerOperand()->stripPointerCasts());
        continue; // its value is an input; its address is not
      }
      const auto *I = dyn_cast<Instruction>(V);
      if (!I || isa<CallBase>(I) || isa<PHINode>(I))
        continue;
      for (const Value *Op : I->operands())
        Work.push_back(Op);
    }
  }

  // Whether the value of Address can depend on one of the inputs.
  bool reaches(const Value *Address) const {
    if (!Complete)
      return true;
    SmallPtrSet<const Value *, 32> Seen;
    SmallVector<const Value *, 16> Work{Address};
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      if (isa<Constant>(V) || !Seen.insert(V).second)
        continue;
      if (Seen.size() > MaxWalk || Values.contains(V))
        return true;
      if (const auto *LI = dyn_cast<LoadInst>(V))
        for (const Value *A : LoadAddresses) // the same load, not CSE'd
          if (A == LI->getPointerOperand()->stripPointerCasts())
            return true;
      if (const auto *I = dyn_cast<Instruction>(V))
        for (const Value *Op : I->operands())
          Work.push_back(Op);
    }
    return false;
  }
};

// Where in Check's block the loads go: as early as possible -- ahead of the
// condition's computation, which waits for its own loads -- but after
// anything in the block that may write memory or has side effects, and
// after the definitions of Operands that live in the block.
Instruction &earliestPoint(BranchInst &Check, ArrayRef<Value *> Operands) {
  BasicBlock &Block = *Check.getParent();
  Instruction *After = nullptr;
  for (Instruction &I : Block) {
    if (&I == &Check)
      break;
    if (I.mayWriteToMemory() || I.mayHaveSideEffects() || isa<PHINode>(I) ||
        is_contained(Operands, &I))
      After = &I;
  }
  return After ? *After->getNextNode() : *Block.getFirstNonPHIIt();
}

// Moves what Load needs from Block (and Load) into Check's block; false, and
// nothing moved, when that is not safe.
bool hoist(LoadInst &Load, BasicBlock &Block, BranchInst &Check,
           const GuardInputs &Guard) {
  if (!Load.isSimple() || Guard.reaches(Load.getPointerOperand()))
    return false;
  // The address arithmetic inside Block, in program order.
  SmallVector<Instruction *, 8> Chain;
  SmallPtrSet<Instruction *, 8> InChain;
  SmallVector<Value *, 8> Work{Load.getPointerOperand()};
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || I->getParent() != &Block || !InChain.insert(I).second)
      continue;
    if (I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I) || isa<PHINode>(I))
      return false;
    Chain.push_back(I);
    for (Value *Op : I->operands())
      Work.push_back(Op);
  }
  sort(Chain, [](Instruction *A, Instruction *B) { return A->comesBefore(B); });
  SmallVector<Value *, 16> Operands;
  for (Instruction *I : Chain)
    append_range(Operands, I->operands());
  append_range(Operands, Load.operands());
  Instruction &Before = earliestPoint(Check, Operands);
  for (Instruction *I : Chain)
    I->moveBefore(Before.getIterator());
  Load.moveBefore(Before.getIterator());
  return true;
}

unsigned speculateAtCheck(BranchInst &Check) {
  BasicBlock *Fail = nullptr, *Continue = nullptr;
  for (unsigned S = 0; S < 2; ++S)
    if (isAssertFailure(*Check.getSuccessor(S))) {
      Fail = Check.getSuccessor(S);
      Continue = Check.getSuccessor(1 - S);
    }
  if (!Fail || Continue == Fail || Continue->getSinglePredecessor() != Check.getParent())
    return 0;
  GuardInputs Guard(Check.getCondition());

  SmallVector<LoadInst *, MaxLoadsPerCheck> Moved;
  for (Instruction &I : make_early_inc_range(*Continue)) {
    if (I.isTerminator() || isa<PHINode>(I) || I.mayWriteToMemory() || I.mayHaveSideEffects() ||
        I.isAtomic())
      break; // nothing after this may move above it
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || !registerConstraint(Load->getType()))
      continue;
    if (hoist(*Load, *Continue, Check, Guard)) {
      Moved.push_back(Load);
      if (Moved.size() == MaxLoadsPerCheck)
        break;
    }
  }
  // Keep the loads where they are now: a use on the failure path too.
  IRBuilder<> B(Fail, Fail->getFirstNonPHIIt());
  for (LoadInst *Load : Moved) {
    FunctionType *FT = FunctionType::get(B.getVoidTy(), {Load->getType()}, false);
    B.CreateCall(InlineAsm::get(FT, "", registerConstraint(Load->getType()),
                                /*hasSideEffects=*/true),
                 {Load});
  }
  return Moved.size();
}

} // namespace

unsigned speculateLoadsAboveAsserts(Module &M) {
  if (!M.getTargetTriple().isNVPTX())
    return 0;
  unsigned Moved = 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<BranchInst *, 8> Checks;
    for (BasicBlock &BB : F)
      if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
        if (Br->isConditional())
          Checks.push_back(Br);
    for (BranchInst *Br : Checks)
      Moved += speculateAtCheck(*Br);
  }
  return Moved;
}

} // namespace usycl::postlink
