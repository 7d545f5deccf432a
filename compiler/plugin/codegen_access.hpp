//===- codegen_access.hpp - Reaching clang's code generator -----*- C++ -*-===//
//
// The plugin's AST consumer runs before clang's code generator (the
// BackendConsumer) sees the end of the translation unit. Two facts need the
// code generator itself: the llvm::Module it fills (the key under which the
// plugin hands its facts to the pass), and the exact llvm::StructType (and
// so the IR name, "class.sycl::_V1::detail::atomic_ref_impl.3") clang uses
// for a C++ class: LLVM gives types that print alike numbered names in
// creation order, so the name cannot be predicted from the AST.
//
// clang::CodeGenerator and clang::CodeGen::convertTypeForMemory are public
// API; the BackendConsumer that owns the generator is not. It is found among
// the consumers of the compiler instance's MultiplexConsumer by its vtable,
// and asked with BackendConsumer::getCodeGenerator() (both looked up in the
// clang process with dlsym, so a clang without them only loses the feature).
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class CodeGenerator;
class CompilerInstance;
} // namespace clang

namespace usycl::plugin {

// The code generator of this compilation, or nullptr (-fsyntax-only, or a
// clang this lookup does not know).
clang::CodeGenerator *findCodeGenerator(clang::CompilerInstance &CI);

} // namespace usycl::plugin
