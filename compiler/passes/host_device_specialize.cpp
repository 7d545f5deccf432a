//===- host_device_specialize.cpp - Kernels specialised on host constants ===//

#include "host_device_specialize.hpp"
#include "specialization_plan.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
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

// A copy of F private to this module, named F's name + "." + Suffix (the
// clones' helpers: launchers, callbacks, the callees a clone owns).
Function *internalCopy(Function &F, const Twine &Suffix) {
  ValueToValueMapTy Map;
  Function *C = CloneFunction(&F, Map);
  C->setName(F.getName() + "." + Suffix);
  C->setLinkage(GlobalValue::InternalLinkage);
  C->setComdat(nullptr);
  return C;
}

// CloneFunction leaves the clone calling the original's callees: a local
// function that only the original called has two callers afterwards, and the
// inliner no longer gives it the bonus of the last call to a static
// function. A kernel body that the generic build inlines into its work-item
// loop (and vectorises there) then stays out of line in both, generic and
// clone: a 2-D stencil through five accessor reads, each with its bounds
// check, ran 6x slower on the CPU with a clone than without one
// (benchmarks/host_device_opt, stencil2d). So the clone gets its own copies
// of the local functions the original was the only caller of, recursively:
// both call trees inline as the original's did alone (and the clone's see
// its folded bytes). (Functions already called from elsewhere, or never
// inlined, keep one body; always-inlined ones are copied too, for what they
// call: the header's invoke_range_kernel and the user's operator().)
// Owned collects the copies made (the functions only the clone runs).
void privatizeCallees(Function &Clone, SmallVectorImpl<Function *> *Owned = nullptr,
                      unsigned Depth = 0) {
  if (Depth > 16)
    return;
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(Clone))
    if (auto *Call = dyn_cast<CallBase>(&I))
      Calls.push_back(Call);
  for (CallBase *Call : Calls) {
    Function *Callee = Call->getCalledFunction();
    // (linkonce_odr: a template's or a lambda's member, the kernel body of
    // every templated kernel; the device link internalises it later, when
    // it would have two callers: a docking kernel's body of 8 poses per
    // work-item then stayed a call, 0.80 x CUDA on the H100.)
    if (!Callee || Callee == &Clone || Callee->isDeclaration() ||
        !(Callee->hasLocalLinkage() || Callee->hasLinkOnceODRLinkage()) || Callee->isVarArg() ||
        Callee->hasFnAttribute(Attribute::NoInline))
      continue;
    // This call and the original's: two uses, both calls of it. An
    // always-inline function (the header's invoke_nd_kernel, which a CPU
    // kernel's fiber and loop launchers both call) is copied whatever calls
    // it, so that what it calls, the kernel body, has two callers here too.
    if ((Callee->getNumUses() != 2 && !Callee->hasFnAttribute(Attribute::AlwaysInline)) ||
        any_of(Callee->uses(), [](const Use &U) {
          auto *CB = dyn_cast<CallBase>(U.getUser());
          return !CB || !CB->isCallee(&U);
        }))
      continue;
    Function *Copy = internalCopy(*Callee, "hdo");
    Call->setCalledFunction(Copy);
    if (Owned)
      Owned->push_back(Copy);
    privatizeCallees(*Copy, Owned, Depth + 1);
  }
}

// Whether the loop's exit test compares with a literal of the source (at
// the pipeline start a bound that is a variable, a capture included, is a
// load).
bool hasLiteralBound(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
    if (Cmp && (isa<Constant>(Cmp->getOperand(0)) || isa<Constant>(Cmp->getOperand(1))))
      return true;
  }
  return false;
}

