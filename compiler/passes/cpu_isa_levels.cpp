//===- cpu_isa_levels.cpp - CPU kernels for the processor they run on -----===//
#include "cpu_isa_levels.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/X86TargetParser.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <map>
#include <string>

using namespace llvm;

namespace usycl::passes {
namespace {

cl::list<std::string> LevelsOption(
    "usycl-cpu-isa-levels", cl::CommaSeparated, cl::value_desc("x86-64-v2,x86-64-v3,..."),
    cl::desc("compile the CPU kernels (host code) also for these x86-64 levels, chosen "
             "when they run (usycl++ -fsycl-cpu-levels)"));

// Beyond this many instructions in the kernels' call graphs, copying them
// per level costs more compile time than it is worth: the kernels then stay
// as the module is compiled (docs/driver.md states the bound).
cl::opt<unsigned> MaxInstructionsOption(
    "usycl-cpu-isa-max-instructions", cl::init(400000),
    cl::desc("largest kernel call graph (instructions) usycl-cpu-isa-levels copies per level"));

constexpr StringLiteral LauncherMarkers[] = {"__usycl_cpu_assert_run_range",
                                             "__usycl_cpu_assert_run_nd",
                                             "__usycl_cpu_work_item_loops"};

// Copies are named <function>.x86_64_v3: a clone suffix demanglers (and so
// debuggers and profilers) show as "[clone .x86_64_v3]"; a '-' would leave
// the whole name mangled.
struct IsaLevel {
  std::string Cpu;    // "x86-64-v3"
  std::string Suffix; // "x86_64_v3"
  unsigned Number;    // 3
  StringSet<> Features;
};

// With what they imply (getFeaturesForCPU leaves out implied features:
// x86-64-v4 lists avx512bw, not avx512f).
StringSet<> closure(const StringMap<bool> &Explicit) {
  // (updateImpliedFeatures sets what a feature implies, not the feature.)
  StringMap<bool> All;
  for (const auto &[Name, Enabled] : Explicit) {
    X86::updateImpliedFeatures(Name, Enabled, All);
    All[Name] = Enabled;
  }
  StringSet<> Set;
  for (const auto &[Name, Enabled] : All)
    if (Enabled)
      Set.insert(Name);
  return Set;
}

StringMap<bool> explicitFeaturesOfCpu(StringRef Cpu) {
  SmallVector<StringRef, 64> Names;
  X86::getFeaturesForCPU(Cpu, Names);
  StringMap<bool> Map;
  for (StringRef N : Names)
    Map[N] = true;
  return Map;
}

StringSet<> featuresOfCpu(StringRef Cpu) { return closure(explicitFeaturesOfCpu(Cpu)); }

// What a function is compiled for: its target-cpu's features with its
// target-features applied.
StringSet<> featuresOf(const Function &F) {
  StringMap<bool> Map = explicitFeaturesOfCpu(F.getFnAttribute("target-cpu").getValueAsString());
  SmallVector<StringRef, 32> Items;
  F.getFnAttribute("target-features").getValueAsString().split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    if (Item.consume_front("+"))
      Map[Item] = true;
    else if (Item.consume_front("-"))
      Map[Item] = false;
  }
  return closure(Map);
}

bool isLevelName(StringRef Name) {
  return Name == "x86-64-v2" || Name == "x86-64-v3" || Name == "x86-64-v4";
}

std::vector<IsaLevel> levelsOf(ArrayRef<std::string> Names) {
  std::vector<IsaLevel> Levels;
  for (const std::string &Name : Names)
    if (isLevelName(Name))
      Levels.push_back({Name, "x86_64_v" + std::string(1, Name.back()),
                        unsigned(Name.back() - '0'), featuresOfCpu(Name)});
  sort(Levels, [](const IsaLevel &A, const IsaLevel &B) { return A.Number < B.Number; });
  Levels.erase(llvm::unique(Levels, [](const IsaLevel &A, const IsaLevel &B) {
                 return A.Number == B.Number;
               }),
               Levels.end());
  return Levels;
}

bool isLauncher(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction())
        if (is_contained(LauncherMarkers, Callee->getName()))
          return true;
  return false;
}

