//===- ConstantValues.h - Constant values of raised host code ---*- C++ -*-===//
//
// What the submission report and the specialisation plan know about the
// values a kernel submission captures: whether a value is a compile-time
// constant (through the -O0 idioms of spills, constant globals and arrays
// rebuilt element by element), and how such a constant reads.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace usycl::sycl {

/// The module-wide lookups the queries below make (the GEPs and allocas of a
/// type, the users of a symbol, a symbol by name), each answered from maps
/// built in one walk instead of a walk per query: a query nests others, per
/// argument of every submission, and a walk per query made the plan of a
/// large program quadratic (minutes). While an index of a module lives, the
/// queries on that module on this thread use it; the module must not change
/// meanwhile (a pass that only reads it makes one at its start).
class ModuleIndex {
public:
  explicit ModuleIndex(mlir::ModuleOp M);
  ~ModuleIndex();
  ModuleIndex(const ModuleIndex &) = delete;
  ModuleIndex &operator=(const ModuleIndex &) = delete;

  struct Maps;
  /// The index of \p M live on this thread, or null.
  static const Maps *of(mlir::ModuleOp M);

private:
  std::unique_ptr<Maps> Index;
  const ModuleIndex *Outer;
};

/// Looks through loads of values spilled once to an alloca (-O0 code).
mlir::Value forwardSpill(mlir::Value V);

/// The constant \p V is, if any: constants (an IntegerAttr, FloatAttr,
/// DenseElementsAttr, StringAttr...), spilled constants, loads of constant
/// globals, locals initialised once from a constant global, integer
/// conversions (zext/sext/trunc) of constants, elements of constant vectors,
/// arrays rebuilt from constant elements (an ArrayAttr), extents of ranges
/// and ids built by their constructor from constants, and loads of memory
/// the program proves constant: locals written once and otherwise only read,
/// closure fields of a command-group function (captures by value) and the
/// locals they point to (captures by reference), elements of those by byte
/// offset. A null or zero value (llvm.mlir.zero) is a UnitAttr.
std::optional<mlir::Attribute> constantOf(mlir::Value V, mlir::ModuleOp M, int Depth = 0);

/// The local of a lambda's closure type (`class.anon*`) that the pointer
/// \p P provably holds the address
/// of: through spills, pointers stored once into closure fields (captures by
/// reference, e.g. the command-group function's reference to the user's
/// lambda in the `queue::parallel_for` shortcuts) and arguments of functions
/// called at one place; null where that is unclear.
mlir::LLVM::AllocaOp closureObjectOf(mlir::Value P, mlir::ModuleOp M);

/// The local that the pointer \p P provably holds the address of, of any
/// type (through spills, pointers stored once into closure fields, e.g. a
/// buffer of the enclosing function captured by reference, and arguments of
/// functions called at one place); null where that is unclear.
/// With \p LinkOnce, also through arguments of linkonce_odr functions called
/// at one place in this module (template instantiations: the shortcuts of a
/// functor type with external linkage).
mlir::LLVM::AllocaOp objectRootOf(mlir::Value P, mlir::ModuleOp M, bool LinkOnce = false);

/// Where \p V is a load from a functor (a local of a named struct, not a
/// lambda or SYCL class) that constantOf does not prove constant: why (the
/// field is assigned more than once, a run-time value, the object may be
/// written by a call); none otherwise.
std::optional<std::string> functorFieldWhy(mlir::Value V, mlir::ModuleOp M);

/// The SYCL type (`!sycl.range<d>`, `!sycl.id<d>`, `!sycl.nd_range<d>`, ...)
/// of the object at \p P, where a sycl.host.constructor built it, or built
/// the object it is a copy of (memcpy, or a store of a loaded value); null
/// otherwise.
mlir::Type syclObjectType(mlir::Value P, mlir::ModuleOp M, int Depth = 0);

/// The extents of the range, id or nd_range at \p P (an nd_range: its global
/// range, local range and offset, in that order), where each is a
/// compile-time constant for constantOf (a load of it would be one); none
/// otherwise.
std::optional<llvm::SmallVector<uint64_t>> constantExtents(mlir::Value P, mlir::ModuleOp M);

/// The same extents one by one: each a constant where it is one (an
/// nd_range's work-group size built from constants around a run-time global
/// size); none where \p P is not a range, id or nd_range.
std::optional<llvm::SmallVector<std::optional<uint64_t>>> partialExtents(mlir::Value P,
                                                                         mlir::ModuleOp M);

/// The fields a user-declared constructor, called (or invoked) with the
/// object as its first argument, assigns: (byte offset from `this`, size,
/// the value: the call's operand it stores, or the constant op of the
/// constructor it stores). Only a constructor of the module whose every
/// access through `this` is a load or a store at a constant offset, of one
/// of its by-value parameters or of a constant, is understood (a functor's
/// `Scale(float a, float *p) : a(a), p(p) {}` at -O0); none otherwise.
std::optional<llvm::SmallVector<std::tuple<int64_t, int64_t, mlir::Value>>>
ctorWrites(mlir::Operation *Call, mlir::ModuleOp M, const mlir::DataLayout &DL);

/// The callee of a direct call or invoke; none for anything else.
std::optional<llvm::StringRef> calleeName(mlir::Operation *Op);

/// The demangled base name of what a direct call or invoke calls (`Scale`
/// for a constructor, `~Scale`, `operator=`, `swap`) and whether it is a
/// constructor or destructor; none where the callee is not a mangled C++
/// function.
struct DemangledCallee {
  std::string Base;
  bool CtorOrDtor = false;
};
std::optional<DemangledCallee> demangledCallee(mlir::Operation *Op);

/// A constant as the report prints it: `42`, `true`, `2.500000e+00`,
/// `[1, 2, 3]`, `null`.
std::string constantString(mlir::Attribute A);

} // namespace usycl::sycl
