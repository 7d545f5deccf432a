//===- aspect_propagation.cpp - Optional kernel features pass -------------===//
//
// See aspect_propagation.hpp for what the pass does and the metadata it reads
// and writes.
//
//===----------------------------------------------------------------------===//

#include "aspect_propagation.hpp"
#include "assert_versioning.hpp"
#include "cpu_isa_levels.hpp"
#include "work_group_scope.hpp"
#include "device_globals.hpp"
#include "device_if.hpp"
#include "device_targets.hpp"
#include "group_local_memory.hpp"
#include "host_device_specialize.hpp"
#include "launch_sub_group_width.hpp"
#include "plugin_annotations.hpp"
#include "nonconvergent_asm.hpp"
#include "private_array_unroll.hpp"
#include "latency_order.hpp"
#include "loop_invariant_fp_sums.hpp"
#include "read_only_loads.hpp"
#include "scratch_release.hpp"
#include "spirv_entry_stubs.hpp"
#include "tu_facts.hpp"
#include "tu_local_kernel_names.hpp"
#include "whole_warps.hpp"
#include "work_item_loops.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

using namespace llvm;

namespace usycl::passes {
namespace {

using AspectSet = std::set<uint32_t>;

// DESIGN.md's numbering; used when the module has no !sycl_aspects.
constexpr uint32_t DefaultFp64 = 6;

bool isKernel(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::PTX_Kernel:
  case CallingConv::SPIR_KERNEL:
  case CallingConv::AMDGPU_KERNEL:
    return true;
  default:
    return false;
  }
}

MDNode *aspectListNode(LLVMContext &Ctx, ArrayRef<uint32_t> Aspects) {
  SmallVector<Metadata *, 8> Ops;
  Type *I32 = Type::getInt32Ty(Ctx);
  for (uint32_t A : Aspects)
    Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, A)));
  return MDNode::get(Ctx, Ops);
}

// The i32 operands of a function metadata node (empty if absent).
AspectSet readAspectList(const MDNode *N) {
  AspectSet Result;
  if (!N)
    return Result;
  for (const MDOperand &Op : N->operands())
    if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op))
      Result.insert(static_cast<uint32_t>(C->getZExtValue()));
  return Result;
}

std::vector<uint32_t> readOrderedList(const MDNode *N) {
  std::vector<uint32_t> Result;
  if (!N)
    return Result;
  for (const MDOperand &Op : N->operands())
    if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op)) {
      uint32_t V = static_cast<uint32_t>(C->getZExtValue());
      if (!is_contained(Result, V))
        Result.push_back(V);
    }
  return Result;
}

// Where a diagnostic points, and how a location reads in a call chain.
struct Place {
  SourcePos Pos;
  bool valid() const { return Pos.valid(); }
};

Place placeFromDebugLoc(const Instruction *I) {
  Place P;
  if (!I)
    return P;
  const DebugLoc &DL = I->getDebugLoc();
  if (!DL || DL.getLine() == 0)
    return P;
  P.Pos.Line = DL.getLine();
  P.Pos.Column = DL.getCol();
  StringRef File = DL->getFilename();
  StringRef Dir = DL->getDirectory();
  P.Pos.Path = File.str();
  if (!Dir.empty() && !File.starts_with("/"))
    P.Pos.Path = (Dir + "/" + File).str();
  P.Pos.Text = (File + ":" + Twine(P.Pos.Line) + ":" + Twine(P.Pos.Column)).str();
  return P;
}

class Propagation {
public:
  Propagation(Module &M, std::shared_ptr<TUFacts> Facts,
              const AspectPropagationOptions &Options)
      : M(M), Ctx(M.getContext()), Facts(std::move(Facts)), Options(Options) {}

  void run();

private:
  Module &M;
  LLVMContext &Ctx;
  std::shared_ptr<TUFacts> Facts;
  const AspectPropagationOptions &Options;

  std::map<uint32_t, std::string> AspectNames;
  uint32_t Fp64 = DefaultFp64;
  DenseMap<Type *, AspectSet> DecoratedTypes;
  DenseMap<Type *, AspectSet> TypeMemo;
  // The if_device_has guard of the instruction being scanned (or null).
  const AspectSet *CurrentGuard = nullptr;

