//===- targets.hpp - The -fsycl-targets table -------------------*- C++ -*-===//
//
// Every device target usycl++ knows, in one place. Adding a target (the Intel
// GPU names of seed 004, a new NVIDIA architecture) means adding a row here;
// aliases (intel_gpu_9_0_9 for intel_gpu_skl) go in the alias table.
//
//===----------------------------------------------------------------------===//
#pragma once

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
};

struct TargetInfo {
  // Canonical -fsycl-targets spelling; also names the object section
  // (.usycl.device.<Name>) and the `target` field of embedded images.
  llvm::StringLiteral Name;
  TargetKind Kind;
  // Backend architecture: --offload-arch / llc -mcpu / ptxas -arch.
  llvm::StringLiteral Arch;
  // Predefined in the passes that compile this target's kernels (seed 004);
  // empty when the target has none.
  llvm::StringLiteral Macro;
  // Lowest PTX ISA version the architecture needs (NvidiaGpu only). Passed to
  // the device pass so it does not depend on which CUDA clang finds.
  unsigned MinPtxVersion = 0;
  // Generic PTX meant to be JIT-compiled for whatever GPU runs it: no cubin.
  bool PtxOnly = false;

  bool hasDevicePass() const { return Kind != TargetKind::Cpu; }
  // The device configuration entry (sycl-aspect-filter -target=) that
  // describes what this target's code may use: the name itself, or for the
  // generic nvptx64-nvidia-cuda the architecture it is compiled for.
  std::string configName() const;
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
