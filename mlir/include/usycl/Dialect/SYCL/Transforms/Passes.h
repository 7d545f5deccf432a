//===- Passes.h - SYCL dialect passes ---------------------------*- C++ -*-===//
#pragma once

#include "usycl/Dialect/SYCL/IR/SYCLOps.h"

#include "mlir/Pass/Pass.h"

namespace usycl::sycl {

#define GEN_PASS_DECL
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

/// Discardable attributes --sycl-raise-host puts on each
/// sycl.host.schedule_kernel it creates, from the kernel's parameter
/// descriptors and the kernel object's type:
///   usycl.arg_offsets  (DenseI64ArrayAttr) byte offset of each argument's
///                      field in the kernel object, one per argument;
///   usycl.object_size  (i64) size in bytes of the kernel object, where it is
///                      built in the command-group function (absent if not);
///   usycl.wrapper_args (i64) only on a parallel_for with reductions, whose
///                      kernel object is a header wrapper holding the user's
///                      kernel object: the number of leading arguments that
///                      are the user's captures; the arguments after them
///                      are the wrapper's own fields (the user's range,
///                      totals, reduction descriptors).
inline constexpr llvm::StringLiteral kArgOffsetsAttrName = "usycl.arg_offsets";
inline constexpr llvm::StringLiteral kObjectSizeAttrName = "usycl.object_size";
inline constexpr llvm::StringLiteral kWrapperArgsAttrName = "usycl.wrapper_args";

} // namespace usycl::sycl
