//===- attributes.hpp - SYCL attributes the plugin adds ---------*- C++ -*-===//
//
// Extension point: SYCL kernel and function attributes that upstream clang 22
// does not know ([[sycl::device_has(...)]], [[sycl::reqd_work_group_size]],
// [[sycl::reqd_sub_group_size]], [[sycl_detail::uses_aspects]], ...) are
// registered as ParsedAttrInfo subclasses in attributes.cpp.
//
// Each attribute is registered statically, so loading the plugin is what
// makes clang accept it; there is nothing to call from here:
//
//   namespace {
//   struct DeviceHasAttrInfo : SyclAttrInfo {
//     DeviceHasAttrInfo() : SyclAttrInfo(/*NumArgs=*/0, /*OptArgs=*/15,
//                                        {{clang::ParsedAttr::AS_CXX11,
//                                          "sycl::device_has"}}) {}
//     AttrHandling handleDeclAttribute(clang::Sema &S, clang::Decl *D,
//                                      const clang::ParsedAttr &A) const
//         override;
//   };
//   } // namespace
//   static clang::ParsedAttrInfoRegistry::Add<DeviceHasAttrInfo>
//       RegisterDeviceHas("sycl-device-has", "[[sycl::device_has]]");
//
// Attributes written in a lambda's declarator position are type attributes
// in clang 22 and never reach a ParsedAttrInfo (DESIGN.md); those are
// recovered from the token stream by a separate mechanism, not here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/ParsedAttrInfo.h"

#include <initializer_list>

namespace usycl::plugin {

// Common base of the SYCL declaration attributes: fixes what all of them
// share (C++11 spelling, function declarations) so each subclass states only
// its arguments and semantics.
class SyclAttrInfo : public clang::ParsedAttrInfo {
public:
  SyclAttrInfo(unsigned NumArgs, unsigned OptArgs,
               std::initializer_list<Spelling> AttrSpellings);

  bool diagAppertainsToDecl(clang::Sema &S, const clang::ParsedAttr &Attr,
                            const clang::Decl *D) const override;

private:
  std::vector<Spelling> SpellingStorage;
};

} // namespace usycl::plugin