// An NVPTX clone keeps its loop nests rolled where the generic kernel's were
// run-time loops. Folding a capture such as a step count makes the outer
// loop of a nest constant, and the unroller then flattens the whole nest:
// benchmarks/host_device_opt's matvec (8 steps of a 4 x 4 matrix-vector
// product, 128 dependent FMAs) ran at 2770 GB/s fully unrolled on the H200,
// 3620 as the generic kernel's run-time loop, and 3660 - 3710 rolled, 3530
// - 3560 unrolled by 2 or 4 (the same nest with a literal trip count and
// each `#pragma unroll`). So a loop of a function only the clone runs (its
// entry, its private callees) that contains loops and whose bound is not a
// literal gets llvm.loop.unroll.disable (not where the source says how to
// unroll it). Single loops still unroll: a stencil's folded radius becomes
// straight-line taps (the row's 1.35x).
unsigned keepLoopNestsRolled(ArrayRef<Function *> Owned) {
  unsigned Count = 0;
  for (Function *F : Owned) {
    if (F->isDeclaration())
      continue;
    DominatorTree DT(*F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder()) {
      if (L->getSubLoops().empty() || hasLiteralBound(*L))
        continue;
      if (MDNode *ID = L->getLoopID();
          ID && any_of(drop_begin(ID->operands()), [](const MDOperand &Op) {
            auto *Node = dyn_cast_or_null<MDNode>(Op.get());
            auto *Name = Node && Node->getNumOperands() ? dyn_cast<MDString>(Node->getOperand(0))
                                                        : nullptr;
            return Name && Name->getString().starts_with("llvm.loop.unroll.");
          }))
        continue;
      if (!L->getLoopLatch())
        continue;
      addStringMetadataToLoop(L, "llvm.loop.unroll.disable", 1);
      ++Count;
    }
  }
  return Count;
}

// Stores the folded bytes over the object at Dst.
void storeFolds(IRBuilder<> &B, Value *Dst, ArrayRef<KernelFold> Folds) {
  for (const KernelFold &Fold : Folds)
    B.CreateAlignedStore(bytesConstant(B.getContext(), Fold.Bytes),
                         Fold.Offset ? B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Dst, Fold.Offset)
                                     : Dst,
                         Align(1));
}

// Makes F read the Size bytes its pointer argument `Arg` points to from a
// local copy whose bytes in Folds are constants.
Value *foldArgument(Function &F, Argument &Arg, uint64_t Size, ArrayRef<KernelFold> Folds,
                    Align SrcAlign, const Twine &Name) {
  const DataLayout &DL = F.getDataLayout();
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *Copy = B.CreateAlloca(ArrayType::get(B.getInt8Ty(), Size),
                                    DL.getAllocaAddrSpace(), nullptr, Name);
  Copy->setAlignment(Align(16));
  // The copy after the entry's allocas (those of other folds too).
  B.SetInsertPoint(Entry.getFirstNonPHIOrDbgOrAlloca());
  Value *Local = Copy;
  if (Copy->getType() != Arg.getType())
    Local = B.CreateAddrSpaceCast(Copy, Arg.getType());
  Arg.replaceAllUsesWith(Local);
  B.CreateMemCpy(Copy, Align(16), &Arg, SrcAlign, Size);
  storeFolds(B, Copy, Folds);
  return Local;
}

// Makes F read its kernel object (argument `Arg`) from a local copy whose
// folded bytes are the plan's constants.
Value *foldObject(Function &F, Argument &Arg, const KernelSpecialization &S, Align SrcAlign) {
  return foldArgument(F, Arg, S.ObjectSize, S.Folds, SrcAlign, "usycl.hdo.object");
}

// ---- the launch range ----------------------------------------------------------
// The structures the launch's geometry reaches kernels in
// (sycl/detail/kernel_desc.hpp; x86-64 and NVPTX lay them out alike):
//   kernel_dims    { uint64_t global[3], offset[3], launch_token; }
//   cpu_group_ctx  { kernel_dims dims; uint64_t local[3], group[3],
//                    group_range[3]; uint32_t sub_group_width;
//                    uint64_t item_begin, item_end; }
// The folds of a range in them (SYCL order, unused dimensions 1, 1, 0 as the
// runtime fills them): global and offset everywhere; on the CPU's nd_range
// launchers the work-group size and the number of groups too. A range whose
// global size is a run-time value folds neither the global size nor the
// number of groups.
constexpr uint64_t KernelDimsSize = 56, GroupCtxSize = 152;
constexpr uint32_t DimsGlobal = 0, DimsOffset = 24, CtxLocal = 56, CtxGroupRange = 104;
constexpr StringRef KernelDimsType = "struct.sycl::_V1::detail::kernel_dims";

KernelFold wordsFold(uint32_t Offset, const uint64_t (&V)[3]) {
  KernelFold F{Offset, {}};
  for (uint64_t X : V)
    for (unsigned B = 0; B < 8; ++B)
      F.Bytes.push_back(uint8_t(X >> (8 * B)));
  return F;
}

