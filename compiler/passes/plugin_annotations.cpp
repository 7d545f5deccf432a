//===- plugin_annotations.cpp - The plugin's annotations in IR -----------===//
#include "plugin_annotations.hpp"

#include "aspect_propagation.hpp"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace usycl::passes {
namespace {

// The annotation name of an llvm.global.annotations entry, if it is one of
// the plugin's.
std::optional<StringRef> pluginAnnotationName(const ConstantStruct &Entry) {
  if (Entry.getNumOperands() < 2)
    return std::nullopt;
  auto *StrGV = dyn_cast<GlobalVariable>(Entry.getOperand(1)->stripPointerCasts());
  if (!StrGV || !StrGV->hasInitializer())
    return std::nullopt;
  auto *Str = dyn_cast<ConstantDataSequential>(StrGV->getInitializer());
  if (!Str || !Str->isCString() || !Str->getAsCString().starts_with(AnnotationPrefix))
    return std::nullopt;
  return Str->getAsCString();
}

ConstantArray *annotationArray(Module &M) {
  GlobalVariable *GA = M.getGlobalVariable("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return nullptr;
  return dyn_cast<ConstantArray>(GA->getInitializer());
}

} // namespace

void forEachPluginAnnotation(
    Module &M,
    function_ref<void(Function &, StringRef, const std::vector<uint64_t> &)> Visit) {
  ConstantArray *Array = annotationArray(M);
  if (!Array)
    return;
  for (Use &U : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry)
      continue;
    std::optional<StringRef> Name = pluginAnnotationName(*Entry);
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    if (!Name || !F)
      continue;
    std::vector<uint64_t> Args;
    if (Entry->getNumOperands() >= 5)
      if (auto *ArgsGV = dyn_cast<GlobalVariable>(Entry->getOperand(4)->stripPointerCasts());
          ArgsGV && ArgsGV->hasInitializer())
        if (auto *Values = dyn_cast<ConstantStruct>(ArgsGV->getInitializer()))
          for (const Use &V : Values->operands())
            if (auto *CI = dyn_cast<ConstantInt>(V.get()))
              Args.push_back(CI->getZExtValue());
    Visit(*F, *Name, Args);
  }
}

void stripPluginAnnotations(Module &M) {
  ConstantArray *Array = annotationArray(M);
  if (!Array)
    return;
  GlobalVariable *GA = M.getGlobalVariable("llvm.global.annotations");
  SmallVector<Constant *, 8> Keep;
  // A set: entries share their name strings.
  SmallSetVector<GlobalVariable *, 8> Dropped;
  for (Use &U : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    bool Ours = Entry && pluginAnnotationName(*Entry);
    if (Ours)
      for (unsigned I = 1; I < Entry->getNumOperands(); ++I)
        if (auto *G = dyn_cast<GlobalVariable>(Entry->getOperand(I)->stripPointerCasts()))
          Dropped.insert(G);
    if (!Ours)
      Keep.push_back(cast<Constant>(U.get()));
  }
  if (Keep.size() == Array->getNumOperands())
    return;
  if (Keep.empty()) {
    GA->eraseFromParent();
  } else {
    auto *Ty = ArrayType::get(Array->getType()->getElementType(), Keep.size());
    auto *NewGA = new GlobalVariable(M, Ty, GA->isConstant(), GA->getLinkage(),
                                     ConstantArray::get(Ty, Keep), "", GA,
                                     GA->getThreadLocalMode(),
                                     GA->getAddressSpace());
    NewGA->setSection(GA->getSection());
    NewGA->takeName(GA);
    GA->eraseFromParent();
  }
  for (GlobalVariable *G : Dropped) {
    G->removeDeadConstantUsers();
    if (G->use_empty())
      G->eraseFromParent();
  }
}

} // namespace usycl::passes
