//===- work_item_loops.cpp - CPU work-groups as loops over work-items -----===//
//
// See work_item_loops.hpp for what the pass does and why.
//
//===----------------------------------------------------------------------===//

#include "work_item_loops.hpp"

#include "assert_versioning.hpp" // CpuAssertItemVariable
#include "group_local_memory.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopDeletion.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimpleLoopUnswitch.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <functional>
#include <optional>
#include <string>

using namespace llvm;

namespace usycl::passes {
namespace {

constexpr const char *PassName = "usycl-work-item-loops";
// The dispatch value of a work-item that left its region through a return.
constexpr unsigned ExitId = 0;

// The functions that may wait at a work-group or sub-group barrier: the
// barriers themselves and every function that calls one of them.
SmallPtrSet<const Function *, 16> barrierReaching(Module &M) {
  SmallPtrSet<const Function *, 16> Reaching;
  SmallVector<Function *, 16> Work;
  for (StringRef Name : {CpuGroupBarrierFunction, CpuSubGroupBarrierFunction})
    if (Function *Barrier = M.getFunction(Name)) {
      Reaching.insert(Barrier);
      Work.push_back(Barrier);
    }
  while (!Work.empty()) {
    Function *Callee = Work.pop_back_val();
    for (User *U : Callee->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == Callee)
        if (Function *Caller = CB->getFunction(); Reaching.insert(Caller).second)
          Work.push_back(Caller);
  }
  return Reaching;
}

// The functions whose work-items must all run on the thread that holds their
// group's local memory: those that reach it (the CPU's local memory pointer,
// a group_local_memory call site) or call through a pointer (which may), and
// every caller of one. A launcher outside this set whose group has no barrier
// may run its work-items on several threads (WorkItemRangeQuery).
SmallPtrSet<const Function *, 16> groupMemoryReaching(Module &M) {
  SmallPtrSet<const Function *, 16> Reaching;
  SmallVector<const Function *, 16> Work;
  auto Seed = [&](const Function *F) {
    if (F && Reaching.insert(F).second)
      Work.push_back(F);
  };
  std::function<void(const User *)> SeedUsers = [&](const User *U) {
    if (const auto *I = dyn_cast<Instruction>(U))
      Seed(I->getFunction());
    else if (isa<ConstantExpr>(U))
      for (const User *Next : U->users())
        SeedUsers(Next);
  };
  if (const GlobalVariable *Local = M.getNamedGlobal(CpuLocalMemoryVariable))
    for (const User *U : Local->users())
      SeedUsers(U);
  for (StringRef Name : {CpuGroupLocalMemoryFunction, GroupLocalMemoryMarker,
                         CpuSubGroupBlockFunction})
    if (const Function *Fn = M.getFunction(Name))
      for (const User *U : Fn->users())
        SeedUsers(U);
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      if (const auto *CB = dyn_cast<CallBase>(&I); CB && CB->isIndirectCall() && !CB->isInlineAsm()) {
        Seed(&F);
        break;
      }
  while (!Work.empty()) {
    const Function *Callee = Work.pop_back_val();
    for (const User *U : Callee->users())
      if (const auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == Callee)
        Seed(CB->getFunction());
  }
  return Reaching;
}

// A C++ function without a definition here (a SYCL_EXTERNAL function of
// another translation unit) may wait at a barrier the pass cannot see. The
// C and C++ runtime's functions (libm, printf, operator new, std::) and
// libusycl.so's (sycl::) do not.
bool mayHideBarrier(const Function &Callee) {
  if (!Callee.isDeclaration() || Callee.isIntrinsic())
    return false;
  StringRef Name = Callee.getName();
  if (!Name.starts_with("_Z"))
    return false; // C functions: the libraries'
  for (StringRef Runtime : {"_ZSt", "_ZNSt", "_ZNKSt", "_Znw", "_Zna", "_Zdl", "_Zda",
                            "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx", "_ZN10__cxxabiv1", "_ZN4sycl",
                            "_ZNK4sycl"})
    if (Name.starts_with(Runtime))
      return false;
  return true;
}

CallBase *callTo(const Instruction &I, StringRef Name) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return nullptr;
  const Function *Callee = CB->getCalledFunction();
  return Callee && Callee->getName() == Name ? const_cast<CallBase *>(CB) : nullptr;
}

// The kernel a launcher runs, for remarks: "K, Dims" of
// cpu_nd_group_loops<K, Dims>, "W" of a reduction's
// cpu_reduction_nd_group_items<W, Dims, Reducers> (W holds the user's kernel).
std::string kernelOf(const Function &F) {
  std::string Demangled = demangle(F.getName());
  for (StringRef Launcher : {"cpu_nd_group_loops<", "cpu_reduction_nd_group_items<"}) {
    size_t Begin = Demangled.find(Launcher.str());
    if (Begin == std::string::npos)
      continue;
    Begin += Launcher.size();
    const bool FirstArgument = Launcher.starts_with("cpu_reduction");
    int Depth = 0;
    for (size_t I = Begin; I < Demangled.size(); ++I) {
      char C = Demangled[I];
      if (C == '<' || C == '(')
        ++Depth;
      else if ((C == '>' || C == ')') && Depth > 0)
        --Depth;
      else if ((C == '>' || (FirstArgument && C == ',')) && Depth == 0)
        return Demangled.substr(Begin, I - Begin);
    }
  }
  return Demangled;
}

// Runs a few cleanup passes on F alone (the pass changes only the launchers).
void simplify(Function &F, FunctionAnalysisManager &FAM, bool Loops, bool Unswitch = false) {
  FAM.invalidate(F, PreservedAnalyses::none());
  FunctionPassManager FPM;
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  // Not before the loops are built: InstCombine sinks computations into the
  // block that uses them, past a barrier, which keeps more values per
  // work-item.
  if (Loops) {
    FPM.addPass(InstCombinePass());
    FPM.addPass(GVNPass());
    FPM.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                                /*UseMemorySSA=*/true));
    // A branch on a value the same for every work-item (the test of a loop
    // with barriers in it, now computed once per group) splits the loop
    // over the work-items in two, each without the branch: the vectoriser
    // takes loops without control flow in them. (Not the loops over
    // sub-groups: a copy of a sub-group loop copies all its collectives.)
    if (Unswitch)
      FPM.addPass(createFunctionToLoopPassAdaptor(
          SimpleLoopUnswitchPass(/*NonTrivial=*/true, /*Trivial=*/true), /*UseMemorySSA=*/true));
    // A loop over work-items left with nothing to do (a region whose only
    // work is its leader's, which the optimiser peels off) goes: nothing
    // after this pass deletes loops.
    FPM.addPass(createFunctionToLoopPassAdaptor(LoopDeletionPass()));
  }
  FPM.addPass(SimplifyCFGPass());
  FPM.run(F, FAM);
}

// One group launcher being rewritten. run() returns the reason it cannot be
// (the launcher is then left to return false), or nothing when it is done.
class GroupLoops {
public:
  GroupLoops(Function &F, const SmallPtrSetImpl<const Function *> &Reaching,
             const SmallPtrSetImpl<const Function *> &GroupMemory, FunctionAnalysisManager &FAM)
      : F(F), M(*F.getParent()), Ctx(F.getContext()), Reaching(Reaching),
        GroupMemory(GroupMemory), FAM(FAM) {}

  std::optional<std::string> run();
  unsigned barriers() const { return Barriers.size(); }
  unsigned privatised() const { return Arrays.size(); }
  unsigned guarded() const { return Guarded; }
  unsigned shared() const { return SharedSlots.size(); }
  unsigned outlined() const { return Outlined; }
  unsigned prefetched() const { return Prefetched; }
  bool divisible() const { return Divisible; }

private:
  struct Region {
    BasicBlock *Start = nullptr;
    SetVector<BasicBlock *> Blocks;
    SetVector<unsigned> Exits; // barrier ids; ExitId for a return
  };
  struct PerItemArray {
    AllocaInst *Alloca;
    uint64_t Stride; // bytes per work-item
  };

  std::optional<std::string> inlineBarrierCallees();
  std::optional<std::string> checkShape();
  void hoistGroupInvariants();
  void splitAtBarriers();
  void formRegions();
  void collectRematerialisable();
  void demoteValuesLiveAcrossBarriers();
  std::optional<std::string> privatiseAllocas();
  void emitStorage();
  // What both kinds of loops start from: where a work-item's loop stores
  // the barrier it stopped at, the thread's running work-item (for what
  // reads it), the launcher's blocks as written, the end.
  struct Scaffold {
    AllocaInst *Next;
    GlobalVariable *CurrentItem;
    SmallVector<BasicBlock *, 16> Original;
    BasicBlock *Done;
  };
  void buildLoops();
  // Each returns the first region's entry.
  BasicBlock *buildGroupLoops(const Scaffold &S);
  BasicBlock *buildSubGroupLoops(const Scaffold &S);
  // The per-region part of both: a copy of region R's blocks entered from
  // Header, with the work-item's linear index Lin and local ids Ids; its
  // exits store their barrier id into Next and go on to Latch.
  // SubGroup and Lane: the loops' (i64), or null to compute them from Lin.
  void cloneRegion(unsigned R, BasicBlock *Header, Value *Lin, const std::array<Value *, 3> &Ids,
                   Value *SubGroup, Value *Lane, BasicBlock *Latch, AllocaInst *Next,
                   GlobalVariable *CurrentItem, ValueToValueMapTy &VMap);
  void inlineSteps();
  void shareUniformSlots();
  bool isUniform(Value *V, const SmallPtrSetImpl<AllocaInst *> &Shared,
                 DenseMap<Value *, bool> &Memo) const;
  // Whether Slot can be one per group in region R: every load of it there
  // either follows the work-item's own store on every path (reads that), or
  // none (reads the value from before the region: added to Before).
  // Every work-item that runs the region stores the slot alike: no branch
  // in it depends on the work-item.
  bool slotShareableIn(const Region &Reg, AllocaInst *Slot, SmallVectorImpl<LoadInst *> &Before,
                       const SmallPtrSetImpl<AllocaInst *> &Shared,
                       DenseMap<Value *, bool> &Memo) const;
  void versionFullSubGroups();
  void outlineLaneLoops();
  bool manyCollectives() const;
  void prefetchGroupStreams();
  void addressBlocks();
  bool readsCurrentItem(const Region &Reg, const GlobalVariable *CurrentItem) const;
  // A region that begins `if (lid < n)` (n fixed for the group; a tree
  // reduction's levels): the work-items from n on only pass through to the
  // region's one exit, so the loop runs over the first n alone.
  struct Guard {
    CmpInst::Predicate Pred; // of `lin Pred Limit`: ult, ule, slt or sle
    Value *Limit;
    unsigned SkipExit; // where the others go
    BranchInst *Branch; // the test, always taken towards Active in the loop
    BasicBlock *Active;
  };
  // Index: the value the test compares (the work-item index, or its lane
  // in its sub-group); Cap: how many there are.
  std::optional<Guard> guardOf(const Region &Reg, const Value *Index) const;
  Value *activeItems(IRBuilder<> &B, const Guard &G, Value *Cap) const;
  // In a region's copy: the guard's test always takes the loop's work-items on.
  void dropGuardTest(const Guard &G, ValueToValueMapTy &VMap);
  bool isGroupInvariant(Value *V, unsigned Depth = 0) const;
  Value *materialise(IRBuilder<> &B, Value *V) const;

  bool inPrologue(const Value *V) const {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() == Prologue;
  }

