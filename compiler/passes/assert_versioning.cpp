//===- assert_versioning.cpp - Vectorisable CPU work-item loops with assert ===//
//
// See assert_versioning.hpp for what and why. The shape handled is the one
// the launchers produce after inlining and rotation: an innermost loop whose
// latch is its only ordinary exit, and whose other exits lead to a call of
// __assert_fail followed by `unreachable`, each from a check that executes in
// every iteration (its block dominates the latch).
//
//===----------------------------------------------------------------------===//

#include "assert_versioning.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <variant>

using namespace llvm;

namespace usycl::passes {
namespace {

// Set on every loop this pass looked at, so it looks once.
constexpr const char *VersionedProperty = "usycl.assert_versioned";

bool isAssertItemPointer(const Value *P) {
  P = P->stripPointerCasts();
  if (const auto *GV = dyn_cast<GlobalVariable>(P))
    return GV->getName() == CpuAssertItemVariable;
  if (const auto *II = dyn_cast<IntrinsicInst>(P))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      return isAssertItemPointer(II->getArgOperand(0));
  return false;
}

bool isAssertItemStore(const Instruction &I) {
  const auto *S = dyn_cast<StoreInst>(&I);
  return S && isAssertItemPointer(S->getPointerOperand());
}

bool moduleHasLaunchers(const Function &F) {
  return F.getParent()->getNamedGlobal(CpuAssertItemVariable) != nullptr;
}

// Whether control reaching BB ends in a failed assert: BB, or the blocks it
// falls through to, call __assert_fail and end in `unreachable`.
bool endsInAssertFailure(const BasicBlock *BB) {
  SmallPtrSet<const BasicBlock *, 4> Seen;
  while (BB && Seen.insert(BB).second) {
    if (isa<UnreachableInst>(BB->getTerminator()))
      return any_of(*BB, [](const Instruction &I) {
        const auto *CB = dyn_cast<CallBase>(&I);
        const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        return Callee && Callee->getName() == "__assert_fail";
      });
    BB = BB->getSingleSuccessor();
  }
  return false;
}

// Instructions a work-item loop may hold for its checks to be evaluated
// apart from its stores: plain loads and stores, and calls that neither
// write memory nor fail to return. Atomics, fences, volatile accesses and
// other calls may communicate between work-items; such loops stay as they
// are.
bool isVersionable(const Instruction &I) {
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return S->isSimple();
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return L->isSimple();
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::lifetime_start:
    case Intrinsic::lifetime_end:
    case Intrinsic::assume:
    case Intrinsic::experimental_noalias_scope_decl:
      return true;
    default:
      break;
    }
  }
  if (const auto *CB = dyn_cast<CallBase>(&I))
    return !CB->mayWriteToMemory() && CB->willReturn() && !CB->mayThrow();
  return !I.mayWriteToMemory() && !I.mayHaveSideEffects();
}

// One assert's check: the block whose branch leaves for a failure.
struct Check {
  BasicBlock *Block;
  BasicBlock *Continue; // the successor inside the loop
  bool FailsWhenTrue;   // the branch leaves when its condition is true
};

// The work-item counter: Phi runs from its preheader value up by one until
// Next == End, which ExitCmp tests (End is its operand EndOperand).
struct Induction {
  PHINode *Phi = nullptr;
  Instruction *Next = nullptr;
  ICmpInst *ExitCmp = nullptr;
  unsigned EndOperand = 0;
  Value *End = nullptr;
};

// What versioning a loop needs to know, established before anything changes.
struct Plan {
  BasicBlock *Preheader = nullptr, *Header = nullptr, *Latch = nullptr;
  BasicBlock *Exit = nullptr; // the latch's exit
  Induction IV;
  SmallVector<Check, 4> Checks; // in execution order
  // What the check loops keep: the checks' conditions, the branches'
  // conditions and everything they use inside the loop.
  SmallPtrSet<const Instruction *, 32> Needed;
  // What the checks' conditions are computed from (without the counter), in
  // an order that defines before use: the fused loop evaluates it for the
  // work-item one block ahead.
  SmallVector<Instruction *, 16> CheckSlice;
};

