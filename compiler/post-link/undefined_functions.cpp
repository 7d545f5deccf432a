//===- undefined_functions.cpp - Device functions nobody defines ----------===//
//
// See undefined_functions.hpp.
//
//===----------------------------------------------------------------------===//

#include "undefined_functions.hpp"
#include "module_splitter.hpp"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <deque>

using namespace llvm;

namespace usycl::postlink {
namespace {

bool providedElsewhere(const Function &F) {
  if (F.isIntrinsic())
    return true;
  StringRef Name = F.getName();
  return Name == "vprintf" || Name == "malloc" || Name == "free" ||
         Name == "__assertfail" || Name == "__nvvm_reflect" ||
         Name.starts_with("__nv_") || Name.starts_with("__usycl");
}

// The functions F refers to: calls, and functions whose address it takes.
SetVector<const Function *> calleesOf(const Function &F) {
  SetVector<const Function *> Result;
  SmallVector<const Value *, 8> Work;
  SmallPtrSet<const Value *, 16> Seen;
  for (const Instruction &I : instructions(F))
    for (const Value *Op : I.operands())
      Work.push_back(Op);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *Callee = dyn_cast<Function>(V))
      Result.insert(Callee);
    else if (const auto *CE = dyn_cast<ConstantExpr>(V))
      append_range(Work, CE->operands());
  }
  return Result;
}

} // namespace

std::vector<UndefinedDeviceFunction>
findUndefinedDeviceFunctions(const Module &M, const StringSet<> *Importable) {
  std::vector<UndefinedDeviceFunction> Result;
  DenseMap<const Function *, size_t> Index;
  for (const Function &F : M)
    if (F.isDeclaration() && !F.use_empty() && !providedElsewhere(F) &&
        !(Importable && Importable->contains(F.getName()))) {
      Index[&F] = Result.size();
      UndefinedDeviceFunction U;
      U.Function = &F;
      U.Name = demangle(F.getName());
      Result.push_back(std::move(U));
    }
  if (Result.empty())
    return Result;

  DenseMap<const Function *, SetVector<const Function *>> Callees;
  auto calleesOfCached = [&](const Function *F)
      -> const SetVector<const Function *> & {
    auto It = Callees.find(F);
    if (It == Callees.end())
      It = Callees.try_emplace(F, calleesOf(*F)).first;
    return It->second;
  };
  for (const Function &Kernel : M) {
    if (!isKernel(Kernel) || Kernel.isDeclaration())
      continue;
    // Breadth first from the kernel: the shortest chain to each function.
    DenseMap<const Function *, const Function *> Parent{{&Kernel, nullptr}};
    std::deque<const Function *> Queue{&Kernel};
    while (!Queue.empty()) {
      const Function *F = Queue.front();
      Queue.pop_front();
      if (F->isDeclaration())
        continue;
      for (const Function *Callee : calleesOfCached(F))
        if (Parent.try_emplace(Callee, F).second)
          Queue.push_back(Callee);
    }
    for (UndefinedDeviceFunction &U : Result) {
      if (!Parent.count(U.Function))
        continue;
      U.Kernels.push_back(&Kernel);
      if (U.Chain.empty()) {
        for (const Function *F = U.Function; F; F = Parent[F])
          U.Chain.push_back(F);
        std::reverse(U.Chain.begin(), U.Chain.end());
      }
    }
  }
  // Declarations only other undefined code uses are not the kernels' problem.
  llvm::erase_if(Result, [](const UndefinedDeviceFunction &U) {
    return U.Kernels.empty();
  });
  return Result;
}

std::string describeUndefinedDeviceFunction(const UndefinedDeviceFunction &U) {
  std::vector<std::string> Kernels;
  for (const Function *K : U.Kernels)
    Kernels.push_back("'" + kernelDisplayName(K->getName()) + "'");
  std::string Text = "undefined device function '" + U.Name +
                     "' is called by kernel " + join(Kernels, ", ") +
                     "; define it (SYCL_EXTERNAL) in a translation unit "
                     "compiled with usycl++ and link that translation unit in, "
                     "or link the shared library (built with usycl++ -shared) "
                     "that defines it";
  if (!U.Function->getName().starts_with("_Z"))
    Text += " (functions of the host's C library have no device definition; "
            "use the SYCL built-in functions)";
  Text += "\ncall chain:";
  for (size_t I = 0; I < U.Chain.size(); ++I) {
    const Function *F = U.Chain[I];
    Text += "\n  ";
    Text += I == 0 ? "kernel '" + kernelDisplayName(F->getName()) + "'"
                   : demangle(F->getName());
  }
  return Text;
}

} // namespace usycl::postlink