  Function &F;
  Module &M;
  LLVMContext &Ctx;
  const SmallPtrSetImpl<const Function *> &Reaching;
  const SmallPtrSetImpl<const Function *> &GroupMemory;
  FunctionAnalysisManager &FAM;

  CallBase *IdCall = nullptr;
  Value *Items = nullptr;
  // The work-items to run ([ItemBegin, ItemEnd), linear) when the launcher
  // is Divisible, and whether the call only asks that (RangeQuery).
  Value *ItemBegin = nullptr, *ItemEnd = nullptr, *RangeQuery = nullptr;
  // One loop over the work-items, no barrier, no group memory: any part of
  // the group may run on its own (on another thread).
  bool Divisible = false;
  Value *Extents[3] = {}; // the group's size per dimension, dimension 0 slowest
  SmallVector<CallBase *, 3> LocalIdCalls; // __usycl_cpu_work_item_local_id(d)
  CallBase *SubGroupCall = nullptr, *LaneCall = nullptr; // the work-item's sub-group, lane
  CallBase *LanesCall = nullptr; // the work-items of its sub-group
  BasicBlock *Prologue = nullptr; // the entry block: once per group
  SmallVector<CallBase *, 8> Barriers;
  DenseMap<BasicBlock *, unsigned> BarrierIds; // barrier block -> 1..n
  // Per barrier id (index 0 unused): a sub-group barrier?, and its step.
  SmallVector<bool, 8> SubGroupBarrier{false};
  SmallVector<Function *, 8> Steps{nullptr};
  bool HasSubGroups = false; // sub-group barriers or exchange blocks
  SmallVector<CallBase *, 8> BlockCalls; // __usycl_cpu_sub_group_block
  SmallVector<CallInst *, 8> StepCalls;  // emitted, inlined at the end
  Instruction *LaneCount = nullptr; // the running sub-group's work-items
  Value *Width = nullptr;                // sub-group width (i64)
  Value *SubGroups = nullptr;            // sub-groups in the group (i64)
  Value *NextOfSubGroup = nullptr;       // i32: the barrier id the sub-groups stopped at
  Value *BlockBase = nullptr;            // the exchange blocks
  CallInst *BlockBasePlaceholder = nullptr; // stands for BlockBase until emitStorage
  SmallVector<Region, 8> Regions;              // [0]: from the work-item id on
  SetVector<Instruction *> Remat; // IdCall and what derives from it alone
  SmallPtrSet<AllocaInst *, 8> Demoted;
  // Demoted phis of loops that contain a barrier (all work-items take the
  // same edges into them, by SYCL's rule).
  SmallPtrSet<AllocaInst *, 8> UniformEdgeSlots;
  SmallPtrSet<AllocaInst *, 8> PhiSlots;
  // Slots of values the same in every work-item: one per group
  // (shareUniformSlots). Per region: the loads that must read the slot as
  // it was when the region began, and the copies that keep it.
  SmallPtrSet<AllocaInst *, 8> SharedSlots;
  struct Snapshot {
    AllocaInst *Slot;
    SmallVector<LoadInst *, 4> Loads;
  };
  SmallVector<SmallVector<Snapshot, 2>, 8> Snapshots; // per region
  SmallVector<PerItemArray, 8> Arrays;
  unsigned Guarded = 0;
  // Per region of a launcher with sub-groups: the header of its loop over
  // the sub-group's work-items, and where that loop ends.
  struct LaneLoop {
    WeakVH Head; // null once removed (a region nothing enters)
    BasicBlock *Done;
  };
  SmallVector<LaneLoop, 8> LaneLoops;
  SmallVector<Function *, 8> OutlinedLoops;
  unsigned Outlined = 0;
  // One-dimensional groups without sub-groups: each region's work-item
  // index (the loop's induction variable), for prefetchGroupStreams.
  SmallVector<WeakTrackingVH, 8> ItemLoopIvs;
  WeakTrackingVH ItemsAfterSimplify; // Items, through what the optimiser made of it
  bool OneDimensional = false; // the kernel's nd_item<1>
  unsigned Prefetched = 0;
};

std::optional<std::string> GroupLoops::inlineBarrierCallees() {
  for (unsigned Round = 0; Round < 16; ++Round) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (Callee && mayHideBarrier(*Callee))
        return "the kernel calls '" + demangle(Callee->getName()) +
               "', defined in another translation unit, which may wait at a barrier";
      if (!Callee || !Reaching.contains(Callee))
        continue;
      if (Callee->getName() == CpuGroupBarrierFunction ||
          Callee->getName() == CpuSubGroupBarrierFunction) {
        if (!isa<CallInst>(CB))
          return std::string("a barrier is called inside an exception scope");
        continue;
      }
      if (Callee == &F)
        return std::string("the kernel calls itself");
      Calls.push_back(CB);
    }
    if (Calls.empty())
      return std::nullopt;
    for (CallBase *CB : Calls) {
      std::string Callee = demangle(CB->getCalledFunction()->getName());
      InlineFunctionInfo IFI;
      InlineResult Result = InlineFunction(*CB, IFI);
      if (!Result.isSuccess())
        return "the function '" + Callee + "' waits at a barrier and cannot be inlined (" +
               Result.getFailureReason() + ")";
    }
  }
  return std::string("functions that wait at a barrier call each other recursively");
}

std::optional<std::string> GroupLoops::checkShape() {
  if (IdCall->getParent() != &F.getEntryBlock())
    return std::string("the work-item index is not computed in the launcher's first block");
  for (CallBase *Local : LocalIdCalls)
    if (Local->getParent() != IdCall->getParent() || Local->comesBefore(IdCall) ||
        !isa<ConstantInt>(Local->getArgOperand(0)) ||
        cast<ConstantInt>(Local->getArgOperand(0))->getZExtValue() > 2)
      return std::string("a local id is not computed right after the work-item index");
  for (CallBase *Marker : {SubGroupCall, LaneCall, LanesCall})
    if (Marker && (Marker->getParent() != IdCall->getParent() || Marker->comesBefore(IdCall)))
      return std::string("the sub-group is not computed right after the work-item index");
  IRBuilder<> B(IdCall);
  for (unsigned D = 0; D < 3; ++D)
    Extents[D] = IdCall->getArgOperand(D);
  Items = B.CreateMul(B.CreateMul(Extents[0], Extents[1], "", true, true), Extents[2],
                      "wi.items", true, true);
  Width = B.CreateZExt(IdCall->getArgOperand(3), B.getInt64Ty(), "wi.sg.width");
  ItemBegin = IdCall->getArgOperand(4);
  Value *End = IdCall->getArgOperand(5);
  RangeQuery = B.CreateICmpEQ(End, B.getInt64(WorkItemRangeQuery), "wi.range.query");
  ItemEnd = B.CreateSelect(B.CreateICmpEQ(End, B.getInt64(0)), Items, End, "wi.range.end");
  for (Instruction &I : instructions(F)) {
    if (CallBase *CB = callTo(I, CpuGroupBarrierFunction)) {
      Barriers.push_back(CB);
      SubGroupBarrier.push_back(false);
      Steps.push_back(nullptr);
    }
    if (CallBase *CB = callTo(I, CpuSubGroupBarrierFunction)) {
      Value *Step = CB->getArgOperand(0)->stripPointerCasts();
      auto *StepFn = dyn_cast<Function>(Step);
      if (!StepFn && !isa<ConstantPointerNull>(Step))
        return std::string("a sub-group collective whose step is not a known function");
      if (StepFn && (StepFn->isDeclaration() || StepFn->arg_size() != 2))
        return "the step '" + demangle(StepFn->getName()) + "' of a sub-group collective has no body here";
      Barriers.push_back(CB);
      SubGroupBarrier.push_back(true);
      Steps.push_back(StepFn);
      HasSubGroups = true;
    }
    if (CallBase *CB = callTo(I, CpuSubGroupBlockFunction)) {
      BlockCalls.push_back(CB);
      HasSubGroups = true;
    }
    if (auto *A = dyn_cast<AllocaInst>(&I);
        A && (A->getParent() != &F.getEntryBlock() || !A->isStaticAlloca()))
      return std::string("a variable-length array (dynamic stack allocation)");
    if (I.isEHPad() || isa<IndirectBrInst>(I) || isa<CallBrInst>(I))
      return std::string("exception handling or indirect branches in the kernel");
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && (II->getIntrinsicID() == Intrinsic::stacksave ||
               II->getIntrinsicID() == Intrinsic::stackrestore))
      return std::string("dynamic stack allocation in the kernel");
  }
  return std::nullopt;
}

// Computations of the prologue's values alone (addresses and fields of the
// kernel object, sizes) move into the prologue, wherever the optimiser left
// them: computed once per group instead of kept per work-item across
// barriers. Loads only from the kernel object (a const function object).
void GroupLoops::hoistGroupInvariants() {
  Instruction *Before = IdCall;
  auto Hoistable = [&](Instruction &I) {
    if (isa<PHINode>(I) || I.isTerminator() || isa<AllocaInst>(I))
      return false;
    // Addresses of private variables stay where they are: those get a copy
    // per work-item.
    if (any_of(I.operands(), [](const Use &U) {
          return U->getType()->isPointerTy() && isa<AllocaInst>(getUnderlyingObject(U.get()));
        }))
      return false;
    if (!all_of(I.operands(), [&](const Use &U) {
          auto *Op = dyn_cast<Instruction>(U.get());
          return !Op || Op->getParent() == Prologue && Op->comesBefore(Before);
        }))
      return false;
    if (auto *L = dyn_cast<LoadInst>(&I))
      return L->isSimple() && getUnderlyingObject(L->getPointerOperand()) == F.getArg(0);
    return !I.mayReadOrWriteMemory() && isSafeToSpeculativelyExecute(&I);
  };
  ReversePostOrderTraversal<Function *> RPO(&F);
  for (BasicBlock *B : RPO)
    for (Instruction &I : make_early_inc_range(*B)) {
      if (&I == IdCall || (B == Prologue && I.comesBefore(IdCall)))
        continue;
      if (Hoistable(I))
        I.moveBefore(Before->getIterator());
    }
}

void GroupLoops::splitAtBarriers() {
  Prologue = &F.getEntryBlock();
  Prologue->splitBasicBlock(IdCall, "wi.items");
  unsigned Id = 0;
  for (CallBase *Barrier : Barriers) {
    BasicBlock *Before = Barrier->getParent();
    BasicBlock *Block = Before->splitBasicBlock(Barrier, "wi.barrier");
    BasicBlock *After = Block->splitBasicBlock(Barrier->getNextNode(), "wi.after.barrier");
    (void)After;
    BarrierIds[Block] = ++Id;
  }
  // Each region starts in a block of its own whose only predecessor is its
  // barrier (consecutive barriers would otherwise start one at a barrier).
  for (auto &[Block, Id] : BarrierIds)
    SplitEdge(Block, Block->getSingleSuccessor());
}

void GroupLoops::formRegions() {
  Regions.resize(Barriers.size() + 1);
  Regions[0].Start = IdCall->getParent();
  for (auto &[Block, Id] : BarrierIds)
    Regions[Id].Start = Block->getSingleSuccessor();
  for (unsigned R = 0; R < Regions.size(); ++R) {
    Region &Reg = Regions[R];
    SmallVector<BasicBlock *, 16> Work{Reg.Start};
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (!Reg.Blocks.insert(B))
        continue;
      if (isa<ReturnInst>(B->getTerminator()))
        Reg.Exits.insert(ExitId);
      for (BasicBlock *S : successors(B)) {
        if (auto It = BarrierIds.find(S); It != BarrierIds.end())
          Reg.Exits.insert(It->second);
        else
          Work.push_back(S);
      }
    }
  }
}