// The rotated loop `for (i = lo; i != hi; ++i)` of the launchers.
std::optional<Induction> findInduction(Loop &L, BasicBlock *Preheader,
                                       BasicBlock *Latch, BasicBlock *Exit) {
  auto *Br = cast<BranchInst>(Latch->getTerminator());
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !Cmp->isEquality())
    return std::nullopt;
  // The branch leaves when Next == End.
  const bool LeavesOnTrue = Br->getSuccessor(0) == Exit;
  if (LeavesOnTrue != (Cmp->getPredicate() == CmpInst::ICMP_EQ))
    return std::nullopt;
  for (unsigned EndOp : {0u, 1u}) {
    auto *Next = dyn_cast<BinaryOperator>(Cmp->getOperand(1 - EndOp));
    Value *End = Cmp->getOperand(EndOp);
    if (!Next || Next->getOpcode() != Instruction::Add || !L.contains(Next) ||
        !L.isLoopInvariant(End))
      continue;
    auto *Phi = dyn_cast<PHINode>(Next->getOperand(0));
    auto *One = dyn_cast<ConstantInt>(Next->getOperand(1));
    if (!Phi || !One || !One->isOne() || Phi->getParent() != L.getHeader() ||
        Phi->getIncomingValueForBlock(Latch) != Next ||
        Phi->getBasicBlockIndex(Preheader) < 0)
      continue;
    return Induction{Phi, Next, Cmp, EndOp, End};
  }
  return std::nullopt;
}

// Why a marked loop was left as it is (an optimisation remark).
struct NotVersioned {
  const char *Why;
};

