//===- spec_constant_properties.hpp - Which spec constants a module reads -===//
//
// NVPTX device code reads a specialization constant through marked inline
// moves (sycl/detail/spec_constant_marker.hpp): `asm volatile` calls whose
// template contains "usycl.spec_constant" and whose operands 1 and 2 are the
// constant's 64-bit key and the word index. The CPU's requirements analysis
// is an NVPTX compilation too, so every module of every target that has code
// reads its constants that way. A module holds only what its kernels reach
// (module_splitter.hpp), so the set below tells, per device image, which
// constants its kernels use: the runtime answers
// kernel_bundle::has_specialization_constant and
// contains_specialization_constants from it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "property_set.hpp"

#include <cstdint>
#include <map>

namespace llvm {
class Module;
} // namespace llvm

namespace usycl::postlink {

// key -> number of 32-bit words read (highest word index + 1).
std::map<uint64_t, uint32_t> specConstantReads(const llvm::Module &M);

// Adds [SYCL/specialization constants] when the module reads any.
void addSpecConstantProperties(const llvm::Module &M, PropertySetRegistry &Properties);

} // namespace usycl::postlink
