//===- device_global_collector.hpp - The unit's device_globals --*- C++ -*-===//
//
// Finds the definitions of sycl::ext::oneapi::experimental::device_global
// variables of the translation unit (namespace scope and static data
// members) and hands their symbols to the pass that registers them with the
// runtime (host pass) or keeps them addressable (device passes):
// compiler/passes/device_globals.hpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "unit_index.hpp"

#include "plugin_options.hpp"

#include "clang/AST/ASTConsumer.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace usycl::plugin {

class DeviceGlobalCollector : public clang::ASTConsumer {
public:
  DeviceGlobalCollector(clang::CompilerInstance &CI, const PluginOptions &Options,
                        std::shared_ptr<const UnitIndex> Index)
      : CI(CI), TranslationUnitId(Options.TranslationUnitId), Index(std::move(Index)) {}
  void HandleTranslationUnit(clang::ASTContext &Context) override;

private:
  clang::CompilerInstance &CI;
  std::string TranslationUnitId;
  std::shared_ptr<const UnitIndex> Index;
};

} // namespace usycl::plugin