std::variant<Plan, NotVersioned> planVersioning(Loop &L, DominatorTree &DT) {
  Plan P;
  P.Preheader = L.getLoopPreheader();
  P.Header = L.getHeader();
  P.Latch = L.getLoopLatch();
  if (!P.Preheader || !P.Latch || !L.isInnermost())
    return NotVersioned{"the loop has no preheader or no single latch"};

  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges;
  L.getExitEdges(ExitEdges);
  for (auto [From, To] : ExitEdges) {
    auto *Br = dyn_cast<BranchInst>(From->getTerminator());
    if (!Br || !Br->isConditional())
      return NotVersioned{"the loop leaves other than by a conditional branch"};
    if (!endsInAssertFailure(To)) {
      if (P.Exit || From != P.Latch)
        return NotVersioned{"the loop leaves other than at its latch"};
      P.Exit = To;
      continue;
    }
    BasicBlock *Other = Br->getSuccessor(Br->getSuccessor(0) == To ? 1 : 0);
    if (!L.contains(Other) || From == P.Latch || !DT.dominates(From, P.Latch))
      return NotVersioned{"an assert is checked by some work-items only"};
    P.Checks.push_back({From, Other, Br->getSuccessor(0) == To});
  }
  if (!P.Exit || P.Checks.empty())
    return NotVersioned{nullptr}; // nothing to say: the loop has no assert
  // Blocks that all dominate the latch are ordered by dominance.
  sort(P.Checks, [&](const Check &A, const Check &B) {
    return DT.properlyDominates(A.Block, B.Block);
  });
  std::optional<Induction> IV = findInduction(L, P.Preheader, P.Latch, P.Exit);
  if (!IV)
    return NotVersioned{"the loop does not count its work-items by one up to a bound"};
  P.IV = *IV;
  // After the loop only the counter's last values are known (the launchers
  // note the last work-item there).
  for (PHINode &PN : P.Exit->phis()) {
    Value *V = PN.getIncomingValueForBlock(P.Latch);
    if (V != P.IV.Phi && V != P.IV.Next && !L.isLoopInvariant(V))
      return NotVersioned{"a value the work-items compute is used after the loop"};
  }

  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (!isVersionable(I))
        return NotVersioned{"the work-items call functions that may write memory, "
                            "or use atomics or volatile accesses"};

  // The blocks that run before some check of the same work-item: the check
  // loop drops stores, so none may be there (except the launchers' note of
  // the running item, which only a failure reads).
  SmallVector<BasicBlock *, 8> Work;
  SmallPtrSet<BasicBlock *, 16> BeforeCheck;
  for (const Check &C : P.Checks)
    Work.push_back(C.Block);
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!BeforeCheck.insert(BB).second || BB == P.Header)
      continue;
    for (BasicBlock *Pred : predecessors(BB))
      if (L.contains(Pred))
        Work.push_back(Pred);
  }
  for (BasicBlock *BB : BeforeCheck)
    for (Instruction &I : *BB)
      if (I.mayWriteToMemory() && !isAssertItemStore(I) &&
          !isa<IntrinsicInst>(I))
        return NotVersioned{"a work-item writes memory before it checks an assert"};

  // The check loop's slice: every branch condition and what it uses.
  SmallVector<Instruction *, 32> Slice;
  auto Need = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (I && L.contains(I) && P.Needed.insert(I).second)
      Slice.push_back(I);
  };
  for (BasicBlock *BB : L.blocks())
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional())
      Need(Br->getCondition());
    else if (!isa<BranchInst>(BB->getTerminator()))
      return NotVersioned{"the loop branches by a switch"};
  while (!Slice.empty())
    for (Value *Op : Slice.pop_back_val()->operands())
      Need(Op);

  // A work-item failing its first check went no further; in the check loop
  // it goes on to the later checks, so what they compute must be harmless
  // to compute anyway (`assert(i < n); assert(p[i] > 0)` is not).
  const BasicBlockEdge AfterFirst(P.Checks.front().Block,
                                  P.Checks.front().Continue);
  for (const Instruction *I : P.Needed)
    if (!isa<PHINode>(I) && DT.dominates(AfterFirst, I->getParent()) &&
        !isSafeToSpeculativelyExecute(I))
      return NotVersioned{"a later assert's check reads memory an earlier assert guards"};

  // The checks' own slice, which the fused loop moves one block ahead: only
  // the counter may vary along it (no other phi), in definition order.
  SmallPtrSet<const Instruction *, 16> InSlice;
  SmallVector<Instruction *, 16> Pending;
  for (const Check &C : P.Checks)
    if (auto *I = dyn_cast<Instruction>(
            cast<BranchInst>(C.Block->getTerminator())->getCondition()))
      Pending.push_back(I);
  while (!Pending.empty()) {
    Instruction *I = Pending.pop_back_val();
    if (I == P.IV.Phi || !L.contains(I) || !InSlice.insert(I).second)
      continue;
    if (isa<PHINode>(I))
      return NotVersioned{"an assert's condition depends on control flow in the work-item"};
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op))
        Pending.push_back(OpI);
  }
  // Each instruction of the slice dominates a check, and the checks dominate
  // the latch: their blocks form one dominance chain.
  SmallVector<BasicBlock *, 8> SliceBlocks;
  for (const Instruction *I : InSlice)
    if (!is_contained(SliceBlocks, I->getParent()))
      SliceBlocks.push_back(const_cast<BasicBlock *>(I->getParent()));
  for (BasicBlock *BB : SliceBlocks)
    if (!DT.dominates(BB, P.Latch))
      return NotVersioned{"an assert's condition depends on control flow in the work-item"};
  sort(SliceBlocks, [&](BasicBlock *A, BasicBlock *B) {
    return DT.properlyDominates(A, B);
  });
  for (BasicBlock *BB : SliceBlocks)
    for (Instruction &I : *BB)
      if (InSlice.contains(&I))
        P.CheckSlice.push_back(&I);
  return P;
}

// A copy of the work-item loop, or (Identity) the loop itself.
struct LoopCopy {
  SmallVector<BasicBlock *, 8> Blocks;
  ValueToValueMapTy Map; // original -> copy
  bool Identity = false;
  template <typename T> T *get(T *Original) {
    return Identity ? Original : cast<T>(static_cast<Value *>(Map[Original]));
  }
};

void copyLoop(Loop &L, StringRef Suffix, LoopCopy &Copy) {
  Function &F = *L.getHeader()->getParent();
  for (BasicBlock *BB : L.blocks()) {
    BasicBlock *New = CloneBasicBlock(BB, Copy.Map, "." + Suffix, &F);
    Copy.Map[BB] = New;
    Copy.Blocks.push_back(New);
  }
  remapInstructionsInBlocks(Copy.Blocks, Copy.Map);
}