  struct FunctionInfo {
    AspectSet Direct;
    AspectSet Used;
    // The first instruction using each direct aspect (for !dbg fallback).
    std::map<uint32_t, const Instruction *> FirstUse;
    SetVector<Function *> Callees;
    DenseMap<Function *, const Instruction *> FirstCall;
    // if_device_has (JIT mode, device_if.hpp): the aspects every call of a
    // callee is guarded by; its uses of them do not reach this function.
    DenseMap<Function *, AspectSet> CalleeGuard;
    SmallVector<Function *, 4> Callers;
  };
  MapVector<Function *, FunctionInfo> Info;

  void applyFacts();
  void readModuleMetadata();
  const AspectSet &aspectsOf(Type *T);
  void scanFunction(Function &F, FunctionInfo &FI);
  void addTypeUse(FunctionInfo &FI, Type *T, const Instruction *I);
  void buildAndPropagate();
  void checkDeclaredAspects();
  void writeUsedAspects();
  void attachKernelFacts();
  void attachFixedTargets();
  void checkFixedTargets();

  const FunctionFacts *factsOf(const Function &F) const {
    return Facts ? Facts->function(F.getName().str()) : nullptr;
  }
  std::string aspectName(uint32_t A) const {
    auto It = AspectNames.find(A);
    return It != AspectNames.end() ? It->second : std::to_string(A);
  }
  std::string displayName(const Function &F) const;
  std::string subject(const Function &F) const;
  std::string chainLine(const Function &F) const;
  std::vector<Function *> chainTo(Function *From, uint32_t Aspect);
  Place usePlace(Function *F, uint32_t Aspect);
  Place callPlace(Function *Caller, Function *Callee);
  std::string renderChain(const std::vector<Function *> &Chain, bool &AnyLoc);
  bool onlyDeclares(Function *F, uint32_t Aspect);
  std::string declaredNote(Function *User, uint32_t Aspect);
  void warn(const Function &F, const Place &Where, const Twine &Message,
            DiagnosticSeverity Severity = DS_Warning);
};

// ---- step 1: the front end's metadata --------------------------------------

void Propagation::applyFacts() {
  if (!Facts)
    return;
  Type *I32 = Type::getInt32Ty(Ctx);

  if (!Facts->Aspects.empty() && !M.getNamedMetadata(md::Aspects)) {
    NamedMDNode *N = M.getOrInsertNamedMetadata(md::Aspects);
    for (const auto &[Name, Value] : Facts->Aspects)
      N->addOperand(MDNode::get(
          Ctx, {MDString::get(Ctx, Name),
                ConstantAsMetadata::get(ConstantInt::get(I32, Value))}));
  }

  if (!Facts->Types.empty() && !M.getNamedMetadata(md::TypesThatUseAspects)) {
    // Only the decorated types this module actually references.
    DenseSet<StructType *> Used;
    for (StructType *ST : M.getIdentifiedStructTypes())
      Used.insert(ST);
    SmallVector<MDNode *, 8> Nodes;
    for (const DecoratedType &T : Facts->Types) {
      StructType *ST = StructType::getTypeByName(Ctx, T.IRName);
      if (!ST || !Used.contains(ST))
        continue;
      SmallVector<Metadata *, 4> Ops{MDString::get(Ctx, T.IRName)};
      for (uint32_t A : T.Aspects)
        Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, A)));
      Nodes.push_back(MDNode::get(Ctx, Ops));
    }
    if (!Nodes.empty()) {
      NamedMDNode *N = M.getOrInsertNamedMetadata(md::TypesThatUseAspects);
      for (MDNode *Node : Nodes)
        N->addOperand(Node);
    }
  }

  for (Function &F : M) {
    const FunctionFacts *FF = factsOf(F);
    if (!FF)
      continue;
    if (FF->DeclaredAspects && !F.isDeclaration() &&
        !F.getMetadata(md::DeclaredAspects))
      F.setMetadata(md::DeclaredAspects,
                    aspectListNode(Ctx, *FF->DeclaredAspects));
    if (!FF->UsesAspects.empty()) {
      AspectSet Merged = readAspectList(F.getMetadata(md::UsedAspects));
      Merged.insert(FF->UsesAspects.begin(), FF->UsesAspects.end());
      F.setMetadata(md::UsedAspects,
                    aspectListNode(Ctx, std::vector<uint32_t>(Merged.begin(),
                                                              Merged.end())));
    }
    if (FF->IsKernel && !F.isDeclaration()) {
      if (!FF->ReqdWorkGroupSize.empty() &&
          !F.getMetadata(md::ReqdWorkGroupSize))
        F.setMetadata(md::ReqdWorkGroupSize,
                      aspectListNode(Ctx, FF->ReqdWorkGroupSize));
      if (FF->ReqdSubGroupSize && !F.getMetadata(md::ReqdSubGroupSize))
        F.setMetadata(md::ReqdSubGroupSize,
                      aspectListNode(Ctx, {*FF->ReqdSubGroupSize}));
    }
  }
  stripPluginAnnotations(M);
}