// The functions with a body in this module that the launchers reach
// (calls and function addresses alike: a launcher hands the runtime its
// work-item function).
SetVector<Function *> callGraphOf(ArrayRef<Function *> Roots) {
  SetVector<Function *> Reached(Roots.begin(), Roots.end());
  for (size_t I = 0; I < Reached.size(); ++I)
    for (Instruction &Inst : instructions(*Reached[I]))
      for (Value *Op : Inst.operands()) {
        auto *Callee = dyn_cast<Function>(Op->stripPointerCasts());
        if (auto *Alias = dyn_cast<GlobalAlias>(Op))
          Callee = dyn_cast<Function>(Alias->getAliasee()->stripPointerCasts());
        if (Callee && !Callee->isDeclaration() && !Callee->isIntrinsic())
          Reached.insert(Callee);
      }
  return Reached;
}

void addFeatures(Function &F, const StringSet<> &Have, const IsaLevel &Level) {
  std::string Features = F.getFnAttribute("target-features").getValueAsString().str();
  SmallVector<StringRef, 64> Sorted;
  for (const auto &Entry : Level.Features)
    if (!Have.contains(Entry.getKey()))
      Sorted.push_back(Entry.getKey());
  sort(Sorted);
  for (StringRef Feature : Sorted) {
    if (!Features.empty())
      Features += ',';
    Features += '+';
    Features += Feature;
  }
  F.addFnAttr("target-features", Features);
}

// The copies (and the launcher's moved body) are this module's alone.
void makeLocal(Function &F) {
  F.setLinkage(GlobalValue::InternalLinkage);
  F.setVisibility(GlobalValue::DefaultVisibility);
  F.setComdat(nullptr);
  F.setDSOLocal(true);
}

// Copies the call graph for one level; VMap maps each function to its copy.
void cloneForLevel(ArrayRef<Function *> Graph, const IsaLevel &Level, ValueToValueMapTy &VMap) {
  for (Function *F : Graph) {
    Function *Copy = Function::Create(F->getFunctionType(), GlobalValue::InternalLinkage,
                                      F->getAddressSpace(), F->getName() + "." + Level.Suffix,
                                      F->getParent());
    VMap[F] = Copy;
  }
  for (Function *F : Graph) {
    auto *Copy = cast<Function>(VMap[F]);
    auto NewArg = Copy->arg_begin();
    for (Argument &Arg : F->args()) {
      NewArg->setName(Arg.getName());
      VMap[&Arg] = &*NewArg++;
    }
    SmallVector<ReturnInst *, 8> Returns;
    CloneFunctionInto(Copy, F, VMap, CloneFunctionChangeType::LocalChangesOnly, Returns);
    makeLocal(*Copy);
    addFeatures(*Copy, featuresOf(*F), Level);
  }
}

// Moves the launcher's body into `<launcher>.x86_64` and makes the launcher
// call the copy of the level the processor supports.
void makeDispatcher(Function &Launcher, ArrayRef<std::pair<unsigned, Function *>> Copies) {
  Module &M = *Launcher.getParent();
  LLVMContext &Ctx = M.getContext();
  Function *Base = Function::Create(Launcher.getFunctionType(), GlobalValue::InternalLinkage,
                                    Launcher.getAddressSpace(), Launcher.getName() + ".x86_64", &M);
  Base->copyAttributesFrom(&Launcher);
  makeLocal(*Base);
  // Kept out of line: inlined into the dispatcher, the body would no longer
  // start where usycl-work-item-loops looks for the work-item index.
  Base->addFnAttr(Attribute::NoInline);
  Base->splice(Base->end(), &Launcher);
  for (auto [Old, New] : zip(Launcher.args(), Base->args())) {
    New.setName(Old.getName());
    Old.replaceAllUsesWith(&New);
  }
  Base->copyMetadata(&Launcher, 0);
  Launcher.clearMetadata();

  FunctionCallee Level = M.getOrInsertFunction(CpuIsaLevelFunction, Type::getInt32Ty(Ctx));
  if (auto *Decl = dyn_cast<Function>(Level.getCallee()))
    Decl->setDoesNotThrow();
  SmallVector<Value *, 8> Args(make_pointer_range(Launcher.args()));
  const AttributeList &Attrs = Launcher.getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0; I < Launcher.arg_size(); ++I)
    ParamAttrs.push_back(Attrs.getParamAttrs(I));
  const AttributeList CallAttrs =
      AttributeList::get(Ctx, AttributeSet(), Attrs.getRetAttrs(), ParamAttrs);
  auto Call = [&](IRBuilder<> &B, Function *Target) {
    CallInst *CI = B.CreateCall(Target, Args);
    CI->setCallingConv(Launcher.getCallingConv());
    CI->setAttributes(CallAttrs);
    CI->setTailCallKind(CallInst::TCK_Tail);
    if (Launcher.getReturnType()->isVoidTy())
      B.CreateRetVoid();
    else
      B.CreateRet(CI);
  };

  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", &Launcher);
  IRBuilder<> B(Entry);
  Value *Supported = B.CreateCall(Level, {}, "isa.level");
  // Highest level first.
  for (auto [Number, Copy] : reverse(Copies)) {
    BasicBlock *Run = BasicBlock::Create(Ctx, "run." + Copy->getName(), &Launcher);
    BasicBlock *Next = BasicBlock::Create(Ctx, "below.v" + Twine(Number), &Launcher);
    B.CreateCondBr(B.CreateICmpUGE(Supported, B.getInt32(Number)), Run, Next);
    IRBuilder<> RunB(Run);
    Call(RunB, Copy);
    B.SetInsertPoint(Next);
  }
  Call(B, Base);
}

