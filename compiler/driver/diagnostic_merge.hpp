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

// `Output` minus the diagnostics whose severity and message (location aside)
// appear in one of `AlreadyPrinted`. For the CPU's analysis pass, which
// compiles the code of the SPIR-V device passes for NVPTX: a warning about a
// kernel (a fixed target lacking an aspect) that the headers' entry point
// leads to sits on another header line there.
std::string withoutRepeatedMessages(llvm::StringRef Output,
                                    llvm::ArrayRef<std::string> AlreadyPrinted);

// The diagnostics of `Output` (with their notes) that are errors of the
// device-code rules the plugin checks in every device pass (SYCL 2020 §5.4,
// compiler/plugin/restrictions.cpp; kernel captures, kernel_captures.cpp;
// one kernel name for two kernels, kernel_name_conflicts.cpp), followed by
// clang's summary line; "" if there are none. The CPU's analysis
// pass may fail for reasons of its NVPTX target alone (x86 assembly), which
// are not the program's fault; these always are.
std::string deviceCodeRuleErrors(llvm::StringRef Output);

} // namespace usycl::driver
