//===- module_splitter.cpp - Device code split ----------------------------===//

#include "module_splitter.hpp"

#include <sycl/detail/kernel_symbol.hpp>

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <map>

using namespace llvm;

namespace usycl::postlink {

std::optional<SplitMode> parseSplitMode(StringRef Name) {
  if (Name == "off")
    return SplitMode::Off;
  if (Name == "per_kernel")
    return SplitMode::PerKernel;
  if (Name == "per_source")
    return SplitMode::PerSource;
  if (Name == "auto")
    return SplitMode::Auto;
  return std::nullopt;
}

StringRef splitModeName(SplitMode Mode) {
  switch (Mode) {
  case SplitMode::Off:
    return "off";
  case SplitMode::PerKernel:
    return "per_kernel";
  case SplitMode::PerSource:
    return "per_source";
  case SplitMode::Auto:
    return "auto";
  }
  llvm_unreachable("unknown split mode");
}

bool isKernel(const Function &F) {
  if (F.isDeclaration())
    return false;
  switch (F.getCallingConv()) {
  case CallingConv::PTX_Kernel:
  case CallingConv::SPIR_KERNEL:
  case CallingConv::AMDGPU_KERNEL:
    return true;
  default:
    return false;
  }
}

bool isEntryPoint(const Function &F, bool KernelsOnly) {
  if (isKernel(F))
    return true;
  return !KernelsOnly && isSyclExternalDefinition(F);
}

std::vector<EntryPointGroup> groupEntryPoints(const Module &M,
                                              const SplitOptions &Options) {
  // Keyed by (split-mode key, bundling key) in the order of the first entry
  // point, so refined groups keep the module order too.
  MapVector<std::pair<std::string, std::string>, EntryPointGroup,
            std::map<std::pair<std::string, std::string>, unsigned>>
      Groups;
  for (const Function &F : M) {
    if (!isEntryPoint(F, Options.KernelsOnly))
      continue;
    std::string ModeKey;
    switch (Options.Mode) {
    case SplitMode::Off:
    // `auto` keeps as few images as the requirements allow: a single module
    // load serves every kernel, which is what the CUDA backend likes best.
    case SplitMode::Auto:
      ModeKey = "all kernels";
      break;
    case SplitMode::PerKernel:
      // The compiler's copies of a kernel (<kernel>$hdo<hash> of -fsycl-
      // host-device-opt, <kernel>$ww of whole warps) stay in its image: the
      // runtime launches them from the kernel's own module.
      ModeKey = F.getName().split("$hdo").first.str();
      if (StringRef(ModeKey).ends_with("$ww"))
        ModeKey.resize(ModeKey.size() - 3);
      break;
    case SplitMode::PerSource:
      ModeKey = F.getFnAttribute(ModuleIdAttr).getValueAsString().str();
      if (ModeKey.empty())
        ModeKey = "<unknown source>";
      break;
    }
    // With what the SYCL_EXTERNAL functions of other translation units that
    // it calls add: an image's requirements must be those of each of its
    // entry points, or the runtime would refuse a kernel for what another
    // kernel of its image needs. (The warnings come with the image's
    // properties, checkDeviceRequirements.)
    EntryPointRequirements Requirements = entryPointRequirements(F);
    if (Requirements.hasFixedTargets()) {
      // Only the targets decide; the image's other requirements are not
      // image-wide (the runtime checks fixed_target alone).
      Requirements.UsedAspects.clear();
      Requirements.ReqdWorkGroupSize.reset();
      Requirements.ReqdSubGroupSize.reset();
    }
    EntryPointGroup &Group =
        Groups[{ModeKey, Requirements.bundlingKey()}];
    if (Group.EntryPoints.empty()) {
      std::string Description = Requirements.describe();
      Group.Key = Description.empty() ? ModeKey
                                      : ModeKey + " [" + Description + "]";
      Group.Requirements = std::move(Requirements);
    }
    Group.EntryPoints.push_back(&F);
  }
  std::vector<EntryPointGroup> Result;
  Result.reserve(Groups.size());
  for (auto &[Key, Group] : Groups)
    Result.push_back(std::move(Group));
  return Result;
}

namespace {

// Every global value that the roots reference, directly or through other
// globals: call targets, address-taken functions, variables and their
// initializers, aliasees. Indirect calls need no special care: a function
// that can be called indirectly had its address taken by reachable code or
// a reachable initializer, so it is found through that reference.
class DependencyCollector {
public:
  SmallPtrSet<const GlobalValue *, 32>
  collect(ArrayRef<const Function *> Roots) {
    for (const Function *F : Roots)
      addGlobal(F);
    while (!Worklist.empty()) {
      const GlobalValue *GV = Worklist.pop_back_val();
      // Initializers, aliasees, personality/prefix/prologue data.
      for (const Value *Op : GV->operands())
        addValue(Op);
      if (const auto *F = dyn_cast<Function>(GV))
        for (const Instruction &I : instructions(F))
          for (const Value *Op : I.operands())
            addValue(Op);
    }
    return std::move(Found);
  }

private:
  void addGlobal(const GlobalValue *GV) {
    if (Found.insert(GV).second)
      Worklist.push_back(GV);
  }