// The work-item index and the side-effect-free values computed from it and
// from the prologue alone before the first barrier (local and global ids,
// per-work-item addresses): each region recomputes them from its own index
// rather than keeping them per work-item.
void GroupLoops::collectRematerialisable() {
  // Everything in this block runs unconditionally once per work-item, so
  // recomputing it at the top of every region is as safe as running it here.
  Remat.insert(IdCall);
  for (CallBase *Local : LocalIdCalls)
    Remat.insert(Local);
  for (CallBase *Marker : {SubGroupCall, LaneCall, LanesCall})
    if (Marker)
      Remat.insert(Marker);
  auto Recomputable = [&](Instruction &I) {
    if (Remat.contains(&I) || I.isTerminator() || isa<PHINode>(I) || isa<AllocaInst>(I) ||
        I.mayReadOrWriteMemory() || I.mayHaveSideEffects() || I.getType()->isTokenTy())
      return false;
    return all_of(I.operands(), [&](const Use &U) {
      auto *Op = dyn_cast<Instruction>(U.get());
      return inPrologue(U.get()) || (Op && Remat.contains(Op));
    });
  };
  for (Instruction &I : *IdCall->getParent())
    if (Recomputable(I))
      Remat.insert(&I);
  // Elsewhere too, what can run anywhere (no division that may trap): the
  // sub-group's lane, size and exchange block each collective computes.
  // Blocks in reverse post-order: each value after its operands.
  ReversePostOrderTraversal<Function *> RPO(&F);
  for (BasicBlock *B : RPO) {
    if (B == Prologue || B == IdCall->getParent())
      continue;
    for (Instruction &I : *B)
      if (Recomputable(I) && isSafeToSpeculativelyExecute(&I))
        Remat.insert(&I);
  }
}

void GroupLoops::demoteValuesLiveAcrossBarriers() {
  auto LiveAcrossBarrier = [&](Instruction &I) {
    BasicBlock *Def = I.getParent();
    SmallVector<BasicBlock *, 16> Work;
    for (Use &U : I.uses()) {
      auto *User = cast<Instruction>(U.getUser());
      BasicBlock *B = isa<PHINode>(User) ? cast<PHINode>(User)->getIncomingBlock(U)
                                         : User->getParent();
      if (B != Def)
        Work.push_back(B);
    }
    SmallPtrSet<BasicBlock *, 16> Seen;
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (!Seen.insert(B).second)
        continue;
      if (BarrierIds.count(B))
        return true;
      for (BasicBlock *P : predecessors(B))
        if (P != Def)
          Work.push_back(P);
    }
    return false;
  };

  SmallVector<Instruction *, 16> Values;
  SmallVector<PHINode *, 8> Phis;
  for (BasicBlock &B : F) {
    if (&B == Prologue)
      continue;
    for (Instruction &I : B) {
      if (I.getType()->isVoidTy() || Remat.contains(&I) || I.use_empty() ||
          !LiveAcrossBarrier(I))
        continue;
      if (auto *P = dyn_cast<PHINode>(&I))
        Phis.push_back(P);
      else
        Values.push_back(&I);
    }
  }
  // (Before demotion changes nothing of the control flow.)
  DominatorTree DT(F);
  LoopInfo LI(DT);
  auto HeadsLoopWithBarrier = [&](BasicBlock *B) {
    const Loop *L = LI.getLoopFor(B);
    return L && L->getHeader() == B &&
           any_of(L->blocks(), [&](BasicBlock *In) { return BarrierIds.count(In) != 0; });
  };
  BasicBlock::iterator AllocaPoint = Prologue->getFirstInsertionPt();
  for (Instruction *I : Values)
    Demoted.insert(DemoteRegToStack(*I, false, AllocaPoint));
  for (PHINode *P : Phis) {
    BasicBlock *Block = P->getParent();
    const bool UniformEdges = HeadsLoopWithBarrier(Block);
    AllocaInst *Slot = DemotePHIToStack(P, AllocaPoint);
    Demoted.insert(Slot);
    PhiSlots.insert(Slot);
    if (UniformEdges)
      UniformEdgeSlots.insert(Slot);
    // The phi became one load at the top of its block, whose uses may lie
    // beyond a barrier: load again at each use instead.
    for (Instruction &I : make_early_inc_range(*Block)) {
      auto *Reload = dyn_cast<LoadInst>(&I);
      if (!Reload || Reload->getPointerOperand() != Slot)
        continue;
      for (Use &U : make_early_inc_range(Reload->uses())) {
        auto *User = cast<Instruction>(U.getUser());
        Instruction *At = User;
        if (auto *UserPhi = dyn_cast<PHINode>(User))
          At = UserPhi->getIncomingBlock(U)->getTerminator();
        U.set(new LoadInst(Reload->getType(), Slot, Reload->getName(), At->getIterator()));
      }
      Reload->eraseFromParent();
    }
  }
}

// A value every work-item of the group computes alike: from constants, the
// prologue (the group's sizes, the kernel object's fields), loads from the
// kernel object (a const function object) and from slots shared as uniform,
// by operations without memory or side effects. (Anything that reads
// memory otherwise, or an id, is taken as varying.)
bool GroupLoops::isUniform(Value *V, const SmallPtrSetImpl<AllocaInst *> &Shared,
                           DenseMap<Value *, bool> &Memo) const {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  if (I->getParent() == Prologue)
    return !isa<AllocaInst>(I);
  if (auto It = Memo.find(V); It != Memo.end())
    return It->second;
  Memo[V] = false; // (a cycle through phis: varying)
  bool Result = false;
  if (Remat.contains(I)) {
    Result = false; // the work-item index and what derives from it
  } else if (auto *L = dyn_cast<LoadInst>(I)) {
    Value *Ptr = L->getPointerOperand();
    if (auto *Slot = dyn_cast<AllocaInst>(Ptr))
      Result = L->isSimple() && Shared.contains(Slot);
    else
      Result = L->isSimple() && getUnderlyingObject(Ptr) == F.getArg(0) &&
               isUniform(Ptr, Shared, Memo);
  } else if (auto *P = dyn_cast<PHINode>(I)) {
    // Only where every edge brings the same value (no varying branch can
    // choose between two).
    Value *Common = P->getIncomingValue(0);
    Result = all_of(P->incoming_values(), [&](Value *In) { return In == Common; }) &&
             isUniform(Common, Shared, Memo);
  } else if (!I->mayReadOrWriteMemory() && !I->mayHaveSideEffects() && !isa<CallBase>(I)) {
    Result = all_of(I->operands(), [&](Value *Op) { return isUniform(Op, Shared, Memo); });
  }
  Memo[V] = Result;
  return Result;
}

bool GroupLoops::slotShareableIn(const Region &Reg, AllocaInst *Slot,
                                 SmallVectorImpl<LoadInst *> &Before,
                                 const SmallPtrSetImpl<AllocaInst *> &Shared,
                                 DenseMap<Value *, bool> &Memo) const {
  auto StoresTo = [&](const Instruction &I) {
    auto *St = dyn_cast<StoreInst>(&I);
    return St && St->getPointerOperand() == Slot;
  };
  bool RegionStores = false;
  for (BasicBlock *B : Reg.Blocks)
    RegionStores |= any_of(*B, StoresTo);
  // (A work-item that skips the store would keep its older value.)
  if (RegionStores)
    for (BasicBlock *B : Reg.Blocks) {
      Instruction *T = B->getTerminator();
      Value *Cond = nullptr;
      if (auto *Br = dyn_cast<BranchInst>(T); Br && Br->isConditional())
        Cond = Br->getCondition();
      else if (auto *Sw = dyn_cast<SwitchInst>(T))
        Cond = Sw->getCondition();
      else if (T->getNumSuccessors() > 1)
        return false;
      if (Cond && !isUniform(Cond, Shared, Memo))
        return false;
    }
  // On entry to each block of the region: whether the work-item stored to
  // the slot on every path from the region's start (Must) / on some (May).
  DenseMap<BasicBlock *, bool> Must, May;
  for (BasicBlock *B : Reg.Blocks)
    Must[B] = B != Reg.Start, May[B] = false;
  auto Out = [&](BasicBlock *B, DenseMap<BasicBlock *, bool> &In) {
    return In[B] || any_of(*B, StoresTo);
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *B : Reg.Blocks) {
      if (B == Reg.Start)
        continue;
      bool AnyPred = false, AllStored = true, SomeStored = false;
      for (BasicBlock *P : predecessors(B)) {
        if (!Reg.Blocks.contains(P))
          continue;
        AnyPred = true;
        AllStored &= Out(P, Must);
        SomeStored |= Out(P, May);
      }
      AllStored &= AnyPred;
      if (AllStored != Must[B] || SomeStored != May[B]) {
        Must[B] = AllStored, May[B] = SomeStored;
        Changed = true;
      }
    }
  }
  for (BasicBlock *B : Reg.Blocks) {
    bool MustHere = Must[B], MayHere = May[B];
    for (Instruction &I : *B) {
      if (StoresTo(I))
        MustHere = MayHere = true;
      auto *L = dyn_cast<LoadInst>(&I);
      if (!L || L->getPointerOperand() != Slot || MustHere)
        continue;
      if (MayHere)
        return false; // its own value on some paths, another work-item's on others
      if (RegionStores)
        Before.push_back(L);
    }
  }
  return true;
}

// A value live across barriers that is the same in every work-item (the
// counter of a loop with barriers in it, a bound computed from the kernel's
// arguments) needs one slot per group, not one per work-item: its loads
// then stay outside the work-item loops' varying values (addresses from it
// are consecutive over the work-items, and the loops vectorise). Every
// work-item stores the same value; where a region both reads the value from
// before it and stores the next one (`t += tile` at the end of the loop,
// before the loop's next iteration reads `t`), the reads before the store
// read a copy taken when the region begins. Loops over sub-groups keep one
// slot per work-item.
void GroupLoops::shareUniformSlots() {
  Snapshots.assign(Regions.size(), {});
  if (HasSubGroups || Demoted.empty())
    return;
  SmallPtrSet<AllocaInst *, 8> Shared;
  for (AllocaInst *Slot : Demoted) {
    if (PhiSlots.contains(Slot) && !UniformEdgeSlots.contains(Slot))
      continue;
    if (all_of(Slot->users(), [&](User *U) {
          auto *St = dyn_cast<StoreInst>(U);
          return (isa<LoadInst>(U) && cast<LoadInst>(U)->isSimple()) ||
                 (St && St->isSimple() && St->getPointerOperand() == Slot);
        }))
      Shared.insert(Slot);
  }
  for (bool Changed = true; Changed && !Shared.empty();) {
    Changed = false;
    DenseMap<Value *, bool> Memo;
    SmallVector<AllocaInst *, 8> Varying;
    for (AllocaInst *Slot : Shared) {
      bool Uniform = all_of(Slot->users(), [&](User *U) {
        auto *St = dyn_cast<StoreInst>(U);
        return !St || isUniform(St->getValueOperand(), Shared, Memo);
      });
      for (unsigned R = 0; Uniform && R < Regions.size(); ++R) {
        SmallVector<LoadInst *, 4> Before;
        Uniform = slotShareableIn(Regions[R], Slot, Before, Shared, Memo);
      }
      if (!Uniform)
        Varying.push_back(Slot);
    }
    for (AllocaInst *Slot : Varying)
      Shared.erase(Slot);
    Changed = !Varying.empty();
  }
  DenseMap<Value *, bool> Memo;
  for (AllocaInst *Slot : Shared)
    for (unsigned R = 0; R < Regions.size(); ++R) {
      SmallVector<LoadInst *, 4> Before;
      slotShareableIn(Regions[R], Slot, Before, Shared, Memo);
      if (!Before.empty())
        Snapshots[R].push_back({Slot, std::move(Before)});
    }
  SharedSlots = std::move(Shared);
}

