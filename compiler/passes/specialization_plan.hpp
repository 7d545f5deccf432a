//===- specialization_plan.hpp - Host-to-device specialisation plan -*- C++ -*-===//
//
// The plan `sycl-mlir-opt --sycl-specialization-plan` writes from the raised
// host module (docs/mlir.md): per kernel submission whose captured scalars
// are compile-time constants, which bytes of the kernel object they are.
//
//   usycl-specialization-plan 1
//   kernel <generic symbol> clone <name> object-size <N>
//   fold <offset> <size> <hex bytes, little-endian>
//   end
//
// The passes name clones themselves (cloneSymbol), from the kernel and the
// folded bytes, so that the same specialisation made in two translation
// units is the same symbol with the same body, and different ones never
// collide; the plan's `clone` field is informational.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace usycl::passes {

struct KernelFold {
  uint32_t Offset = 0;
  std::vector<uint8_t> Bytes;
};

struct KernelSpecialization {
  std::string Kernel;
  uint64_t ObjectSize = 0;
  std::vector<KernelFold> Folds; // sorted by offset, non-overlapping
};

// Parses a plan's text; `Origin` names it in errors (file:line: message).
llvm::Expected<std::vector<KernelSpecialization>>
parseSpecializationPlan(llvm::StringRef Text, llvm::StringRef Origin);
llvm::Expected<std::vector<KernelSpecialization>> readSpecializationPlan(llvm::StringRef Path);

// `<kernel>$hdo<16 hex digits of a hash of the object size and folds>`.
std::string cloneSymbol(const KernelSpecialization &S);

} // namespace usycl::passes
