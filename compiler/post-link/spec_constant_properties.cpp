//===- spec_constant_properties.cpp - Which spec constants a module reads -===//

#include "spec_constant_properties.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace usycl::postlink {

namespace {
// sycl::detail::spec_constant_marker (kept in step with the header).
constexpr StringLiteral SpecConstantMarker = "usycl.spec_constant";
} // namespace

std::map<uint64_t, uint32_t> specConstantReads(const Module &M) {
  std::map<uint64_t, uint32_t> Reads;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const auto *Call = dyn_cast<CallInst>(&I);
      if (!Call || !Call->isInlineAsm() || Call->arg_size() != 3)
        continue;
      const auto *Asm = cast<InlineAsm>(Call->getCalledOperand());
      if (!Asm->getAsmString().contains(SpecConstantMarker))
        continue;
      const auto *Key = dyn_cast<ConstantInt>(Call->getArgOperand(1));
      const auto *Word = dyn_cast<ConstantInt>(Call->getArgOperand(2));
      if (!Key || !Word)
        continue; // not the header's form
      uint32_t &Words = Reads[Key->getZExtValue()];
      Words = std::max<uint32_t>(Words, static_cast<uint32_t>(Word->getZExtValue()) + 1);
    }
  return Reads;
}

void addSpecConstantProperties(const Module &M, PropertySetRegistry &Properties) {
  std::map<uint64_t, uint32_t> Reads = specConstantReads(M);
  if (Reads.empty())
    return;
  PropertySet &Set = Properties.getOrCreate(property_names::SpecConstantsSet);
  for (const auto &[Key, Words] : Reads)
    Set.set(utohexstr(Key, /*LowerCase=*/true, /*Width=*/16), PropertyValue::uint32(Words));
}

} // namespace usycl::postlink