// Whether the user of a pointer may write the memory it points to (or let
// it escape).
bool mayWriteThrough(const Use &U) {
  const auto *User = cast<Instruction>(U.getUser());
  if (isa<LoadInst>(User) || isa<ICmpInst>(User))
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(User)) {
    if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
      return false;
    if (const auto *Copy = dyn_cast<MemTransferInst>(II))
      return U.getOperandNo() == 0 || Copy->isVolatile(); // the destination
  }
  if (const auto *Call = dyn_cast<CallBase>(User))
    return !(Call->isArgOperand(&U) && Call->onlyReadsMemory(Call->getArgOperandNo(&U)) &&
             Call->doesNotCapture(Call->getArgOperandNo(&U)));
  return true;
}

// A private variable that stays in memory (an array, a struct whose address
// is taken) gets one copy per work-item when the kernel has barriers: a
// work-item's copy must survive while the others run. Those only read after
// the prologue initialised them stay shared.
std::optional<std::string> GroupLoops::privatiseAllocas() {
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : *Prologue)
    if (auto *A = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(A);
  const DataLayout &DL = M.getDataLayout();
  for (AllocaInst *A : Allocas) {
    if (SharedSlots.contains(A))
      continue; // one per group
    if (!Demoted.contains(A)) {
      if (Barriers.empty())
        continue;
      bool InPrologue = false, InRegions = false, WrittenInRegions = false;
      SmallVector<Use *, 16> Work;
      SmallPtrSet<const Instruction *, 16> Followed; // pointer phis make cycles
      for (Use &U : A->uses())
        Work.push_back(&U);
      while (!Work.empty()) {
        Use *U = Work.pop_back_val();
        auto *User = cast<Instruction>(U->getUser());
        bool Here = User->getParent() == Prologue;
        (Here ? InPrologue : InRegions) = true;
        if (isa<GetElementPtrInst>(User) || isa<AddrSpaceCastInst>(User) ||
            isa<BitCastInst>(User) || isa<PHINode>(User) || isa<SelectInst>(User)) {
          if (!Followed.insert(User).second)
            continue;
          for (Use &Next : User->uses())
            Work.push_back(&Next);
        } else if (!Here && mayWriteThrough(*U)) {
          WrittenInRegions = true;
        }
      }
      if (!InRegions)
        continue;
      if (InPrologue) {
        if (WrittenInRegions)
          return "a private variable is initialised before the work-item index is known";
        continue; // read-only after the prologue: one copy serves the group
      }
    }
    std::optional<TypeSize> Size = A->getAllocationSize(DL);
    if (!Size || Size->isScalable())
      return std::string("a private variable of unknown size");
    uint64_t Stride = alignTo(Size->getFixedValue(), A->getAlign());
    if (A->getAlign().value() > 64)
      return std::string("a private variable aligned to more than 64 bytes");
    Arrays.push_back({A, Stride});
  }
  return std::nullopt;
}

// The sub-groups run one after the other (buildSubGroupLoops), and a
// collective's values and results live from its first work-item's arrival to
// its last work-item's read of the results, before that sub-group's next
// barrier: so one exchange block, width * 128 bytes that stay in L1, serves
// every sub-group, and each __usycl_cpu_sub_group_block(s) becomes its
// address. That is known once the storage is laid out (emitStorage): until
// then a placeholder of the prologue stands for it.
void GroupLoops::addressBlocks() {
  if (!HasSubGroups)
    return;
  IRBuilder<> B(Prologue->getTerminator());
  FunctionCallee Placeholder = M.getOrInsertFunction(
      "usycl.wi.sub.group.blocks", FunctionType::get(B.getPtrTy(), {}, false));
  BlockBasePlaceholder = B.CreateCall(Placeholder, {}, "wi.sg.blocks");
  for (CallBase *Call : BlockCalls) {
    Call->replaceAllUsesWith(BlockBasePlaceholder);
    Call->eraseFromParent();
  }
  BlockCalls.clear();
}

// One block of per-thread memory for every per-work-item array, laid out one
// array after the other (consecutive work-items, consecutive elements: the
// region loops vectorise over them); each array starts on 64 bytes.
void GroupLoops::emitStorage() {
  if (Arrays.empty() && !HasSubGroups)
    return;
  IRBuilder<> B(Prologue->getTerminator());
  SmallVector<Value *, 8> Offsets;
  Value *Offset = B.getInt64(0);
  auto Append = [&](Value *Bytes) {
    Value *Start = Offset;
    Value *End = B.CreateAdd(Offset, Bytes);
    Offset = B.CreateAnd(B.CreateAdd(End, B.getInt64(63)), B.getInt64(~uint64_t(63)));
    return Start;
  };
  for (const PerItemArray &Array : Arrays)
    Offsets.push_back(Append(B.CreateMul(Items, B.getInt64(Array.Stride))));
  Value *BlockOffset = nullptr;
  IRBuilder<> Entry(&F.getEntryBlock(), F.getEntryBlock().begin());
  if (HasSubGroups) {
    if (auto *C = dyn_cast<ConstantInt>(Width)) // (kept a constant: versionFullSubGroups)
      Width = B.getInt64(std::max<uint64_t>(C->getZExtValue(), 1));
    else
      Width = B.CreateBinaryIntrinsic(Intrinsic::umax, Width, B.getInt64(1), nullptr, "wi.sg.width");
    SubGroups = B.CreateUDiv(B.CreateAdd(Items, B.CreateSub(Width, B.getInt64(1))), Width,
                             "wi.sub.groups");
    // Where the sub-groups stopped in a phase: by SYCL's rule all at the
    // same work-group barrier (or all returned), so one value, which the
    // optimiser keeps in a register.
    NextOfSubGroup = Entry.CreateAlloca(Entry.getInt32Ty(), nullptr, "wi.sg.next");
    if (!isa<ConstantInt>(Width))
      BlockOffset = Append(B.CreateMul(Width, B.getInt64(CpuSubGroupBlockBytesPerLane)));
  }
  // The per-thread block, where something needs it (a kernel whose values
  // do not live across its barriers, with a constant sub-group width, needs
  // none: no call per group).
  CallInst *Base = nullptr;
  if (!Arrays.empty() || BlockOffset) {
    FunctionCallee Storage = M.getOrInsertFunction(
        WorkItemStorageFunction, FunctionType::get(B.getPtrTy(), {B.getInt64Ty()}, false));
    if (auto *Fn = dyn_cast<Function>(Storage.getCallee())) {
      Fn->addRetAttr(Attribute::NoAlias);
      Fn->addRetAttr(Attribute::NonNull);
      Fn->addFnAttr(Attribute::NoUnwind);
      Fn->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
    }
    Base = B.CreateCall(Storage, {Offset}, "wi.storage");
    Base->addRetAttr(Attribute::getWithAlignment(Ctx, Align(64)));
  }
  if (HasSubGroups) {
    if (BlockOffset) {
      BlockBase = B.CreateInBoundsGEP(B.getInt8Ty(), Base, BlockOffset, "wi.sg.blocks");
    } else {
      // A constant width: the block (W * 128 bytes, at most 8 KB) is the
      // launcher's own stack memory, which nothing after the launcher reads:
      // where the lanes' values and the step's results sit at constant
      // offsets (the copy for whole sub-groups), the optimiser keeps them
      // in registers and the block disappears.
      const uint64_t Bytes = cast<ConstantInt>(Width)->getZExtValue() * CpuSubGroupBlockBytesPerLane;
      AllocaInst *Block =
          Entry.CreateAlloca(ArrayType::get(Entry.getInt8Ty(), Bytes), nullptr, "wi.sg.block");
      Block->setAlignment(Align(64));
      BlockBase = Block;
    }
    Function *Placeholder = BlockBasePlaceholder->getCalledFunction();
    BlockBasePlaceholder->replaceAllUsesWith(BlockBase);
    BlockBasePlaceholder->eraseFromParent();
    Placeholder->eraseFromParent();
  }

  IRBuilder<> AtItem(IdCall->getNextNode());
  for (auto [Array, Off] : zip(Arrays, Offsets)) {
    AllocaInst *A = Array.Alloca;
    Value *ArrayBase = B.CreateInBoundsGEP(B.getInt8Ty(), Base, Off, A->getName() + ".wi.array");
    auto *Scaled = cast<Instruction>(
        AtItem.CreateMul(IdCall, AtItem.getInt64(Array.Stride), "", true, true));
    auto *Mine = cast<Instruction>(
        AtItem.CreateInBoundsGEP(AtItem.getInt8Ty(), ArrayBase, Scaled, A->getName() + ".wi"));
    Remat.insert(Scaled);
    Remat.insert(Mine);
    for (User *U : make_early_inc_range(A->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    for (DbgVariableRecord *DVR : findDVRDeclares(A))
      DVR->eraseFromParent();
    at::deleteAssignmentMarkers(A);
    A->replaceAllUsesWith(Mine);
    A->eraseFromParent();
  }
}

std::optional<GroupLoops::Guard> GroupLoops::guardOf(const Region &Reg,
                                                     const Value *Index) const {
  auto Quiet = [](const BasicBlock *B) {
    return none_of(*B, [](const Instruction &I) { return I.mayHaveSideEffects(); });
  };
  // Side-effect-free blocks from the start to the first conditional branch.
  BasicBlock *B = Reg.Start;
  for (unsigned Steps = 0;; ++Steps) {
    if (Steps > 8 || !Quiet(B))
      return std::nullopt;
    auto *Br = dyn_cast<BranchInst>(B->getTerminator());
    if (!Br)
      return std::nullopt;
    if (Br->isConditional())
      break;
    B = Br->getSuccessor(0);
    if (!Reg.Blocks.contains(B) || !B->getSinglePredecessor())
      return std::nullopt;
  }
  auto *Br = cast<BranchInst>(B->getTerminator());
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp)
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  Value *Lhs = Cmp->getOperand(0), *Rhs = Cmp->getOperand(1);
  // The index itself, or narrowed to an `int` and widened back (a group has
  // at most a few thousand work-items: none of that changes the index).
  auto IsIndex = [&](Value *V) {
    using namespace PatternMatch;
    for (unsigned Steps = 0; Steps < 4 && V != Index; ++Steps) {
      Value *X;
      const APInt *Shl, *Ashr, *Mask;
      if (auto *T = dyn_cast<TruncInst>(V); T && T->getType()->getScalarSizeInBits() >= 16)
        V = T->getOperand(0);
      else if (isa<SExtInst>(V) || isa<ZExtInst>(V))
        V = cast<Instruction>(V)->getOperand(0);
      else if (match(V, m_AShr(m_Shl(m_Value(X), m_APInt(Shl)), m_APInt(Ashr))) &&
               *Shl == *Ashr && Shl->ule(48))
        V = X;
      else if (match(V, m_And(m_Value(X), m_APInt(Mask))) && Mask->isMask() &&
               Mask->getActiveBits() >= 16)
        V = X;
      else
        break;
    }
    return V == Index;
  };
  // lid == 0 (one work-item: the group's leader) is lid <= 0.
  if (match(Cmp->getOperand(1), PatternMatch::m_Zero()) &&
      (Pred == CmpInst::ICMP_EQ || Pred == CmpInst::ICMP_NE)) {
    Pred = Pred == CmpInst::ICMP_EQ ? CmpInst::ICMP_ULE : CmpInst::ICMP_UGT;
  }
  if (IsIndex(Rhs)) {
    std::swap(Lhs, Rhs);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!IsIndex(Lhs) || !isGroupInvariant(Rhs))
    return std::nullopt;
  BasicBlock *Active = Br->getSuccessor(0), *Skipped = Br->getSuccessor(1);
  if (Pred == CmpInst::ICMP_UGE || Pred == CmpInst::ICMP_UGT || Pred == CmpInst::ICMP_SGE ||
      Pred == CmpInst::ICMP_SGT) {
    Pred = CmpInst::getInversePredicate(Pred);
    std::swap(Active, Skipped);
  }
  if (Pred != CmpInst::ICMP_ULT && Pred != CmpInst::ICMP_ULE && Pred != CmpInst::ICMP_SLT &&
      Pred != CmpInst::ICMP_SLE)
    return std::nullopt;
  // The skipped work-items must do nothing on their way out, and leave
  // through one exit.
  SetVector<unsigned> Exits;
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work{Skipped};
  while (!Work.empty()) {
    BasicBlock *W = Work.pop_back_val();
    if (auto It = BarrierIds.find(W); It != BarrierIds.end()) {
      Exits.insert(It->second);
      continue;
    }
    if (!Seen.insert(W).second)
      continue;
    if (!Quiet(W) || Seen.size() > 32)
      return std::nullopt;
    if (isa<ReturnInst>(W->getTerminator()))
      Exits.insert(ExitId);
    else if (!isa<BranchInst>(W->getTerminator()))
      return std::nullopt;
    append_range(Work, successors(W));
  }
  if (Exits.size() != 1)
    return std::nullopt;
  return Guard{Pred, Rhs, Exits.front(), Br, Active};
}

// The same for every work-item of the group and computable before the loops:
// a prologue value, or a value the kernel object holds (a capture; the
// kernel's function object is const).
bool GroupLoops::isGroupInvariant(Value *V, unsigned Depth) const {
  if (inPrologue(V))
    return true;
  if (Depth > 4)
    return false;
  if (auto *L = dyn_cast<LoadInst>(V))
    return L->isSimple() && getUnderlyingObject(L->getPointerOperand()) == F.getArg(0) &&
           isGroupInvariant(L->getPointerOperand(), Depth + 1);
  if (auto *G = dyn_cast<GetElementPtrInst>(V))
    return G->hasAllConstantIndices() && isGroupInvariant(G->getPointerOperand(), Depth + 1);
  if (auto *C = dyn_cast<CastInst>(V))
    return isGroupInvariant(C->getOperand(0), Depth + 1);
  return false;
}

// A copy of a group-invariant value computed where B inserts.
Value *GroupLoops::materialise(IRBuilder<> &B, Value *V) const {
  if (inPrologue(V))
    return V;
  auto *I = cast<Instruction>(V);
  Instruction *C = I->clone();
  for (Use &Op : C->operands())
    Op.set(materialise(B, Op.get()));
  return B.Insert(C, I->getName() + ".group");
}

void GroupLoops::dropGuardTest(const Guard &G, ValueToValueMapTy &VMap) {
  auto *Test = cast<BranchInst>(VMap[G.Branch]);
  auto *Active = cast<BasicBlock>(VMap[G.Active]);
  for (BasicBlock *S : successors(Test))
    if (S != Active)
      S->removePredecessor(Test->getParent());
  BranchInst::Create(Active, Test->getIterator());
  Test->eraseFromParent();
}

// How many work-items, from 0 on, pass the guard.
Value *GroupLoops::activeItems(IRBuilder<> &B, const Guard &G, Value *Cap) const {
  Value *Limit = materialise(B, G.Limit);
  const bool Signed = CmpInst::isSigned(G.Pred);
  if (Signed) // a negative limit passes none
    Limit = B.CreateBinaryIntrinsic(
        Intrinsic::smax, Limit,
        ConstantInt::getSigned(Limit->getType(), G.Pred == CmpInst::ICMP_SLE ? -1 : 0));
  Limit = Signed ? B.CreateSExtOrTrunc(Limit, B.getInt64Ty())
                 : B.CreateZExtOrTrunc(Limit, B.getInt64Ty());
  if (G.Pred == CmpInst::ICMP_ULT || G.Pred == CmpInst::ICMP_SLT)
    return B.CreateBinaryIntrinsic(Intrinsic::umin, Cap, Limit, nullptr, "wi.active");
  // lin <= Limit: min(cap - 1, Limit) + 1, or none for a signed -1.
  Value *Last = B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateSub(Cap, B.getInt64(1)), Limit);
  Value *Count = B.CreateAdd(Last, B.getInt64(1));
  if (G.Pred == CmpInst::ICMP_SLE)
    Count = B.CreateSelect(B.CreateICmpSLT(Limit, B.getInt64(0)), B.getInt64(0), Count);
  return Count;
}