std::vector<KernelFold> rangeFolds(const KernelRange &R, bool GroupCtx) {
  std::vector<KernelFold> Folds;
  if (R.GlobalKnown)
    Folds.push_back(wordsFold(DimsGlobal, R.Global));
  Folds.push_back(wordsFold(DimsOffset, R.Offset));
  if (GroupCtx) {
    Folds.push_back(wordsFold(CtxLocal, R.Local));
    if (R.GlobalKnown) {
      uint64_t Groups[3];
      for (unsigned D = 0; D < 3; ++D)
        Groups[D] = R.Global[D] / R.Local[D];
      Folds.push_back(wordsFold(CtxGroupRange, Groups));
    }
  }
  return Folds;
}

std::string describeRange(const KernelRange &R) {
  auto List = [&](const uint64_t *V) {
    std::string T = "{";
    for (uint32_t D = 0; D < R.Dims; ++D)
      T += (D ? ", " : "") + std::to_string(V[D]);
    return T + "}";
  };
  std::string T = (R.Nd ? "nd_range " : "range ") + (R.GlobalKnown ? List(R.Global) : "{run-time}");
  if (R.Nd)
    T += " local " + List(R.Local);
  if (any_of(R.Offset, [](uint64_t X) { return X != 0; }))
    T += " offset " + List(R.Offset);
  return T;
}

// An NVPTX clone of an nd_range launch runs in blocks of the work-group size
// and grids of the group counts (the CUDA backend's nd_range geometry, CUDA
// x being SYCL's last dimension): says so to the optimiser at the entry
// (the group counts only where the global size is known).
// Once the header's work-item builtins are inlined, EarlyCSE makes their
// reads of %ntid and %nctaid this one, and the assumptions make them
// constants (warps per group, group-size loops, masks).
void assumeNdGeometry(Function &F, const KernelRange &R) {
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca());
  const Intrinsic::ID Ntid[3] = {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                                 Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                                 Intrinsic::nvvm_read_ptx_sreg_ntid_z};
  const Intrinsic::ID Nctaid[3] = {Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
                                   Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
                                   Intrinsic::nvvm_read_ptx_sreg_nctaid_z};
  for (unsigned C = 0; C < 3; ++C) {
    const unsigned D = C < R.Dims ? R.Dims - 1 - C : 0;
    const uint64_t Local = C < R.Dims ? R.Local[D] : 1;
    const uint64_t Groups = C < R.Dims ? R.Global[D] / R.Local[D] : 1;
    if (Local > UINT32_MAX || Groups > UINT32_MAX)
      continue; // the backend refuses such a launch
    for (auto [Id, V] : {std::pair(Ntid[C], Local), std::pair(Nctaid[C], Groups)}) {
      if (Id == Nctaid[C] && !R.GlobalKnown)
        continue;
      Value *Reg = B.CreateIntrinsic(Id, {});
      B.CreateAssumption(B.CreateICmpEQ(Reg, B.getInt32(uint32_t(V))));
    }
  }
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

// cpu_range_items copies the kernel object into a local before its loop
// (`const K k = *object`, so that the captures stay in registers), with K's
// copy constructor. Where K holds an accessor, that constructor calls the
// accessor's note_copy() with the copy's address: an opaque call after which
// the optimiser no longer knows the copy's bytes, the folded ones included
// (the accessors' ranges and offsets, and every other capture of such a
// kernel). Kernel objects are copied bitwise to devices (SYCL's
// device-copyable kernel arguments) and an accessor's copy constructor copies
// its fields as they are, so the copy holds the folded bytes wherever the
// object does: they are stored over it again after its construction.
void foldCopies(Function &F, Value *Object, const KernelSpecialization &S) {
  const DataLayout &DL = F.getDataLayout();
  SmallVector<CallBase *> Copies;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    auto *Dst = Call && Call->arg_size() == 2
                    ? dyn_cast<AllocaInst>(Call->getArgOperand(0)->stripPointerCasts())
                    : nullptr;
    std::optional<TypeSize> Size = Dst ? Dst->getAllocationSize(DL) : std::nullopt;
    if (Size && !Size->isScalable() && Size->getFixedValue() == S.ObjectSize &&
        isObject(Call->getArgOperand(1), Object) && Call->getCalledFunction() &&
        !Call->getCalledFunction()->isIntrinsic())
      Copies.push_back(Call);
  }
  for (CallBase *Call : Copies) {
    Instruction *After = nullptr;
    if (auto *Invoke = dyn_cast<InvokeInst>(Call)) {
      BasicBlock *Normal = Invoke->getNormalDest();
      if (Normal->getSinglePredecessor())
        After = &*Normal->getFirstInsertionPt();
    } else {
      After = Call->getNextNode();
    }
    if (!After)
      continue;
    IRBuilder<> B(After);
    storeFolds(B, Call->getArgOperand(0), S.Folds);
  }
}