// ---- step 2: direct uses -----------------------------------------------------

void Propagation::readModuleMetadata() {
  if (NamedMDNode *N = M.getNamedMetadata(md::Aspects)) {
    for (const MDNode *Node : N->operands()) {
      if (Node->getNumOperands() != 2)
        continue;
      auto *Name = dyn_cast<MDString>(Node->getOperand(0));
      auto *Value = mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(1));
      if (!Name || !Value)
        continue;
      uint32_t V = static_cast<uint32_t>(Value->getZExtValue());
      AspectNames.emplace(V, Name->getString().str()); // first name wins
      if (Name->getString() == "fp64")
        Fp64 = V;
    }
  }
  if (AspectNames.empty()) {
    // Enough to name the aspects the pass itself infers.
    AspectNames.emplace(DefaultFp64, "fp64");
  }
  if (NamedMDNode *N = M.getNamedMetadata(md::TypesThatUseAspects)) {
    for (const MDNode *Node : N->operands()) {
      if (Node->getNumOperands() < 1)
        continue;
      auto *Name = dyn_cast<MDString>(Node->getOperand(0));
      if (!Name)
        continue;
      // One name lookup per decorated type; the scan compares pointers.
      StructType *ST = StructType::getTypeByName(Ctx, Name->getString());
      if (!ST)
        continue;
      AspectSet &Set = DecoratedTypes[ST];
      for (unsigned I = 1; I < Node->getNumOperands(); ++I)
        if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(
                Node->getOperand(I)))
          Set.insert(static_cast<uint32_t>(C->getZExtValue()));
    }
  }
}

const AspectSet &Propagation::aspectsOf(Type *T) {
  auto It = TypeMemo.find(T);
  if (It != TypeMemo.end())
    return It->second;
  // Insert first: guards against (impossible by-value) cycles.
  TypeMemo[T] = {};
  AspectSet Result;
  if (T->isDoubleTy())
    Result.insert(Fp64);
  auto Decorated = DecoratedTypes.find(T);
  if (Decorated != DecoratedTypes.end())
    Result.insert(Decorated->second.begin(), Decorated->second.end());
  // A type that contains a type using an aspect uses it too. Pointers are
  // opaque, so only by-value containment counts.
  if (isa<StructType>(T) || isa<ArrayType>(T) || isa<VectorType>(T) ||
      isa<FunctionType>(T) || isa<TargetExtType>(T))
    for (Type *Sub : T->subtypes()) {
      const AspectSet &S = aspectsOf(Sub);
      Result.insert(S.begin(), S.end());
    }
  if (auto *TE = dyn_cast<TargetExtType>(T))
    for (Type *P : TE->type_params()) {
      const AspectSet &S = aspectsOf(P);
      Result.insert(S.begin(), S.end());
    }
  return TypeMemo[T] = std::move(Result);
}

void Propagation::addTypeUse(FunctionInfo &FI, Type *T, const Instruction *I) {
  if (!T)
    return;
  for (uint32_t A : aspectsOf(T))
    if (CurrentGuard && CurrentGuard->count(A))
      continue; // runs only on devices that have A (if_device_has<A>)
    else if (FI.Direct.insert(A).second)
      FI.FirstUse[A] = I;
    else if (!FI.FirstUse[A])
      FI.FirstUse[A] = I;
}

