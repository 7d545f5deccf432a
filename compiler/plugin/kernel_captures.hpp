//===- kernel_captures.hpp - What a kernel object may hold -------*- C++ -*-===//
//
// SYCL 2020 §4.12.4 and §3.13.1: a kernel's lambda captures by value, and
// what it captures (or a kernel functor's members) must be device copyable.
// Both mistakes compile as plain C++ and then crash, hang or compute garbage
// (a reference to the host's stack, a std::vector's heap pointer), so the
// device passes report them as errors at the capture or member, naming it,
// its type and the rule (docs/plugin.md, "Kernel captures").
//
// The kernel object is the entry point's first parameter. Its fields are
// walked recursively through lambdas it captured and through the SYCL
// headers' own wrappers (namespace sycl::detail), so a reduction's or a
// hierarchical kernel's user lambda is checked like a plain one. A type is
// device copyable when sycl::is_device_copyable<T> is true (trivially
// copyable, or specialised by the program or the headers: accessors, ...)
// or, as DPC++ accepts, when it is trivially copy-constructible and
// trivially destructible.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "device_code_checker.hpp"

namespace usycl::plugin {

// The check, for deviceCodeChecks().
void checkKernelCaptures(clang::Sema &S, const PluginOptions &Options,
                         const clang::FunctionDecl &Kernel);

} // namespace usycl::plugin