// A new distinct loop id with Old's properties minus the work-item mark,
// plus `Extra`.
MDNode *loopIdWith(LLVMContext &Ctx, MDNode *Old,
                   ArrayRef<Metadata *> Extra) {
  SmallVector<Metadata *, 8> Ops{nullptr};
  if (Old)
    for (unsigned I = 1, E = Old->getNumOperands(); I < E; ++I) {
      const auto *Prop = dyn_cast<MDNode>(Old->getOperand(I));
      const auto *Name = Prop && Prop->getNumOperands()
                             ? dyn_cast<MDString>(Prop->getOperand(0))
                             : nullptr;
      if (Name && Name->getString() == WorkItemLoopProperty)
        continue;
      Ops.push_back(Old->getOperand(I));
    }
  append_range(Ops, Extra);
  MDNode *Id = MDNode::getDistinct(Ctx, Ops);
  Id->replaceOperandWith(0, Id);
  return Id;
}

MDNode *property(LLVMContext &Ctx, StringRef Name) {
  return MDNode::get(Ctx, MDString::get(Ctx, Name));
}

MDNode *property(LLVMContext &Ctx, StringRef Name, bool Value) {
  return MDNode::get(Ctx, {MDString::get(Ctx, Name),
                           ConstantAsMetadata::get(ConstantInt::get(
                               Type::getInt1Ty(Ctx), Value))});
}

// Makes loop C run over work-items [Start, End): entered from the new,
// empty block Entry, leaving to Done.
void bound(const Plan &P, LoopCopy &C, BasicBlock *Entry, Value *Start,
           Value *End, BasicBlock *Done) {
  BasicBlock *Header = C.get(P.Header);
  for (PHINode &PN : Header->phis())
    PN.setIncomingBlock(PN.getBasicBlockIndex(P.Preheader), Entry);
  C.get(P.IV.Phi)->setIncomingValueForBlock(Entry, Start);
  C.get(P.IV.ExitCmp)->setOperand(P.IV.EndOperand, End);
  C.get(P.Latch)->getTerminator()->replaceUsesOfWith(P.Exit, Done);
  BranchInst::Create(Header, Entry);
}

// Closes the loop-carried `ok` of a loop entered from Entry whose latch
// Latch leaves to Done: true on entry, AllPassed around; returns its value
// after the loop (a phi in Done).
Value *closeOk(PHINode *Ok, Value *AllPassed, BasicBlock *Entry,
               BasicBlock *Latch, BasicBlock *Done, const Twine &Name) {
  Ok->addIncoming(ConstantInt::getTrue(Ok->getContext()), Entry);
  Ok->addIncoming(AllPassed, Latch);
  PHINode *Result = PHINode::Create(Ok->getType(), 1, Name);
  Result->insertBefore(Done->begin());
  Result->addIncoming(AllPassed, Latch);
  return Result;
}

// Turns copy C into a check loop: only the slice stays (no stores, no note
// of the work-item), and a failed check is and-ed into `ok` instead of
// leaving. Returns ok's final value, a phi in Done.
Value *makeCheckLoop(Loop &L, const Plan &P, LoopCopy &C, BasicBlock *Entry,
                     BasicBlock *Done) {
  LLVMContext &Ctx = Entry->getContext();
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : make_early_inc_range(reverse(*BB))) {
      if (I.isTerminator() || P.Needed.contains(&I))
        continue;
      auto *Copy = C.get(&I);
      Copy->replaceAllUsesWith(PoisonValue::get(Copy->getType()));
      Copy->eraseFromParent();
    }
  PHINode *Ok = PHINode::Create(Type::getInt1Ty(Ctx), 2, "usycl.assert.ok");
  Ok->insertBefore(C.get(P.Header)->begin());
  Value *AllPassed = Ok;
  for (const Check &Ck : P.Checks) {
    auto *Br = cast<BranchInst>(C.get(Ck.Block)->getTerminator());
    IRBuilder<> B(Br);
    Value *Passed = Ck.FailsWhenTrue ? B.CreateNot(Br->getCondition())
                                     : Br->getCondition();
    AllPassed = B.CreateAnd(AllPassed, Passed, "usycl.assert.ok.next");
    B.CreateBr(C.get(Ck.Continue));
    Br->eraseFromParent();
  }
  return closeOk(Ok, AllPassed, Entry, C.get(P.Latch), Done, "usycl.assert.all");
}

