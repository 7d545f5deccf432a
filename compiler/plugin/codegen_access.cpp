//===- codegen_access.cpp - Reaching clang's code generator ---------------===//

#include "codegen_access.hpp"

#include "clang/AST/ASTConsumer.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"

#include <dlfcn.h>

using namespace clang;

namespace usycl::plugin {
namespace {

// MultiplexConsumer::Consumers is protected; a pointer to it taken through a
// derived class is an ordinary member pointer of the base.
struct MultiplexAccess : MultiplexConsumer {
  static auto consumers() { return &MultiplexAccess::Consumers; }
};

// What an object's vtable pointer is for class `VTableSymbol` (Itanium ABI:
// the symbol's address plus offset-to-top and RTTI slots).
const void *vtablePointer(const char *VTableSymbol) {
  void *Symbol = dlsym(RTLD_DEFAULT, VTableSymbol);
  if (!Symbol)
    return nullptr;
  return static_cast<const char *>(Symbol) + 2 * sizeof(void *);
}

bool hasVTable(const ASTConsumer *C, const void *VPtr) {
  return VPtr && *reinterpret_cast<const void *const *>(C) == VPtr;
}

CodeGenerator *search(ASTConsumer *C, const void *MultiplexVPtr,
                      const void *BackendVPtr,
                      CodeGenerator *(*GetCodeGenerator)(void *), int Depth) {
  if (!C || Depth > 4)
    return nullptr;
  if (hasVTable(C, BackendVPtr))
    return GetCodeGenerator(C);
  if (hasVTable(C, MultiplexVPtr)) {
    auto &Children = static_cast<MultiplexConsumer *>(C)->*
                     MultiplexAccess::consumers();
    for (std::unique_ptr<ASTConsumer> &Child : Children)
      if (CodeGenerator *G = search(Child.get(), MultiplexVPtr, BackendVPtr,
                                    GetCodeGenerator, Depth + 1))
        return G;
  }
  return nullptr;
}

} // namespace

CodeGenerator *findCodeGenerator(CompilerInstance &CI) {
  if (!CI.hasASTConsumer())
    return nullptr;
  static const void *MultiplexVPtr =
      vtablePointer("_ZTVN5clang17MultiplexConsumerE");
  static const void *BackendVPtr =
      vtablePointer("_ZTVN5clang15BackendConsumerE");
  // CodeGenerator *clang::BackendConsumer::getCodeGenerator(): a non-virtual
  // member function, i.e. a function taking `this`.
  static auto *GetCodeGenerator = reinterpret_cast<CodeGenerator *(*)(void *)>(
      dlsym(RTLD_DEFAULT, "_ZN5clang15BackendConsumer16getCodeGeneratorEv"));
  if (!MultiplexVPtr || !BackendVPtr || !GetCodeGenerator)
    return nullptr;
  return search(&CI.getASTConsumer(), MultiplexVPtr, BackendVPtr,
                GetCodeGenerator, 0);
}

} // namespace usycl::plugin
