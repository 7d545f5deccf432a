//===- Passes.h - SYCL dialect passes ---------------------------*- C++ -*-===//
#pragma once

#include "usycl/Dialect/SYCL/IR/SYCLOps.h"

#include "mlir/Pass/Pass.h"

namespace usycl::sycl {

#define GEN_PASS_DECL
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

} // namespace usycl::sycl
