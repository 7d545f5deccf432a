//===- whole_warps.cpp - Kernels versioned for whole warps ----------------===//

#include "whole_warps.hpp"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace usycl::passes {

namespace {

// ntid.x * ntid.y * ntid.z % 32 == 0, before `Before`.
Value *wholeWarpsCondition(Instruction *Before) {
  IRBuilder<> B(Before);
  Value *X = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
  Value *Y = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_y, {});
  Value *Z = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_z, {});
  Value *Threads = B.CreateMul(B.CreateMul(X, Y), Z, "block.threads");
  return B.CreateICmpEQ(B.CreateAnd(Threads, 31), B.getInt32(0), "whole.warps");
}

void replaceCalls(ArrayRef<CallInst *> Calls, Value *V) {
  for (CallInst *C : Calls) {
    C->replaceAllUsesWith(V);
    C->eraseFromParent();
  }
}

// F's body twice: the copy under `whole.warps` sees the marker as true, the
// original as false.
void versionKernel(Function &F, ArrayRef<CallInst *> Markers) {
  LLVMContext &Ctx = F.getContext();
  SmallVector<BasicBlock *, 32> Original;
  for (BasicBlock &BB : F)
    Original.push_back(&BB);
  BasicBlock *OldEntry = &F.getEntryBlock();

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 32> Copies;
  for (BasicBlock *BB : Original) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".whole", &F);
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, VMap);

  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry.version", &F, OldEntry);
  BranchInst *Br = BranchInst::Create(cast<BasicBlock>(VMap[OldEntry]), OldEntry,
                                      ConstantInt::getTrue(Ctx), Entry);
  // Static allocas stay static: into the new entry block, both copies.
  for (BasicBlock *BB : {OldEntry, cast<BasicBlock>(VMap[OldEntry])})
    for (Instruction &I : make_early_inc_range(*BB))
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isa<ConstantInt>(AI->getArraySize()))
        AI->moveBefore(Br->getIterator());
  Br->setCondition(wholeWarpsCondition(Br));

  SmallVector<CallInst *, 8> CopiedMarkers;
  for (CallInst *C : Markers)
    CopiedMarkers.push_back(cast<CallInst>(VMap[C]));
  replaceCalls(CopiedMarkers, ConstantInt::getTrue(Ctx));
  replaceCalls(Markers, ConstantInt::getFalse(Ctx));
}

} // namespace

PreservedAnalyses WholeWarpVersioningPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(WholeWarpsMarker);
  if (!Marker)
    return PreservedAnalyses::all();

  MapVector<Function *, SmallVector<CallInst *, 8>> CallsByFunction;
  for (User *U : Marker->users())
    if (auto *C = dyn_cast<CallInst>(U); C && C->getCalledOperand() == Marker)
      CallsByFunction[C->getFunction()].push_back(C);

  for (auto &[F, Calls] : CallsByFunction) {
    if (Version && F->getCallingConv() == CallingConv::PTX_Kernel && !F->hasOptNone()) {
      versionKernel(*F, Calls);
      continue;
    }
    // Computed where asked (the queries are cheap and LICM hoists them).
    for (CallInst *C : Calls) {
      Value *Whole = wholeWarpsCondition(C);
      C->replaceAllUsesWith(Whole);
      C->eraseFromParent();
    }
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return PreservedAnalyses::none();
}

void registerWholeWarpPasses(PassBuilder &PB) {
  // The pipelines only lower the marker for now: the versioned copy of e2e
  // group_algorithms' joint kernel gave wrong work-group reductions of
  // 32-bit integers on the H200 (session 16; under investigation).
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(WholeWarpVersioningPass(/*Version=*/false));
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == WholeWarpVersioningPass::name()) {
          MPM.addPass(WholeWarpVersioningPass());
          return true;
        }
        if (Name == "usycl-whole-warp-lowering") {
          MPM.addPass(WholeWarpVersioningPass(/*Version=*/false));
          return true;
        }
        return false;
      });
}

} // namespace usycl::passes
