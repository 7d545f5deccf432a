//===- whole_warps.cpp - Whole-warp copies of kernels ---------------------===//

#include "whole_warps.hpp"

#include "llvm/ADT/DenseMap.h"
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

// F's whole-warp entry point: a copy named F$ww in which the marker is true.
void addWholeWarpEntry(Function &F, ArrayRef<CallInst *> Markers) {
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&F, VMap);
  Copy->setName(F.getName() + WholeWarpsSuffix);
  // Nothing calls it: a discardable copy would be dropped before codegen.
  if (Copy->hasLinkOnceLinkage())
    Copy->setLinkage(GlobalValue::WeakODRLinkage);
  SmallVector<CallInst *, 8> CopiedMarkers;
  for (CallInst *C : Markers)
    CopiedMarkers.push_back(cast<CallInst>(VMap[C]));
  replaceCalls(CopiedMarkers, ConstantInt::getTrue(F.getContext()));
}

} // namespace

PreservedAnalyses WholeWarpVersioningPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(WholeWarpsMarker);
  if (!Marker)
    return PreservedAnalyses::all();

  DenseMap<Function *, SmallVector<CallInst *, 8>> CallsByFunction;
  for (User *U : Marker->users())
    if (auto *C = dyn_cast<CallInst>(U); C && C->getCalledOperand() == Marker)
      CallsByFunction[C->getFunction()].push_back(C);
  // In module order, so the copies come out in the order of their kernels.
  SmallVector<Function *, 16> Asking;
  for (Function &F : M)
    if (CallsByFunction.contains(&F))
      Asking.push_back(&F);

  for (Function *F : Asking) {
    ArrayRef<CallInst *> Calls = CallsByFunction[F];
    if (Version && F->getCallingConv() == CallingConv::PTX_Kernel && !F->hasOptNone() &&
        !F->getName().ends_with(WholeWarpsSuffix) && !M.getFunction((F->getName() + WholeWarpsSuffix).str()))
      addWholeWarpEntry(*F, Calls);
    // Elsewhere computed where asked (the queries are cheap and LICM hoists
    // them).
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
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        MPM.addPass(WholeWarpVersioningPass(/*Version=*/Level != OptimizationLevel::O0));
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
