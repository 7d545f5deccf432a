//===- host_device_specialize.cpp - Kernels specialised on host constants ===//

#include "host_device_specialize.hpp"
#include "specialization_plan.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <set>

using namespace llvm;

namespace usycl::passes {

namespace {

cl::opt<std::string> PlanOption(
    "usycl-specialization-plan", cl::init(""), cl::value_desc("file"),
    cl::desc("clone the kernels of this host-to-device specialisation plan "
             "(usycl++ -fsycl-host-device-opt)"));

constexpr const char *RemarkName = "usycl-host-device-opt";
// sycl::_V1::detail::register_kernel_host_entry(kernel_host_entry const&)
constexpr StringRef RegisterHostEntryPrefix = "_ZN4sycl3_V16detail26register_kernel_host_entry";
// kernel_host_entry (sycl/detail/kernel_host_registry.hpp): the members the
// pass reads, by index.
constexpr unsigned EntrySymbol = 0, EntryCpuRange = 4, EntryCpuNd = 5, EntryCpuNdGroup = 6;

void remark(Function &F, const Twine &Message) {
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkName, "Specialised", &F) << Message.str();
  });
}
void missed(Function &F, const Twine &Message) {
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkName, "NotSpecialised", &F) << Message.str();
  });
}

// The little-endian bytes as one integer constant (SROA and GVN forward an
// integer store to loads of any type inside it).
Constant *bytesConstant(LLVMContext &Ctx, ArrayRef<uint8_t> Bytes) {
  SmallVector<uint64_t, 4> Words((Bytes.size() + 7) / 8, 0);
  for (size_t I = 0; I < Bytes.size(); ++I)
    Words[I / 8] |= uint64_t(Bytes[I]) << (8 * (I % 8));
  return ConstantInt::get(Ctx, APInt(unsigned(Bytes.size() * 8), Words));
}

// Makes F read its kernel object (argument `Arg`) from a local copy whose
// folded bytes are the plan's constants.
Value *foldObject(Function &F, Argument &Arg, const KernelSpecialization &S, Align SrcAlign) {
  const DataLayout &DL = F.getDataLayout();
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *Copy = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), S.ObjectSize),
                                    DL.getAllocaAddrSpace(), nullptr, "usycl.hdo.object");
  Copy->setAlignment(Align(16));
  Value *Local = Copy;
  if (Copy->getType() != Arg.getType())
    Local = B.CreateAddrSpaceCast(Copy, Arg.getType());
  Arg.replaceAllUsesWith(Local);
  B.CreateMemCpy(Copy, Align(16), &Arg, SrcAlign, S.ObjectSize);
  for (const KernelFold &Fold : S.Folds)
    B.CreateAlignedStore(bytesConstant(F.getContext(), Fold.Bytes),
                         Fold.Offset ? B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Copy,
                                                                    Fold.Offset)
                                     : Copy,
                         Align(1));
  return Local;
}

// The CPU launchers hand the work to the runtime as (items function,
// kernel object): cpu_range_launcher passes &cpu_range_items<K, Dims> and the
// object to __usycl_cpu_assert_run_range. Such a function, passed beside the
// folded object, is where the kernel body runs: it gets a folded clone too.
// Whether V is Object, or (unoptimised code at the pipeline start) a load of
// the one value stored in its spill slot.
bool isObject(Value *V, Value *Object) {
  if (V == Object)
    return true;
  auto *Load = dyn_cast<LoadInst>(V);
  auto *Slot = Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()) : nullptr;
  if (!Slot)
    return false;
  StoreInst *Spill = nullptr;
  for (User *U : Slot->users()) {
    if (auto *St = dyn_cast<StoreInst>(U)) {
      if (Spill || St->getPointerOperand() != Slot)
        return false;
      Spill = St;
    } else if (!isa<LoadInst>(U)) {
      return false;
    }
  }
  return Spill && Spill->getValueOperand() == Object;
}

