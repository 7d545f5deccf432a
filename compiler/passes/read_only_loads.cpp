//===- read_only_loads.cpp - ld.global.nc for data a kernel never writes --===//

#include "read_only_loads.hpp"

#include "device_globals.hpp"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace usycl::passes {
namespace {

constexpr unsigned GenericSpace = 0, GlobalSpace = 1;
// Alias queries per kernel at most (loads x writers): a huge kernel keeps
// its loads as they are rather than slow the compilation down.
constexpr size_t QueryBudget = 200000;

// Instructions that write no memory a kernel's data can live in: barriers
// and fences order memory but write none (a location read on both sides of a
// barrier and written by nobody is still read-only), and the runtime hooks
// below write only their own state.
bool writesNoKernelMemory(const Instruction &I) {
  if (isa<FenceInst>(I))
    return true;
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return false;
  const StringRef Name = Callee->getName();
  // The runtime's own device state (assert flags, the printf buffer), which
  // no pointer a kernel is given can reach.
  if (Name.starts_with("__usycl_assert") || Name == "vprintf" || Name == "__assertfail")
    return true;
  // libdevice's math (linked after this pass, so only declared here): pure
  // unless it has a pointer to write through (sincos, frexp, modf, ...).
  if (Name.starts_with("__nv_"))
    return none_of(Call->args(), [](const Use &A) { return A->getType()->isPointerTy(); });
  if (!Callee->isIntrinsic())
    return false;
  return Name.starts_with("llvm.nvvm.barrier") || Name.starts_with("llvm.nvvm.bar.") ||
         Name.starts_with("llvm.nvvm.membar") || Name.starts_with("llvm.nvvm.fence");
}

// Where a pointer comes from, as far as this pass cares: a pointer loaded
// from the kernel object (a captured USM or accessor pointer), or the copy of
// a device_global (loaded from its slot), or anything else.
enum class Origin { KernelObject, DeviceGlobal, Other };

Origin originOf(const Value *Pointer) {
  const Value *Base = getUnderlyingObject(Pointer);
  const auto *Load = dyn_cast<LoadInst>(Base);
  if (!Load)
    return Origin::Other;
  const Value *From = getUnderlyingObject(Load->getPointerOperand());
  if (const auto *Arg = dyn_cast<Argument>(From); Arg && Arg->hasByValAttr())
    return Origin::KernelObject;
  if (const auto *GV = dyn_cast<GlobalVariable>(From);
      GV && GV->hasMetadata(DeviceGlobalSlotMetadata))
    return Origin::DeviceGlobal;
  return Origin::Other;
}

// A device_global's copy is memory the runtime allocates and only device
// code reaches (through the variable): no pointer the host gave the kernel
// points into it.
bool cannotReach(const Instruction &Writer, Origin LoadOrigin) {
  if (LoadOrigin != Origin::DeviceGlobal)
    return false;
  const Value *Pointer = nullptr;
  if (const auto *S = dyn_cast<StoreInst>(&Writer))
    Pointer = S->getPointerOperand();
  else if (const auto *A = dyn_cast<AtomicRMWInst>(&Writer))
    Pointer = A->getPointerOperand();
  else if (const auto *C = dyn_cast<AtomicCmpXchgInst>(&Writer))
    Pointer = C->getPointerOperand();
  if (!Pointer)
    return false;
  // The copy is in global memory: work-group (3) and private (5) memory
  // are elsewhere.
  const unsigned Space = Pointer->getType()->getPointerAddressSpace();
  return Space == 3 || Space == 5 || originOf(Pointer) == Origin::KernelObject;
}

bool markReadOnlyLoads(Function &F, AAResults &AA) {
  SmallVector<LoadInst *, 32> Loads;
  SmallVector<Instruction *, 32> Writers;
  for (Instruction &I : instructions(F)) {
    if (auto *L = dyn_cast<LoadInst>(&I)) {
      const unsigned Space = L->getPointerAddressSpace();
      if (L->isSimple() && (Space == GlobalSpace || Space == GenericSpace) &&
          !L->hasMetadata(LLVMContext::MD_invariant_load))
        Loads.push_back(L);
    } else if (I.mayWriteToMemory() && !writesNoKernelMemory(I)) {
      Writers.push_back(&I);
    }
  }
  if (Loads.empty() || Loads.size() * std::max<size_t>(Writers.size(), 1) > QueryBudget)
    return false;
  bool Changed = false;
  MDNode *Empty = MDNode::get(F.getContext(), {});
  for (LoadInst *L : Loads) {
    const MemoryLocation Where = MemoryLocation::get(L);
    const Origin LoadOrigin = originOf(L->getPointerOperand());
    bool Written = false;
    for (Instruction *W : Writers)
      if (!cannotReach(*W, LoadOrigin) && isModSet(AA.getModRefInfo(W, Where))) {
        Written = true;
        break;
      }
    if (Written)
      continue;
    L->setMetadata(LLVMContext::MD_invariant_load, Empty);
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses ReadOnlyLoadsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::PTX_Kernel)
      Changed |= markReadOnlyLoads(F, FAM.getResult<AAManager>(F));
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

void registerReadOnlyLoadsPasses(PassBuilder &PB) {
  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel Level,
                                        ThinOrFullLTOPhase) {
    if (Level != OptimizationLevel::O0)
      MPM.addPass(ReadOnlyLoadsPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != ReadOnlyLoadsPass::name())
          return false;
        MPM.addPass(ReadOnlyLoadsPass());
        return true;
      });
}

} // namespace usycl::passes
