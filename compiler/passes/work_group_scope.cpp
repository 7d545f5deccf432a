//===- work_group_scope.cpp - Hierarchical work-groups on a CUDA block ----===//
//
// See work_group_scope.hpp.
//
//===----------------------------------------------------------------------===//

#include "work_group_scope.hpp"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace usycl::passes {

namespace {

// NVPTX's shared (CUDA __shared__, SYCL local) address space.
constexpr unsigned SharedAddressSpace = 3;
// Inlining rounds before giving up: each round inlines one more level of
// calls, and SYCL device code cannot recurse.
constexpr unsigned MaxInlineDepth = 256;

SmallVector<CallBase *, 8> callsTo(Function *Marker) {
  SmallVector<CallBase *, 8> Calls;
  if (!Marker)
    return Calls;
  for (User *U : Marker->users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == Marker)
      Calls.push_back(CB);
  return Calls;
}

void reportError(Function &F, const Twine &Message) {
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, Message));
}

// Inlines, level by level, every call of Root to a function with a body,
// except the work-item scope runners (their locals belong to one work-item).
// Returns false (after reporting why) when some call could not be inlined.
bool inlineWorkGroupScope(Function &Root, const SmallPtrSetImpl<Function *> &Runners) {
  for (unsigned Depth = 0; Depth < MaxInlineDepth; ++Depth) {
    SmallVector<CallBase *, 16> Calls;
    for (Instruction &I : instructions(Root))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && !Runners.contains(Callee))
          Calls.push_back(CB);
    if (Calls.empty())
      return true;
    for (CallBase *CB : Calls) {
      Function *Callee = CB->getCalledFunction();
      if (Callee == &Root) {
        reportError(Root, "the work-group scope of a hierarchical kernel calls itself "
                          "(recursion is not allowed in SYCL device code)");
        return false;
      }
      InlineFunctionInfo IFI;
      InlineResult Result = InlineFunction(*CB, IFI);
      if (!Result.isSuccess()) {
        reportError(Root, "cannot run the work-group scope of a hierarchical kernel on a "
                          "CUDA block: its call to '" +
                              Callee->getName() + "' cannot be inlined (" +
                              Result.getFailureReason() +
                              "), so its variables could not be shared with the work-items");
        return false;
      }
    }
  }
  reportError(Root, "the work-group scope of a hierarchical kernel nests calls more than " +
                        Twine(MaxInlineDepth) + " deep (recursion is not allowed in SYCL "
                                                "device code)");
  return false;
}

// Moves each alloca of Root that other threads may reach into shared memory.
// Returns whether anything changed.
bool shareEscapingAllocas(Function &Root) {
  // Promote what only the leader reads and writes (clang's parameter and
  // `this` slots, scalars) first: a pointer stored into such a slot would
  // otherwise look like it escapes.
  SmallVector<AllocaInst *, 32> Promotable;
  for (Instruction &I : instructions(Root))
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isAllocaPromotable(AI))
      Promotable.push_back(AI);
  if (!Promotable.empty()) {
    DominatorTree DT(Root);
    PromoteMemToReg(Promotable, DT);
  }

  SmallVector<AllocaInst *, 16> Escaping;
  for (Instruction &I : instructions(Root))
    if (auto *AI = dyn_cast<AllocaInst>(&I);
        AI && PointerMayBeCaptured(AI, /*ReturnCaptures=*/true))
      Escaping.push_back(AI);

  Module &M = *Root.getParent();
  for (AllocaInst *AI : Escaping) {
    auto *Count = dyn_cast<ConstantInt>(AI->getArraySize());
    if (!Count) {
      reportError(Root, "a variable-length array at the work-group scope of a hierarchical "
                        "kernel cannot be shared with its work-items on a CUDA block "
                        "(shared memory has a size fixed at compile time)");
      continue;
    }
    Type *Ty = AI->getAllocatedType();
    if (Count->getZExtValue() != 1)
      Ty = ArrayType::get(Ty, Count->getZExtValue());
    // Shared memory cannot be initialised: undef, as CUDA's __shared__.
    auto *Shared = new GlobalVariable(
        M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage, UndefValue::get(Ty),
        WorkGroupScopeGlobalPrefix + (AI->hasName() ? AI->getName() : "var"),
        /*InsertBefore=*/nullptr, GlobalValue::NotThreadLocal, SharedAddressSpace);
    Shared->setAlignment(AI->getAlign());
    // Lifetime markers apply to allocas only.
    for (User *U : make_early_inc_range(AI->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    AI->replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(Shared, AI->getType()));
    AI->eraseFromParent();
  }
  return !Promotable.empty() || !Escaping.empty();
}

void eraseMarker(Module &M, const char *Name) {
  Function *Marker = M.getFunction(Name);
  if (!Marker)
    return;
  for (CallBase *CB : callsTo(Marker))
    CB->eraseFromParent();
  if (Marker->use_empty())
    Marker->eraseFromParent();
}

} // namespace

PreservedAnalyses WorkGroupScopeToSharedPass::run(Module &M, ModuleAnalysisManager &) {
  Function *GroupMarker = M.getFunction(WorkGroupScopeMarker);
  Function *ItemMarker = M.getFunction(WorkItemScopeMarker);
  if (!GroupMarker && !ItemMarker)
    return PreservedAnalyses::all();

  SmallPtrSet<Function *, 8> Runners;
  for (CallBase *CB : callsTo(ItemMarker))
    Runners.insert(CB->getFunction());
  SmallPtrSet<Function *, 4> Roots;
  for (CallBase *CB : callsTo(GroupMarker))
    Roots.insert(CB->getFunction());

  for (Function *Root : Roots) {
    if (Runners.contains(Root)) {
      reportError(*Root, "a work-item scope of a hierarchical kernel opens a work-group "
                         "scope (parallel_for_work_item cannot run parallel_for_work_group)");
      continue;
    }
    if (inlineWorkGroupScope(*Root, Runners))
      shareEscapingAllocas(*Root);
  }
  eraseMarker(M, WorkGroupScopeMarker);
  eraseMarker(M, WorkItemScopeMarker);
  return PreservedAnalyses::none();
}

void registerWorkGroupScopePasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(WorkGroupScopeToSharedPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != WorkGroupScopeToSharedPass::name())
          return false;
        MPM.addPass(WorkGroupScopeToSharedPass());
        return true;
      });
}

} // namespace usycl::passes