// Copy C without its checks: they are known to pass, and nothing reads the
// note of the running work-item.
void dropChecks(const Plan &P, LoopCopy &C) {
  for (BasicBlock *BB : C.Blocks)
    for (Instruction &I : make_early_inc_range(*BB))
      if (isAssertItemStore(I))
        I.eraseFromParent();
  for (const Check &Ck : P.Checks) {
    auto *Br = cast<BranchInst>(C.get(Ck.Block)->getTerminator());
    BranchInst::Create(C.get(Ck.Continue), Br->getIterator());
    Br->eraseFromParent();
  }
}

// Adds to copy C (without checks) the checks of the work-item Distance
// ahead of each one it runs. Returns whether they all passed, a phi in Done.
Value *addChecksAhead(const Plan &P, LoopCopy &C, Value *Distance,
                      BasicBlock *Entry, BasicBlock *Done) {
  LLVMContext &Ctx = Entry->getContext();
  BasicBlock *Latch = C.get(P.Latch);
  PHINode *Ok = PHINode::Create(Type::getInt1Ty(Ctx), 2, "usycl.assert.ahead.ok");
  Ok->insertBefore(C.get(P.Header)->begin());
  IRBuilder<> B(Latch->getTerminator());
  ValueToValueMapTy Ahead;
  Ahead[P.IV.Phi] = B.CreateAdd(C.get(P.IV.Phi), Distance, "usycl.assert.ahead");
  for (Instruction *I : P.CheckSlice) {
    Instruction *New = B.Insert(I->clone(), I->getName() + ".ahead");
    RemapInstruction(New, Ahead,
                     RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    Ahead[I] = New;
  }
  Value *AllPassed = Ok;
  for (const Check &Ck : P.Checks) {
    Value *Cond = cast<BranchInst>(Ck.Block->getTerminator())->getCondition();
    if (Value *Moved = Ahead.lookup(Cond))
      Cond = Moved;
    Value *Passed = Ck.FailsWhenTrue ? B.CreateNot(Cond) : Cond;
    AllPassed = B.CreateAnd(AllPassed, Passed, "usycl.assert.ahead.ok.next");
  }
  return closeOk(Ok, AllPassed, Entry, Latch, Done, "usycl.assert.ahead.all");
}

// Work-items per block: large enough that the per-block bookkeeping and the
// vector loops' remainders do not show, small enough that a block's inputs
// are still cached when the next step reads them.
cl::opt<unsigned> BlockItems(
    "usycl-assert-block-items", cl::init(1024),
    cl::desc("work-items per block of a CPU work-item loop with asserts"));

// Replaces the loop by a loop over blocks of work-items that knows, before
// a block runs, whether all of the block's asserts pass:
//
//   ok = checks of block 0
//   for each block k:
//     if ok, and block k+1 is as long:  run k without checks, fused with the
//                                       checks of k+1 (all streams at once)
//     else if ok:  run k without checks;  ok = checks of k+1
//     else:        run k as written (it reports);  ok = checks of k+1
void versionLoop(Loop &L, Plan &P) {
  Function &F = *P.Header->getParent();
  LLVMContext &Ctx = F.getContext();
  MDNode *OriginalId = L.getLoopID();
  Type *IndexTy = P.IV.Phi->getType();
  Value *Start = P.IV.Phi->getIncomingValueForBlock(P.Preheader);
  Value *End = P.IV.End;

  LoopCopy First, Next, Fast, Fused, Slow;
  Slow.Identity = true;
  copyLoop(L, "usycl.check0", First);
  copyLoop(L, "usycl.check", Next);
  copyLoop(L, "usycl.fast", Fast);
  copyLoop(L, "usycl.fused", Fused);

  auto NewBlock = [&](StringRef Name) {
    return BasicBlock::Create(Ctx, "usycl.assert." + Name, &F);
  };
  BasicBlock *FirstEntry = NewBlock("first"), *FirstDone = NewBlock("first.done"),
             *Outer = NewBlock("block"), *Passed = NewBlock("passed"),
             *FusedEntry = NewBlock("fused"), *FusedDone = NewBlock("fused.done"),
             *FastEntry = NewBlock("fast"), *SlowEntry = NewBlock("slow"),
             *BodyDone = NewBlock("body.done"), *NextEntry = NewBlock("next"),
             *NextDone = NewBlock("next.done"), *OuterLatch = NewBlock("block.end"),
             *Leave = NewBlock("done");
  Constant *BlockLen = ConstantInt::get(IndexTy, std::max(1u, unsigned(BlockItems)));
  auto BlockEnd = [&](IRBuilder<> &B, Value *From, const Twine &Name) {
    Value *Len = B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateSub(End, From),
                                         BlockLen);
    return B.CreateNUWAdd(From, Len, Name);
  };

  // The preheader checks the first block.
  IRBuilder<> B(P.Preheader->getTerminator());
  Value *FirstEnd = BlockEnd(B, Start, "usycl.assert.first.end");
  P.Preheader->getTerminator()->replaceUsesOfWith(P.Header, FirstEntry);
  bound(P, First, FirstEntry, Start, FirstEnd, FirstDone);
  Value *FirstOk = makeCheckLoop(L, P, First, FirstEntry, FirstDone);
  BranchInst::Create(Outer, FirstDone);

  // The block loop.
  B.SetInsertPoint(Outer);
  PHINode *Cur = B.CreatePHI(IndexTy, 2, "usycl.assert.block");
  PHINode *Ok = B.CreatePHI(Type::getInt1Ty(Ctx), 2, "usycl.assert.block.ok");
  Value *Nxt = BlockEnd(B, Cur, "usycl.assert.block.end");
  Value *Len = B.CreateSub(Nxt, Cur, "usycl.assert.block.len");
  Value *NextEnd = BlockEnd(B, Nxt, "usycl.assert.next.end");
  Value *NextLen = B.CreateSub(NextEnd, Nxt, "usycl.assert.next.len");
  B.CreateCondBr(Ok, Passed, SlowEntry);
  B.SetInsertPoint(Passed);
  B.CreateCondBr(B.CreateICmpEQ(NextLen, Len), FusedEntry, FastEntry);

  bound(P, Fused, FusedEntry, Cur, Nxt, FusedDone);
  dropChecks(P, Fused);
  Value *FusedOk = addChecksAhead(P, Fused, Len, FusedEntry, FusedDone);
  BranchInst::Create(OuterLatch, FusedDone);

  bound(P, Fast, FastEntry, Cur, Nxt, BodyDone);
  dropChecks(P, Fast);
  bound(P, Slow, SlowEntry, Cur, Nxt, BodyDone);
  B.SetInsertPoint(BodyDone);
  B.CreateCondBr(B.CreateICmpEQ(NextLen, ConstantInt::get(IndexTy, 0)),
                 OuterLatch, NextEntry);

  bound(P, Next, NextEntry, Nxt, NextEnd, NextDone);
  Value *NextOk = makeCheckLoop(L, P, Next, NextEntry, NextDone);
  BranchInst::Create(OuterLatch, NextDone);

  B.SetInsertPoint(OuterLatch);
  PHINode *OkAfter = B.CreatePHI(Type::getInt1Ty(Ctx), 3, "usycl.assert.next.ok");
  OkAfter->addIncoming(FusedOk, FusedDone);
  OkAfter->addIncoming(ConstantInt::getTrue(Ctx), BodyDone);
  OkAfter->addIncoming(NextOk, NextDone);
  B.CreateCondBr(B.CreateICmpEQ(Nxt, End), Leave, Outer);
  Cur->addIncoming(Start, FirstDone);
  Cur->addIncoming(Nxt, OuterLatch);
  Ok->addIncoming(FirstOk, FirstDone);
  Ok->addIncoming(OkAfter, OuterLatch);

  // After the loop: the counter's last values.
  B.SetInsertPoint(Leave);
  Value *Last = B.CreateSub(End, ConstantInt::get(IndexTy, 1), "usycl.assert.last");
  B.CreateBr(P.Exit);
  for (PHINode &PN : P.Exit->phis()) {
    int Index = PN.getBasicBlockIndex(P.Latch);
    Value *V = PN.getIncomingValue(Index);
    PN.setIncomingBlock(Index, Leave);
    if (V == P.IV.Phi)
      PN.setIncomingValue(Index, Last);
    else if (V == P.IV.Next)
      PN.setIncomingValue(Index, End);
  }

  // Loop ids: each loop its own; the original one (which runs only for a
  // block where an assert fails) is neither vectorised nor unrolled.
  Metadata *Done = property(Ctx, VersionedProperty);
  for (LoopCopy *C : {&First, &Next, &Fast, &Fused})
    C->get(P.Latch)->getTerminator()->setMetadata(
        LLVMContext::MD_loop, loopIdWith(Ctx, OriginalId, {Done}));
  P.Latch->getTerminator()->setMetadata(
      LLVMContext::MD_loop,
      loopIdWith(Ctx, OriginalId,
                 {Done, property(Ctx, "llvm.loop.vectorize.enable", false),
                  property(Ctx, "llvm.loop.unroll.disable")}));
}

