//===- plugin_annotations.hpp - The plugin's annotations in IR -*- C++ -*-===//
//
// The clang plugin carries some SYCL attributes as clang::AnnotateAttr named
// "usycl.*" (aspect_propagation.hpp, AnnotationPrefix): those written with
// template-dependent arguments, and on the host [[sycl::reqd_sub_group_size]]
// of kernel functors. clang emits annotations on functions as entries of
// llvm.global.annotations, { function, name, file, line, arguments }, which
// keep the functions alive and must not reach an object file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace usycl::passes {

// Calls Visit(function, annotation name, integer arguments) for each plugin
// annotation on a function of M (arguments that are not integer constants
// are left out).
void forEachPluginAnnotation(
    llvm::Module &M,
    llvm::function_ref<void(llvm::Function &, llvm::StringRef, const std::vector<uint64_t> &)>
        Visit);

// Removes the plugin's entries from llvm.global.annotations (and the strings
// and argument globals only they used).
void stripPluginAnnotations(llvm::Module &M);

} // namespace usycl::passes
