//===- aspect_collector.hpp - AST facts for the aspect pass -----*- C++ -*-===//
//
// In a device compilation, at the end of the translation unit (before clang
// generates the deferred functions), collects what the optional-kernel-
// features pass (compiler/passes/aspect_propagation.cpp) needs from the AST
// and publishes it for the llvm::Module clang is building
// (compiler/passes/tu_facts.hpp):
//
//  * the sycl::aspect enumerators;
//  * the classes decorated with [[__sycl_detail__::__uses_aspects__]] (also
//    through class template partial specialisations), with the exact
//    llvm::StructType names codegen gives them;
//  * for every function reachable from a kernel entry point or a
//    SYCL_EXTERNAL definition, keyed by its mangled name: the attributes
//    (device_has, uses_aspects; for kernels: reqd_work_group_size,
//    reqd_sub_group_size and device_has of the user's functor), the first
//    source location where it uses each aspect (a value of a type that
//    carries the aspect, or of type double for fp64), and the first
//    location where it calls each callee.
//
// The host pass collects nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "plugin_options.hpp"
#include "unit_index.hpp"

#include "clang/Sema/SemaConsumer.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace usycl::plugin {

class AspectCollector : public clang::SemaConsumer {
public:
  AspectCollector(clang::CompilerInstance &CI, const PluginOptions &Options,
                  std::shared_ptr<const UnitIndex> Index)
      : CI(CI), Options(Options), Index(std::move(Index)) {}

  void InitializeSema(clang::Sema &S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }
  void HandleTranslationUnit(clang::ASTContext &Context) override;

private:
  clang::CompilerInstance &CI;
  PluginOptions Options; // a copy: clang destroys the plugin action early
  std::shared_ptr<const UnitIndex> Index;
  clang::Sema *TheSema = nullptr;
};

} // namespace usycl::plugin
