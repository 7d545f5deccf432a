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
///   usycl.wrapper_args (i64) only where the kernel object is a header
///                      wrapper holding the user's kernel object (a
///                      parallel_for with reductions, a kernel taking a
///                      kernel_handler, parallel_for_work_group): the number
///                      of leading arguments that are the user's captures;
///                      the arguments after them are the wrapper's own
///                      fields (reductions: the user's range, totals,
///                      reduction descriptors);
inline constexpr llvm::StringLiteral kArgOffsetsAttrName = "usycl.arg_offsets";
inline constexpr llvm::StringLiteral kObjectSizeAttrName = "usycl.object_size";
inline constexpr llvm::StringLiteral kWrapperArgsAttrName = "usycl.wrapper_args";
///   usycl.wrapper      (string) which header wrapper usycl.wrapper_args
///                      counts in: "kernel_handler" (a kernel taking a
///                      kernel_handler: its one own field is the launch's
///                      specialization constant block, set at launch),
///                      "hierarchical" (parallel_for_work_group: its own
///                      field is the work-group size, an argument typed
///                      !sycl.range; the range counts work-groups) or
///                      "hierarchical+kernel_handler" (both); absent: a
///                      parallel_for with reductions.
inline constexpr llvm::StringLiteral kWrapperAttrName = "usycl.wrapper";
inline constexpr llvm::StringLiteral kWrapperKernelHandler = "kernel_handler";
inline constexpr llvm::StringLiteral kWrapperHierarchical = "hierarchical";
inline constexpr llvm::StringLiteral kWrapperHierarchicalKernelHandler =
    "hierarchical+kernel_handler";

} // namespace usycl::sycl