// The launch geometry a launcher clone reads folded (its kernel_dims or
// cpu_group_ctx argument, now the folded copy), which it passes on beside
// the object: the functions it passes it to read it folded too.
struct FoldedGeometry {
  Value *Pointer = nullptr; // null: the range is not folded
  uint64_t Size = 0;
  std::vector<KernelFold> Folds;
};

void foldCallbacks(Function &Launcher, Value *Object, const KernelSpecialization &S,
                   StringRef Suffix, const FoldedGeometry &Geometry) {
  // Folds the parameter of Callee that receives the launcher's geometry,
  // where Call passes it.
  auto FoldGeometry = [&](CallBase &Call, Function &Callee) {
    if (!Geometry.Pointer)
      return;
    for (unsigned A = 0; A < Call.arg_size() && A < Callee.arg_size(); ++A)
      if (isObject(Call.getArgOperand(A), Geometry.Pointer) &&
          Callee.getArg(A)->getType()->isPointerTy()) {
        foldArgument(Callee, *Callee.getArg(A), Geometry.Size, Geometry.Folds, Align(1),
                     "usycl.hdo.range");
        return;
      }
  };
  for (Instruction &I : instructions(Launcher)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || none_of(Call->args(), [&](Value *A) { return isObject(A, Object); }))
      continue;
    // A function the launcher calls with the object that stays out of line
    // (sycl::reduction's cpu_reduction_nd_group_items: noinline, so that the
    // work-item loops pass sees its partial as a pointer) would read the
    // folded copy without knowing its bytes: it gets a folded clone too.
    // Callees that are inlined see the constants anyway.
    if (Function *Callee = Call->getCalledFunction();
        Callee && !Callee->isDeclaration() && Callee->hasFnAttribute(Attribute::NoInline) &&
        !Callee->isVarArg()) {
      for (unsigned A = 0; A < Call->arg_size() && A < Callee->arg_size(); ++A) {
        if (!isObject(Call->getArgOperand(A), Object) ||
            !Callee->getArg(A)->getType()->isPointerTy())
          continue;
        Function *C = internalCopy(*Callee, Suffix);
        foldObject(*C, *C->getArg(A), S, Align(1));
        FoldGeometry(*Call, *C);
        Call->setCalledFunction(C);
        privatizeCallees(*C);
        break;
      }
    }
    for (Use &Arg : Call->args()) {
      auto *Callback = dyn_cast<Function>(Arg.get());
      if (!Callback || Callback->isDeclaration() || Callback->arg_empty() ||
          !Callback->getArg(0)->getType()->isPointerTy())
        continue;
      Function *C = internalCopy(*Callback, Suffix);
      foldCopies(*C, foldObject(*C, *C->getArg(0), S, Align(1)), S);
      // The runtime calls it (object, geometry, ...) with what the launcher
      // passed beside it.
      if (Geometry.Pointer && C->arg_size() > 1 && C->getArg(1)->getType()->isPointerTy() &&
          any_of(Call->args(), [&](Value *A) { return isObject(A, Geometry.Pointer); }))
        foldArgument(*C, *C->getArg(1), Geometry.Size, Geometry.Folds, Align(1),
                     "usycl.hdo.range");
      Arg.set(C);
      privatizeCallees(*C);
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
    // The range reaches the entry point as its kernel_dims argument.
    Type *Dims = F->arg_size() == 2 ? F->getParamByValType(1) : nullptr;
    auto *DimsStruct = dyn_cast_or_null<StructType>(Dims);
    const bool DimsArg = DimsStruct && DimsStruct->hasName() &&
                         DimsStruct->getName().starts_with(KernelDimsType) &&
                         DL.getTypeAllocSize(Dims) == KernelDimsSize;
    // (Without it the clone is still correct: the runtime launches it for
    // this range only.)
    if (S.Range && !DimsArg)
      missed(*F, "kernel '" + S.Kernel + "': range " + describeRange(*S.Range) +
                     " not folded: the entry point has no kernel_dims argument");
    ValueToValueMapTy Map;
    Function *C = CloneFunction(F, Map);
    C->setName(Clone);
    foldObject(*C, *C->getArg(0), S, F->getParamAlign(0).valueOrOne());
    std::string What = describe(S);
    if (S.Range && DimsArg) {
      foldArgument(*C, *C->getArg(1), KernelDimsSize, rangeFolds(*S.Range, false),
                   F->getParamAlign(1).valueOrOne(), "usycl.hdo.dims");
      What += (What.empty() ? "" : ", ") + describeRange(*S.Range) + " folded";
      const char *Dims = S.Range->GlobalKnown ? "global size and offset" : "offset";
      if (S.Range->Nd && Triple(M.getTargetTriple()).isNVPTX()) {
        assumeNdGeometry(*C, *S.Range);
        What += std::string(" (") + Dims +
                (S.Range->GlobalKnown ? "; work-group size and group counts assumed)"
                                      : "; work-group size assumed)");
      } else {
        What += std::string(" (") + Dims + ")";
      }
    }
    SmallVector<Function *> Owned{C};
    privatizeCallees(*C, &Owned);
    if (Triple(M.getTargetTriple()).isNVPTX())
      if (unsigned Rolled = keepLoopNestsRolled(Owned))
        What += "; " + std::to_string(Rolled) + " loop nest" + (Rolled > 1 ? "s" : "") +
                " with a run-time bound kept rolled";
    remark(*C, "kernel '" + S.Kernel + "': clone '" + Clone + "' with " + What);
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

// The kernel symbol a constant C string global holds, or "".
std::string cString(Value *V) {
  auto *Name = dyn_cast_or_null<GlobalVariable>(V);
  auto *Init = Name && Name->hasDefinitiveInitializer()
                   ? dyn_cast<ConstantDataSequential>(Name->getInitializer())
                   : nullptr;
  return Init && Init->isCString() ? Init->getAsCString().str() : std::string();
}

// The member of a sycl::detail::kernel_launch (sycl/detail/kernel_desc.hpp)
// a store writes: its address a GEP of that type with indices 0, k. -1
// otherwise.
constexpr StringRef KernelLaunchType = "struct.sycl::_V1::detail::kernel_launch";
constexpr int LaunchName = 0, LaunchCpuRange = 9, LaunchCpuNd = 10, LaunchCpuNdGroup = 11;
int launchMember(StoreInst &St) {
  auto *G = dyn_cast<GetElementPtrInst>(St.getPointerOperand());
  auto *T = G ? dyn_cast<StructType>(G->getSourceElementType()) : nullptr;
  if (!T || !T->hasName() || !T->getName().starts_with(KernelLaunchType) ||
      G->getNumIndices() != 2)
    return -1;
  auto *I0 = dyn_cast<ConstantInt>(G->getOperand(1));
  auto *I1 = dyn_cast<ConstantInt>(G->getOperand(2));
  return I0 && I1 && I0->isZero() ? int(I1->getZExtValue()) : -1;
}

// The kernel symbols F stores into kernel_launch::name, itself or through
// the functions it calls, to Depth levels.
void launchedSymbols(Function &F, int Depth, std::set<std::string> &Out) {
  for (Instruction &I : instructions(F)) {
    if (auto *St = dyn_cast<StoreInst>(&I)) {
      if (launchMember(*St) == LaunchName)
        if (std::string Symbol = cString(St->getValueOperand()); !Symbol.empty())
          Out.insert(Symbol);
    } else if (auto *Call = dyn_cast<CallBase>(&I); Call && Depth > 0) {
      if (Function *Callee = Call->getCalledFunction(); Callee && !Callee->isDeclaration())
        launchedSymbols(*Callee, Depth - 1, Out);
    }
  }
}

// Launches whose kernel has no kernel_host_entry registration
// (parallel_for with reductions, sycl/reduction.hpp: set_reduction_kernel
// stores its wrapper's launchers into the command group's kernel_launch,
// and the name through handler_access::set_kernel -> handler::set_kernel):
// a function that stores CPU launchers into a kernel_launch, and one kernel
// symbol into its name, itself or through its callees (two levels).
std::vector<HostEntry> launchStoreEntries(Module &M) {
  std::vector<HostEntry> Entries;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    HostEntry E;
    bool Any = false;
    for (Instruction &I : instructions(F)) {
      auto *St = dyn_cast<StoreInst>(&I);
      int Member = St ? launchMember(*St) : -1;
      int Slot = Member == LaunchCpuRange ? 0 : Member == LaunchCpuNd ? 1
                 : Member == LaunchCpuNdGroup ? 2 : -1;
      if (Slot < 0)
        continue;
      auto *L = dyn_cast<Function>(St->getValueOperand()->stripPointerCasts());
      if (L && !L->isDeclaration()) {
        E.Launchers[Slot] = L;
        Any = true;
      }
    }
    if (!Any)
      continue;
    std::set<std::string> Symbols;
    launchedSymbols(F, 2, Symbols);
    if (Symbols.size() != 1)
      continue;
    E.Symbol = *Symbols.begin();
    Entries.push_back(std::move(E));
  }
  return Entries;
}

GlobalVariable *privateConstant(Module &M, Constant *Init, const Twine &Name) {
  auto *G = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                               GlobalValue::PrivateLinkage, Init, Name);
  G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return G;
}

