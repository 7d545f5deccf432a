//===- module_properties.hpp - Property sets of a split module --*- C++ -*-===//
//
// The property sets sycl-post-link writes next to each device module:
//
//   [SYCL/device requirements]   (seed 002; device_requirements.hpp)
//     written for every module, with the properties that apply:
//     aspect, reqd_sub_group_size, reqd_work_group_size, fixed_target.
//
//   [isAssertEnabled]            (seed 000; assert_properties.hpp)
//     empty, present when the module's device code can fail an assert.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "device_requirements.hpp"
#include "module_splitter.hpp"
#include "property_set.hpp"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace usycl::postlink {

// `M` is the module extracted for `Group`. Warnings of the SYCL_EXTERNAL
// check go to `Warn`.
llvm::Expected<PropertySetRegistry>
computeModuleProperties(const llvm::Module &M, const EntryPointGroup &Group,
                        llvm::function_ref<void(RequirementsWarning)> Warn);

} // namespace usycl::postlink