// ---- vector math ----------------------------------------------------------

// The x86 vector function ABI's ISA letter of a variant (_ZGV<isa>N...) and
// the feature it needs.
StringRef featureForIsa(char Isa) {
  switch (Isa) {
  case 'b': return "sse2";
  case 'c': return "avx";
  case 'd': return "avx2";
  case 'e': return "avx512f";
  default: return {};
  }
}

struct VectorVariant {
  std::string AbiString; // _ZGV_LLVM_N8v_llvm.cos.f32(_ZGVdN8v_cosf)
  std::string Name;      // _ZGVdN8v_cosf
  unsigned VF;
};

// libmvec's variants of a scalar function, from LLVM's -fveclib=libmvec
// table, plus the AVX-512 ones glibc has beside each AVX2 variant (twice
// its lanes: _ZGVdN8v_cosf -> _ZGVeN16v_cosf).
std::vector<VectorVariant> libmvecVariants(const TargetLibraryInfoImpl &TLII, StringRef Scalar) {
  std::vector<VectorVariant> Variants;
  for (unsigned VF : {2u, 4u, 8u, 16u}) {
    const VecDesc *D = TLII.getVectorMappingInfo(Scalar, ElementCount::getFixed(VF), false);
    if (!D)
      continue;
    Variants.push_back({D->getVectorFunctionABIVariantString(), D->getVectorFnName().str(), VF});
    StringRef Name = D->getVectorFnName();
    StringRef Prefix = D->getVABIPrefix(); // _ZGV_LLVM_N8v
    const std::string Lanes = "N" + std::to_string(VF);
    if (!Name.starts_with("_ZGVd" + Lanes) || !Prefix.starts_with("_ZGV_LLVM_" + Lanes))
      continue;
    const std::string Wide = "N" + std::to_string(2 * VF);
    const std::string WideName = ("_ZGVe" + Wide + Name.drop_front(5 + Lanes.size())).str();
    const std::string WidePrefix = ("_ZGV_LLVM_" + Wide + Prefix.drop_front(10 + Lanes.size())).str();
    Variants.push_back({WidePrefix + "_" + Scalar.str() + "(" + WideName + ")", WideName, 2 * VF});
  }
  return Variants;
}