// The entry's range_nd: runtime/kernel_specializations.hpp's range kind bits.
uint32_t rangeKind(const KernelRange &R) {
  constexpr uint32_t NdRange = 1, GlobalAny = 2;
  return (R.Nd ? NdRange : 0) | (R.GlobalKnown ? 0 : GlobalAny);
}

bool specializeHost(Module &M, ArrayRef<KernelSpecialization> Plan) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  // runtime/kernel_specializations.hpp, version 2 (version 1 and the
  // launch range: its dimensions, kind, global, local and offset).
  StructType *FoldTy = StructType::get(Ctx, {I32, I32, Ptr});
  ArrayType *Words = ArrayType::get(I64, 3);
  StructType *SpecTy = StructType::get(
      Ctx, {I32, Ptr, Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, I32, I32, Words, Words, Words});
  auto WordsConstant = [&](const uint64_t (&V)[3]) {
    return ConstantArray::get(Words, {ConstantInt::get(I64, V[0]), ConstantInt::get(I64, V[1]),
                                      ConstantInt::get(I64, V[2])});
  };

  std::vector<HostEntry> Entries = hostEntries(M);
  // After the registrations, which come first where a kernel has both.
  for (HostEntry &E : launchStoreEntries(M))
    Entries.push_back(std::move(E));
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
        StringRef Suffix = StringRef(Clone).substr(S.Kernel.size() + 1);
        Function *C = internalCopy(*L, Suffix);
        Value *Object = foldObject(*C, *C->getArg(0), S, Align(1));
        // The launch range: a range launcher's kernel_dims, an nd_range
        // launcher's cpu_group_ctx (the runtime uses only the launchers of
        // the launch's kind, and only where the range is this one).
        FoldedGeometry Geometry;
        std::string What = describe(S);
        if (S.Range && (I == 0) == !S.Range->Nd && C->arg_size() > 1 &&
            C->getArg(1)->getType()->isPointerTy()) {
          Geometry.Size = S.Range->Nd ? GroupCtxSize : KernelDimsSize;
          Geometry.Folds = rangeFolds(*S.Range, S.Range->Nd);
          Geometry.Pointer = foldArgument(*C, *C->getArg(1), Geometry.Size, Geometry.Folds,
                                          Align(1), "usycl.hdo.range");
          What += (What.empty() ? "" : ", ") + describeRange(*S.Range);
        }
        foldCallbacks(*C, Object, S, Suffix, Geometry);
        privatizeCallees(*C);
        if (What.empty())
          What = "nothing folded in it (a launcher of the other range kind)";
        remark(*C, "kernel '" + S.Kernel + "': CPU launcher clone with " + What);
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
    const KernelRange NoRange;
    const KernelRange &R = S.Range ? *S.Range : NoRange;
    Specs.push_back(ConstantStruct::get(
        SpecTy, {ConstantInt::get(I32, 2), String(S.Kernel), String(Clone),
                 ConstantInt::get(I64, S.ObjectSize), ConstantInt::get(I32, Folds.size()),
                 FoldArray, Launchers[0], Launchers[1], Launchers[2],
                 ConstantInt::get(I32, S.Range ? R.Dims : 0),
                 ConstantInt::get(I32, S.Range ? rangeKind(R) : 0), WordsConstant(R.Global),
                 WordsConstant(R.Local), WordsConstant(R.Offset)}));
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