bool GroupLoops::readsCurrentItem(const Region &Reg, const GlobalVariable *CurrentItem) const {
  for (BasicBlock *B : Reg.Blocks)
    for (Instruction &I : *B) {
      if (is_contained(I.operands(), CurrentItem))
        return true;
      if (auto *CB = dyn_cast<CallBase>(&I);
          CB && CB != IdCall && CB != SubGroupCall && CB != LaneCall && CB != LanesCall &&
          !is_contained(LocalIdCalls, CB) && !isa<IntrinsicInst>(CB))
        return true;
    }
  return false;
}

void GroupLoops::cloneRegion(unsigned R, BasicBlock *Header, Value *Lin,
                             const std::array<Value *, 3> &Ids, Value *SubGroup, Value *Lane,
                             BasicBlock *Latch, AllocaInst *Next, GlobalVariable *CurrentItem,
                             ValueToValueMapTy &VMap) {
  Region &Reg = Regions[R];
  Type *I32 = Type::getInt32Ty(Ctx);
  IRBuilder<> H(Header);
  // The running work-item, for what reads it (the free-function work-item
  // queries, sycl::stream, whatever a call may do). Only there: the store
  // would keep the loop from vectorising.
  if (CurrentItem && readsCurrentItem(Reg, CurrentItem))
    H.CreateStore(Lin, H.CreateThreadLocalAddress(CurrentItem));
  DenseMap<Instruction *, Value *> Recomputed{{IdCall, Lin}};
  for (CallBase *LocalId : LocalIdCalls)
    Recomputed[LocalId] =
        Ids[cast<ConstantInt>(LocalId->getArgOperand(0))->getZExtValue()];
  if (SubGroupCall || LaneCall || LanesCall) {
    Value *Lanes = LaneCount; // the sub-group loop's
    if (!SubGroup) { // sub-groups of the width, a power of two
      SubGroup = H.CreateLShr(Lin, H.CreateBinaryIntrinsic(Intrinsic::cttz, Width, H.getTrue()));
      Lane = H.CreateAnd(Lin, H.CreateSub(Width, H.getInt64(1)));
      Lanes = H.CreateBinaryIntrinsic(Intrinsic::umin,
                                      H.CreateSub(Items, H.CreateMul(SubGroup, Width)), Width);
    }
    if (SubGroupCall)
      Recomputed[SubGroupCall] = H.CreateTrunc(SubGroup, SubGroupCall->getType(), "wi.sub.group");
    if (LaneCall)
      Recomputed[LaneCall] = H.CreateTrunc(Lane, LaneCall->getType(), "wi.lane");
    if (LanesCall)
      Recomputed[LanesCall] = H.CreateTrunc(Lanes, LanesCall->getType(), "wi.lanes");
  }
  for (auto [Root, Value] : Recomputed)
    VMap[Root] = Value;
  // Each after its operands (a private variable's per-work-item address,
  // made after the values computed from it were found, comes first).
  std::function<void(Instruction *)> Recompute = [&](Instruction *I) {
    if (Recomputed.count(I))
      return;
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op); OpI && Remat.contains(OpI))
        Recompute(OpI);
    Instruction *C = I->clone();
    H.Insert(C, I->getName());
    RemapInstruction(C, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    VMap[I] = C;
    Recomputed[I] = C;
  };
  for (Instruction *I : Remat)
    Recompute(I);
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *B : Reg.Blocks) {
    BasicBlock *C = CloneBasicBlock(B, VMap, ".r" + Twine(R), &F);
    VMap[B] = C;
    Clones.push_back(C);
  }
  // Region 0's first block holds the work-item index and what the header
  // recomputed: its uses take the header's.
  for (Instruction *I : Remat) {
    Value *Target = Recomputed.lookup(I);
    if (auto *C = dyn_cast_or_null<Instruction>(VMap.lookup(I)); C && C != Target)
      C->eraseFromParent();
    VMap[I] = Target;
  }
  H.CreateBr(cast<BasicBlock>(VMap[Reg.Start]));

  DenseMap<unsigned, BasicBlock *> ExitBlocks;
  auto ExitBlock = [&](unsigned Id) {
    BasicBlock *&E = ExitBlocks[Id];
    if (!E) {
      E = BasicBlock::Create(Ctx, "wi.exit" + Twine(R) + "." + Twine(Id), &F);
      IRBuilder<> EB(E);
      EB.CreateStore(ConstantInt::get(I32, Id), Next);
      EB.CreateBr(Latch);
    }
    return E;
  };
  for (BasicBlock *C : Clones) {
    for (Instruction &I : *C) {
      if (auto *P = dyn_cast<PHINode>(&I)) {
        for (unsigned In = P->getNumIncomingValues(); In-- > 0;)
          if (!Reg.Blocks.contains(P->getIncomingBlock(In)))
            P->removeIncomingValue(In, /*DeletePHIIfEmpty=*/false);
      }
      RemapInstruction(&I, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      RemapDbgRecordRange(&M, I.getDbgRecordRange(), VMap,
                          RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    }
    Instruction *T = C->getTerminator();
    if (isa<ReturnInst>(T)) {
      BranchInst::Create(ExitBlock(ExitId), C);
      T->eraseFromParent();
      continue;
    }
    for (unsigned S = 0; S < T->getNumSuccessors(); ++S)
      if (auto It = BarrierIds.find(T->getSuccessor(S)); It != BarrierIds.end())
        T->setSuccessor(S, ExitBlock(It->second));
  }
}

// With sub-groups: between two work-group barriers (a phase) the sub-groups
// are independent, so each runs on its own, one after the other: a loop over
// the sub-groups, and for each, its regions in the order its work-items reach
// them. A region is a loop over the sub-group's work-items, after which the
// step of the sub-group barrier they stopped at runs, once, and the same
// sub-group goes on with the region after that barrier. Where it stops at a
// work-group barrier (or returns), that is kept in NextOfSubGroup and the
// next sub-group starts; after the last, the phase of the work-group barrier
// sub-group 0 waits at (by SYCL's rule all wait there) starts, or the
// launcher returns. (No dispatch scans the sub-groups, and all share one
// exchange block: addressBlocks.)
BasicBlock *GroupLoops::buildSubGroupLoops(const Scaffold &S) {
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  AllocaInst *Next = S.Next;
  GlobalVariable *CurrentItem = S.CurrentItem;
  BasicBlock *Done = S.Done;
  const unsigned N = Regions.size();
  IntegerType *IdTy = cast<IntegerType>(I32);

  // The loop over the sub-groups, entered with the phase's first region.
  auto *Start = BasicBlock::Create(Ctx, "wi.sg.start", &F);
  auto *SgHead = BasicBlock::Create(Ctx, "wi.sg", &F);
  auto *Dispatch = BasicBlock::Create(Ctx, "wi.sg.dispatch", &F);
  auto *SgLatch = BasicBlock::Create(Ctx, "wi.sg.next", &F);
  auto *PhaseDone = BasicBlock::Create(Ctx, "wi.sg.phase.done", &F);
  IRBuilder<> ST(Start);
  PHINode *Phase = ST.CreatePHI(I32, 2, "wi.sg.phase");
  ST.CreateBr(SgHead);

  IRBuilder<> SH(SgHead);
  PHINode *Sg = SH.CreatePHI(I64, 2, "wi.sg.id");
  Sg->addIncoming(SH.getInt64(0), Start);
  Value *First = SH.CreateMul(Sg, Width, "wi.sg.first", true, true);
  Value *Lanes = SH.CreateBinaryIntrinsic(Intrinsic::umin, SH.CreateSub(Items, First), Width,
                                          nullptr, "wi.sg.lanes");
  LaneCount = dyn_cast<Instruction>(Lanes);
  Value *Waits = NextOfSubGroup;
  SH.CreateBr(Dispatch);

  IRBuilder<> DI(Dispatch);
  PHINode *Current = DI.CreatePHI(I32, N + 1, "wi.sg.region");
  Current->addIncoming(Phase, SgHead);
  SwitchInst *ToRegion = DI.CreateSwitch(Current, SgLatch, N);

  for (unsigned R = 0; R < N; ++R) {
    auto *Run = BasicBlock::Create(Ctx, "wi.sg.run" + Twine(R), &F);
    auto *LaneHead = BasicBlock::Create(Ctx, "wi.region" + Twine(R), &F);
    auto *LaneLatch = BasicBlock::Create(Ctx, "wi.next" + Twine(R), &F);
    auto *RegionDone = BasicBlock::Create(Ctx, "wi.sg.done" + Twine(R), &F);
    ToRegion->addCase(ConstantInt::get(IdTy, R), Run);

    // A region that begins `if (lane == 0)` (the sub-group's leader writes
    // its result) or `if (lane < n)` runs those lanes only.
    std::optional<Guard> G = LaneCall ? guardOf(Regions[R], LaneCall) : std::nullopt;
    IRBuilder<> SR(Run);
    Value *Bound = Lanes;
    if (G) {
      Bound = activeItems(SR, *G, Lanes);
      SR.CreateStore(ConstantInt::get(I32, G->SkipExit), Next);
      SR.CreateCondBr(SR.CreateICmpNE(Bound, SR.getInt64(0)), LaneHead, RegionDone);
      ++Guarded;
    } else {
      SR.CreateBr(LaneHead);
    }

    IRBuilder<> LH(LaneHead);
    PHINode *Lane = LH.CreatePHI(I64, 2, "wi.lane" + Twine(R));
    Lane->addIncoming(LH.getInt64(0), Run);
    Value *Lin = LH.CreateAdd(First, Lane, "wi.lin" + Twine(R), true, true);
    std::array<Value *, 3> Ids = {LH.getInt64(0), LH.getInt64(0), LH.getInt64(0)};
    if (!LocalIdCalls.empty()) { // dimension 2 fastest
      Ids[2] = LH.CreateURem(Lin, Extents[2]);
      Value *Rest = LH.CreateUDiv(Lin, Extents[2]);
      Ids[1] = LH.CreateURem(Rest, Extents[1]);
      Ids[0] = LH.CreateUDiv(Rest, Extents[1]);
    }
    // The region's body goes between LaneHead's end and LaneLatch.
    auto *Body = BasicBlock::Create(Ctx, "wi.item" + Twine(R), &F);
    LH.CreateBr(Body);
    ValueToValueMapTy VMap;
    cloneRegion(R, Body, Lin, Ids, Sg, Lane, LaneLatch, Next, CurrentItem, VMap);
    if (G)
      dropGuardTest(*G, VMap);

    LaneLoops.push_back({WeakVH(LaneHead), RegionDone});
    IRBuilder<> LL(LaneLatch);
    Value *Following = LL.CreateAdd(Lane, LL.getInt64(1), "", true, true);
    LL.CreateCondBr(LL.CreateICmpULT(Following, Bound), LaneHead, RegionDone);
    Lane->addIncoming(Following, LaneLatch);

    // Where the sub-group's work-items stopped: at a sub-group barrier, its
    // step runs and the sub-group goes on; else the sub-group is done with
    // this phase.
    IRBuilder<> RD(RegionDone);
    Value *Stopped = RD.CreateLoad(I32, Next, "wi.stopped");
    auto *Park = BasicBlock::Create(Ctx, "wi.sg.park" + Twine(R), &F);
    SwitchInst *RunStep = RD.CreateSwitch(Stopped, Park, Regions[R].Exits.size());
    IRBuilder<> PK(Park);
    PK.CreateStore(Stopped, Waits);
    PK.CreateBr(SgLatch);
    for (unsigned Id : Regions[R].Exits) {
      if (Id == ExitId || !SubGroupBarrier[Id])
        continue;
      auto *StepBlock = BasicBlock::Create(Ctx, "wi.sg.step" + Twine(R) + "." + Twine(Id), &F);
      IRBuilder<> SB(StepBlock);
      if (Function *Step = Steps[Id]) {
        Value *Block = BlockBase;
        Value *LaneCount = SB.CreateTrunc(Lanes, Step->getFunctionType()->getParamType(1));
        CallInst *Call = SB.CreateCall(Step->getFunctionType(), Step, {Block, LaneCount});
        // (An inlinable call in a function with debug info needs a location.)
        DebugLoc Loc = Barriers[Id - 1]->getDebugLoc();
        if (!Loc && F.getSubprogram())
          Loc = DILocation::get(Ctx, 0, 0, F.getSubprogram());
        Call->setDebugLoc(Loc);
        StepCalls.push_back(Call);
      }
      SB.CreateBr(Dispatch);
      Current->addIncoming(ConstantInt::get(IdTy, Id), StepBlock);
      RunStep->addCase(ConstantInt::get(IdTy, Id), StepBlock);
    }
  }

  IRBuilder<> SL(SgLatch);
  Value *NextSg = SL.CreateAdd(Sg, SL.getInt64(1), "", true, true);
  SL.CreateCondBr(SL.CreateICmpULT(NextSg, SubGroups), SgHead, PhaseDone);
  Sg->addIncoming(NextSg, SgLatch);

  // Every sub-group is at a work-group barrier or has returned: the next
  // phase starts at the barrier sub-group 0 waits at.
  IRBuilder<> PD(PhaseDone);
  SwitchInst *ToPhase = PD.CreateSwitch(PD.CreateLoad(I32, NextOfSubGroup), Done);
  for (unsigned Id = 1; Id < N; ++Id)
    if (!SubGroupBarrier[Id]) {
      auto *Enter = BasicBlock::Create(Ctx, "wi.enter" + Twine(Id), &F);
      BranchInst::Create(Start, Enter);
      Phase->addIncoming(ConstantInt::get(IdTy, Id), Enter);
      ToPhase->addCase(ConstantInt::get(IdTy, Id), Enter);
    }
  auto *Enter0 = BasicBlock::Create(Ctx, "wi.enter0", &F);
  BranchInst::Create(Start, Enter0);
  Phase->addIncoming(ConstantInt::get(IdTy, 0), Enter0);
  return Enter0;
}

// The steps are small (a fold, a prefix, a copy over one sub-group): inlined,
// they see the sub-group's lane count and the operation's type.
void GroupLoops::inlineSteps() {
  for (CallInst *Call : StepCalls) {
    InlineFunctionInfo IFI;
    (void)InlineFunction(*Call, IFI); // a step that cannot be inlined stays a call
  }
  StepCalls.clear();
}

// With a constant sub-group width (the kernel's reqd_sub_group_size), a
// group whose size is a multiple of it has full sub-groups only: there the
// lane loops run exactly `width` times and the steps take `width` lanes, so
// they unroll and fold to one width's code. The launcher tests that once per
// group and runs such a copy of its loops; other groups (a partial last
// sub-group) run the general ones. Kernels with many collectives keep one
// copy (code size, compile time).
constexpr unsigned MaxRegionsToVersion = 8;

void GroupLoops::versionFullSubGroups() {
  auto *W = dyn_cast<ConstantInt>(Width);
  // (A constant group size: the lane count is known already.)
  auto *ItemsAt = dyn_cast<Instruction>(Items);
  if (!W || !LaneCount || Regions.size() > MaxRegionsToVersion || !ItemsAt ||
      ItemsAt->getParent() != Prologue)
    return;
  ValueToValueMapTy VMap;
  Function *Full = CloneFunction(&F, VMap);
  cast<Instruction>(VMap[LaneCount])->replaceAllUsesWith(W);

  BasicBlock *Rest = Prologue->splitBasicBlock(ItemsAt->getNextNode(), "wi.sg.partial");
  auto *RunFull = BasicBlock::Create(Ctx, "wi.sg.full", &F, Rest);
  Prologue->getTerminator()->eraseFromParent();
  IRBuilder<> P(Prologue);
  Value *IsFull = P.CreateICmpEQ(P.CreateURem(Items, W), ConstantInt::get(Items->getType(), 0),
                                 "wi.sg.all.full");
  P.CreateCondBr(IsFull, RunFull, Rest);
  IRBuilder<> R(RunFull);
  SmallVector<Value *, 4> Args;
  for (Argument &A : F.args())
    Args.push_back(&A);
  CallInst *Call = R.CreateCall(Full, Args);
  if (F.getSubprogram())
    Call->setDebugLoc(DILocation::get(Ctx, 0, 0, F.getSubprogram()));
  R.CreateRet(Call);
  InlineFunctionInfo IFI;
  const bool Inlined = InlineFunction(*Call, IFI).isSuccess();
  if (Inlined)
    Full->eraseFromParent();
  else
    Full->setLinkage(GlobalValue::InternalLinkage);
}

bool GroupLoops::manyCollectives() const {
  return HasSubGroups && Regions.size() > MaxRegionsToVersion;
}

// With many collectives, all lane loops sit in one dispatch loop inside the
// loop over the sub-groups, and LLVM's loop strength reduction takes time
// that grows much faster than the code (seconds per launcher from ~30
// regions; a SYCL-CTS joint-scan file took 40 minutes). There each lane
// loop becomes a function of its own (called once per sub-group and region,
// a few nanoseconds), and the collectives' steps stay calls: code
// generation stays linear. Fewer collectives keep the loops inline (and may
// get the full-sub-group copy above).
void GroupLoops::outlineLaneLoops() {
  for (auto &[HeadHandle, Done] : LaneLoops) {
    auto *Head = cast_or_null<BasicBlock>(HeadHandle);
    if (!Head)
      continue;
    // The loop: what the header reaches before the loop's end.
    SetVector<BasicBlock *> Blocks;
    Blocks.insert(Head);
    for (unsigned I = 0; I < Blocks.size(); ++I)
      for (BasicBlock *Succ : successors(Blocks[I]))
        if (Succ != Done)
          Blocks.insert(Succ);
    CodeExtractor Extractor(Blocks.getArrayRef(), /*DT=*/nullptr, /*AggregateArgs=*/true,
                            nullptr, nullptr, nullptr, /*AllowVarArgs=*/false,
                            /*AllowAlloca=*/false, /*AllocationBlock=*/nullptr,
                            "wi.lanes");
    if (!Extractor.isEligible())
      continue; // stays inline
    CodeExtractorAnalysisCache Cache(F);
    Function *Loop = Extractor.extractCodeRegion(Cache);
    if (!Loop)
      continue;
    Loop->addFnAttr(Attribute::NoInline);
    Loop->removeFnAttr(Attribute::AlwaysInline);
    OutlinedLoops.push_back(Loop);
    ++Outlined;
  }
}

// A group's work-items reading consecutive elements (in[global id]) read the
// next group's elements next: the launcher runs a chunk's groups back to
// back, the next group id after this one. The loop over the work-items
// reads a block of the stream, then the group's later regions compute (a
// tree in local memory), so the core's requests come in bursts where
// OpenMP's loop streams; on a 16-core host the reduction benchmark ran at
// 0.87-0.95 x OpenMP, and with the next blocks prefetched at 1.14-1.32 x.
// So before such a loop the launcher prefetches, one cache line apart, the
// block a few groups ahead (at least 8 KB past this group's). Only
// one-dimensional groups (where the next group's block follows this one's)
// and only addresses that move by exactly one block from one group to the
// next (not local memory, not per-work-item arrays, not data every group
// reads alike).
constexpr uint64_t PrefetchAheadBytes = 8192;
constexpr unsigned MaxStreamsPerLoop = 4;

void GroupLoops::prefetchGroupStreams() {
  if (HasSubGroups || ItemLoopIvs.empty() || !OneDimensional)
    return;
  FAM.invalidate(F, PreservedAnalyses::none());
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  Type *I64 = Type::getInt64Ty(Ctx);
  Value *GroupItems = ItemsAfterSimplify;
  if (!GroupItems || GroupItems->getType() != I64)
    return;
  const SCEV *ItemsS = SE.getSCEV(GroupItems);
  bool Changed = false;
  for (WeakTrackingVH &Handle : ItemLoopIvs) {
    auto *Iv = dyn_cast_or_null<PHINode>(Handle);
    if (!Iv)
      continue;
    Loop *L = LI.getLoopFor(Iv->getParent());
    if (!L || L->getHeader() != Iv->getParent() || !L->getLoopPreheader())
      continue;
    // The loop's streams: start and bytes per work-item.
    SmallVector<std::pair<const SCEV *, uint64_t>, 4> Streams;
    for (BasicBlock *B : L->blocks()) {
      if (LI.getLoopFor(B) != L)
        continue; // (an inner loop's addresses move with its own index)
      for (Instruction &I : *B) {
        auto *Load = dyn_cast<LoadInst>(&I);
        if (!Load || Streams.size() == MaxStreamsPerLoop)
          continue;
        auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Load->getPointerOperand()));
        if (!AR || AR->getLoop() != L || !AR->isAffine())
          continue;
        auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
        if (!Step || Step->getAPInt().getSExtValue() <= 0 ||
            Step->getAPInt().getSExtValue() > 64)
          continue;
        const uint64_t Stride = Step->getAPInt().getZExtValue();
        const SCEV *Start = AR->getStart();
        // One block further per group: some value the launcher loaded (the
        // group's id) moves the start by the group's work-items x stride.
        const SCEV *Block = SE.getMulExpr(ItemsS, SE.getConstant(I64, Stride));
        bool NextBlock = false;
        SmallPtrSet<const Value *, 4> Tried;
        SCEVExprContains(Start, [&](const SCEV *S) {
          auto *U = dyn_cast<SCEVUnknown>(S);
          if (!U || !isa<LoadInst>(U->getValue()) || U->getType() != I64 ||
              !Tried.insert(U->getValue()).second)
            return false;
          ValueToSCEVMapTy Next{{U->getValue(), SE.getAddExpr(U, SE.getOne(I64))}};
          const SCEV *Moved = SCEVParameterRewriter::rewrite(Start, SE, Next);
          const SCEV *Delta = SE.getMinusSCEV(Moved, Start);
          NextBlock = !isa<SCEVCouldNotCompute>(Delta) && Delta == Block;
          return NextBlock; // (stops the walk)
        });
        if (!NextBlock)
          continue;
        // (in[gid - 1], in[gid], in[gid + 1]: one stream, a few bytes apart.)
        if (none_of(Streams, [&](auto &S) {
              return isa<SCEVConstant>(SE.getMinusSCEV(Start, S.first));
            }))
          Streams.push_back({Start, Stride});
      }
    }
    if (Streams.empty())
      continue;
    // Before the loop: for each stream, a loop over the cache lines of the
    // block max(block, 8 KB) further on.
    BasicBlock *Pre = L->getLoopPreheader();
    SCEVExpander Expander(SE, "wi.stream");
    for (auto [Start, Stride] : Streams) {
      Value *Base = Expander.expandCodeFor(Start, Start->getType(), Pre->getTerminator());
      BasicBlock *Tail = SplitBlock(Pre, Pre->getTerminator());
      auto *Head = BasicBlock::Create(Ctx, "wi.prefetch", &F, Tail);
      Pre->getTerminator()->setSuccessor(0, Head);
      IRBuilder<> P(Pre->getTerminator());
      Value *Bytes = P.CreateMul(GroupItems, P.getInt64(Stride), "wi.block.bytes", true, true);
      Value *Ahead = P.CreateBinaryIntrinsic(Intrinsic::umax, Bytes,
                                             P.getInt64(PrefetchAheadBytes), nullptr,
                                             "wi.prefetch.ahead");
      IRBuilder<> H(Head);
      PHINode *Off = H.CreatePHI(I64, 2, "wi.prefetch.at");
      Off->addIncoming(H.getInt64(0), Pre);
      Value *At = H.CreateGEP(H.getInt8Ty(), Base, H.CreateAdd(Ahead, Off));
      H.CreateIntrinsic(Intrinsic::prefetch, {At->getType()},
                        {At, H.getInt32(0), H.getInt32(3), H.getInt32(1)});
      Value *NextOff = H.CreateAdd(Off, H.getInt64(64), "", true, true);
      Off->addIncoming(NextOff, Head);
      H.CreateCondBr(H.CreateICmpULT(NextOff, Bytes), Head, Tail);
      Pre = Tail;
      ++Prefetched;
      Changed = true;
    }
  }
  if (Changed)
    FAM.invalidate(F, PreservedAnalyses::none());
}

