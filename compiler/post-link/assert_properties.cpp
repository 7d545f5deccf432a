//===- assert_properties.cpp - isAssertEnabled (seed 000) -----------------===//

#include "assert_properties.hpp"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace usycl::postlink {

bool usesDeviceAssert(const Module &M) {
  // A definition (the NVPTX fallback from the headers) or a call to a
  // declaration (a device library would provide it) both mean an assert.
  for (StringRef Name : {"__assert_fail", "__devicelib_assert_fail"})
    if (const Function *F = M.getFunction(Name))
      if (!F->isDeclaration() || !F->use_empty())
        return true;
  // __assert_fail inlined into its callers: the variable remains.
  if (const GlobalVariable *GV = M.getNamedGlobal(AssertBufferVariable))
    return !GV->isDeclaration() || !GV->use_empty();
  return false;
}

void addAssertProperties(const Module &M, PropertySetRegistry &Properties) {
  if (usesDeviceAssert(M))
    Properties.getOrCreate(property_names::AssertEnabledSet);
}

} // namespace usycl::postlink
