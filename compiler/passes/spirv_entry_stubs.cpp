//===- spirv_entry_stubs.cpp - SPIR-V images' entry points ----------------===//

#include "spirv_entry_stubs.hpp"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"

using namespace llvm;

namespace usycl::passes {

namespace {

// Not Function::deleteBody, which also clears the metadata (the kernels'
// requirements) and the linkage.
void emptyBody(Function &F) {
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  BasicBlock *Entry = BasicBlock::Create(F.getContext(), "entry", &F);
  if (F.getReturnType()->isVoidTy())
    ReturnInst::Create(F.getContext(), Entry);
  else
    new UnreachableInst(F.getContext(), Entry);
}

} // namespace

bool stubSpirvEntryPoints(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !F.hasExternalLinkage())
      continue;
    emptyBody(F);
    Changed = true;
  }
  if (!Changed)
    return false;
  // What only the old bodies referenced (internal and linkonce functions,
  // constants, local-memory variables).
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  GlobalDCEPass().run(M, MAM);
  return true;
}

PreservedAnalyses SpirvEntryStubsPass::run(Module &M, ModuleAnalysisManager &) {
  return stubSpirvEntryPoints(M) ? PreservedAnalyses::none()
                                 : PreservedAnalyses::all();
}

void registerSpirvEntryStubsPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != SpirvEntryStubsPass::name())
          return false;
        MPM.addPass(SpirvEntryStubsPass());
        return true;
      });
}

} // namespace usycl::passes