void GroupLoops::buildLoops() {
  Scaffold S;
  S.Next = new AllocaInst(Type::getInt32Ty(Ctx), M.getDataLayout().getAllocaAddrSpace(),
                          "wi.next", Prologue->getFirstInsertionPt());
  S.CurrentItem = M.getNamedGlobal(CpuAssertItemVariable);
  if (S.CurrentItem && !S.CurrentItem->isThreadLocal())
    S.CurrentItem = nullptr;
  for (BasicBlock &B : F)
    if (&B != Prologue)
      S.Original.push_back(&B);
  S.Done = BasicBlock::Create(Ctx, "wi.done", &F);
  ReturnInst::Create(Ctx, ConstantInt::getTrue(Ctx), S.Done);

  BasicBlock *First = HasSubGroups ? buildSubGroupLoops(S) : buildGroupLoops(S);
  Instruction *Entry = Prologue->getTerminator();
  // A call that only asks whether the group is divisible runs nothing.
  auto *Answer = BasicBlock::Create(Ctx, "wi.range.answer", &F);
  ReturnInst::Create(Ctx, ConstantInt::getBool(Ctx, Divisible), Answer);
  BranchInst::Create(Answer, First, RangeQuery, Prologue);
  Entry->eraseFromParent();
  for (BasicBlock *B : S.Original)
    B->dropAllReferences();
  for (BasicBlock *B : S.Original)
    B->eraseFromParent();
  // A region no dispatch enters (its barrier is never reached) has a header
  // without predecessors: removed with the other unreachable blocks.
  removeUnreachableBlocks(F);
}

