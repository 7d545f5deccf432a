//===- device_if.cpp - JIT-mode if_device_has in device IR ----------------===//
//
// See device_if.hpp.
//
//===----------------------------------------------------------------------===//

#include "device_if.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace usycl::passes {

namespace {

// The constant aspect of a marker call, or nullopt.
std::optional<uint32_t> markerAspect(const CallBase &CB) {
  if (auto *C = dyn_cast<ConstantInt>(CB.getArgOperand(0)))
    return static_cast<uint32_t>(C->getZExtValue());
  return std::nullopt;
}

SmallVector<CallBase *, 8> markerCalls(Function &Marker) {
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Marker.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == &Marker)
      Calls.push_back(CB);
  return Calls;
}

} // namespace

DenseMap<const BasicBlock *, std::set<uint32_t>> deviceIfGuards(Function &F) {
  DenseMap<const BasicBlock *, std::set<uint32_t>> Guards;
  // Conditional branches on a marker call, with the aspect asked about.
  SmallVector<std::pair<BranchInst *, uint32_t>, 4> Branches;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || !CB->getCalledFunction() ||
          CB->getCalledFunction()->getName() != DeviceHasMarker)
        continue;
      std::optional<uint32_t> Aspect = markerAspect(*CB);
      if (!Aspect)
        continue;
      // clang branches on the call's result directly (the header makes
      // each query its own operand of &&); look through a zext/trunc pair
      // too, in case the bool went through an i8.
      for (User *U : CB->users()) {
        Value *V = U;
        if (isa<CastInst>(V) && V->hasOneUse())
          V = *V->user_begin();
        if (auto *Cmp = dyn_cast<ICmpInst>(V);
            Cmp && Cmp->getPredicate() == ICmpInst::ICMP_NE &&
            isa<ConstantInt>(Cmp->getOperand(1)) &&
            cast<ConstantInt>(Cmp->getOperand(1))->isZero() &&
            Cmp->hasOneUse())
          V = *Cmp->user_begin();
        if (auto *BI = dyn_cast<BranchInst>(V); BI && BI->isConditional())
          Branches.push_back({BI, *Aspect});
      }
    }
  if (Branches.empty())
    return Guards;
  DominatorTree DT(F);
  for (auto [BI, Aspect] : Branches) {
    BasicBlockEdge TrueEdge(BI->getParent(), BI->getSuccessor(0));
    for (BasicBlock &BB : F)
      if (DT.dominates(TrueEdge, &BB))
        Guards[&BB].insert(Aspect);
  }
  return Guards;
}

std::set<uint32_t> deviceHasQueries(const Module &M, bool *NonConstant) {
  std::set<uint32_t> Aspects;
  Function *Marker = M.getFunction(DeviceHasMarker);
  if (!Marker)
    return Aspects;
  for (CallBase *CB : markerCalls(*Marker)) {
    if (std::optional<uint32_t> A = markerAspect(*CB))
      Aspects.insert(*A);
    else if (NonConstant)
      *NonConstant = true;
  }
  return Aspects;
}

bool specializeDeviceHas(Module &M, const std::set<uint32_t> &Has) {
  Function *Marker = M.getFunction(DeviceHasMarker);
  if (!Marker)
    return false;
  for (CallBase *CB : markerCalls(*Marker)) {
    // A query the header did not write with a constant (none should exist):
    // "no" is the answer that never runs code the device may lack.
    std::optional<uint32_t> A = markerAspect(*CB);
    bool Answer = A && Has.count(*A);
    CB->replaceAllUsesWith(ConstantInt::get(CB->getType(), Answer));
    CB->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return true;
}

PreservedAnalyses DeviceIfSpecializePass::run(Module &M,
                                              ModuleAnalysisManager &) {
  return specializeDeviceHas(M, Has) ? PreservedAnalyses::none()
                                     : PreservedAnalyses::all();
}

void registerDeviceIfPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(
                Name, DeviceIfSpecializePass::name()))
          return false;
        auto Parse = [](StringRef Params) -> Expected<std::set<uint32_t>> {
          std::set<uint32_t> Has;
          while (!Params.empty()) {
            StringRef Param;
            std::tie(Param, Params) = Params.split(';');
            auto [Key, Value] = Param.split('=');
            if (Key != "has")
              return createStringError(
                  "unknown parameter '" + Key.str() +
                  "' of usycl-device-if-specialize; expected has=A:B:...");
            SmallVector<StringRef, 8> Items;
            Value.split(Items, ':', -1, /*KeepEmpty=*/false);
            for (StringRef Item : Items) {
              uint32_t A = 0;
              if (Item.getAsInteger(10, A))
                return createStringError("usycl-device-if-specialize: '" +
                                         Item.str() +
                                         "' is not an aspect number");
              Has.insert(A);
            }
          }
          return Has;
        };
        Expected<std::set<uint32_t>> Has = PassBuilder::parsePassParameters(
            Parse, Name, DeviceIfSpecializePass::name());
        if (!Has) {
          errs() << toString(Has.takeError()) << "\n";
          return false;
        }
        MPM.addPass(DeviceIfSpecializePass(std::move(*Has)));
        return true;
      });
}

} // namespace usycl::passes
