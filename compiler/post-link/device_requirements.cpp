//===- device_requirements.cpp - What an entry point needs ----------------===//

#include "device_requirements.hpp"
#include "module_splitter.hpp"

#include <sycl/detail/aspect_names.hpp>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <functional>
#include <set>

using namespace llvm;

namespace usycl::postlink {

namespace {

template <typename T> void sortUnique(std::vector<T> &V) {
  llvm::sort(V);
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

// The i32 operands of `N` (others, which no writer produces, are skipped).
std::vector<uint32_t> uint32Operands(const MDNode *N) {
  std::vector<uint32_t> Values;
  if (!N)
    return Values;
  for (const MDOperand &Op : N->operands())
    if (const auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op.get()))
      if (C->getValue().getActiveBits() <= 32)
        Values.push_back(static_cast<uint32_t>(C->getZExtValue()));
  return Values;
}

std::vector<std::string> stringOperands(const MDNode *N) {
  std::vector<std::string> Values;
  if (!N)
    return Values;
  for (const MDOperand &Op : N->operands())
    if (const auto *S = dyn_cast_or_null<MDString>(Op.get()))
      Values.push_back(S->getString().trim().str());
  return Values;
}

// used ∪ declared aspects of any function.
std::vector<uint32_t> usedAspectsOf(const Function &F) {
  std::vector<uint32_t> Aspects =
      uint32Operands(F.getMetadata(metadata_names::UsedAspects));
  append_range(Aspects,
               uint32Operands(F.getMetadata(metadata_names::DeclaredAspects)));
  sortUnique(Aspects);
  return Aspects;
}

std::vector<std::string> fixedTargetsOf(const Function &F) {
  std::vector<std::string> Targets =
      stringOperands(F.getMetadata(metadata_names::FixedTargets));
  erase_if(Targets, [](const std::string &T) { return T.empty(); });
  // Aliases name the same device: compare canonical names.
  for (std::string &T : Targets)
    if (const auto *Known = sycl::detail::find_target(T))
      T = std::string(Known->canonical());
  sortUnique(Targets);
  return Targets;
}

std::optional<uint32_t> subGroupSizeOf(const Function &F) {
  std::vector<uint32_t> Sizes =
      uint32Operands(F.getMetadata(metadata_names::ReqdSubGroupSize));
  if (Sizes.empty())
    return std::nullopt;
  return Sizes.front();
}

std::string joinNumbers(ArrayRef<uint32_t> Values, StringRef Separator = ",") {
  return join(map_range(Values, [](uint32_t V) { return std::to_string(V); }),
              Separator);
}

// A SYCL_EXTERNAL definition, also once a split made it internal to an image
// (the aspect-propagation pass puts !sycl_fixed_targets on kernels and
// SYCL_EXTERNAL definitions only, and the metadata survives the split).
bool isSyclExternalCode(const Function &F) {
  return !F.isDeclaration() && !isKernel(F) && hasFixedTargetsMetadata(F);
}

// The translation unit a kernel or SYCL_EXTERNAL definition came from, as
// the driver marked it while linking; empty when unknown.
StringRef moduleIdOf(const Function &F) {
  return F.getFnAttribute(ModuleIdAttr).getValueAsString();
}

// Calls `Fn` for every function definition `F` references (call targets and
// functions whose address it takes, also inside constant expressions), in
// instruction order.
void forEachReferencedDefinition(const Function &F,
                                 function_ref<void(const Function &)> Fn) {
  SmallPtrSet<const Constant *, 16> Visited;
  std::function<void(const Value *)> Visit = [&](const Value *V) {
    if (const auto *Callee = dyn_cast<Function>(V)) {
      if (!Callee->isDeclaration())
        Fn(*Callee);
      return;
    }
    if (isa<GlobalValue>(V))
      return; // variables: device code has no function tables to follow
    if (const auto *C = dyn_cast<Constant>(V))
      if (Visited.insert(C).second)
        for (const Value *Op : C->operands())
          Visit(Op);
  };
  for (const Instruction &I : instructions(F))
    for (const Value *Op : I.operands())
      Visit(Op);
}

} // namespace

std::string EntryPointRequirements::bundlingKey() const {
  if (hasFixedTargets())
    return "fixed:" + join(FixedTargets, ",");
  std::string Key = "aspects:" + joinNumbers(UsedAspects);
  Key += ";wg:";
  Key += ReqdWorkGroupSize ? joinNumbers(*ReqdWorkGroupSize) : "none";
  Key += ";sg:";
  Key += ReqdSubGroupSize ? std::to_string(*ReqdSubGroupSize) : "none";
  if (!ExternalSubGroupSizes.empty())
    Key += ";external-sg:" + joinNumbers(ExternalSubGroupSizes);
  return Key;
}

std::string EntryPointRequirements::describe() const {
  if (hasFixedTargets())
    return "fixed targets " + join(FixedTargets, ",");
  std::vector<std::string> Parts;
  if (!UsedAspects.empty())
    Parts.push_back("aspects " + joinNumbers(UsedAspects));
  if (ReqdWorkGroupSize)
    Parts.push_back("reqd_work_group_size " + joinNumbers(*ReqdWorkGroupSize));
  if (ReqdSubGroupSize)
    Parts.push_back("reqd_sub_group_size " + std::to_string(*ReqdSubGroupSize));
  if (!ExternalSubGroupSizes.empty())
    Parts.push_back("SYCL_EXTERNAL reqd_sub_group_size " +
                    joinNumbers(ExternalSubGroupSizes));
  return join(Parts, ", ");
}

EntryPointRequirements readRequirements(const Function &F) {
  EntryPointRequirements R;
  R.FixedTargets = fixedTargetsOf(F);
  R.UsedAspects = usedAspectsOf(F);
  if (const MDNode *WG = F.getMetadata(metadata_names::ReqdWorkGroupSize)) {
    std::vector<uint32_t> Dims = uint32Operands(WG);
    if (!Dims.empty())
      R.ReqdWorkGroupSize = std::move(Dims);
  }
  R.ReqdSubGroupSize = subGroupSizeOf(F);
  return R;
}

EntryPointRequirements
entryPointRequirements(const Function &Entry,
                       function_ref<void(RequirementsWarning)> Warn) {
  EntryPointRequirements R = readRequirements(Entry);
  if (R.hasFixedTargets())
    return R; // checkDeviceRequirements() checks such images as a whole
  const Module &M = *Entry.getParent();
  std::string Caller;
  auto CallerText = [&]() -> const std::string & {
    if (Caller.empty())
      Caller = (isKernel(Entry) ? "kernel '" : "function '") +
               functionDisplayName(Entry.getName()) + "'";
    return Caller;
  };
  auto Report = [&](std::string Function, std::string Message) {
    if (Warn)
      Warn({std::move(Function), std::move(Message)});
  };

  // Breadth first from the entry point, each function paired with the
  // translation unit of the code that reached it: a SYCL_EXTERNAL
  // definition is checked when that unit is not its own (the caller only
  // saw a declaration of it), and the walk goes on in its unit.
  using Visit = std::pair<const Function *, std::string>;
  std::deque<Visit> Queue{{&Entry, moduleIdOf(Entry).str()}};
  std::set<Visit> Seen{Queue.front()};
  while (!Queue.empty()) {
    auto [F, Unit] = std::move(Queue.front());
    Queue.pop_front();
    if (F != &Entry && isSyclExternalCode(*F)) {
      StringRef Own = moduleIdOf(*F);
      if (Own.empty() || Unit.empty() || Own != Unit) {
        std::string Name = functionDisplayName(F->getName());
        for (uint32_t Aspect : usedAspectsOf(*F)) {
          if (is_contained(R.UsedAspects, Aspect))
            continue;
          Report(Name, "function '" + Name + "' uses aspect '" +
                           aspectName(M, Aspect) +
                           "' not expected by its calling " + CallerText() +
                           ".\n"
                           "Missing [[sycl::device_has()]] on SYCL_EXTERNAL "
                           "function?");
          R.UsedAspects.push_back(Aspect);
          sortUnique(R.UsedAspects);
        }
        if (std::optional<uint32_t> SubGroup = subGroupSizeOf(*F);
            SubGroup && SubGroup != R.ReqdSubGroupSize &&
            !is_contained(R.ExternalSubGroupSizes, *SubGroup)) {
          Report(Name, "function '" + Name + "' has required sub-group size '" +
                           std::to_string(*SubGroup) +
                           "' that does not match its calling " +
                           CallerText() +
                           ".\n"
                           "Missing [[sycl::reqd_sub_group()]] attribute on "
                           "SYCL_EXTERNAL function?");
          R.ExternalSubGroupSizes.push_back(*SubGroup);
          sortUnique(R.ExternalSubGroupSizes);
        }
        // A function that promises to run only on some targets, called by
        // code that made no such promise.
        if (!fixedTargetsOf(*F).empty())
          Report(Name, "function '" + Name +
                           "' compiled with a different "
                           "`-fsycl-fixed-targets` switch than its calling " +
                           CallerText() + ".");
      }
      Unit = Own.str();
    }
    forEachReferencedDefinition(*F, [&](const Function &Callee) {
      Visit Next{&Callee, Unit};
      if (Seen.insert(Next).second)
        Queue.push_back(std::move(Next));
    });
  }
  return R;
}

bool hasFixedTargetsMetadata(const Function &F) {
  return F.getMetadata(metadata_names::FixedTargets) != nullptr;
}

bool isSyclExternalDefinition(const Function &F) {
  return !F.isDeclaration() && !F.isIntrinsic() && !isKernel(F) &&
         F.hasExternalLinkage() && hasFixedTargetsMetadata(F);
}

std::optional<uint32_t> targetIdentityAspect(StringRef Target) {
  const auto *Known = sycl::detail::find_target(
      std::string_view(Target.data(), Target.size()));
  if (!Known)
    return std::nullopt;
  return static_cast<uint32_t>(Known->aspect);
}

std::string aspectName(const Module &M, uint32_t Aspect) {
  if (const NamedMDNode *Names = M.getNamedMetadata(metadata_names::AspectNames))
    for (const MDNode *N : Names->operands()) {
      if (N->getNumOperands() != 2)
        continue;
      const auto *Name = dyn_cast_or_null<MDString>(N->getOperand(0).get());
      const auto *Value =
          mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(1).get());
      if (Name && Value && Value->getValue() == Aspect)
        return Name->getString().str();
    }
  std::string_view Known =
      sycl::detail::aspect_name(static_cast<int>(Aspect));
  if (!Known.empty())
    return std::string(Known);
  return std::to_string(Aspect);
}

