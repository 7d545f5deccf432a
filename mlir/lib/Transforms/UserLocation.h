//===- UserLocation.h - Where a user reads a raised op's remark -*- C++ -*-===//
//
// Raised ops carry the location of the header code they were inlined from
// (`handler.hpp:477`, called from ..., called from the user's
// `h.parallel_for` line): remarks about a submission belong at the first
// frame of that call-site chain outside the SYCL headers, with the user's
// own callers kept as "called from" notes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"

namespace usycl::sycl {

/// Whether every file location in \p L is in the SYCL headers (a file under
/// an `include/sycl/` directory, or `sycl/sycl.hpp`'s siblings). A location
/// without any file is not.
bool isSyclHeaderLocation(mlir::Location L);

/// \p L without its innermost call-site frames that are in the SYCL
/// headers; \p L itself where it has no such frames or nothing else.
mlir::Location userLocation(mlir::Location L);

/// Where a user reads a remark about the submission whose kernel object is
/// \p KernelObject, scheduled at \p At: userLocation(At), or where that is
/// still in the SYCL headers (a command group of the headers, as the
/// queue::parallel_for shortcuts submit), the first line outside them that
/// writes the object where it is built (the user's lambda or functor).
mlir::Location submissionLocation(mlir::Location At, mlir::Value KernelObject,
                                  mlir::ModuleOp M);

} // namespace usycl::sycl
