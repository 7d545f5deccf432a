//===- assert_properties.cpp - isAssertEnabled (seed 000) -----------------===//

#include "assert_properties.hpp"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
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

namespace {

// Replaces F's body by what Emit builds; F becomes internal and always-inline.
template <typename EmitFn> void redefine(Function &F, EmitFn Emit) {
  F.deleteBody();
  F.setLinkage(GlobalValue::InternalLinkage);
  F.setVisibility(GlobalValue::DefaultVisibility);
  F.removeFnAttr(Attribute::NoInline);
  F.removeFnAttr(Attribute::OptimizeNone);
  F.addFnAttr(Attribute::AlwaysInline);
  IRBuilder<> B(BasicBlock::Create(F.getContext(), "entry", &F));
  Emit(B);
}

} // namespace

void finalizeAssertLaunchHooks(Module &M) {
  Function *Begin = M.getFunction(AssertLaunchBeginFunction);
  Function *Token = M.getFunction(AssertLaunchTokenFunction);
  if (!Begin && !Token)
    return;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  // Work-group local (address space 3 on NVPTX and SPIR-V): every work-item
  // of the group stores the same value, so no barrier is needed.
  GlobalVariable *Slot = nullptr;
  if (usesDeviceAssert(M))
    Slot = new GlobalVariable(M, I64, /*isConstant=*/false, GlobalValue::InternalLinkage,
                              UndefValue::get(I64), "__usycl_assert_launch_token.slot",
                              nullptr, GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
  if (Begin && Begin->arg_size() == 1 && Begin->getReturnType()->isVoidTy())
    redefine(*Begin, [&](IRBuilder<> &B) {
      if (Slot)
        B.CreateStore(Begin->getArg(0), Slot);
      B.CreateRetVoid();
    });
  if (Token && Token->arg_size() == 0 && Token->getReturnType() == I64)
    redefine(*Token, [&](IRBuilder<> &B) {
      B.CreateRet(Slot ? static_cast<Value *>(B.CreateLoad(I64, Slot))
                       : ConstantInt::get(I64, 0));
    });
}

} // namespace usycl::postlink
