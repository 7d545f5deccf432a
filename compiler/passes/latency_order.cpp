//===- latency_order.cpp - Independent chains of a loop body interleaved --===//
//
// See latency_order.hpp for what the pass does and why.
//
//===----------------------------------------------------------------------===//

#include "latency_order.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

#include <algorithm>

using namespace llvm;

namespace usycl::passes {
namespace {

constexpr const char *PassName = "usycl-latency-order";
// Smaller blocks have too little to interleave.
constexpr unsigned MinInstructions = 24;
// Larger ones are left alone (compile time; no such loop body was measured).
constexpr unsigned MaxInstructions = 4000;
// How much the block's peak of live 32-bit values may grow.
constexpr unsigned MaxExtraLiveWords = 32;

constexpr unsigned LoadLatency = 30, SpecialLatency = 20, OtherLatency = 4;

bool isSpecialFunction(const Instruction &I) {
  if (I.getOpcode() == Instruction::FDiv || I.getOpcode() == Instruction::FRem)
    return true;
  const auto *Call = dyn_cast<IntrinsicInst>(&I);
  if (!Call)
    return false;
  switch (Call->getIntrinsicID()) {
  case Intrinsic::sqrt:
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::exp2:
  case Intrinsic::log2:
    return true;
  default:
    break;
  }
  const StringRef Name = Call->getCalledFunction()->getName();
  for (StringRef Special : {"llvm.nvvm.sqrt", "llvm.nvvm.rsqrt", "llvm.nvvm.rcp", "llvm.nvvm.div",
                            "llvm.nvvm.sin", "llvm.nvvm.cos", "llvm.nvvm.ex2", "llvm.nvvm.lg2"})
    if (Name.starts_with(Special))
      return true;
  return false;
}

unsigned latencyOf(const Instruction &I) {
  if (isa<LoadInst>(I))
    return LoadLatency;
  return isSpecialFunction(I) ? SpecialLatency : OtherLatency;
}

// Whether I must keep its place: it writes memory, has other side effects,
// or is convergent; so are PHIs and the terminator.
bool isFixed(const Instruction &I) {
  if (isa<PHINode>(I) || I.isTerminator() || isa<AllocaInst>(I) || I.isEHPad())
    return true;
  if (I.mayWriteToMemory() || I.mayHaveSideEffects())
    return true;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return Call->isConvergent() || !isa<IntrinsicInst>(Call);
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return !Load->isSimple();
  return false;
}

unsigned wordsOf(const Value *V) {
  Type *T = V->getType();
  if (T->isVoidTy())
    return 0;
  const unsigned Bits = T->getPrimitiveSizeInBits().getKnownMinValue();
  if (!Bits) // (a pointer)
    return 2;
  return std::max(1u, (Bits + 31) / 32);
}

// The peak of live 32-bit words of values the block defines, for its
// instructions in Order (values used after the block live to its end).
unsigned peakLiveWords(const BasicBlock &B, ArrayRef<Instruction *> Order) {
  DenseMap<const Instruction *, unsigned> Position;
  for (unsigned K = 0; K < Order.size(); ++K)
    Position[Order[K]] = K;
  // When each value dies: its last use in Order, or never (used elsewhere).
  std::vector<int> Deaths(Order.size() + 1, 0);
  unsigned Live = 0, Peak = 0;
  std::vector<unsigned> Born(Order.size(), 0);
  for (unsigned K = 0; K < Order.size(); ++K) {
    const Instruction *I = Order[K];
    unsigned Last = K;
    bool Escapes = false;
    for (const User *U : I->users()) {
      const auto *UI = cast<Instruction>(U);
      auto It = Position.find(UI);
      if (UI->getParent() != &B || It == Position.end() || isa<PHINode>(UI)) {
        Escapes = true;
        break;
      }
      Last = std::max(Last, It->second);
    }
    Born[K] = wordsOf(I);
    if (!Escapes)
      Deaths[Last + 1] += int(Born[K]);
  }
  for (unsigned K = 0; K < Order.size(); ++K) {
    Live -= unsigned(Deaths[K]);
    Live += Born[K];
    Peak = std::max(Peak, Live);
  }
  return Peak;
}

// The instructions of B in issue order: each run between two fixed
// instructions sorted by depth (stable), the fixed ones in place.
std::vector<Instruction *> latencyOrder(BasicBlock &B) {
  std::vector<Instruction *> Result;
  std::vector<Instruction *> Run;
  DenseMap<const Instruction *, unsigned> Ready; // earliest issue time
  auto Flush = [&] {
    std::stable_sort(Run.begin(), Run.end(), [&](Instruction *A, Instruction *C) {
      return Ready.lookup(A) < Ready.lookup(C);
    });
    append_range(Result, Run);
    Run.clear();
  };
  for (Instruction &I : B) {
    if (isFixed(I)) {
      Flush();
      Result.push_back(&I);
      continue;
    }
    unsigned Depth = 0;
    for (const Use &Op : I.operands())
      if (const auto *Def = dyn_cast<Instruction>(Op.get());
          Def && Def->getParent() == &B && !isFixed(*Def))
        if (auto It = Ready.find(Def); It != Ready.end())
          Depth = std::max(Depth, It->second + latencyOf(*Def));
    Ready[&I] = Depth;
    Run.push_back(&I);
  }
  Flush();
  return Result;
}

} // namespace

PreservedAnalyses LatencyOrderPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  OptimizationRemarkEmitter &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost())
      continue;
    for (BasicBlock *B : L->blocks()) {
      const size_t Size = B->size();
      if (Size < MinInstructions || Size > MaxInstructions)
        continue;
      std::vector<Instruction *> Before;
      for (Instruction &I : *B)
        Before.push_back(&I);
      std::vector<Instruction *> After = latencyOrder(*B);
      if (After == Before)
        continue;
      const unsigned PeakBefore = peakLiveWords(*B, Before);
      const unsigned PeakAfter = peakLiveWords(*B, After);
      if (PeakAfter > PeakBefore + MaxExtraLiveWords) {
        ORE.emit([&] {
          return OptimizationRemarkMissed(PassName, "Pressure", B->getTerminator())
                 << "loop block of " << ore::NV("Instructions", unsigned(Size))
                 << " instructions kept in order: interleaved, its live values would peak at "
                 << ore::NV("After", PeakAfter) << " words, not " << ore::NV("Before", PeakBefore);
        });
        continue;
      }
      for (Instruction *I : After)
        I->moveBefore(*B, B->end());
      Changed = true;
      ORE.emit([&] {
        return OptimizationRemark(PassName, "Ordered", B->getTerminator())
               << "loop block of " << ore::NV("Instructions", unsigned(Size))
               << " instructions in dependence-depth order (live values peak at "
               << ore::NV("After", PeakAfter) << " words, " << ore::NV("Before", PeakBefore)
               << " before)";
      });
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

void registerLatencyOrderPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != LatencyOrderPass::name())
          return false;
        FPM.addPass(LatencyOrderPass());
        return true;
      });
}

} // namespace usycl::passes
