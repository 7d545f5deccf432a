//===- restrictions.hpp - SYCL 2020 §5.4 device-code restrictions -*- C++ -*-===//
//
// The device-code restrictions clang 22 does not diagnose (DESIGN.md), as
// errors at the offending expression, each followed by a note with the
// call chain from the kernel (call_graph.hpp; the format of the
// optional-kernel-features warnings). docs/plugin.md, "Device-code
// restrictions", lists them with their texts.
//
// Device code is every function reachable from a kernel entry point or a
// SYCL_EXTERNAL definition through the static call graph (call_graph.hpp);
// code only the host reaches is never looked at. Each offending expression
// is reported once, for the first kernel (in source order) that reaches it,
// through the shortest chain.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "plugin_options.hpp"

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class FunctionDecl;
class Sema;
} // namespace clang

namespace usycl::plugin {

// Roots: kernel entry points and SYCL_EXTERNAL definitions, in source order.
// Device passes only. In the requirements-analysis pass of the CPU
// (target x86_64, which runs only when no GPU pass does) the restrictions
// that do not depend on the target are errors as everywhere (one set of
// rules whatever the targets) and the target-dependent ones (types, inline
// assembly) are not checked.
void checkDeviceCodeRestrictions(clang::Sema &S, const PluginOptions &Options,
                                 llvm::ArrayRef<const clang::FunctionDecl *> Roots);

} // namespace usycl::plugin
