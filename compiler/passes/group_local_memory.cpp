//===- group_local_memory.cpp - Work-group memory per call site -----------===//
//
// See group_local_memory.hpp.
//
//===----------------------------------------------------------------------===//

#include "group_local_memory.hpp"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace usycl::passes {

namespace {

// NVPTX's shared (CUDA __shared__, SYCL local) address space.
constexpr unsigned SharedAddressSpace = 3;

Value *sharedMemoryFor(Module &M, CallBase &Call, uint64_t Size, uint64_t Align) {
  auto *Type = ArrayType::get(Type::getInt8Ty(M.getContext()), Size ? Size : 1);
  auto *Storage = new GlobalVariable(
      M, Type, /*isConstant=*/false, GlobalValue::InternalLinkage, UndefValue::get(Type),
      "__usycl_group_local", nullptr, GlobalValue::NotThreadLocal, SharedAddressSpace);
  Storage->setAlignment(llvm::Align(Align));
  Storage->setUnnamedAddr(GlobalValue::UnnamedAddr::None);
  IRBuilder<> B(&Call);
  return B.CreateAddrSpaceCast(Storage, Call.getType());
}

Value *cpuMemoryFor(Module &M, CallBase &Call, uint64_t Size, uint64_t Align) {
  LLVMContext &C = M.getContext();
  // The key's address names the call site; its value is never read.
  auto *Key = new GlobalVariable(M, Type::getInt8Ty(C), /*isConstant=*/true,
                                 GlobalValue::PrivateLinkage, ConstantInt::get(Type::getInt8Ty(C), 0),
                                 "__usycl_group_local_site");
  Key->setUnnamedAddr(GlobalValue::UnnamedAddr::None); // never merged with another site
  Type *SizeTy = Call.getArgOperand(0)->getType();
  FunctionCallee Runtime = M.getOrInsertFunction(
      CpuGroupLocalMemoryFunction, Call.getType(), Key->getType(), SizeTy, SizeTy);
  IRBuilder<> B(&Call);
  return B.CreateCall(Runtime, {Key, ConstantInt::get(SizeTy, Size), ConstantInt::get(SizeTy, Align)});
}

} // namespace

PreservedAnalyses GroupLocalMemoryPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(GroupLocalMemoryMarker);
  if (!Marker)
    return PreservedAnalyses::all();
  const bool Nvptx = Triple(M.getTargetTriple()).isNVPTX();
  // In program order, so that the memory is laid out as the code reads.
  SmallVector<CallBase *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledOperand() == Marker)
        Calls.push_back(CB);
  for (CallBase *Call : Calls) {
    auto *Size = Call->arg_size() == 2 ? dyn_cast<ConstantInt>(Call->getArgOperand(0)) : nullptr;
    auto *Align = Call->arg_size() == 2 ? dyn_cast<ConstantInt>(Call->getArgOperand(1)) : nullptr;
    if (!Size || !Align || !Align->getValue().isPowerOf2()) {
      Call->getContext().diagnose(DiagnosticInfoUnsupported(
          *Call->getFunction(),
          "group_local_memory: the size and alignment of the allocation must be "
          "compile-time constants (sizeof and alignof of its type)",
          Call->getDebugLoc()));
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
      Call->eraseFromParent();
      continue;
    }
    Value *Memory = Nvptx ? sharedMemoryFor(M, *Call, Size->getZExtValue(), Align->getZExtValue())
                          : cpuMemoryFor(M, *Call, Size->getZExtValue(), Align->getZExtValue());
    Call->replaceAllUsesWith(Memory);
    Call->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return PreservedAnalyses::none();
}

void registerGroupLocalMemoryPasses(PassBuilder &PB) {
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(GroupLocalMemoryPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != GroupLocalMemoryPass::name())
          return false;
        MPM.addPass(GroupLocalMemoryPass());
        return true;
      });
}

} // namespace usycl::passes