void foldCallbacks(Function &Launcher, Value *Object, const KernelSpecialization &S,
                   StringRef Suffix) {
  for (Instruction &I : instructions(Launcher)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || none_of(Call->args(), [&](Value *A) { return isObject(A, Object); }))
      continue;
    for (Use &Arg : Call->args()) {
      auto *Callback = dyn_cast<Function>(Arg.get());
      if (!Callback || Callback->isDeclaration() || Callback->arg_empty() ||
          !Callback->getArg(0)->getType()->isPointerTy())
        continue;
      ValueToValueMapTy Map;
      Function *C = CloneFunction(Callback, Map);
      C->setName(Callback->getName() + "." + Suffix);
      C->setLinkage(GlobalValue::InternalLinkage);
      C->setComdat(nullptr);
      foldObject(*C, *C->getArg(0), S, Align(1));
      Arg.set(C);
    }
  }
}

std::string describe(const KernelSpecialization &S) {
  std::string Text;
  for (const KernelFold &F : S.Folds)
    Text += (Text.empty() ? "" : ", ") + std::to_string(F.Bytes.size()) + " at offset " +
            std::to_string(F.Offset) + " = 0x" +
            toHex(ArrayRef<uint8_t>(F.Bytes), /*LowerCase=*/true);
  return Text;
}

bool isKernelEntry(const Function &F) {
  return !F.isDeclaration() && (F.getCallingConv() == CallingConv::PTX_Kernel ||
                                F.getCallingConv() == CallingConv::SPIR_KERNEL);
}

bool specializeDevice(Module &M, ArrayRef<KernelSpecialization> Plan) {
  const DataLayout &DL = M.getDataLayout();
  bool Changed = false;
  for (const KernelSpecialization &S : Plan) {
    Function *F = M.getFunction(S.Kernel);
    std::string Clone = cloneSymbol(S);
    if (!F || !isKernelEntry(*F) || M.getFunction(Clone))
      continue;
    Type *Object = F->arg_empty() ? nullptr : F->getParamByValType(0);
    if (!Object || DL.getTypeAllocSize(Object) != S.ObjectSize) {
      missed(*F, "kernel '" + S.Kernel + "': not specialised: its kernel object is not a " +
                     Twine(S.ObjectSize) + "-byte value argument");
      continue;
    }
    ValueToValueMapTy Map;
    Function *C = CloneFunction(F, Map);
    C->setName(Clone);
    foldObject(*C, *C->getArg(0), S, F->getParamAlign(0).valueOrOne());
    remark(*C, "kernel '" + S.Kernel + "': clone '" + Clone + "' with " + describe(S));
    Changed = true;
  }
  return Changed;
}

// What a call's argument resolves to at the pipeline start: a constant, or
// the constant a trivial getter returns (kernel_host_registration's
// range_launcher() & co.).
Constant *resolveConstant(Value *V) {
  if (auto *C = dyn_cast<Constant>(V))
    return C;
  auto *Call = dyn_cast<CallInst>(V);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Callee->isDeclaration() || Callee->size() != 1)
    return nullptr;
  auto *Ret = dyn_cast<ReturnInst>(Callee->getEntryBlock().getTerminator());
  return Ret && Ret->getReturnValue() ? dyn_cast<Constant>(Ret->getReturnValue()) : nullptr;
}

struct HostEntry {
  std::string Symbol;
  Function *Launchers[3] = {nullptr, nullptr, nullptr}; // cpu_range, cpu_nd, cpu_nd_group
};

