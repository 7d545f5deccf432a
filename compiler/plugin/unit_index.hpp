//===- unit_index.hpp - The unit's functions and variables, as parsed ------*- C++ -*-===//
//
// What the plugin's consumers start from: the functions and namespace-scope
// variables of the translation unit, recorded as clang hands them to the AST
// consumers (top-level declarations with their namespaces, classes and
// linkage blocks; inline member definitions; every template instantiation
// clang defines, which it hands over as a top-level declaration; the
// definitions a precompiled header holds that code generation needs).
//
// Why not a RecursiveASTVisitor over the TranslationUnitDecl: with the
// precompiled <sycl/sycl.hpp> (docs/driver.md) a walk of the whole unit
// reads every declaration of the SYCL and standard headers back from the
// header file, which was 0.37 s of a 0.8 s device pass for a one-kernel
// source; the unit's own code is a small part of that.
//
// The index is the first consumer of the plugin's MultiplexConsumer, so it
// has seen everything before any other consumer's HandleTranslationUnit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTConsumer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class Decl;
class EnumDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace usycl::plugin {

class UnitIndex {
public:
  // Every function declaration recorded, in the order clang handed them over
  // (instantiations at their point of definition); callers pick what they
  // need (classifyDeviceRoot: kernels and SYCL_EXTERNAL definitions).
  llvm::ArrayRef<const clang::FunctionDecl *> functions() const { return Functions.getArrayRef(); }
  // Variables at namespace scope and static data members of classes.
  llvm::ArrayRef<const clang::VarDecl *> variables() const { return Variables.getArrayRef(); }

  void record(const clang::Decl *D);
  void recordClass(const clang::CXXRecordDecl *RD);

private:
  llvm::SetVector<const clang::FunctionDecl *> Functions;
  llvm::SetVector<const clang::VarDecl *> Variables;
  // The classes whose members are recorded (each once).
  llvm::DenseSet<const clang::CXXRecordDecl *> Classes;
};

// Fills an index; put it first in the MultiplexConsumer.
class UnitIndexer : public clang::ASTConsumer {
public:
  explicit UnitIndexer(std::shared_ptr<UnitIndex> Index) : Index(std::move(Index)) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef D) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl *D) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *D) override;
  void HandleTagDeclDefinition(clang::TagDecl *D) override;
  void HandleCXXStaticMemberVarInstantiation(clang::VarDecl *D) override;

private:
  std::shared_ptr<UnitIndex> Index;
};

// The sycl::aspect enumeration (sycl[::_V1]::aspect) by name lookup, which
// reads only that declaration from a precompiled header; null when the
// headers do not declare it.
const clang::EnumDecl *findSyclAspectEnum(clang::ASTContext &Ctx);

} // namespace usycl::plugin
