//===- specialization_plan.hpp - Host-to-device specialisation plan -*- C++ -*-===//
//
// The plan `sycl-mlir-opt --sycl-specialization-plan` writes from the raised
// host module (docs/mlir.md): per kernel submission whose captured scalars
// are compile-time constants, which bytes of the kernel object they are.
//
//   usycl-specialization-plan 2
//   kernel <generic symbol> clone <name> object-size <N>
//   range <dims> global <g...>|any [local <l...>] offset <o...>
//   fold <offset> <size> <hex bytes, little-endian>
//   end
//
// The `range` line (version 2; at most one per record, before the folds)
// says that the submission's range, or nd_range where `local` is given, is
// that constant; `global any`: the global size is a run-time value and only
// the rest (the work-group size, the offset) is. A record has a range,
// folds, or both. Version 1 plans (no range lines) are read too.
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
#include <optional>
#include <string>
#include <vector>

namespace usycl::passes {

struct KernelFold {
  uint32_t Offset = 0;
  std::vector<uint8_t> Bytes;
};

// A launch range the clone assumes, SYCL dimension order; unused
// dimensions hold global 1, local 1 and offset 0, as the runtime's
// kernel_launch does.
struct KernelRange {
  uint32_t Dims = 0; // 1..3
  bool Nd = false;   // an nd_range launch: Local is its work-group size
  // False: the global size (and so the number of work-groups) is a run-time
  // value; Global holds 1s and the clone assumes nothing about it.
  bool GlobalKnown = true;
  uint64_t Global[3] = {1, 1, 1};
  uint64_t Local[3] = {1, 1, 1};
  uint64_t Offset[3] = {0, 0, 0};
};

struct KernelSpecialization {
  std::string Kernel;
  uint64_t ObjectSize = 0;
  std::optional<KernelRange> Range;
  std::vector<KernelFold> Folds; // sorted by offset, non-overlapping
};

// Parses a plan's text; `Origin` names it in errors (file:line: message).
llvm::Expected<std::vector<KernelSpecialization>>
parseSpecializationPlan(llvm::StringRef Text, llvm::StringRef Origin);
llvm::Expected<std::vector<KernelSpecialization>> readSpecializationPlan(llvm::StringRef Path);

// `<kernel>$hdo<16 hex digits of a hash of the object size, range and folds>`.
std::string cloneSymbol(const KernelSpecialization &S);

} // namespace usycl::passes
