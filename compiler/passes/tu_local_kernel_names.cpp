//===- tu_local_kernel_names.cpp - Kernel symbols unique per unit ---------===//

#include "tu_local_kernel_names.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <optional>
#include <unordered_map>

using namespace llvm;

namespace usycl::passes {
namespace {

struct Registry {
  std::mutex Lock;
  std::unordered_map<const Module *, std::string> Markers;
};

Registry &registry() {
  static Registry R;
  return R;
}

// The string a constant holds, if it is a NUL-terminated C string.
std::optional<StringRef> cString(const GlobalVariable &GV) {
  if (!GV.isConstant() || !GV.hasInitializer() || !GV.hasLocalLinkage())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataArray>(GV.getInitializer());
  if (!Data || !Data->isCString())
    return std::nullopt;
  return Data->getAsCString();
}

// At a <local-name> (`Z` <encoding> `E` ...): whether the enclosing function
// has internal linkage, spelled `L` before its unqualified name, possibly
// inside a nested name (`ZN2nsL1fEv`).
bool localNameOfInternalFunction(StringRef Encoding) {
  Encoding.consume_front("N");
  while (!Encoding.empty()) {
    if (Encoding.consume_front("L"))
      return !Encoding.empty() && isDigit(Encoding.front());
    size_t Length = 0;
    if (!isDigit(Encoding.front()) || Encoding.consumeInteger(10, Length) ||
        Length > Encoding.size())
      return false;
    Encoding = Encoding.drop_front(Length);
  }
  return false;
}

} // namespace

bool namesUnitLocalType(StringRef Symbol) {
  if (!Symbol.consume_front("_ZTS"))
    return false;
  // An anonymous namespace; clang's names for unnamed internal types.
  if (Symbol.contains("_GLOBAL__N_") || Symbol.contains("$_"))
    return true;
  // A closure or unnamed type without a mangling context, as the type
  // itself or as a first template argument.
  if (Symbol.starts_with("Ul") || Symbol.starts_with("Ut") ||
      Symbol.contains("IUl") || Symbol.contains("IUt"))
    return true;
  for (size_t At = Symbol.find('Z'); At != StringRef::npos; At = Symbol.find('Z', At + 1))
    if (localNameOfInternalFunction(Symbol.drop_front(At + 1)))
      return true;
  return false;
}

void publishUnitMarker(const Module *M, std::string Marker) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Markers[M] = std::move(Marker);
}

std::string takeUnitMarker(const Module *M) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto It = R.Markers.find(M);
  if (It == R.Markers.end())
    return {};
  std::string Result = std::move(It->second);
  R.Markers.erase(It);
  return Result;
}

PreservedAnalyses TULocalKernelNamesPass::run(Module &M, ModuleAnalysisManager &) {
  const std::string Unit = Marker.empty() ? takeUnitMarker(&M) : Marker;
  if (Unit.empty())
    return PreservedAnalyses::all();

  bool Changed = false;
  for (Function &F : M)
    if (namesUnitLocalType(F.getName())) {
      F.setName(F.getName() + Unit);
      Changed = true;
    }

  // Rewrite the strings after walking the globals: replacing one adds a
  // global to the list being walked.
  SmallVector<GlobalVariable *, 8> Strings;
  for (GlobalVariable &GV : M.globals())
    if (std::optional<StringRef> S = cString(GV); S && namesUnitLocalType(*S))
      Strings.push_back(&GV);
  for (GlobalVariable *GV : Strings) {
    Constant *Marked = ConstantDataArray::getString(
        M.getContext(), (*cString(*GV) + Unit).str(), /*AddNull=*/true);
    auto *Replacement = new GlobalVariable(
        M, Marked->getType(), /*isConstant=*/true, GV->getLinkage(), Marked,
        GV->getName(), GV, GV->getThreadLocalMode(), GV->getAddressSpace());
    Replacement->copyAttributesFrom(GV);
    Replacement->setAlignment(GV->getAlign());
    Replacement->takeName(GV);
    GV->replaceAllUsesWith(Replacement);
    GV->eraseFromParent();
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

namespace {
Expected<std::string> parseMarker(StringRef Params) {
  auto [Key, Value] = Params.split('=');
  if (Key != "marker" || Value.empty())
    return createStringError(inconvertibleErrorCode(),
                             "usycl-tu-local-kernel-names: unknown parameter '" +
                                 Params + "' (expected marker=<text>)");
  return Value.str();
}
} // namespace

void registerTULocalKernelNamesPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(TULocalKernelNamesPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name,
                                                    TULocalKernelNamesPass::name()))
          return false;
        Expected<std::string> Marker = PassBuilder::parsePassParameters(
            parseMarker, Name, TULocalKernelNamesPass::name());
        if (!Marker) {
          errs() << toString(Marker.takeError()) << "\n";
          return false;
        }
        MPM.addPass(TULocalKernelNamesPass(std::move(*Marker)));
        return true;
      });
}

} // namespace usycl::passes
