//===- scratch_release.cpp - Barriers that protect nothing ----------------===//

#include "scratch_release.hpp"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace usycl::passes {

namespace {

constexpr unsigned SharedAddressSpace = 3;
constexpr unsigned GenericAddressSpace = 0;

bool isBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_sync_aligned_all:
  case Intrinsic::nvvm_barrier_cta_sync_all:
    return true;
  default:
    return false;
  }
}

// Whether `Ptr` may point into shared memory. Generic pointers are shared
// unless they come from private memory, a global of another space, or a
// pointer loaded from the kernel's parameters or from global memory (shared
// addresses live only within one launch, so they are never in either).
bool mayBeShared(const Value *Ptr) {
  const unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == SharedAddressSpace)
    return true;
  if (AS != GenericAddressSpace)
    return false;
  const Value *Object = getUnderlyingObject(Ptr, /*MaxLookup=*/0);
  if (const auto *Cast = dyn_cast<AddrSpaceCastOperator>(Object))
    return Cast->getSrcAddressSpace() == SharedAddressSpace ||
           Cast->getSrcAddressSpace() == GenericAddressSpace;
  if (isa<AllocaInst>(Object))
    return false;
  // A kernel's parameters (the byval kernel object, pointers passed in)
  // hold no shared address: those exist only within one launch.
  if (const auto *A = dyn_cast<Argument>(Object))
    return !(A->hasByValAttr() || A->getParent()->getCallingConv() == CallingConv::PTX_Kernel);
  if (const auto *GV = dyn_cast<GlobalVariable>(Object))
    return GV->getAddressSpace() == SharedAddressSpace;
  if (const auto *Load = dyn_cast<LoadInst>(Object)) {
    const Value *From = getUnderlyingObject(Load->getPointerOperand(), 0);
    if (const auto *A = dyn_cast<Argument>(From))
      return !(A->hasByValAttr() || A->getParent()->getCallingConv() == CallingConv::PTX_Kernel);
    return From->getType()->getPointerAddressSpace() == SharedAddressSpace ||
           !isa<GlobalVariable>(From);
  }
  return true;
}

// Whether I may read or write shared memory, or is another release.
bool touchesShared(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    const Function *Callee = Call->getCalledFunction();
    if (!Callee || !Callee->isIntrinsic())
      return true; // another release, or unknown code
    if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      if (mayBeShared(MI->getDest()))
        return true;
      if (const auto *MT = dyn_cast<MemTransferInst>(MI))
        return mayBeShared(MT->getSource());
      return false;
    }
    if (Call->onlyAccessesInaccessibleMemory() || Call->doesNotAccessMemory())
      return false;
    for (const Use &Arg : Call->args())
      if (Arg->getType()->isPointerTy() && mayBeShared(Arg))
        return true;
    return false;
  }
  if (const Value *Ptr = getLoadStorePointerOperand(&I))
    return mayBeShared(Ptr);
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return mayBeShared(RMW->getPointerOperand());
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return mayBeShared(CX->getPointerOperand());
  return false;
}

// Whether an instruction after `Release` (following every path, loops
// included) touches shared memory before a barrier.
bool isNeeded(CallInst *Release) {
  SmallVector<BasicBlock::iterator, 16> Work{std::next(Release->getIterator())};
  SmallPtrSet<const BasicBlock *, 32> Visited;
  while (!Work.empty()) {
    BasicBlock::iterator It = Work.pop_back_val();
    BasicBlock *BB = It->getParent();
    bool Stopped = false;
    for (; It != BB->end(); ++It) {
      if (isBarrier(*It)) {
        Stopped = true;
        break;
      }
      if (touchesShared(*It))
        return true;
    }
    if (Stopped)
      continue;
    // Past the end of a function other than a kernel its caller goes on,
    // out of sight (a work-group algorithm left out of line, followed by
    // another): only a kernel's end is the end of the work-group's code.
    if (isa<ReturnInst>(BB->getTerminator()) &&
        BB->getParent()->getCallingConv() != CallingConv::PTX_Kernel)
      return true;
    for (BasicBlock *Succ : successors(BB))
      if (Visited.insert(Succ).second)
        Work.push_back(Succ->begin());
  }
  return false;
}

} // namespace

PreservedAnalyses ScratchReleasePass::run(Module &M, ModuleAnalysisManager &) {
  Function *Release = M.getFunction(ScratchReleaseFunction);
  if (!Release || Release->isDeclaration())
    return PreservedAnalyses::all();
  SmallVector<CallInst *, 8> Calls;
  for (User *U : Release->users())
    if (auto *C = dyn_cast<CallInst>(U); C && C->getCalledOperand() == Release &&
                                         !C->getFunction()->hasOptNone())
      Calls.push_back(C);
  // Decide first: the answers do not depend on each other's outcome (a
  // release counts as touching shared memory either way).
  SmallVector<CallInst *, 8> Needed, Unneeded;
  for (CallInst *C : Calls)
    (isNeeded(C) ? Needed : Unneeded).push_back(C);
  for (CallInst *C : Unneeded)
    C->eraseFromParent();
  for (CallInst *C : Needed) {
    InlineFunctionInfo IFI;
    InlineFunction(*C, IFI);
  }
  if (Release->use_empty())
    Release->eraseFromParent();
  return PreservedAnalyses::none();
}

void registerScratchReleasePasses(PassBuilder &PB) {
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(ScratchReleasePass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != ScratchReleasePass::name())
          return false;
        MPM.addPass(ScratchReleasePass());
        return true;
      });
}

} // namespace usycl::passes
