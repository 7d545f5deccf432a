//===- SYCLOps.h - The SYCL dialect -----------------------------*- C++ -*-===//
#pragma once

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "usycl/Dialect/SYCL/IR/SYCLOpsDialect.h.inc"
#include "usycl/Dialect/SYCL/IR/SYCLOpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "usycl/Dialect/SYCL/IR/SYCLOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "usycl/Dialect/SYCL/IR/SYCLOps.h.inc"

namespace usycl::sycl {
/// True for the types of this dialect.
bool isSYCLType(mlir::Type T);
/// True for !sycl.accessor and !sycl.local_accessor.
bool isAccessorType(mlir::Type T);
/// The gpu.func a kernel symbol names, or an error on Op.
mlir::LogicalResult verifyKernelSymbol(mlir::Operation *Op, mlir::SymbolRefAttr Kernel,
                                       mlir::SymbolTableCollection &Tables);
} // namespace usycl::sycl
