//===- device_requirements.hpp - What an entry point needs ------*- C++ -*-===//
//
// Seed 002 ("Changes to the post-link tool"): the requirements of each entry
// point (kernel or SYCL_EXTERNAL function), read from the IR metadata that
// the plugin and the aspect-propagation pass attach to its definition:
//
//   !sycl_used_aspects       !{i32 ...}     aspects it (transitively) uses
//   !sycl_declared_aspects   !{i32 ...}     [[sycl::device_has(...)]]
//   !sycl_fixed_targets      !{!"name",...} -fsycl-fixed-targets of its TU;
//                                           !{} when compiled without it
//   !reqd_work_group_size    !{i32 ...}     [[sycl::reqd_work_group_size]],
//                                           dimensions in attribute order
//   !intel_reqd_sub_group_size !{i32 N}     [[sycl::reqd_sub_group_size(N)]]
//
// Two entry points may share a device image only if they have the same
// non-empty set of fixed targets, or both have none and the same UsedAspects
// (used ∪ declared), the same required work-group size (or none) and the
// same numeric required sub-group size (or none).
//
// Requirements are per entry point, never an image's union (seed 002: an
// image must not reject a kernel for what another kernel of it needs). The
// seed's "Error checking for SYCL_EXTERNAL functions" therefore runs per
// entry point: entryPointRequirements() walks its static call graph in the
// linked module and adds what the SYCL_EXTERNAL functions it reaches in
// *other* translation units use (aspects, required sub-group sizes) and its
// own translation unit did not know about; the split groups entry points by
// these final requirements, so all entry points of an image have the same
// ones. Functions of the entry point's own translation unit are never
// checked: the aspect-propagation pass already accounted for them there
// (or, for if_device_has and [[sycl::device_has]] on an ordinary function,
// deliberately did not). The translation unit of a kernel or SYCL_EXTERNAL
// definition is the driver's "sycl-module-id" attribute; a function without
// it counts as coming from another one.
//
// After the split, checkDeviceRequirements() gives those warnings for the
// image's entry points and computes its [SYCL/device requirements] set.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "property_set.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace usycl::postlink {

namespace metadata_names {
inline constexpr llvm::StringLiteral UsedAspects = "sycl_used_aspects";
inline constexpr llvm::StringLiteral DeclaredAspects = "sycl_declared_aspects";
inline constexpr llvm::StringLiteral FixedTargets = "sycl_fixed_targets";
inline constexpr llvm::StringLiteral ReqdWorkGroupSize = "reqd_work_group_size";
inline constexpr llvm::StringLiteral ReqdSubGroupSize =
    "intel_reqd_sub_group_size";
// Module-level: !{!{!"fp64", i32 6}, ...}, the sycl::aspect enumerators the
// front end saw; preferred over our own table for aspect names.
inline constexpr llvm::StringLiteral AspectNames = "sycl_aspects";
} // namespace metadata_names

struct RequirementsWarning {
  std::string Function; // display name of the offending function
  std::string Message;  // the seed's text, may span lines
};

struct EntryPointRequirements {
  // Sorted, unique. Empty: compiled without -fsycl-fixed-targets (or no
  // metadata at all, which the split treats the same way).
  std::vector<std::string> FixedTargets;
  // Sorted, unique: !sycl_used_aspects ∪ !sycl_declared_aspects.
  std::vector<uint32_t> UsedAspects;
  std::optional<std::vector<uint32_t>> ReqdWorkGroupSize;
  std::optional<uint32_t> ReqdSubGroupSize;
  // Sorted, unique, never ReqdSubGroupSize: the required sub-group sizes of
  // SYCL_EXTERNAL functions of other translation units that it calls (seed
  // 002's FinalSubGroup); set by entryPointRequirements() only.
  std::vector<uint32_t> ExternalSubGroupSizes;

  bool hasFixedTargets() const { return !FixedTargets.empty(); }
  // Entry points with equal keys may share an image (seed 002's rule). With
  // fixed targets only those count, so the -split mode alone decides how
  // the entry points of such translation units are bundled.
  std::string bundlingKey() const;
  // "fixed targets nvidia_gpu_sm_90", "aspects 5,6, reqd_sub_group_size 32",
  // or "" when there is nothing to say; for group keys and diagnostics.
  std::string describe() const;

  friend bool operator==(const EntryPointRequirements &,
                         const EntryPointRequirements &) = default;
};

// What the metadata of F itself says.
EntryPointRequirements readRequirements(const llvm::Function &F);

// The requirements of the entry point `Entry` (a kernel or SYCL_EXTERNAL
// definition): readRequirements(Entry), plus (without fixed targets) the
// aspects and required sub-group sizes of every SYCL_EXTERNAL definition it
// reaches that comes from another translation unit than its caller and that
// the entry point does not already account for, each reported to `Warn`
// (when given) with the seed's texts:
//   function 'foo' uses aspect 'fp64' not expected by its calling kernel 'K'.
//   Missing [[sycl::device_has()]] on SYCL_EXTERNAL function?
// and likewise for sub-group sizes and -fsycl-fixed-targets.
EntryPointRequirements
entryPointRequirements(const llvm::Function &Entry,
                       llvm::function_ref<void(RequirementsWarning)> Warn =
                           nullptr);

// Has !sycl_fixed_targets (possibly empty): the aspect-propagation pass puts it
// on every kernel and SYCL_EXTERNAL function it sees defined.
bool hasFixedTargetsMetadata(const llvm::Function &F);

// A SYCL_EXTERNAL definition: an externally visible, non-kernel function
// definition carrying !sycl_fixed_targets. Such functions may be entry points
// (device code of one image called from another, as DPC++'s exported device
// functions).
bool isSyclExternalDefinition(const llvm::Function &F);

// The identity aspect of a target device (device_targets.def), aliases
// included; nullopt for an unknown name.
std::optional<uint32_t> targetIdentityAspect(llvm::StringRef Target);

// "fp64" for 6: from the module's !sycl_aspects if it names the value, else
// from sycl/detail/aspect_names.hpp, else the number itself.
std::string aspectName(const llvm::Module &M, uint32_t Aspect);

// How a function is named in diagnostics: "ns::foo" for _ZN2ns3fooEv (no
// parameters, as the seed's 'foo'), "K1" for the kernel _ZTS2K1.
std::string functionDisplayName(llvm::StringRef Symbol);

// Seed 002 "Error checking for SYCL_EXTERNAL functions" for the image `M`
// whose entry points all have `Image` (group) requirements, then the
// [SYCL/device requirements] set:
//   * without fixed targets: the warnings of entryPointRequirements() for
//     each entry point of `M`; `aspect`, `reqd_sub_group_size`,
//     `reqd_work_group_size`, each only when not empty;
//   * with fixed targets: `fixed_target` (always, even if empty), narrowed
//     by every function of the image compiled for fewer targets (the seed's
//     image-wide rule: with fixed targets the split mode alone bundles).
// Byte arrays of little-endian uint32; reqd_work_group_size is
// <dim_count><dim0>... per required size.
// An unknown target name in !sycl_fixed_targets is an error.
llvm::Expected<PropertySet>
checkDeviceRequirements(const llvm::Module &M,
                        const EntryPointRequirements &Image,
                        llvm::function_ref<void(RequirementsWarning)> Warn);

} // namespace usycl::postlink