// The kernel_host_entry registrations of the module (temporaries filled
// member by member before register_kernel_host_entry is called).
std::vector<HostEntry> hostEntries(Module &M) {
  std::vector<HostEntry> Entries;
  const DataLayout &DL = M.getDataLayout();
  for (Function &Register : M) {
    if (!Register.getName().starts_with(RegisterHostEntryPrefix))
      continue;
    for (User *U : Register.users()) {
      auto *Call = dyn_cast<CallBase>(U);
      auto *Temp = Call && Call->getCalledFunction() == &Register && Call->arg_size() == 1
                       ? dyn_cast<AllocaInst>(Call->getArgOperand(0))
                       : nullptr;
      auto *Layout = Temp ? dyn_cast<StructType>(Temp->getAllocatedType()) : nullptr;
      if (!Layout || Layout->getNumElements() <= EntryCpuNdGroup)
        continue;
      const StructLayout *SL = DL.getStructLayout(Layout);
      DenseMap<uint64_t, Value *> Stored;
      for (User *TU : Temp->users()) {
        auto *Ptr = dyn_cast<Instruction>(TU);
        APInt Offset(DL.getIndexTypeSizeInBits(Temp->getType()), 0);
        if (auto *G = dyn_cast<GetElementPtrInst>(TU)) {
          if (!G->accumulateConstantOffset(DL, Offset))
            continue;
        } else if (!isa<StoreInst>(TU)) {
          continue;
        }
        auto Record = [&](StoreInst *St) {
          if (St->getPointerOperand() == Ptr || St->getPointerOperand() == Temp)
            Stored[Offset.getZExtValue()] = St->getValueOperand();
        };
        if (auto *St = dyn_cast<StoreInst>(TU))
          Record(St);
        else
          for (User *GU : Ptr->users())
            if (auto *St = dyn_cast<StoreInst>(GU))
              Record(St);
      }
      HostEntry E;
      auto *Name = dyn_cast_or_null<GlobalVariable>(
          Stored.lookup(SL->getElementOffset(EntrySymbol)));
      auto *Init = Name && Name->hasDefinitiveInitializer()
                       ? dyn_cast<ConstantDataSequential>(Name->getInitializer())
                       : nullptr;
      if (!Init || !Init->isCString())
        continue;
      E.Symbol = Init->getAsCString().str();
      const unsigned Members[3] = {EntryCpuRange, EntryCpuNd, EntryCpuNdGroup};
      for (unsigned I = 0; I < 3; ++I) {
        Value *V = Stored.lookup(SL->getElementOffset(Members[I]));
        Constant *C = V ? resolveConstant(V) : nullptr;
        auto *F = C ? dyn_cast<Function>(C->stripPointerCasts()) : nullptr;
        E.Launchers[I] = F && !F->isDeclaration() ? F : nullptr;
      }
      Entries.push_back(std::move(E));
    }
  }
  return Entries;
}

GlobalVariable *privateConstant(Module &M, Constant *Init, const Twine &Name) {
  auto *G = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                               GlobalValue::PrivateLinkage, Init, Name);
  G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return G;
}

