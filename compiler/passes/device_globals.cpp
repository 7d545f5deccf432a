//===- device_globals.cpp - device_global variables, host and device ------===//

#include "device_globals.hpp"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <mutex>
#include <unordered_map>

using namespace llvm;

namespace usycl::passes {
namespace {

struct Registry {
  std::mutex Lock;
  std::unordered_map<const Module *, DeviceGlobalFacts> Facts;
};

Registry &registry() {
  static Registry R;
  return R;
}

// The symbol under which host and device know a variable: unit-local ones
// carry the unit's marker.
std::string registeredSymbol(const GlobalVariable &GV, const std::string &Marker) {
  std::string Name = GV.getName().str();
  if (GV.hasLocalLinkage())
    Name += Marker;
  return Name;
}

bool registerOnHost(Module &M, ArrayRef<GlobalVariable *> Globals, const std::string &Marker) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  FunctionCallee Register = M.getOrInsertFunction(
      RegisterDeviceGlobalFunction, FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64}, false));

  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage,
                                    "__usycl_register_device_globals", M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  for (GlobalVariable *GV : Globals) {
    Constant *Symbol = B.CreateGlobalString(registeredSymbol(*GV, Marker),
                                            "__usycl_device_global_symbol");
    uint64_t Size = DL.getTypeAllocSize(GV->getValueType());
    B.CreateCall(Register, {GV, Symbol, ConstantInt::get(I64, Size)});
  }
  B.CreateRetVoid();
  // Before the program's own constructors, which may already copy to a
  // device_global.
  appendToGlobalCtors(M, Ctor, /*Priority=*/101);
  return true;
}

bool prepareOnDevice(ArrayRef<GlobalVariable *> Globals, const std::string &Marker) {
  for (GlobalVariable *GV : Globals) {
    GV->setName(registeredSymbol(*GV, Marker));
    // The runtime writes the variable after loading the module: no
    // optimisation may take its initial value for its only value, and
    // an unused one in a shared header must not vanish from one module
    // only to be looked for there.
    if (GV->hasLocalLinkage() || GV->hasLinkOnceLinkage())
      GV->setLinkage(GlobalValue::WeakODRLinkage);
    GV->setVisibility(GlobalValue::DefaultVisibility);
    GV->setConstant(false);
    // For usycl-read-only-loads: the slot's pointer leads to the device's copy.
    GV->setMetadata(DeviceGlobalSlotMetadata, MDNode::get(GV->getContext(), {}));
  }
  return !Globals.empty();
}

Expected<DeviceGlobalFacts> parseOptions(StringRef Params) {
  DeviceGlobalFacts Facts;
  bool SideGiven = false;
  while (!Params.empty()) {
    StringRef Param;
    std::tie(Param, Params) = Params.split(';');
    if (Param == "host" || Param == "device") {
      Facts.IsDevice = Param == "device";
      SideGiven = true;
    } else if (Param.consume_front("marker=")) {
      Facts.UnitMarker = Param.str();
    } else if (Param.consume_front("symbol=")) {
      Facts.Symbols.push_back(Param.str());
    } else {
      return createStringError("usycl-device-globals: unknown parameter '" + Param +
                               "' (host|device;marker=M;symbol=S...)");
    }
  }
  if (!SideGiven)
    return createStringError("usycl-device-globals: say 'host' or 'device'");
  return Facts;
}

} // namespace

void publishDeviceGlobals(const Module *M, DeviceGlobalFacts Facts) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Facts[M] = std::move(Facts);
}

std::optional<DeviceGlobalFacts> takeDeviceGlobals(const Module *M) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto It = R.Facts.find(M);
  if (It == R.Facts.end())
    return std::nullopt;
  DeviceGlobalFacts Result = std::move(It->second);
  R.Facts.erase(It);
  return Result;
}

PreservedAnalyses DeviceGlobalsPass::run(Module &M, ModuleAnalysisManager &) {
  std::optional<DeviceGlobalFacts> Use = Facts ? Facts : takeDeviceGlobals(&M);
  if (!Use || Use->Symbols.empty())
    return PreservedAnalyses::all();

  SmallVector<GlobalVariable *, 8> Globals;
  for (const std::string &Symbol : Use->Symbols)
    if (GlobalVariable *GV = M.getNamedGlobal(Symbol); GV && !GV->isDeclaration())
      Globals.push_back(GV);
  if (Globals.empty())
    return PreservedAnalyses::all();

  bool Changed = Use->IsDevice ? prepareOnDevice(Globals, Use->UnitMarker)
                               : registerOnHost(M, Globals, Use->UnitMarker);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerDeviceGlobalsPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(DeviceGlobalsPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name, DeviceGlobalsPass::name()))
          return false;
        Expected<DeviceGlobalFacts> Options =
            PassBuilder::parsePassParameters(parseOptions, Name, DeviceGlobalsPass::name());
        if (!Options) {
          errs() << toString(Options.takeError()) << "\n";
          return false;
        }
        MPM.addPass(DeviceGlobalsPass(std::move(*Options)));
        return true;
      });
}

} // namespace usycl::passes