BasicBlock *GroupLoops::buildGroupLoops(const Scaffold &S) {
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  AllocaInst *Next = S.Next;
  GlobalVariable *CurrentItem = S.CurrentItem;
  BasicBlock *Done = S.Done;
  const unsigned N = Regions.size();
  // The dimensions to loop over: those whose size is not the constant 1
  // (dimension 0 outermost, the last innermost: consecutive work-items,
  // consecutive iterations of the innermost loop, which vectorises).
  SmallVector<unsigned, 3> LoopDims;
  for (unsigned D = 0; D < 3; ++D)
    if (!match(Extents[D], PatternMatch::m_One()))
      LoopDims.push_back(D);
  if (LoopDims.empty())
    LoopDims.push_back(2);
  const bool Nested = LoopDims.size() > 1;
  Divisible = N == 1 && !Nested && !GroupMemory.contains(&F);

  // Per region: entry (how many work-items run it), loop headers, the
  // header of one work-item (its linear and local ids), latches (the next
  // work-item), dispatch (on to the next region).
  SmallVector<BasicBlock *, 8> Entries, Headers, Latches, Dispatches;
  SmallVector<Value *, 8> Linear;
  SmallVector<std::array<Value *, 3>, 8> Local;
  SmallVector<std::optional<Guard>, 8> Guards;
  for (unsigned R = 0; R < N; ++R) {
    auto *Entry = BasicBlock::Create(Ctx, "wi.enter" + Twine(R), &F);
    auto *Dispatch = BasicBlock::Create(Ctx, "wi.dispatch" + Twine(R), &F);
    SmallVector<BasicBlock *, 3> LoopHeads, LoopLatches;
    SmallVector<PHINode *, 3> Ivs;
    for (unsigned D : LoopDims) {
      LoopHeads.push_back(BasicBlock::Create(Ctx, "wi.region" + Twine(R) + ".d" + Twine(D), &F));
      Ivs.push_back(PHINode::Create(I64, 2, "wi.id" + Twine(R) + "." + Twine(D), LoopHeads.back()));
    }
    for (unsigned K = 0; K < LoopDims.size(); ++K)
      LoopLatches.push_back(BasicBlock::Create(Ctx, "wi.next" + Twine(R) + ".d" + Twine(LoopDims[K]), &F));
    BasicBlock *Body = LoopHeads.back();
    if (Nested) {
      Body = BasicBlock::Create(Ctx, "wi.region" + Twine(R), &F);
      for (unsigned K = 0; K < LoopDims.size(); ++K) {
        BasicBlock *Inner = K + 1 < LoopDims.size() ? LoopHeads[K + 1] : Body;
        BranchInst::Create(Inner, LoopHeads[K]);
        if (K + 1 < LoopDims.size())
          Ivs[K + 1]->addIncoming(ConstantInt::get(I64, 0), LoopHeads[K]);
      }
    } else {
      Ivs[0]->setName("wi.lin" + Twine(R));
      LoopHeads[0]->setName("wi.region" + Twine(R));
      ItemLoopIvs.push_back(WeakTrackingVH(Ivs[0]));
    }
    Ivs[0]->addIncoming(Divisible ? ItemBegin : ConstantInt::get(I64, 0), Entry);

    // The guard needs one loop (its test is on the linear index).
    IRBuilder<> E(Entry);
    std::optional<Guard> G = Nested ? std::nullopt : guardOf(Regions[R], IdCall);
    Guards.push_back(G);
    Value *Bound = Extents[LoopDims.back()];
    if (!Nested)
      Bound = Divisible ? ItemEnd : Items;
    if (G) {
      Bound = activeItems(E, *G, Bound);
      E.CreateStore(ConstantInt::get(I32, G->SkipExit), Next);
      E.CreateCondBr(Divisible ? E.CreateICmpULT(ItemBegin, Bound)
                               : E.CreateICmpNE(Bound, E.getInt64(0)),
                     LoopHeads[0], Dispatch);
      ++Guarded;
    } else if (Divisible) {
      E.CreateCondBr(E.CreateICmpULT(ItemBegin, Bound), LoopHeads[0], Dispatch);
    } else {
      E.CreateBr(LoopHeads[0]);
    }
    // Latches, innermost first: the next index of the dimension, or on to
    // the enclosing loop's latch (the dispatch after the outermost).
    for (unsigned K = LoopDims.size(); K-- > 0;) {
      IRBuilder<> L(LoopLatches[K]);
      Value *Limit = K + 1 == LoopDims.size() ? Bound : Extents[LoopDims[K]];
      if (Nested)
        Limit = Extents[LoopDims[K]];
      Value *Following = L.CreateAdd(Ivs[K], L.getInt64(1), "", true, true);
      L.CreateCondBr(L.CreateICmpULT(Following, Limit), LoopHeads[K],
                     K ? LoopLatches[K - 1] : Dispatch);
      Ivs[K]->addIncoming(Following, LoopLatches[K]);
    }
    // The work-item's ids.
    IRBuilder<> H(Body);
    std::array<Value *, 3> Ids = {H.getInt64(0), H.getInt64(0), H.getInt64(0)};
    Value *Lin = Ivs[0];
    if (Nested) {
      for (unsigned K = 0; K < LoopDims.size(); ++K)
        Ids[LoopDims[K]] = Ivs[K];
      Lin = H.CreateAdd(H.CreateMul(H.CreateAdd(H.CreateMul(Ids[0], Extents[1], "", true, true),
                                                 Ids[1], "", true, true),
                                    Extents[2], "", true, true),
                        Ids[2], "wi.lin" + Twine(R), true, true);
    } else {
      Ids[LoopDims[0]] = Lin;
    }
    Entries.push_back(Entry);
    Headers.push_back(Body);
    Latches.push_back(LoopLatches.back());
    Dispatches.push_back(Dispatch);
    Linear.push_back(Lin);
    Local.push_back(Ids);
  }

  for (unsigned R = 0; R < N; ++R) {
    Region &Reg = Regions[R];
    ValueToValueMapTy VMap;
    cloneRegion(R, Headers[R], Linear[R], Local[R], nullptr, nullptr, Latches[R], Next,
                CurrentItem, VMap);
    // Shared slots the region reads as they were before it and stores anew:
    // a copy from before the work-items run.
    for (const Snapshot &Snap : Snapshots[R]) {
      auto *Copy = new AllocaInst(Snap.Slot->getAllocatedType(), Snap.Slot->getAddressSpace(),
                                  Snap.Slot->getName() + ".before" + Twine(R),
                                  Prologue->getFirstInsertionPt());
      IRBuilder<> E(Entries[R], Entries[R]->getFirstInsertionPt());
      E.CreateStore(E.CreateLoad(Snap.Slot->getAllocatedType(), Snap.Slot), Copy);
      for (LoadInst *L : Snap.Loads)
        if (auto It = VMap.find(L); It != VMap.end())
          cast<LoadInst>(It->second)->setOperand(0, Copy);
    }

    // Only work-items that pass the region's guard run the loop.
    if (const std::optional<Guard> &G = Guards[R])
      dropGuardTest(*G, VMap);

    // On to the region its barrier starts.
    IRBuilder<> D(Dispatches[R]);
    SwitchInst *Switch = D.CreateSwitch(D.CreateLoad(I32, Next), Done, Reg.Exits.size());
    for (unsigned Id : Reg.Exits)
      if (Id != ExitId)
        Switch->addCase(ConstantInt::get(cast<IntegerType>(I32), Id), Entries[Id]);
  }

  return Entries[0];
}

