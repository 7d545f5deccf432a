//===- local_kernel_names.cpp - The unit's marker for the pass ------------===//

#include "local_kernel_names.hpp"

#include "codegen_access.hpp"

#include "tu_local_kernel_names.hpp"

#include <sycl/detail/kernel_symbol.hpp>

#include "clang/AST/ASTContext.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"

using namespace clang;

namespace usycl::plugin {

void UnitMarkerPublisher::HandleTranslationUnit(ASTContext &Context) {
  // Without an id (clang run by hand with the plugin) the names stay as
  // they are: nothing could tell this unit's compilations from another's.
  if (TranslationUnitId.empty() || Context.getDiagnostics().hasErrorOccurred())
    return;
  CodeGenerator *Gen = findCodeGenerator(CI);
  if (!Gen || !Gen->GetModule())
    return; // -fsyntax-only
  passes::publishUnitMarker(Gen->GetModule(),
                            std::string(sycl::detail::translation_unit_marker) +
                                TranslationUnitId);
}

} // namespace usycl::plugin