void Propagation::scanFunction(Function &F, FunctionInfo &FI) {
  // Aspects stated on the function itself ([[__uses_aspects__]], or an
  // earlier run of this pass on a declaration).
  for (uint32_t A : readAspectList(F.getMetadata(md::UsedAspects)))
    if (F.isDeclaration())
      FI.Direct.insert(A);
    else if (FI.Direct.insert(A).second)
      FI.FirstUse[A] = nullptr;
  // [[sycl::device_has]] on a SYCL_EXTERNAL function (defined here or in
  // another translation unit) states the aspects its body may use: its
  // callers use them too, so a kernel calling it gets its own image and
  // requirements, and kernels that do not call it are not affected
  // (SYCL 2020 5.8.1; SYCL-CTS sycl_external).
  if (const FunctionFacts *FF = factsOf(F);
      FF && !FF->IsKernel && FF->DeclaredAspects &&
      (F.isDeclaration() || FF->IsSyclExternal))
    for (uint32_t A : *FF->DeclaredAspects)
      if (F.isDeclaration())
        FI.Direct.insert(A);
      else if (FI.Direct.insert(A).second)
        FI.FirstUse[A] = nullptr;
  if (F.isDeclaration())
    return;

  addTypeUse(FI, F.getFunctionType(), nullptr);
  for (unsigned I = 0, E = F.arg_size(); I < E; ++I)
    addTypeUse(FI, F.getParamStructRetType(I) ? F.getParamStructRetType(I)
                                              : F.getParamByValType(I),
               nullptr);

  auto AddCallee = [&](Function *Callee, const Instruction *I) {
    if (!Callee || Callee->isIntrinsic())
      return;
    AspectSet Guard = CurrentGuard ? *CurrentGuard : AspectSet();
    if (FI.Callees.insert(Callee)) {
      FI.FirstCall[Callee] = I;
      FI.CalleeGuard[Callee] = std::move(Guard);
      return;
    }
    // Several calls: only what guards all of them.
    AspectSet &Common = FI.CalleeGuard[Callee];
    for (auto It = Common.begin(); It != Common.end();)
      It = Guard.count(*It) ? std::next(It) : Common.erase(It);
  };
  std::function<void(Constant *, const Instruction *, unsigned)> ScanConstant =
      [&](Constant *C, const Instruction *I, unsigned Depth) {
        if (Depth > 4)
          return;
        if (auto *Fn = dyn_cast<Function>(C)) {
          AddCallee(Fn, I);
          return;
        }
        if (auto *GV = dyn_cast<GlobalVariable>(C)) {
          addTypeUse(FI, GV->getValueType(), I);
          return;
        }
        if (auto *CE = dyn_cast<ConstantExpr>(C)) {
          if (auto *GEP = dyn_cast<GEPOperator>(CE))
            addTypeUse(FI, GEP->getSourceElementType(), I);
          for (Value *Op : CE->operands())
            if (auto *OpC = dyn_cast<Constant>(Op))
              ScanConstant(OpC, I, Depth + 1);
        }
      };

  const auto Guards = deviceIfGuards(F);
  for (Instruction &I : instructions(F)) {
    auto Guard = Guards.find(I.getParent());
    CurrentGuard = Guard == Guards.end() ? nullptr : &Guard->second;
    addTypeUse(FI, I.getType(), &I);
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      addTypeUse(FI, AI->getAllocatedType(), &I);
    if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
      addTypeUse(FI, GEP->getSourceElementType(), &I);
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (auto *II = dyn_cast<IntrinsicInst>(CB))
        if (II->isAssumeLikeIntrinsic())
          continue;
      addTypeUse(FI, CB->getFunctionType(), &I);
      for (unsigned A = 0, E = CB->arg_size(); A < E; ++A) {
        addTypeUse(FI, CB->getParamByValType(A), &I);
        addTypeUse(FI, CB->getParamStructRetType(A), &I);
      }
      if (Function *Callee = dyn_cast_or_null<Function>(
              CB->getCalledOperand()->stripPointerCasts()))
        AddCallee(Callee, &I);
    }
    for (Value *Op : I.operands()) {
      if (isa<MetadataAsValue>(Op) || isa<BasicBlock>(Op))
        continue;
      addTypeUse(FI, Op->getType(), &I);
      if (auto *C = dyn_cast<Constant>(Op))
        ScanConstant(C, &I, 0);
    }
  }
  CurrentGuard = nullptr;
}

// ---- step 3: propagation ---------------------------------------------------

