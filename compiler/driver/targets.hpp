//===- targets.hpp - The -fsycl-targets table -------------------*- C++ -*-===//
//
// Every device target usycl++ knows, in one place. The device names, their
// aliases, macros and identity aspects come from the shared list
// include/sycl/detail/device_targets.def (also used by the device
// configuration file, sycl-aspect-filter, the runtime and the architecture
// enumeration); this file adds what the backends need (architecture, PTX ISA)
// and the generic targets.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace usycl::driver {

enum class TargetKind {
  // Kernels are host code instantiated by the SYCL headers in the host pass;
  // there is no device pass and no device image.
  Cpu,
  // Device pass to NVPTX bitcode; link-time codegen to PTX (and a cubin
  // where ptxas can build one).
  NvidiaGpu,
  // Device pass to SPIR-V-flavoured bitcode (clang's spirv64 target); link-
  // time codegen with LLVM's SPIR-V backend. The intel_gpu_* devices and the
  // generic spir64: usycl has no backend that runs SPIR-V, but the images are
  // built (and embedded) so each target's compile-time checks run.
  Spirv,
};

struct TargetInfo {
  // Canonical -fsycl-targets spelling; also names the object section
  // (.usycl.device.<Name>) and the `target` field of embedded images. The
  // device names come from include/sycl/detail/device_targets.def.
  llvm::StringRef Name;
  TargetKind Kind;
  // Backend architecture: --offload-arch / llc -mcpu / ptxas -arch (empty
  // for SPIR-V and the CPU).
  llvm::StringRef Arch;
  // Predefined in the passes that compile this target's kernels (seed 004);
  // empty for the generic targets, which name no device.
  llvm::StringRef Macro;
  // Lowest PTX ISA version the architecture needs (NvidiaGpu only). Passed to
  // the device pass so it does not depend on which CUDA clang finds.
  unsigned MinPtxVersion = 0;
  // Generic PTX meant to be JIT-compiled for whatever GPU runs it: no cubin.
  bool PtxOnly = false;
  // The identity aspect (ext_intel_gpu_pvc, ...); -1 for generic targets.
  int IdentityAspect = -1;

  bool hasDevicePass() const { return Kind != TargetKind::Cpu; }
  // A generic target (nvptx64-nvidia-cuda, spir64) names no device: code for
  // it is compiled in JIT mode (if_device_has decided per device, at device
  // link time, docs/device-if.md).
  bool isGeneric() const { return Kind != TargetKind::Cpu && Macro.empty(); }
  // The device configuration entry (sycl-aspect-filter -target=) that
  // describes what this target's code may use: the name itself, for the
  // generic nvptx64-nvidia-cuda the architecture it is compiled for, and
  // nothing ("") for the generic spir64 (its modules are not filtered).
  std::string configName() const;
  // Generic targets: the prefix of the device configuration entries whose
  // devices may run the code ("nvidia_gpu_", "intel_gpu_"); the JIT
  // specialisation of if_device_has makes one variant per answer set over
  // them. Empty for device targets.
  llvm::StringRef familyPrefix() const;
  // Section of a usycl++ object that holds this target's device bitcode.
  std::string sectionName() const;
};

inline constexpr llvm::StringLiteral DeviceSectionPrefix = ".usycl.device.";

// The canonical targets, in the order `--help` lists them.
llvm::ArrayRef<TargetInfo> allTargets();

// Canonical name or alias -> target; nullptr if unknown.
const TargetInfo *findTarget(llvm::StringRef Name);

// "x86_64, spir64_x86_64 (= x86_64), ..." for error messages and --help.
std::string validTargetNames();

// The error for a name -fsycl-targets / -fsycl-fixed-targets does not know:
// the nearest valid names (edit distance) and where the full list is.
std::string unknownTargetMessage(llvm::StringRef Name, llvm::StringRef Flag);

// `usycl++ --print-targets`: one target per line with what it compiles for,
// then the aliases.
void printTargets(llvm::raw_ostream &OS);

// The -D flags of seed 004 for a device target, for the pass that compiles
// its kernels: its __SYCL_TARGET_*__ macro and __USYCL_TARGET_ASPECTS__=<the
// aspects its entry in the device configuration file `ConfigPath` lists,
// plus its identity aspect> (if_device_has decides from them at compile
// time). A target without an entry gets __USYCL_TARGET_NOT_IN_CONFIG__ too,
// which makes if_device_has (only) fail with a message saying so. Generic
// targets get nothing. The file is read once per path.
llvm::Expected<std::vector<std::string>>
targetMacros(const TargetInfo &Target, llvm::StringRef ConfigPath);

// Targets used when -fsycl-targets is not given: x86_64,nvidia_gpu_sm_90.
std::vector<const TargetInfo *> defaultTargets();

// Parses a comma-separated list of the flag `FlagName`. Aliases resolve to
// their canonical target; duplicates are dropped (first one wins the order).
// Unknown or empty names are an error that names the flag and lists the
// valid targets.
llvm::Expected<std::vector<const TargetInfo *>>
parseTargetList(llvm::StringRef List, llvm::StringRef FlagName);

// Parses -fsycl-fixed-targets=<list>: the names of this table (aliases
// resolve), and the other devices of sycl/detail/device_targets.def
// (intel_gpu_*, ...), which usycl++ cannot compile for but which the device
// configuration describes. Each needs an identity aspect, so the generic
// nvptx64-nvidia-cuda is refused. Returns canonical names, duplicates
// dropped.
llvm::Expected<std::vector<std::string>>
parseFixedTargetList(llvm::StringRef List, llvm::StringRef FlagName);

} // namespace usycl::driver
