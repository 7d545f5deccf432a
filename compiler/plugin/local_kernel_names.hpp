//===- local_kernel_names.hpp - The unit's marker for the pass --*- C++ -*-===//
//
// Hands the unit's marker (sycl/detail/kernel_symbol.hpp; usycl++ passes its
// hash as -fplugin-arg-usycl-tu-id=) to the pass that makes the symbols of
// unit-local kernel names unique (compiler/passes/tu_local_kernel_names.hpp),
// in the host, device and analysis passes alike.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "plugin_options.hpp"

#include "clang/AST/ASTConsumer.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace usycl::plugin {

class UnitMarkerPublisher : public clang::ASTConsumer {
public:
  UnitMarkerPublisher(clang::CompilerInstance &CI, const PluginOptions &Options)
      : CI(CI), TranslationUnitId(Options.TranslationUnitId) {}
  void HandleTranslationUnit(clang::ASTContext &Context) override;

private:
  clang::CompilerInstance &CI;
  std::string TranslationUnitId;
};

} // namespace usycl::plugin
