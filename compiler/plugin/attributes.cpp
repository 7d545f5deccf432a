//===- attributes.cpp - SYCL attributes the plugin adds -------------------===//
//
// Registration point for SYCL attributes (see attributes.hpp). None are
// registered yet; the kernel-attribute issues add them here.
//
//===----------------------------------------------------------------------===//

#include "attributes.hpp"

#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace usycl::plugin {

SyclAttrInfo::SyclAttrInfo(unsigned NumArgs, unsigned OptArgs,
                           std::initializer_list<Spelling> AttrSpellings)
    : SpellingStorage(AttrSpellings) {
  this->NumArgs = NumArgs;
  this->OptArgs = OptArgs;
  // ParsedAttrInfo keeps an ArrayRef; the vector member owns the storage.
  Spellings = SpellingStorage;
}

bool SyclAttrInfo::diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                                        const Decl *D) const {
  if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D))
    return true;
  S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
      << Attr << Attr.isRegularKeywordAttribute() << "functions";
  return false;
}

} // namespace usycl::plugin