void Propagation::buildAndPropagate() {
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    Info[&F]; // every function gets an entry, in module order
  }
  for (auto &[F, FI] : Info)
    scanFunction(*F, FI);
  for (auto &[F, FI] : Info)
    for (Function *Callee : FI.Callees)
      Info[Callee].Callers.push_back(F);

  std::deque<Function *> Work;
  for (auto &[F, FI] : Info) {
    FI.Used = FI.Direct;
    Work.push_back(F);
  }
  while (!Work.empty()) {
    Function *F = Work.front();
    Work.pop_front();
    const AspectSet &Used = Info[F].Used;
    for (Function *Caller : Info[F].Callers) {
      AspectSet &CallerUsed = Info[Caller].Used;
      size_t Before = CallerUsed.size();
      const AspectSet &Guard = Info[Caller].CalleeGuard[F];
      for (uint32_t A : Used)
        if (!Guard.count(A))
          CallerUsed.insert(A);
      if (CallerUsed.size() != Before)
        Work.push_back(Caller);
    }
  }
}

// ---- diagnostics -----------------------------------------------------------

std::string Propagation::displayName(const Function &F) const {
  if (const FunctionFacts *FF = factsOf(F))
    if (!FF->DisplayName.empty())
      return FF->DisplayName;
  return demangle(F.getName().str());
}

std::string Propagation::subject(const Function &F) const {
  const FunctionFacts *FF = factsOf(F);
  if ((FF && FF->IsKernel) || (!FF && isKernel(F)))
    return "kernel '" + displayName(F) + "'";
  return "function '" + displayName(F) + "'";
}

std::string Propagation::chainLine(const Function &F) const {
  const FunctionFacts *FF = factsOf(F);
  if ((FF && FF->IsKernel) || (!FF && isKernel(F)))
    return "kernel '" + displayName(F) + "'";
  if (FF)
    return displayName(F) + "()";
  // A demangled name already carries its parameter list.
  std::string Name = displayName(F);
  return Name == F.getName() ? Name + "()" : Name;
}

// The shortest call path from `From` to a function using `Aspect` directly,
// through functions that use it (breadth first, callees in call order).
std::vector<Function *> Propagation::chainTo(Function *From, uint32_t Aspect) {
  DenseMap<Function *, Function *> Parent;
  std::deque<Function *> Queue{From};
  Parent[From] = nullptr;
  Function *Found = nullptr;
  while (!Queue.empty()) {
    Function *F = Queue.front();
    Queue.pop_front();
    if (Info[F].Direct.count(Aspect)) {
      Found = F;
      break;
    }
    for (Function *Callee : Info[F].Callees)
      if (Info[Callee].Used.count(Aspect) && !Parent.count(Callee)) {
        Parent[Callee] = F;
        Queue.push_back(Callee);
      }
  }
  std::vector<Function *> Chain;
  for (Function *F = Found; F; F = Parent[F])
    Chain.push_back(F);
  std::reverse(Chain.begin(), Chain.end());
  if (Chain.empty())
    Chain.push_back(From);
  return Chain;
}

Place Propagation::usePlace(Function *F, uint32_t Aspect) {
  if (const FunctionFacts *FF = factsOf(*F))
    if (const SourcePos *P = FF->useOf(Aspect))
      return Place{*P};
  auto It = Info[F].FirstUse.find(Aspect);
  if (It != Info[F].FirstUse.end())
    return placeFromDebugLoc(It->second);
  return {};
}

Place Propagation::callPlace(Function *Caller, Function *Callee) {
  if (const FunctionFacts *FF = factsOf(*Caller))
    if (const SourcePos *P = FF->callOf(Callee->getName().str()))
      return Place{*P};
  auto It = Info[Caller].FirstCall.find(Callee);
  if (It != Info[Caller].FirstCall.end())
    return placeFromDebugLoc(It->second);
  return {};
}

// "use is from this call chain:" and one line per function. Functions of
// the SYCL headers (system headers) between user functions are left out;
// a call made from inside them carries no location.
std::string Propagation::renderChain(const std::vector<Function *> &Chain,
                                     bool &AnyLoc) {
  std::string Text = "use is from this call chain:";
  bool PrevHidden = false;
  for (size_t I = 0; I < Chain.size(); ++I) {
    Function *F = Chain[I];
    const FunctionFacts *FF = factsOf(*F);
    bool Hidden = FF && FF->InSystemHeader && I != 0 && I + 1 != Chain.size();
    if (Hidden) {
      PrevHidden = true;
      continue;
    }
    Text += "\n  " + chainLine(*F);
    if (I != 0) {
      Place P = callPlace(Chain[I - 1], F);
      if (P.valid() && !P.Pos.InSystemHeader && !PrevHidden) {
        Text += " " + P.Pos.Text;
        AnyLoc = true;
      }
    }
    PrevHidden = false;
  }
  return Text;
}

