//===- module_splitter.hpp - Device code split ------------------*- C++ -*-===//
//
// sycl-post-link splits the linked device module of one target into device
// images in two steps, kept apart so that later criteria slot in between:
//
//   1. groupEntryPoints: decide which entry points (kernels) share an image,
//      per -fsycl-device-code-split. Further splitting criteria (the aspects
//      a kernel uses, reqd_work_group_size, -fsycl-fixed-targets, seed 002)
//      refine these groups; they never merge them.
//   2. extractEntryPointGroup: build one module per group holding the group's
//      entry points and everything they reference, nothing else.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace usycl::postlink {

enum class SplitMode { Off, PerKernel, PerSource, Auto };

std::optional<SplitMode> parseSplitMode(llvm::StringRef Name);
llvm::StringRef splitModeName(SplitMode Mode);

// The function attribute naming the translation unit a kernel came from; the
// driver sets it while linking the device code of several TUs, and the
// per_source split groups by it.
inline constexpr llvm::StringLiteral ModuleIdAttr = "sycl-module-id";

// Kernels are definitions with a kernel calling convention (ptx_kernel for
// NVPTX, spir_kernel for SPIR-V, amdgpu_kernel).
bool isKernel(const llvm::Function &F);

struct EntryPointGroup {
  // Why these entry points are together (the source for per_source, the
  // kernel name for per_kernel); for diagnostics and -debug output.
  std::string Key;
  std::vector<const llvm::Function *> EntryPoints; // in module order
};

// Groups the kernels of `M`; groups come in the order of their first kernel
// in the module. A module without kernels gives no groups.
std::vector<EntryPointGroup> groupEntryPoints(const llvm::Module &M,
                                              SplitMode Mode);

// A new module holding the group's entry points and every global they
// reference, directly or not. Functions that are not entry points become
// internal so the optimizer can inline and drop them; global variables keep
// their linkage because the runtime looks some of them up by name.
llvm::Expected<std::unique_ptr<llvm::Module>>
extractEntryPointGroup(const llvm::Module &M, const EntryPointGroup &Group);

// Every global value the roots reference, directly or through other globals.
llvm::SmallPtrSet<const llvm::GlobalValue *, 32>
collectDependencies(llvm::ArrayRef<const llvm::Function *> Roots);

// "K1" for the kernel symbol _ZTS2K1 (the demangled kernel name type), or the
// symbol itself if it does not demangle.
std::string kernelDisplayName(llvm::StringRef Symbol);

// Functions with C++ (_Z) names that `M` calls but nobody defined: SYCL_EXTERNAL
// functions whose defining TU was not linked. Targets that link everything
// at build time (NVPTX) must reject them, with their demangled names.
std::vector<std::string> undefinedCxxFunctions(const llvm::Module &M);

} // namespace usycl::postlink