std::string functionDisplayName(StringRef Symbol) {
  if (Symbol.starts_with("_ZTS"))
    return kernelDisplayName(Symbol);
  ItaniumPartialDemangler Demangler;
  if (!Symbol.starts_with("_Z") || Demangler.partialDemangle(Symbol.data()) ||
      !Demangler.isFunction())
    return Symbol.str();
  char *Name = Demangler.getFunctionName(nullptr, nullptr);
  if (!Name)
    return Symbol.str();
  std::string Result = Name;
  std::free(Name);
  return Result;
}

Expected<PropertySet>
checkDeviceRequirements(const Module &M, const EntryPointRequirements &Image,
                        function_ref<void(RequirementsWarning)> Warn) {
  namespace pn = property_names;
  PropertySet Set(pn::DeviceRequirementsSet.str());

  auto Definitions = make_filter_range(
      M.functions(), [](const Function &F) { return !F.isDeclaration(); });

  if (Image.hasFixedTargets()) {
    // FinalFixedTargets: the image's targets, narrowed by every function
    // that was compiled for fewer of them. A function compiled without the
    // switch (empty list) is not restricted, so it narrows nothing, but it
    // still did not see the kernel's switch: warn.
    std::vector<std::string> Final = Image.FixedTargets;
    for (const Function &F : Definitions) {
      if (!hasFixedTargetsMetadata(F))
        continue; // helpers; only kernels and SYCL_EXTERNAL have it
      std::vector<std::string> Targets = fixedTargetsOf(F);
      if (Targets == Image.FixedTargets)
        continue;
      std::string Name = functionDisplayName(F.getName());
      Warn({Name, "function '" + Name +
                      "' compiled with a different `-fsycl-fixed-targets` "
                      "switch than its calling kernel."});
      if (!Targets.empty())
        erase_if(Final, [&](const std::string &T) {
          return !is_contained(Targets, T);
        });
    }
    std::vector<uint32_t> Aspects;
    for (const std::string &T : Final) {
      std::optional<uint32_t> Aspect = targetIdentityAspect(T);
      if (!Aspect)
        return createStringError(
            "unknown target '" + T + "' in !" + metadata_names::FixedTargets +
            " (-fsycl-fixed-targets); known targets are those of "
            "sycl/detail/device_targets.def");
      Aspects.push_back(*Aspect);
    }
    sortUnique(Aspects);
    // Created even when empty: an empty list means no device can run it.
    Set.set(pn::FixedTarget, PropertyValue::uint32Array(Aspects));
    return Set;
  }

  // FinalUsedAspects and FinalSubGroup: the group's requirements already
  // hold what the SYCL_EXTERNAL functions of other translation units add
  // (the split used entryPointRequirements()); walking the entry points
  // again here gives the warnings, and keeps the set right for a group
  // formed without them.
  std::vector<uint32_t> FinalAspects = Image.UsedAspects;
  std::vector<uint32_t> FinalSubGroups = Image.ExternalSubGroupSizes;
  if (Image.ReqdSubGroupSize)
    FinalSubGroups.push_back(*Image.ReqdSubGroupSize);
  for (const Function &F : Definitions) {
    if (!isKernel(F) && !isSyclExternalDefinition(F))
      continue; // not an entry point of this image
    EntryPointRequirements R = entryPointRequirements(F, Warn);
    append_range(FinalAspects, R.UsedAspects);
    append_range(FinalSubGroups, R.ExternalSubGroupSizes);
  }
  sortUnique(FinalAspects);
  sortUnique(FinalSubGroups);

  if (!FinalAspects.empty())
    Set.set(pn::Aspect, PropertyValue::uint32Array(FinalAspects));
  if (!FinalSubGroups.empty())
    Set.set(pn::ReqdSubGroupSize, PropertyValue::uint32Array(FinalSubGroups));
  if (Image.ReqdWorkGroupSize) {
    std::vector<uint32_t> Entry = {
        static_cast<uint32_t>(Image.ReqdWorkGroupSize->size())};
    append_range(Entry, *Image.ReqdWorkGroupSize);
    Set.set(pn::ReqdWorkGroupSize, PropertyValue::uint32Array(Entry));
  }
  return Set;
}

} // namespace usycl::postlink
