//===- integration_header.hpp - Kernel parameter descriptors ----*- C++ -*-===//
//
// In a device pass given -fplugin-arg-usycl-int-header=<path>: at the end of
// the translation unit, writes the integration header the host pass of
// `usycl++ -fsycl-raise-host` includes (-include <path>). It is usycl's
// equivalent of DPC++'s kernel_signatures: for every kernel entry point, its
// _ZTS name and one descriptor per captured field of the kernel object
// (kind, size, offset, accessor info), in the layout of
// include/sycl/detail/kernel_param_desc.hpp. The MLIR host raising
// (mlir/lib/Transforms/RaiseHost.cpp) checks the sycl.host.set_captured ops
// it found against them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "unit_index.hpp"

#include <memory>

#include "clang/AST/ASTConsumer.h"

#include <string>

namespace usycl::plugin {

class IntegrationHeaderWriter : public clang::ASTConsumer {
public:
  IntegrationHeaderWriter(std::string Path, std::shared_ptr<const UnitIndex> Index)
      : Path(std::move(Path)), Index(std::move(Index)) {}
  void HandleTranslationUnit(clang::ASTContext &Context) override;

private:
  std::string Path;
  std::shared_ptr<const UnitIndex> Index;
};

} // namespace usycl::plugin