// Whether `Aspect` reaches F only through F's own [[sycl::device_has]] (a
// SYCL_EXTERNAL function, declared or defined here, whose attribute states
// the aspects of a body this pass may not see), not through a use of it.
bool Propagation::onlyDeclares(Function *F, uint32_t Aspect) {
  const FunctionFacts *FF = factsOf(*F);
  if (!FF || FF->IsKernel || !FF->DeclaredAspects ||
      !is_contained(*FF->DeclaredAspects, Aspect) ||
      !(F->isDeclaration() || FF->IsSyclExternal))
    return false;
  if (FF->useOf(Aspect) || is_contained(FF->UsesAspects, Aspect))
    return false;
  auto It = Info[F].FirstUse.find(Aspect);
  return It == Info[F].FirstUse.end() || !It->second;
}

// For a call chain ending at such a function: the attribute is where the
// aspect comes from, and the fix is there or in the caller's promise.
std::string Propagation::declaredNote(Function *User, uint32_t Aspect) {
  if (!onlyDeclares(User, Aspect))
    return "";
  const FunctionFacts *FF = factsOf(*User);
  std::string Name = displayName(*User);
  std::string Note = "\nSYCL_EXTERNAL function '" + Name + "' lists aspect '" +
                     aspectName(Aspect) + "' in its [[sycl::device_has]]";
  if (FF->DeclaredPos.valid())
    Note += " (" + FF->DeclaredPos.Text + ")";
  return Note + ", so every kernel that calls it requires '" +
         aspectName(Aspect) + "'";
}

void Propagation::warn(const Function &F, const Place &Where,
                       const Twine &Message, DiagnosticSeverity Severity) {
  if (!Where.valid()) {
    // No location: clang prints the message alone.
    std::string Text = Message.str();
    Ctx.diagnose(DiagnosticInfoGeneric(Text, Severity));
    return;
  }
  // clang maps the file:line:col of a DILocation back to a SourceLocation
  // and prints its usual located diagnostic (source line and caret).
  DIFile *File = DIFile::get(Ctx, Where.Pos.Path, "");
  DISubprogram *SP = DISubprogram::getDistinct(
      Ctx, File, "", "", File, Where.Pos.Line, nullptr, Where.Pos.Line,
      nullptr, 0, 0, DINode::FlagZero, DISubprogram::SPFlagZero, nullptr);
  DiagnosticLocation Loc(
      DebugLoc(DILocation::get(Ctx, Where.Pos.Line, Where.Pos.Column, SP)));
  Ctx.diagnose(DiagnosticInfoUnsupported(F, Message, Loc, Severity));
}

// ---- step 4: [[sycl::device_has]] -------------------------------------------

void Propagation::checkDeclaredAspects() {
  for (auto &[F, FI] : Info) {
    if (F->isDeclaration())
      continue;
    MDNode *Declared = F->getMetadata(md::DeclaredAspects);
    if (!Declared)
      continue;
    AspectSet Allowed = readAspectList(Declared);
    for (uint32_t A : FI.Used) {
      if (Allowed.count(A))
        continue;
      std::vector<Function *> Chain = chainTo(F, A);
      Function *User = Chain.back();
      Place Where = usePlace(User, A);
      if (!Where.valid() && Chain.size() > 1 &&
          (User->isDeclaration() || onlyDeclares(User, A)))
        Where = callPlace(Chain[Chain.size() - 2], User);
      bool AnyLoc = Where.valid();
      std::string Chained = renderChain(Chain, AnyLoc);
      std::string Msg = subject(*F) + " uses aspect '" + aspectName(A) +
                        "' not listed in 'sycl::device_has'\n" + Chained +
                        declaredNote(User, A);
      if (!AnyLoc)
        Msg += "\ncompile with '-g' to get source location";
      warn(*F, Where, Msg);
    }
  }
}

// ---- step 5: metadata out ----------------------------------------------------

void Propagation::writeUsedAspects() {
  for (auto &[F, FI] : Info) {
    if (F->isDeclaration())
      continue; // keep what the declaration says
    if (FI.Used.empty()) {
      F->setMetadata(md::UsedAspects, nullptr);
      continue;
    }
    F->setMetadata(md::UsedAspects,
                   aspectListNode(Ctx, std::vector<uint32_t>(FI.Used.begin(),
                                                             FI.Used.end())));
  }
}

