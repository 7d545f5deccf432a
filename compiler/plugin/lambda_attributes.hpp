//===- lambda_attributes.hpp - Kernel attributes on lambdas -----*- C++ -*-===//
//
// SYCL 2020 writes kernel attributes in a lambda's declarator position:
//
//   q.parallel_for(r, [=](sycl::id<1> i) [[sycl::reqd_sub_group_size(32)]] {
//     ...
//   });
//
// There clang 22 parses them as attributes of the call operator's *type*;
// a plugin cannot accept type attributes, and clang rejects them ("attribute
// cannot be applied to types"). The LambdaAttributeMover watches the token
// stream the parser receives (Preprocessor::setTokenWatcher): right after the
// ')' of a lambda's parameter list (or a following mutable / constexpr /
// consteval / static / noexcept(...)), it looks at the source text that
// follows; if that is an attribute-specifier-seq holding sycl::device_has,
// sycl::reqd_work_group_size or sycl::reqd_sub_group_size, it
//
//  * moves the file lexer past the specifier-seq (the parser never sees
//    those attributes in the type position, so clang says nothing about
//    them; other attributes in the seq are handed back unchanged), and
//  * when the lambda's body '{' arrives, enters the SYCL attributes as
//    attributed null statements at the start of the body:
//        { [[sycl::reqd_sub_group_size(32)]]; ...
//    with the original tokens and source locations. The attribute handlers
//    (attributes.cpp) apply such a statement attribute to the enclosing
//    lambda's call operator, so arguments are parsed and checked with Sema
//    in the lambda's scope (template parameters, local constexpr variables,
//    macros all work) and diagnostics point at what the user wrote.
//
// Where the file cannot be re-lexed (the lambda is in a macro argument or a
// macro body, or the attribute-specifier-seq comes from a macro), the
// attribute tokens are moved one by one as the parser receives them instead
// (see MacroSeq in lambda_attributes.cpp), with the same result.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace usycl::plugin {

// Installs the token watcher on the compiler instance's preprocessor.
void installLambdaAttributeMover(clang::CompilerInstance &CI);

// Whether the attribute whose name token is at `NameLoc` was moved from a
// lambda declarator into the lambda's body by the mover.
bool isMovedLambdaAttribute(clang::SourceLocation NameLoc);

} // namespace usycl::plugin
