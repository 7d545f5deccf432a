//===- call_graph.hpp - The static call graph of device code ----*- C++ -*-===//
//
// SYCL 2020 §5.4: device code is every function a kernel (or a SYCL_EXTERNAL
// function) can call, as the program is written after template
// instantiation. DeviceCodeWalker walks one function body the way code
// generation will emit it and records what the function calls:
//
//  * direct calls, operator calls, constructors (also of temporaries, bases
//    and members in constructor initialisers), destructors that run
//    implicitly (automatic variables, temporaries, bases and members in a
//    destructor, delete), operator new/delete, default arguments and
//    default member initialisers, functions whose address is taken;
//  * lambdas: the closure's call operator is reached through the call that
//    invokes it, not where the lambda is written (only its captures are
//    evaluated there); nested and local classes likewise;
//  * only code that runs: operands of sizeof/alignof/noexcept/decltype,
//    unevaluated typeid operands, requires-expressions, constant
//    expressions (ConstantExpr: template arguments, case labels, consteval
//    calls), initialisers of constexpr variables and constant-initialised
//    const variables usable in constant expressions, the discarded branch of
//    `if constexpr` and the compile-time branch of `if consteval` are
//    skipped.
//
// Subclasses (restrictions.cpp) add their checks as Visit* overrides; they
// see exactly the code that is walked. The chain helpers render call chains
// in the format of the optional-kernel-features warnings
// (compiler/passes/aspect_propagation.cpp, docs/plugin.md):
//
//   kernel 'K'
//   (lambda at t.cpp:16:30)::operator()()
//   bar() t.cpp:17:5
//
// one line per function, each followed by the position of its call in the
// line before; functions of system headers (the SYCL headers) between user
// functions are left out.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace usycl::plugin {

struct CallEdge {
  const clang::FunctionDecl *Callee = nullptr; // its definition when known
  clang::SourceLocation Loc;                   // the first call / reference
  bool IsCall = false; // called (not only referenced, e.g. &f)
};

class DeviceCodeWalker : public clang::DynamicRecursiveASTVisitor {
public:
  explicit DeviceCodeWalker(clang::ASTContext &Ctx);

  // Walks FD's signature-implied code (constructor initialisers, implicit
  // destruction in a destructor) and body; appends to Edges.
  void walkFunction(const clang::FunctionDecl *FD);

  std::vector<CallEdge> Edges;

  // -- traversal control (overrides must call these) --
  bool TraverseDecl(clang::Decl *D) override;
  bool TraverseType(clang::QualType T, bool TraverseQualifier) override;
  bool TraverseTypeLoc(clang::TypeLoc TL, bool TraverseQualifier) override;
  bool TraverseLambdaExpr(clang::LambdaExpr *E) override;
  bool TraverseConstantExpr(clang::ConstantExpr *E) override;
  bool TraverseUnaryExprOrTypeTraitExpr(
      clang::UnaryExprOrTypeTraitExpr *E) override;
  bool TraverseCXXNoexceptExpr(clang::CXXNoexceptExpr *E) override;
  bool TraverseCXXTypeidExpr(clang::CXXTypeidExpr *E) override;
  bool TraverseRequiresExpr(clang::RequiresExpr *E) override;
  bool TraverseConceptSpecializationExpr(
      clang::ConceptSpecializationExpr *E) override;
  bool TraverseGenericSelectionExpr(clang::GenericSelectionExpr *E) override;
  bool TraverseIfStmt(clang::IfStmt *S) override;

  // -- edges --
  bool VisitCallExpr(clang::CallExpr *E) override;
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E) override;
  bool VisitCXXInheritedCtorInitExpr(
      clang::CXXInheritedCtorInitExpr *E) override;
  bool VisitCXXNewExpr(clang::CXXNewExpr *E) override;
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *E) override;
  bool VisitCXXBindTemporaryExpr(clang::CXXBindTemporaryExpr *E) override;
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) override;
  bool VisitVarDecl(clang::VarDecl *VD) override;

protected:
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Current = nullptr;

  // Records an edge; the callee's definition replaces the declaration.
  void edge(const clang::FunctionDecl *Callee, clang::SourceLocation L,
            bool IsCall);
  // The position a call is reported at (the callee's name, or the start of
  // f(...) / a[...] for operator() and operator[]).
  static clang::SourceLocation callLoc(const clang::CallExpr *E);

private:
  llvm::DenseSet<const clang::FunctionDecl *> Seen;
  llvm::DenseSet<const clang::Expr *> CalleeRefs; // DeclRefs that are calls
};

// One step of a call chain: a function, and where the step before calls it
// (invalid for the root).
struct ChainStep {
  const clang::FunctionDecl *Function = nullptr;
  clang::SourceLocation CallLoc;
};

// "file:line:col" as clang prints locations (presumed location).
std::string positionText(const clang::ASTContext &Ctx, clang::SourceLocation L);

// How chains name a function: "ns::f", "S::operator()",
// "(lambda at t.cpp:4:20)::operator()".
std::string functionDisplayName(const clang::ASTContext &Ctx,
                                const clang::FunctionDecl *FD);

// What a function is as a root of device code: an instantiated kernel entry
// point ([[clang::sycl_kernel_entry_point]] with a body), a SYCL_EXTERNAL
// definition, or neither (dependent, invalid or bodiless declarations are
// neither). The one test every AST walk of the plugin starts from.
enum class DeviceRoot { None, Kernel, External };
DeviceRoot classifyDeviceRoot(const clang::FunctionDecl *FD);

// The kernel name of a [[clang::sycl_kernel_entry_point]] function, as the
// aspect warnings print it ("MyKernel", "ns::K<int>"); empty otherwise.
std::string kernelDisplayName(const clang::ASTContext &Ctx,
                              const clang::FunctionDecl *FD);

// The chain lines (each starting with two spaces, joined with '\n').
std::string renderCallChain(const clang::ASTContext &Ctx,
                            llvm::ArrayRef<ChainStep> Chain);

} // namespace usycl::plugin
