//===- module_properties.hpp - Property sets of a split module --*- C++ -*-===//
//
// The property sets sycl-post-link writes next to each device module. None
// are defined yet: "SYCL/device requirements" (seed 002) and
// "isAssertEnabled" (seed 000) are computed here once the passes that mark
// aspect and assert use exist. An empty registry gives an empty .prop file,
// which readers accept.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "module_splitter.hpp"
#include "property_set.hpp"

namespace usycl::postlink {

PropertySetRegistry computeModuleProperties(const llvm::Module &M,
                                            const EntryPointGroup &Group);

} // namespace usycl::postlink