// Gives approximate math calls of F the libmvec variants F's ISA can call.
bool addVectorMath(Function &F, const TargetLibraryInfoImpl &TLII,
                   std::map<std::string, std::vector<VectorVariant>> &Cache,
                   SmallVectorImpl<GlobalValue *> &Used) {
  const StringSet<> Have = featuresOf(F);
  Module &M = *F.getParent();
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee || !isa<FPMathOperator>(CI) || !CI->hasApproxFunc() ||
        CI->hasFnAttr("vector-function-abi-variant"))
      continue;
    auto [It, New] = Cache.try_emplace(Callee->getName().str());
    if (New)
      It->second = libmvecVariants(TLII, Callee->getName());
    std::string Attribute;
    for (const VectorVariant &V : It->second) {
      StringRef Feature = featureForIsa(V.Name.size() > 4 ? V.Name[4] : 0);
      if (Feature.empty() || !Have.contains(Feature))
        continue;
      if (!M.getFunction(V.Name)) {
        FunctionType *ScalarTy = Callee->getFunctionType();
        SmallVector<Type *, 2> Params;
        for (Type *P : ScalarTy->params())
          Params.push_back(FixedVectorType::get(P, V.VF));
        auto *Decl = Function::Create(
            FunctionType::get(FixedVectorType::get(ScalarTy->getReturnType(), V.VF), Params,
                              false),
            GlobalValue::ExternalLinkage, V.Name, M);
        Decl->setDoesNotThrow();
        Decl->setDoesNotAccessMemory();
        Used.push_back(Decl);
      }
      if (!Attribute.empty())
        Attribute += ',';
      Attribute += V.AbiString;
    }
    if (Attribute.empty())
      continue;
    CI->addFnAttr(Attribute::get(M.getContext(), "vector-function-abi-variant", Attribute));
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses CpuIsaLevelsPass::run(Module &M, ModuleAnalysisManager &) {
  const Triple &TT = M.getTargetTriple();
  if (TT.getArch() != Triple::x86_64 || Levels.empty())
    return PreservedAnalyses::all();

  SmallVector<Function *, 16> Launchers;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasOptNone() && isLauncher(F))
      Launchers.push_back(&F);
  if (Launchers.empty())
    return PreservedAnalyses::all();

  const SetVector<Function *> Graph = callGraphOf(Launchers);
  size_t Size = 0;
  for (Function *F : Graph)
    Size += F->getInstructionCount();
  std::vector<IsaLevel> Made = levelsOf(Levels);
  if (Size > MaxInstructionsOption)
    Made.clear();

  // Per level, the copies of each launcher; a level is made for the
  // launchers it adds features to.
  std::map<Function *, SmallVector<std::pair<unsigned, Function *>, 4>> Copies;
  std::vector<Function *> Copied;
  const StringSet<> Compiled = featuresOf(*Launchers.front());
  for (const IsaLevel &Level : Made) {
    if (all_of(Level.Features, [&](const auto &E) { return Compiled.contains(E.getKey()); }))
      continue; // -march already at or above this level
    ValueToValueMapTy VMap;
    cloneForLevel(Graph.getArrayRef(), Level, VMap);
    for (Function *F : Graph)
      Copied.push_back(cast<Function>(VMap[F]));
    for (Function *L : Launchers)
      Copies[L].push_back({Level.Number, cast<Function>(VMap[L])});
  }

  // Vector math in every kernel function (the original graph included: its
  // SSE2 code gets the SSE variants).
  TargetLibraryInfoImpl TLII(TT);
  TLII.addVectorizableFunctionsFromVecLib(VectorLibrary::LIBMVEC, TT);
  std::map<std::string, std::vector<VectorVariant>> Cache;
  SmallVector<GlobalValue *, 16> Used;
  bool Changed = !Copied.empty();
  for (Function *F : Graph)
    Changed |= addVectorMath(*F, TLII, Cache, Used);
  for (Function *F : Copied)
    Changed |= addVectorMath(*F, TLII, Cache, Used);
  if (!Used.empty())
    appendToCompilerUsed(M, Used);

  for (auto &[Launcher, LevelCopies] : Copies)
    makeDispatcher(*Launcher, LevelCopies);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerCpuIsaLevelsPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0 && !LevelsOption.empty())
      MPM.addPass(CpuIsaLevelsPass(LevelsOption));
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name, CpuIsaLevelsPass::name()))
          return false;
        Expected<std::vector<std::string>> Levels = PassBuilder::parsePassParameters(
            [](StringRef Params) -> Expected<std::vector<std::string>> {
              std::vector<std::string> Names;
              while (!Params.empty()) {
                StringRef Name;
                std::tie(Name, Params) = Params.split(';');
                if (!isLevelName(Name))
                  return make_error<StringError>(
                      "usycl-cpu-isa-levels: '" + Name + "' is not x86-64-v2, -v3 or -v4",
                      inconvertibleErrorCode());
                Names.push_back(Name.str());
              }
              return Names;
            },
            Name, CpuIsaLevelsPass::name());
        if (!Levels) {
          errs() << toString(Levels.takeError()) << "\n";
          return false;
        }
        MPM.addPass(CpuIsaLevelsPass(std::move(*Levels)));
        return true;
      });
}

} // namespace usycl::passes
