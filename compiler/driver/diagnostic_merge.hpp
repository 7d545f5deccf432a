//===- diagnostic_merge.hpp - One report from several passes ----*- C++ -*-===//
//
// The device and host passes parse the same source, so a warning in code both
// see is reported by both. The host output is printed without the
// diagnostics the device passes already printed; everything else stays
// byte-for-byte as clang wrote it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace usycl::driver {

// `Output` minus the diagnostics that also appear in one of `AlreadyPrinted`.
// A diagnostic is its "In file included from" lines, its main line
// (file:line:col: warning|error: ...), its source snippet and its notes.
// If any diagnostic is dropped, clang's "N warnings generated." summary is
// dropped too, since its count would no longer match.
std::string withoutRepeatedDiagnostics(llvm::StringRef Output,
                                       llvm::ArrayRef<std::string> AlreadyPrinted);

} // namespace usycl::driver
