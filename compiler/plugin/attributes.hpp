//===- attributes.hpp - SYCL attributes the plugin adds ---------*- C++ -*-===//
//
// The SYCL attributes upstream clang 22 does not know, registered as
// ParsedAttrInfo subclasses in attributes.cpp (loading the plugin is what
// makes clang accept them):
//
//   [[sycl::device_has(aspect, ...)]]            kernel functors' operator(),
//                                                SYCL_EXTERNAL / device functions
//   [[sycl::reqd_work_group_size(x[, y[, z]])]]  kernel functors' operator()
//   [[sycl::reqd_sub_group_size(n)]]             kernel functors' operator()
//   [[__sycl_detail__::__uses_aspects__(aspect, ...)]]
//   [[sycl_detail::uses_aspects(aspect, ...)]]   classes, class template (partial)
//                                                specialisations, functions (headers)
//
// Arguments are sycl::aspect enumerators (or integer constant expressions
// with an aspect's value) resp. positive integer constant expressions; they
// are checked with Sema where they are written (errors at the argument) and,
// when they depend on template parameters, again after instantiation.
//
// In a device pass each attribute is recorded as a clang::AnnotateAttr named
// "usycl.<attribute>" holding the argument expressions: clang instantiates
// those with templates (class template partial specialisations included),
// and aspect_collector.cpp reads them back once the translation unit is
// complete. The host pass only checks the arguments (recording only those
// that depend on template parameters, to check them once instantiated).
//
// The attributes written in a lambda's declarator position
//   [=](sycl::id<1> i) [[sycl::reqd_sub_group_size(32)]] { ... }
// are type attributes in clang 22, which no plugin can accept:
// lambda_attributes.cpp moves them into the lambda's body, where they reach
// the handlers below as statement attributes that apply to the lambda's
// call operator.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/ParsedAttrInfo.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace clang {
class AnnotateAttr;
class Decl;
class EnumDecl;
class Sema;
} // namespace clang

namespace usycl::plugin {

// The clang::AnnotateAttr names the attributes are recorded as.
namespace annotation {
inline constexpr llvm::StringLiteral DeviceHas = "usycl.device_has";
inline constexpr llvm::StringLiteral UsesAspects = "usycl.uses_aspects";
inline constexpr llvm::StringLiteral ReqdWorkGroupSize =
    "usycl.reqd_work_group_size";
inline constexpr llvm::StringLiteral ReqdSubGroupSize =
    "usycl.reqd_sub_group_size";
} // namespace annotation

// Common base of the SYCL attributes: C++11 spellings; functions unless a
// subclass says otherwise.
class SyclAttrInfo : public clang::ParsedAttrInfo {
public:
  SyclAttrInfo(unsigned NumArgs, unsigned OptArgs,
               std::initializer_list<Spelling> AttrSpellings);

  bool diagAppertainsToDecl(clang::Sema &S, const clang::ParsedAttr &Attr,
                            const clang::Decl *D) const override;

private:
  std::vector<Spelling> SpellingStorage;
};

// sycl::aspect (the scoped enum `aspect` of namespace sycl, inline
// namespaces allowed).
bool isSyclAspectEnum(const clang::EnumDecl *ED);

// The first "usycl.*" annotation called `Name` on D or a redeclaration.
const clang::AnnotateAttr *findAnnotation(const clang::Decl *D,
                                          llvm::StringRef Name);

// The values of an annotation's (instantiated) arguments: aspects resp.
// sizes. Errors (not an aspect, not a constant, not positive) are reported
// at the argument, each place once; then the result is nullopt.
std::optional<std::vector<uint32_t>>
evaluateAspectArguments(clang::Sema &S, const clang::AnnotateAttr &A);
std::optional<std::vector<uint32_t>>
evaluateSizeArguments(clang::Sema &S, const clang::AnnotateAttr &A);

// Whether some attribute argument depended on a template parameter, and the
// check of such arguments once instantiated (for every "usycl.*" annotation
// on D). Errors are reported as for evaluate*Arguments.
bool sawDependentAttributeArguments();
void checkInstantiatedAttributes(clang::Sema &S, const clang::Decl *D);

// How diagnostics name the attribute an annotation stands for.
llvm::StringRef spelledName(llvm::StringRef Annotation);

} // namespace usycl::plugin
