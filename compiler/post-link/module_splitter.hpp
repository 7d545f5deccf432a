//===- module_splitter.hpp - Device code split ------------------*- C++ -*-===//
//
// sycl-post-link splits the linked device module of one target into device
// images in two steps:
//
//   1. groupEntryPoints: decide which entry points (kernels, and unless
//      KernelsOnly the SYCL_EXTERNAL definitions) share an image: first per
//      -fsycl-device-code-split, then by seed 002's requirements rule
//      (device_requirements.hpp: same non-empty -fsycl-fixed-targets, or
//      same used aspects, reqd_work_group_size and numeric
//      reqd_sub_group_size). The second step only refines groups, and for
//      entry points with fixed targets it keeps the first step's groups
//      as they are (the bundling guarantee of -fsycl-fixed-targets). The
//      requirements of an entry point include what the SYCL_EXTERNAL
//      functions of other translation units that it calls need
//      (entryPointRequirements), so every entry point of an image has the
//      image's requirements: none is refused for what another one needs.
//   2. extractEntryPointGroup: build one module per group holding the group's
//      entry points and everything they reference, nothing else.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "device_requirements.hpp"

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

// Entry points: kernels always; SYCL_EXTERNAL definitions too unless
// `KernelsOnly` (targets without device-side dynamic linking, such as NVPTX,
// have no use for images that only export functions).
bool isEntryPoint(const llvm::Function &F, bool KernelsOnly);

struct EntryPointGroup {
  // Why these entry points are together (the source for per_source, the
  // kernel name for per_kernel, plus the requirements that split them off);
  // for diagnostics.
  std::string Key;
  std::vector<const llvm::Function *> EntryPoints; // in module order
  // What every entry point of the group has in common: with fixed targets
  // only FixedTargets is set; otherwise aspects and required sizes.
  EntryPointRequirements Requirements;
};

struct SplitOptions {
  SplitMode Mode = SplitMode::Auto;
  bool KernelsOnly = false;
};

// Groups the entry points of `M`; groups come in the order of their first
// entry point in the module. A module without entry points gives no groups.
std::vector<EntryPointGroup> groupEntryPoints(const llvm::Module &M,
                                              const SplitOptions &Options);

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
