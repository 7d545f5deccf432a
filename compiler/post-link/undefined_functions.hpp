//===- undefined_functions.hpp - Device functions nobody defines -*- C++ -*-===//
//
// After all device code of a program is linked (with libdevice), a function
// the kernels call that is still only declared has no device definition
// anywhere: a SYCL_EXTERNAL declared but defined in no translation unit, or a
// function of the host's C library (erff, rand, ...). Targets without
// device-side linking (NVPTX) would fail later in ptxas or at module load
// with "Unresolved extern function"; sycl-post-link -reject-undefined-functions
// names each such function, the kernels that call it and the call chain from
// the first of them, and fails.
//
// Not reported: LLVM intrinsics; what the CUDA driver provides to every PTX
// module (vprintf, malloc, free, __assertfail); __nvvm_reflect (NVVMReflect
// replaces it in code generation); libdevice (__nv_*, linked before); the
// SYCL headers' own markers (__usycl*, replaced by later steps).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace usycl::postlink {

struct UndefinedDeviceFunction {
  const llvm::Function *Function = nullptr;
  std::string Name;                      // demangled
  std::vector<const llvm::Function *> Kernels; // that reach it, module order
  // From the first kernel to the function: each element calls the next.
  std::vector<const llvm::Function *> Chain;
};

// `Importable`: functions a shared library linked with the program defines
// (device_linking.hpp); they are resolved at load time, not reported.
std::vector<UndefinedDeviceFunction>
findUndefinedDeviceFunctions(const llvm::Module &M,
                             const llvm::StringSet<> *Importable = nullptr);

// The error text for one function (several lines, no trailing newline).
std::string describeUndefinedDeviceFunction(const UndefinedDeviceFunction &U);

} // namespace usycl::postlink