std::optional<std::string> GroupLoops::run() {
  CallBase *LoopsCall = nullptr;
  for (Instruction &I : instructions(F)) {
    if (CallBase *CB = callTo(I, WorkItemLoopsMarker)) {
      if (LoopsCall)
        return std::string("the launcher asks twice whether it runs as loops");
      LoopsCall = CB;
    }
    if (CallBase *CB = callTo(I, WorkItemIdMarker)) {
      if (IdCall)
        return std::string("the launcher has two work-item indices");
      IdCall = CB;
    }
  }
  for (Instruction &I : instructions(F)) {
    if (CallBase *CB = callTo(I, WorkItemLocalIdMarker))
      LocalIdCalls.push_back(CB);
    if (CallBase *CB = callTo(I, WorkItemSubGroupMarker)) {
      if (SubGroupCall)
        return std::string("the launcher asks twice for the work-item's sub-group");
      SubGroupCall = CB;
    }
    if (CallBase *CB = callTo(I, WorkItemLaneMarker)) {
      if (LaneCall)
        return std::string("the launcher asks twice for the work-item's lane");
      LaneCall = CB;
    }
    if (CallBase *CB = callTo(I, WorkItemLanesMarker)) {
      if (LanesCall)
        return std::string("the launcher asks twice for its sub-group's work-items");
      LanesCall = CB;
    }
  }
  if (!LoopsCall || !IdCall || IdCall->arg_size() != 6 || !F.getReturnType()->isIntegerTy(1))
    return std::string("not a work-group launcher of this usycl version");
  // (kernel_entry.hpp passes the extents of the dimensions a kernel lacks
  // as the constant 1.)
  OneDimensional = match(IdCall->getArgOperand(1), PatternMatch::m_One()) &&
                   match(IdCall->getArgOperand(2), PatternMatch::m_One());
  if (std::optional<std::string> Why = inlineBarrierCallees())
    return Why;
  LoopsCall->replaceAllUsesWith(ConstantInt::getTrue(Ctx));
  LoopsCall->eraseFromParent();
  simplify(F, FAM, /*Loops=*/false);
  if (std::optional<std::string> Why = checkShape())
    return Why;
  Prologue = &F.getEntryBlock();
  hoistGroupInvariants();
  splitAtBarriers();
  addressBlocks();
  formRegions();
  collectRematerialisable();
  demoteValuesLiveAcrossBarriers();
  shareUniformSlots();
  if (std::optional<std::string> Why = privatiseAllocas())
    return Why;
  emitStorage();
  buildLoops();
  // A shape this pass gets wrong must not crash the compiler: the kernel
  // then runs as fibers, and the remark says so.
  std::string Broken;
  raw_string_ostream Report(Broken);
  if (verifyFunction(F, &Report))
    return "internal error of the pass (please report it): " +
           StringRef(Broken).split('\n').first.str();
  if (manyCollectives()) {
    // (Each step stays one call, shared by the collectives of its kind.)
    StepCalls.clear();
    outlineLaneLoops();
  } else {
    inlineSteps();
    versionFullSubGroups();
  }
  ItemsAfterSimplify = Items;
  simplify(F, FAM, /*Loops=*/true, /*Unswitch=*/!HasSubGroups);
  // (The optimiser's simplification pipeline ran before this pass.)
  for (Function *Loop : OutlinedLoops)
    simplify(*Loop, FAM, /*Loops=*/true);
  prefetchGroupStreams();
  return std::nullopt;
}

// Makes the launcher return false at once: the runtime runs the group as
// fibers. Works on the launcher as the headers wrote it (before any change).
void fallBack(Function &F, FunctionAnalysisManager &FAM) {
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (CallBase *CB = callTo(I, WorkItemLoopsMarker)) {
      CB->replaceAllUsesWith(ConstantInt::getFalse(F.getContext()));
      CB->eraseFromParent();
    }
  simplify(F, FAM, /*Loops=*/false);
}

} // namespace

PreservedAnalyses WorkItemLoopsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Function *IdMarker = M.getFunction(WorkItemIdMarker);
  if (!IdMarker)
    return PreservedAnalyses::all();
  SmallSetVector<Function *, 8> Launchers;
  for (User *U : IdMarker->users())
    if (auto *CB = dyn_cast<CallBase>(U))
      Launchers.insert(CB->getFunction());
  if (Launchers.empty())
    return PreservedAnalyses::all();

  // group_local_memory is one allocation per call site; the loops copy a
  // call into each region that runs it, so give each site its key now.
  if (M.getFunction(GroupLocalMemoryMarker))
    GroupLocalMemoryPass().run(M, MAM);
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallPtrSet<const Function *, 16> Reaching = barrierReaching(M);
  SmallPtrSet<const Function *, 16> GroupMemory = groupMemoryReaching(M);
  for (Function *F : Launchers) {
    // Work on F, keeping a pristine copy: a launcher the pass gives up on
    // half way (after inlining) gets its original body back, then falls back.
    ValueToValueMapTy Backup;
    Function *Copy = CloneFunction(F, Backup);
    GroupLoops Loops(*F, Reaching, GroupMemory, FAM);
    std::optional<std::string> Why = Loops.run();
    if (Why) {
      for (BasicBlock &B : *F)
        B.dropAllReferences();
      while (!F->empty())
        F->begin()->eraseFromParent();
      for (auto [CopyArg, Arg] : zip(Copy->args(), F->args()))
        CopyArg.replaceAllUsesWith(&Arg);
      F->splice(F->end(), Copy);
      if (DISubprogram *SP = Copy->getSubprogram()) {
        Copy->setSubprogram(nullptr);
        F->setSubprogram(SP);
      }
      fallBack(*F, FAM);
    }
    Copy->eraseFromParent();
    FAM.invalidate(*F, PreservedAnalyses::none());
    OptimizationRemarkEmitter ORE(F);
    std::string Kernel = kernelOf(*F);
    if (Why)
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "Fibers", F)
               << "kernel '" << Kernel
               << "' runs its work-items as fibers on the CPU (slower): " << *Why;
      });
    else
      ORE.emit([&] {
        return OptimizationRemark(PassName, "Loops", F)
               << "kernel '" << Kernel << "': work-group as "
               << ore::NV("Regions", Loops.barriers() + 1) << " loop(s) over its work-items ("
               << ore::NV("Barriers", Loops.barriers()) << " barrier(s), "
               << ore::NV("PerItemArrays", Loops.privatised()) << " per-work-item array(s), "
               << ore::NV("SharedValues", Loops.shared()) << " value(s) the same for all, "
               << ore::NV("Guarded", Loops.guarded()) << " loop(s) over the work-items below a bound"
               << (Loops.outlined() ? ", " + std::to_string(Loops.outlined()) +
                                          " of them functions of their own (many collectives)"
                                    : std::string())
               << (Loops.prefetched() ? ", " + std::to_string(Loops.prefetched()) +
                                            " stream(s) prefetched a few groups ahead"
                                      : std::string())
               << (Loops.divisible() ? "; its work-items may run on several threads"
                                     : std::string())
               << ")";
      });
  }
  return PreservedAnalyses::none();
}

PreservedAnalyses BarrierConvergencePass::run(Module &M, ModuleAnalysisManager &) {
  SmallPtrSet<const Function *, 16> Reaching = barrierReaching(M);
  if (Reaching.empty())
    return PreservedAnalyses::all();
  for (const Function *Const : Reaching) {
    auto *F = const_cast<Function *>(Const);
    F->setConvergent();
    for (User *U : F->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == F)
        CB->setConvergent();
  }
  return PreservedAnalyses::none();
}

void registerWorkItemLoopsPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(BarrierConvergencePass());
  });
  // Not at -O0: its functions are optnone (the launcher stays as written,
  // and libusycl.so's marker sends the group to the fibers).
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(WorkItemLoopsPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == WorkItemLoopsPass::name()) {
          MPM.addPass(WorkItemLoopsPass());
          return true;
        }
        if (Name == BarrierConvergencePass::name()) {
          MPM.addPass(BarrierConvergencePass());
          return true;
        }
        return false;
      });
}

} // namespace usycl::passes