  void addValue(const Value *V) {
    if (const auto *GV = dyn_cast<GlobalValue>(V))
      return addGlobal(GV);
    // Constant expressions and aggregates can hide globals at any depth;
    // remember the ones already walked so shared subtrees cost once.
    if (const auto *C = dyn_cast<Constant>(V))
      if (VisitedConstants.insert(C).second)
        for (const Value *Op : C->operands())
          addValue(Op);
  }

  SmallPtrSet<const GlobalValue *, 32> Found;
  SmallPtrSet<const Constant *, 32> VisitedConstants;
  SmallVector<const GlobalValue *, 32> Worklist;
};

bool isUsedList(const GlobalValue &GV) {
  return GV.getName() == "llvm.used" || GV.getName() == "llvm.compiler.used";
}

// Annotations of dropped functions would otherwise point at declarations, or
// at nothing once those are erased; the NVPTX backend expects neither.
void dropAnnotationsOfDeclarations(Module &M) {
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return;
  SmallVector<MDNode *, 8> Kept;
  for (MDNode *Node : Annotations->operands()) {
    if (Node->getNumOperands() == 0)
      continue;
    const auto *Target =
        dyn_cast_or_null<ValueAsMetadata>(Node->getOperand(0).get());
    if (!Target)
      continue;
    if (const auto *GV = dyn_cast<GlobalValue>(Target->getValue());
        GV && GV->isDeclaration())
      continue;
    Kept.push_back(Node);
  }
  Annotations->clearOperands();
  for (MDNode *Node : Kept)
    Annotations->addOperand(Node);
}

void eraseUnusedDeclarations(Module &M) {
  for (Function &F : make_early_inc_range(M.functions()))
    if (F.isDeclaration() && F.use_empty())
      F.eraseFromParent();
  for (GlobalVariable &GV : make_early_inc_range(M.globals()))
    if (GV.isDeclaration() && GV.use_empty())
      GV.eraseFromParent();
}

} // namespace

SmallPtrSet<const GlobalValue *, 32>
collectDependencies(ArrayRef<const Function *> Roots) {
  return DependencyCollector().collect(Roots);
}

std::string kernelDisplayName(StringRef Marked) {
  // A symbol local to its translation unit carries the unit's marker.
  std::string_view Unmarked =
      sycl::detail::without_translation_unit_marker({Marked.data(), Marked.size()});
  StringRef Symbol(Unmarked.data(), Unmarked.size());
  // The demangler spells _ZTS<type> "typeinfo name for <type>".
  std::string Name = demangle(Symbol);
  constexpr StringRef TypeinfoPrefix = "typeinfo name for ";
  if (Symbol.starts_with("_ZTS") && StringRef(Name).starts_with(TypeinfoPrefix))
    return Name.substr(TypeinfoPrefix.size());
  return Name;
}

Expected<std::unique_ptr<Module>>
extractEntryPointGroup(const Module &M, const EntryPointGroup &Group) {
  SmallPtrSet<const GlobalValue *, 32> Dependencies =
      collectDependencies(Group.EntryPoints);

  // Appending variables (llvm.used, llvm.global_ctors, ...) are cloned whole
  // because a declaration of one is invalid IR; they are pruned below.
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Result =
      CloneModule(M, VMap, [&](const GlobalValue *GV) {
        return Dependencies.contains(GV) || GV->hasAppendingLinkage();
      });

  removeFromUsedLists(*Result, [](Constant *C) {
    const auto *GV = dyn_cast<GlobalValue>(C->stripPointerCasts());
    return !GV || GV->isDeclaration();
  });
  // Device code has no static constructors, and annotation tables only
  // matter before this point; neither may keep unrelated code alive.
  for (GlobalVariable &GV : make_early_inc_range(Result->globals()))
    if (GV.hasAppendingLinkage() && !isUsedList(GV))
      GV.eraseFromParent();

  SmallPtrSet<const Function *, 8> EntryPoints;
  for (const Function *F : Group.EntryPoints)
    EntryPoints.insert(cast<Function>(VMap[F]));
  for (Function &F : Result->functions()) {
    if (F.isDeclaration() || EntryPoints.contains(&F))
      continue;
    F.setLinkage(GlobalValue::InternalLinkage);
    F.setVisibility(GlobalValue::DefaultVisibility);
    F.setComdat(nullptr);
  }

  dropAnnotationsOfDeclarations(*Result);
  eraseUnusedDeclarations(*Result);

  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*Result, &OS))
    return createStringError("internal error: the module split off for '" +
                             Group.Key + "' is invalid:\n" + Problems);
  return Result;
}

std::vector<std::string> undefinedCxxFunctions(const Module &M) {
  std::vector<std::string> Names;
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() &&
        F.getName().starts_with("_Z"))
      Names.push_back(demangle(F.getName()));
  return Names;
}

} // namespace usycl::postlink
