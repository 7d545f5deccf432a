//===- launch_sub_group_width.cpp - A kernel's required sub-group width ---===//
#include "launch_sub_group_width.hpp"

#include "plugin_annotations.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace usycl::passes {
namespace {

constexpr StringLiteral ReqdSubGroupSizeAnnotation = "usycl.reqd_sub_group_size";
// How far below the launcher the functor's call operator may be: the
// launcher calls invoke_nd_kernel, which calls the functor, which the
// handler may have wrapped (reductions, kernel_handler) once or twice.
constexpr unsigned MaxCallDepth = 6;

// The required width of the kernel functor the launcher calls, if it has one.
std::optional<uint64_t> requiredWidth(Function &Launcher,
                                      const DenseMap<const Function *, uint64_t> &Required) {
  SmallVector<Function *, 8> Level{&Launcher};
  SmallPtrSet<Function *, 16> Seen{&Launcher};
  for (unsigned Depth = 0; Depth < MaxCallDepth && !Level.empty(); ++Depth) {
    SmallVector<Function *, 8> Next;
    for (Function *F : Level)
      for (Instruction &I : instructions(*F)) {
        auto *CB = dyn_cast<CallBase>(&I);
        Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!Callee || Callee->isDeclaration() || !Seen.insert(Callee).second)
          continue;
        if (auto It = Required.find(Callee); It != Required.end())
          return It->second;
        Next.push_back(Callee);
      }
    Level = std::move(Next);
  }
  return std::nullopt;
}

} // namespace

PreservedAnalyses LaunchSubGroupWidthPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(LaunchSubGroupWidthMarker);
  if (!Marker || Marker->use_empty())
    return PreservedAnalyses::all();
  DenseMap<const Function *, uint64_t> Required;
  forEachPluginAnnotation(M, [&](Function &F, StringRef Name, const std::vector<uint64_t> &Args) {
    if (Name == ReqdSubGroupSizeAnnotation && Args.size() == 1 && Args[0] != 0)
      Required.try_emplace(&F, Args[0]);
  });
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Marker->users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == Marker)
      Calls.push_back(CB);
  DenseMap<Function *, std::optional<uint64_t>> WidthOf;
  for (CallBase *CB : Calls) {
    Function *Launcher = CB->getFunction();
    auto [It, New] = WidthOf.try_emplace(Launcher);
    if (New)
      It->second = requiredWidth(*Launcher, Required);
    Value *Width = CB->getArgOperand(0);
    if (It->second)
      Width = ConstantInt::get(CB->getType(), *It->second);
    CB->replaceAllUsesWith(Width);
    CB->eraseFromParent();
  }
  // The annotations only kept the call operators alive.
  stripPluginAnnotations(M);
  return PreservedAnalyses::none();
}

void registerLaunchSubGroupWidthPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(LaunchSubGroupWidthPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != LaunchSubGroupWidthPass::name())
          return false;
        MPM.addPass(LaunchSubGroupWidthPass());
        return true;
      });
}

} // namespace usycl::passes