bool specializeHost(Module &M, ArrayRef<KernelSpecialization> Plan) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  // runtime/kernel_specializations.hpp, version 1.
  StructType *FoldTy = StructType::get(Ctx, {I32, I32, Ptr});
  StructType *SpecTy = StructType::get(Ctx, {I32, Ptr, Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr});

  std::vector<HostEntry> Entries = hostEntries(M);
  std::vector<Constant *> Specs;
  std::set<std::string> Done;
  for (const KernelSpecialization &S : Plan) {
    std::string Clone = cloneSymbol(S);
    if (!Done.insert(Clone).second)
      continue;
    Constant *Launchers[3] = {ConstantPointerNull::get(Ptr), ConstantPointerNull::get(Ptr),
                              ConstantPointerNull::get(Ptr)};
    for (const HostEntry &E : Entries) {
      if (E.Symbol != S.Kernel)
        continue;
      for (unsigned I = 0; I < 3; ++I) {
        Function *L = E.Launchers[I];
        if (!L)
          continue;
        ValueToValueMapTy Map;
        Function *C = CloneFunction(L, Map);
        StringRef Suffix = StringRef(Clone).substr(S.Kernel.size() + 1);
        C->setName(L->getName() + "." + Suffix);
        C->setLinkage(GlobalValue::InternalLinkage);
        C->setComdat(nullptr);
        foldCallbacks(*C, foldObject(*C, *C->getArg(0), S, Align(1)), S, Suffix);
        remark(*C, "kernel '" + S.Kernel + "': CPU launcher clone with " + describe(S));
        Launchers[I] = C;
      }
      break;
    }
    std::vector<Constant *> Folds;
    for (const KernelFold &F : S.Folds) {
      GlobalVariable *Bytes =
          privateConstant(M, ConstantDataArray::get(Ctx, ArrayRef<uint8_t>(F.Bytes)),
                          "usycl.hdo.bytes");
      Folds.push_back(ConstantStruct::get(
          FoldTy, {ConstantInt::get(I32, F.Offset), ConstantInt::get(I32, F.Bytes.size()),
                   Bytes}));
    }
    GlobalVariable *FoldArray = privateConstant(
        M, ConstantArray::get(ArrayType::get(FoldTy, Folds.size()), Folds), "usycl.hdo.folds");
    auto String = [&](StringRef Text) {
      return privateConstant(M, ConstantDataArray::getString(Ctx, Text), "usycl.hdo.name");
    };
    Specs.push_back(ConstantStruct::get(
        SpecTy, {ConstantInt::get(I32, 1), String(S.Kernel), String(Clone),
                 ConstantInt::get(I64, S.ObjectSize), ConstantInt::get(I32, Folds.size()),
                 FoldArray, Launchers[0], Launchers[1], Launchers[2]}));
  }
  if (Specs.empty())
    return false;
  GlobalVariable *Table = privateConstant(
      M, ConstantArray::get(ArrayType::get(SpecTy, Specs.size()), Specs),
      "usycl.hdo.specializations");
  // Registered while the unit is loaded: a shared library that is unloaded
  // takes its table (and its launcher clones) with it.
  Type *SizeTy = M.getDataLayout().getIntPtrType(Ctx);
  auto Caller = [&](StringRef Name, StringRef Callee) {
    FunctionCallee Entry = M.getOrInsertFunction(
        Callee, FunctionType::get(Type::getVoidTy(Ctx), {Ptr, SizeTy}, false));
    Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                   GlobalValue::InternalLinkage, Name, M);
    IRBuilder<> B(BasicBlock::Create(Ctx, "", F));
    B.CreateCall(Entry, {Table, ConstantInt::get(SizeTy, Specs.size())});
    B.CreateRetVoid();
    return F;
  };
  appendToGlobalCtors(M, Caller("usycl.hdo.register", RegisterSpecializationsFunction), 65535);
  appendToGlobalDtors(M, Caller("usycl.hdo.unregister", UnregisterSpecializationsFunction),
                      65535);
  return true;
}

} // namespace

PreservedAnalyses HostDeviceSpecializePass::run(Module &M, ModuleAnalysisManager &) {
  if (PlanPath.empty())
    return PreservedAnalyses::all();
  Expected<std::vector<KernelSpecialization>> Plan = readSpecializationPlan(PlanPath);
  if (!Plan) {
    M.getContext().emitError("usycl-host-device-specialize: " + toString(Plan.takeError()));
    return PreservedAnalyses::all();
  }
  if (Plan->empty())
    return PreservedAnalyses::all();
  Triple T(M.getTargetTriple());
  bool Device = T.isNVPTX() || T.isSPIROrSPIRV();
  bool Changed = Device ? specializeDevice(M, *Plan) : specializeHost(M, *Plan);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerHostDeviceSpecializePasses(PassBuilder &PB) {
  // Also at -O0 (a host pass without -O): the registration is what lets the
  // GPU passes' clones run.
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    if (!PlanOption.empty())
      MPM.addPass(HostDeviceSpecializePass(PlanOption));
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name, HostDeviceSpecializePass::name()))
          return false;
        Expected<std::string> Plan = PassBuilder::parsePassParameters(
            [](StringRef Params) -> Expected<std::string> {
              auto [Key, Value] = Params.split('=');
              if (Key != "plan" || Value.empty())
                return createStringError(inconvertibleErrorCode(),
                                         "invalid usycl-host-device-specialize parameter '" +
                                             Params + "' (expected plan=<file>)");
              return Value.str();
            },
            Name, HostDeviceSpecializePass::name());
        if (!Plan) {
          errs() << toString(Plan.takeError()) << "\n";
          return false;
        }
        MPM.addPass(HostDeviceSpecializePass(std::move(*Plan)));
        return true;
      });
}

} // namespace usycl::passes
