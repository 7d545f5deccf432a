//===- private_array_unroll.cpp - Unroll loops over private arrays --------===//
//
// See private_array_unroll.hpp.
//
//===----------------------------------------------------------------------===//
#include "private_array_unroll.hpp"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace usycl::passes {
namespace {

// An alloca small enough to live in registers, reached from `Ptr` through
// address arithmetic with an index that changes with the loop.
const AllocaInst *privateArrayIndexedBy(const Value *Ptr, const Loop &L, const DataLayout &DL) {
  bool VariesWithLoop = false;
  const Value *V = Ptr;
  // A few GEPs deep: m[i][row][col] is one GEP, or a chain after inlining.
  for (int Depth = 0; Depth < 6; ++Depth) {
    V = V->stripPointerCasts();
    const auto *GEP = dyn_cast<GetElementPtrInst>(V);
    if (!GEP)
      break;
    for (const Use &Index : GEP->indices())
      if (!L.isLoopInvariant(Index.get()))
        VariesWithLoop = true;
    V = GEP->getPointerOperand();
  }
  const auto *Array = dyn_cast<AllocaInst>(V->stripPointerCasts());
  if (!Array || !VariesWithLoop)
    return nullptr;
  std::optional<TypeSize> Size = Array->getAllocationSize(DL);
  if (!Size || Size->isScalable() || Size->getFixedValue() > PrivateArrayUnrollPass::MaxArrayBytes)
    return nullptr;
  return Array;
}

bool indexesPrivateArray(const Loop &L, const DataLayout &DL) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      const Value *Ptr = nullptr;
      if (const auto *Load = dyn_cast<LoadInst>(&I))
        Ptr = Load->getPointerOperand();
      else if (const auto *Store = dyn_cast<StoreInst>(&I))
        Ptr = Store->getPointerOperand();
      if (Ptr && privateArrayIndexedBy(Ptr, L, DL))
        return true;
    }
  return false;
}

unsigned loopSize(const Loop &L) {
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (!isa<PHINode>(I) && !I.isDebugOrPseudoInst())
        ++Size;
  return Size;
}

void requestFullUnroll(Loop &L) {
  LLVMContext &C = L.getHeader()->getContext();
  SmallVector<Metadata *, 4> Operands{nullptr}; // the self reference
  if (MDNode *ID = L.getLoopID())
    for (unsigned I = 1, E = ID->getNumOperands(); I < E; ++I)
      Operands.push_back(ID->getOperand(I));
  Operands.push_back(MDNode::get(C, MDString::get(C, "llvm.loop.unroll.full")));
  MDNode *NewID = MDNode::getDistinct(C, Operands);
  NewID->replaceOperandWith(0, NewID);
  L.setLoopID(NewID);
}

} // namespace

PreservedAnalyses PrivateArrayUnrollPass::run(Loop &L, LoopAnalysisManager &,
                                              LoopStandardAnalysisResults &AR, LPMUpdater &) {
  Function &F = *L.getHeader()->getParent();
  const Module &M = *F.getParent();
  if (!Triple(M.getTargetTriple()).isNVPTX() || F.hasOptNone())
    return PreservedAnalyses::all();
  // The user's pragma (or our own "keep rolled") decides.
  if (hasUnrollTransformation(&L) != TM_Unspecified)
    return PreservedAnalyses::all();
  const unsigned Trips = AR.SE.getSmallConstantTripCount(&L);
  if (Trips < 2 || uint64_t(Trips) * loopSize(L) > MaxUnrolledSize)
    return PreservedAnalyses::all();
  if (!indexesPrivateArray(L, M.getDataLayout()))
    return PreservedAnalyses::all();
  requestFullUnroll(L);
  // Only the loop's metadata changed.
  return PreservedAnalyses::all();
}

void registerPrivateArrayUnrollPasses(PassBuilder &PB) {
  PB.registerLateLoopOptimizationsEPCallback([](LoopPassManager &LPM, OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0)
      LPM.addPass(PrivateArrayUnrollPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, LoopPassManager &LPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != PrivateArrayUnrollPass::name())
          return false;
        LPM.addPass(PrivateArrayUnrollPass());
        return true;
      });
}

} // namespace usycl::passes