bool isCandidate(const Loop &L) {
  return L.isInnermost() &&
         findStringMetadataForLoop(&L, WorkItemLoopProperty) &&
         !findStringMetadataForLoop(&L, VersionedProperty);
}

} // namespace

PreservedAnalyses WorkItemLoopTagPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (!moduleHasLaunchers(F))
    return PreservedAnalyses::all();
  SmallVector<BasicBlock *, 4> Notes;
  for (BasicBlock &BB : F)
    if (any_of(BB, isAssertItemStore))
      Notes.push_back(&BB);
  if (Notes.empty())
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (BasicBlock *BB : Notes)
    if (Loop *L = LI.getLoopFor(BB);
        L && !findStringMetadataForLoop(L, WorkItemLoopProperty)) {
      addStringMetadataToLoop(L, WorkItemLoopProperty);
      Changed = true;
    }
  if (!Changed)
    return PreservedAnalyses::all();
  // Only loop metadata changed: the CFG and every analysis stay valid.
  return PreservedAnalyses::all();
}

PreservedAnalyses AssertCheckVersioningPass::run(Function &F,
                                                 FunctionAnalysisManager &FAM) {
  if (!moduleHasLaunchers(F))
    return PreservedAnalyses::all();
  // Own remark emitter: the analyses' one would go stale as the CFG changes.
  OptimizationRemarkEmitter ORE(&F);
  const char *Name = "usycl-assert-versioning";
  bool Changed = false;
  // Each versioning changes the CFG: look again with fresh analyses until
  // no marked loop is left unvisited.
  for (;;) {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    Loop *Next = nullptr;
    for (Loop *L : LI.getLoopsInPreorder())
      if (isCandidate(*L)) {
        Next = L;
        break;
      }
    if (!Next)
      break;
    // Preheader, dedicated exits, LCSSA: the form the vectorizer restores
    // anyway, which earlier passes may have left.
    simplifyLoop(Next, &DT, &LI, nullptr, nullptr, nullptr, false);
    formLCSSA(*Next, DT, &LI, nullptr);
    std::variant<Plan, NotVersioned> P = planVersioning(*Next, DT);
    if (Plan *Ready = std::get_if<Plan>(&P)) {
      ORE.emit([&] {
        return OptimizationRemark(Name, "Versioned", Next->getStartLoc(),
                                  Next->getHeader())
               << "work-item loop: " << ore::NV("Asserts", Ready->Checks.size())
               << " assert check(s) evaluated a block of work-items ahead; "
                  "the work-items run without them";
      });
      versionLoop(*Next, *Ready);
    } else {
      if (const char *Why = std::get<NotVersioned>(P).Why)
        ORE.emit([&] {
          return OptimizationRemarkMissed(Name, "NotVersioned",
                                          Next->getStartLoc(), Next->getHeader())
                 << "work-item loop with asserts not versioned: " << Why;
        });
      Next->setLoopID(loopIdWith(F.getContext(), Next->getLoopID(),
                                 {property(F.getContext(), VersionedProperty)}));
    }
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerAssertVersioningPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(createModuleToFunctionPassAdaptor(WorkItemLoopTagPass()));
      });
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(AssertCheckVersioningPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == WorkItemLoopTagPass::name()) {
          FPM.addPass(WorkItemLoopTagPass());
          return true;
        }
        if (Name == AssertCheckVersioningPass::name()) {
          FPM.addPass(AssertCheckVersioningPass());
          return true;
        }
        return false;
      });
}

} // namespace usycl::passes