void Propagation::attachKernelFacts() {
  if (!Facts)
    return;
  for (Function &F : M) {
    const FunctionFacts *FF = factsOf(F);
    if (!FF || !FF->IsKernel || F.isDeclaration() ||
        !FF->KernelDeclaredAspects || F.getMetadata(md::DeclaredAspects))
      continue;
    F.setMetadata(md::DeclaredAspects,
                  aspectListNode(Ctx, *FF->KernelDeclaredAspects));
  }
}

void Propagation::attachFixedTargets() {
  const std::vector<std::string> &Targets =
      Facts ? Facts->FixedTargets : Options.FixedTargets;
  SmallVector<Metadata *, 4> Ops;
  for (const std::string &T : Targets)
    Ops.push_back(MDString::get(Ctx, T));
  MDNode *Node = MDNode::get(Ctx, Ops);
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    const FunctionFacts *FF = factsOf(F);
    bool Entry = isKernel(F) || (FF && (FF->IsKernel || FF->IsSyclExternal));
    if (Entry && (Facts || !F.getMetadata(md::FixedTargets)))
      F.setMetadata(md::FixedTargets, Node);
  }
}

// ---- step 6: -fsycl-fixed-targets -------------------------------------------

void Propagation::checkFixedTargets() {
  const std::vector<std::string> &Targets =
      Facts ? Facts->FixedTargets : Options.FixedTargets;
  if (Targets.empty())
    return;
  std::string ConfigPath =
      Facts ? Facts->DeviceConfigPath : Options.DeviceConfigPath;
  std::string Error;
  std::unique_ptr<DeviceTargets> Config = DeviceTargets::load(ConfigPath, Error);
  Function *Any = nullptr;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      Any = &F;
      break;
    }
  if (!Config) {
    if (Any)
      warn(*Any, {},
           "cannot check '-fsycl-fixed-targets': " + Twine(Error), DS_Error);
    return;
  }

  struct Target {
    std::string Name;
    TargetFeatures Features;
  };
  std::vector<Target> Known;
  for (const std::string &T : Targets) {
    std::optional<TargetFeatures> Features = Config->find(T);
    if (!Features) {
      if (Any)
        warn(*Any, {},
             "fixed target '" + Twine(T) +
                 "' has no entry in the device configuration file '" +
                 Config->path() + "'; its features are not checked");
      continue;
    }
    Known.push_back({T, std::move(*Features)});
  }

  for (auto &[F, FI] : Info) {
    if (F->isDeclaration() || !F->getMetadata(md::FixedTargets))
      continue;
    const FunctionFacts *FF = factsOf(*F);
    AspectSet Declared = readAspectList(F->getMetadata(md::DeclaredAspects));
    AspectSet All = FI.Used;
    All.insert(Declared.begin(), Declared.end());

    for (const Target &T : Known) {
      for (uint32_t A : All) {
        if (is_contained(T.Features.Aspects, A))
          continue;
        // A SYCL_EXTERNAL definition whose own [[sycl::device_has]] is all
        // that brings the aspect: it declares it, it does not use it.
        if (FI.Used.count(A) && !onlyDeclares(F, A)) {
          std::vector<Function *> Chain = chainTo(F, A);
          Function *User = Chain.back();
          Place Where = usePlace(User, A);
          if (!Where.valid() && Chain.size() > 1 &&
              (User->isDeclaration() || onlyDeclares(User, A)))
            Where = callPlace(Chain[Chain.size() - 2], User);
          bool AnyLoc = Where.valid();
          std::string Chained = renderChain(Chain, AnyLoc);
          std::string Msg = subject(*F) + " uses aspect '" + aspectName(A) +
                            "' not supported by fixed target '" + T.Name +
                            "'\n" + Chained + declaredNote(User, A);
          if (!AnyLoc)
            Msg += "\ncompile with '-g' to get source location";
          warn(*F, Where, Msg);
        } else {
          Place Where;
          if (FF)
            Where.Pos = FF->DeclaredPos;
          warn(*F, Where,
               subject(*F) + " declares aspect '" + aspectName(A) +
                   "' in 'sycl::device_has', not supported by fixed target '" +
                   T.Name + "'");
        }
      }
      for (uint32_t Size :
           readOrderedList(F->getMetadata(md::ReqdSubGroupSize))) {
        if (is_contained(T.Features.SubGroupSizes, Size))
          continue;
        std::string Supported;
        for (uint32_t S : T.Features.SubGroupSizes)
          Supported += (Supported.empty() ? "" : ", ") + std::to_string(S);
        Place Where;
        if (FF)
          Where.Pos = FF->ReqdSubGroupSizePos;
        warn(*F, Where,
             subject(*F) + " requires sub-group size " + Twine(Size) +
                 ", not supported by fixed target '" + T.Name +
                 "' (supported sub-group sizes: " +
                 (Supported.empty() ? std::string("none") : Supported) + ")");
      }
    }
  }
}

