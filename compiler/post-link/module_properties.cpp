//===- module_properties.cpp - Property sets of a split module ------------===//

#include "module_properties.hpp"

namespace usycl::postlink {

PropertySetRegistry computeModuleProperties(const llvm::Module &,
                                            const EntryPointGroup &) {
  return {};
}

} // namespace usycl::postlink