void Propagation::run() {
  // Function metadata prints in kind-ID order: register ours in one order.
  for (const char *Kind : {md::ReqdWorkGroupSize, md::ReqdSubGroupSize,
                           md::DeclaredAspects, md::UsedAspects,
                           md::FixedTargets})
    Ctx.getMDKindID(Kind);
  applyFacts();
  readModuleMetadata();
  buildAndPropagate();
  checkDeclaredAspects();
  writeUsedAspects();
  attachKernelFacts();
  attachFixedTargets();
  checkFixedTargets();
}

// Targets separated by ':' (a ',' would end the pass in a pipeline text).
std::vector<std::string> splitList(StringRef List) {
  SmallVector<StringRef, 4> Parts;
  List.split(Parts, ':', -1, false);
  std::vector<std::string> Result;
  for (StringRef P : Parts)
    Result.push_back(P.trim().str());
  return Result;
}

Expected<AspectPropagationOptions> parseOptions(StringRef Params) {
  AspectPropagationOptions Options;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    auto [Key, Value] = Param.split('=');
    if (Key == "fixed-targets")
      Options.FixedTargets = splitList(Value);
    else if (Key == "device-config")
      Options.DeviceConfigPath = Value.str();
    else
      return make_error<StringError>(
          "invalid usycl-aspect-propagation parameter '" + Param + "'",
          inconvertibleErrorCode());
  }
  return Options;
}

} // namespace

PreservedAnalyses AspectPropagationPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  std::shared_ptr<TUFacts> Facts = takeTUFacts(&M);
  if (!Facts && Options.OnlyWithFacts)
    return PreservedAnalyses::all();
  Propagation(M, std::move(Facts), Options).run();
  return PreservedAnalyses::none();
}

void registerUsyclPasses(PassBuilder &PB) {
  registerDeviceIfPasses(PB);
  registerAssertVersioningPasses(PB);
  registerWorkGroupScopePasses(PB);
  registerGroupLocalMemoryPasses(PB);
  registerDeviceGlobalsPasses(PB);
  registerNonConvergentAsmPasses(PB);
  registerReadOnlyLoadsPasses(PB);
  registerLoopInvariantFPSumsPasses(PB);
  registerLoopInvariantFPSumsHostPasses(PB);
  registerLatencyOrderPasses(PB);
  registerWorkItemLoopsPasses(PB);
  registerLaunchSubGroupWidthPasses(PB);
  registerSpirvEntryStubsPasses(PB);
  registerWholeWarpPasses(PB);
  registerPrivateArrayUnrollPasses(PB);
  registerScratchReleasePasses(PB);
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        AspectPropagationOptions Options;
        Options.OnlyWithFacts = true;
        MPM.addPass(AspectPropagationPass(std::move(Options)));
      });
  // After the aspect propagation, whose facts are keyed by the symbols.
  registerTULocalKernelNamesPasses(PB);
  // After the unit-local names: the plan names kernels as the device IR does.
  registerHostDeviceSpecializePasses(PB);
  // After the specialisation: its launchers get levels too.
  registerCpuIsaLevelsPasses(PB);
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name,
                                                    AspectPropagationPass::name()))
          return false;
        Expected<AspectPropagationOptions> Options =
            PassBuilder::parsePassParameters(parseOptions, Name,
                                             AspectPropagationPass::name());
        if (!Options) {
          errs() << toString(Options.takeError()) << "\n";
          return false;
        }
        MPM.addPass(AspectPropagationPass(std::move(*Options)));
        return true;
      });
}

} // namespace usycl::passes
