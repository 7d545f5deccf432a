//===- targets.cpp - The -fsycl-targets table -----------------------------===//

#include "targets.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <sycl/detail/aspect_names.hpp>

using namespace llvm;

namespace usycl::driver {

namespace {

// clang-format off
constexpr TargetInfo Targets[] = {
  // The host CPU. Seed 004 predefines __SYCL_TARGET_INTEL_X86_64__ for it.
  {"x86_64",              TargetKind::Cpu,       "",      "__SYCL_TARGET_INTEL_X86_64__"},
  {"nvidia_gpu_sm_50",    TargetKind::NvidiaGpu, "sm_50", "__SYCL_TARGET_NVIDIA_GPU_SM_50__", 40},
  {"nvidia_gpu_sm_52",    TargetKind::NvidiaGpu, "sm_52", "__SYCL_TARGET_NVIDIA_GPU_SM_52__", 41},
  {"nvidia_gpu_sm_53",    TargetKind::NvidiaGpu, "sm_53", "__SYCL_TARGET_NVIDIA_GPU_SM_53__", 42},
  {"nvidia_gpu_sm_60",    TargetKind::NvidiaGpu, "sm_60", "__SYCL_TARGET_NVIDIA_GPU_SM_60__", 50},
  {"nvidia_gpu_sm_61",    TargetKind::NvidiaGpu, "sm_61", "__SYCL_TARGET_NVIDIA_GPU_SM_61__", 50},
  {"nvidia_gpu_sm_62",    TargetKind::NvidiaGpu, "sm_62", "__SYCL_TARGET_NVIDIA_GPU_SM_62__", 50},
  {"nvidia_gpu_sm_70",    TargetKind::NvidiaGpu, "sm_70", "__SYCL_TARGET_NVIDIA_GPU_SM_70__", 60},
  {"nvidia_gpu_sm_72",    TargetKind::NvidiaGpu, "sm_72", "__SYCL_TARGET_NVIDIA_GPU_SM_72__", 61},
  {"nvidia_gpu_sm_75",    TargetKind::NvidiaGpu, "sm_75", "__SYCL_TARGET_NVIDIA_GPU_SM_75__", 63},
  {"nvidia_gpu_sm_80",    TargetKind::NvidiaGpu, "sm_80", "__SYCL_TARGET_NVIDIA_GPU_SM_80__", 70},
  {"nvidia_gpu_sm_86",    TargetKind::NvidiaGpu, "sm_86", "__SYCL_TARGET_NVIDIA_GPU_SM_86__", 71},
  {"nvidia_gpu_sm_87",    TargetKind::NvidiaGpu, "sm_87", "__SYCL_TARGET_NVIDIA_GPU_SM_87__", 74},
  {"nvidia_gpu_sm_89",    TargetKind::NvidiaGpu, "sm_89", "__SYCL_TARGET_NVIDIA_GPU_SM_89__", 78},
  {"nvidia_gpu_sm_90",    TargetKind::NvidiaGpu, "sm_90", "__SYCL_TARGET_NVIDIA_GPU_SM_90__", 78},
  {"nvidia_gpu_sm_90a",   TargetKind::NvidiaGpu, "sm_90a","__SYCL_TARGET_NVIDIA_GPU_SM_90A__", 80},
  // Generic NVPTX: PTX for the oldest supported architecture, JIT-compiled by
  // the CUDA driver for the GPU at hand. No macro: the device is unknown.
  {"nvptx64-nvidia-cuda", TargetKind::NvidiaGpu, "sm_50", "", 40, /*PtxOnly=*/true},
};

struct TargetAlias {
  StringLiteral Alias;
  StringLiteral Canonical;
};

constexpr TargetAlias Aliases[] = {
  // DPC++ spellings of the CPU device; all three are the host CPU here.
  {"spir64_x86_64", "x86_64"},
  {"native_cpu",    "x86_64"},
};
// clang-format on

const TargetInfo *findCanonical(StringRef Name) {
  for (const TargetInfo &T : Targets)
    if (T.Name == Name)
      return &T;
  return nullptr;
}

} // namespace

std::string TargetInfo::sectionName() const {
  return (DeviceSectionPrefix + Name).str();
}

std::string TargetInfo::configName() const {
  if (PtxOnly && Kind == TargetKind::NvidiaGpu)
    return ("nvidia_gpu_" + Arch).str();
  return Name.str();
}

ArrayRef<TargetInfo> allTargets() { return Targets; }

const TargetInfo *findTarget(StringRef Name) {
  if (const TargetInfo *T = findCanonical(Name))
    return T;
  for (const TargetAlias &A : Aliases)
    if (A.Alias == Name)
      return findCanonical(A.Canonical);
  return nullptr;
}

std::string validTargetNames() {
  std::vector<std::string> Names;
  for (const TargetInfo &T : Targets)
    Names.push_back(T.Name.str());
  for (const TargetAlias &A : Aliases)
    Names.push_back((A.Alias + " (= " + A.Canonical + ")").str());
  return join(Names, ", ");
}

std::vector<const TargetInfo *> defaultTargets() {
  return {findCanonical("x86_64"), findCanonical("nvidia_gpu_sm_90")};
}

Expected<std::vector<const TargetInfo *>>
parseTargetList(StringRef List, StringRef FlagName) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',');
  std::vector<const TargetInfo *> Result;
  for (StringRef Name : Names) {
    Name = Name.trim();
    if (Name.empty())
      return createStringError(
          "'" + FlagName + "=" + List +
          "' has an empty target name; write a comma-separated list such as " +
          FlagName + "=x86_64,nvidia_gpu_sm_90");
    const TargetInfo *T = findTarget(Name);
    if (!T)
      return createStringError("unknown target '" + Name + "' in '" +
                               FlagName + "=" + List +
                               "'; valid targets are: " + validTargetNames());
    if (!is_contained(Result, T))
      Result.push_back(T);
  }
  return Result;
}

Expected<std::vector<std::string>>
parseFixedTargetList(StringRef List, StringRef FlagName) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',');
  std::vector<std::string> Result;
  for (StringRef Name : Names) {
    Name = Name.trim();
    if (Name.empty())
      return createStringError(
          "'" + FlagName + "=" + List +
          "' has an empty target name; write a comma-separated list such as " +
          FlagName + "=nvidia_gpu_sm_90");
    std::string Canonical;
    if (const TargetInfo *T = findTarget(Name)) {
      if (T->PtxOnly)
        return createStringError(
            "'" + Name + "' in '" + FlagName + "=" + List +
            "' is not a device: it runs on whichever NVIDIA GPU is present; "
            "name the devices, such as nvidia_gpu_sm_80,nvidia_gpu_sm_90");
      Canonical = T->Name.str();
    } else if (const auto *Known = sycl::detail::find_target(
                   std::string_view(Name.data(), Name.size()))) {
      Canonical = std::string(Known->canonical());
    } else {
      std::vector<std::string> Compiled, Others;
      for (const TargetInfo &T : Targets)
        if (!T.PtxOnly)
          Compiled.push_back(T.Name.str());
      for (const TargetAlias &A : Aliases)
        Compiled.push_back((A.Alias + " (= " + A.Canonical + ")").str());
      for (const auto &Known : sycl::detail::device_target_table)
        if (!findTarget(StringRef(Known.name.data(), Known.name.size())))
          Others.push_back(std::string(Known.name));
      return createStringError(
          "unknown target '" + Name + "' in '" + FlagName + "=" + List +
          "'; valid targets are: " + join(Compiled, ", ") +
          "; and devices usycl++ does not compile for: " + join(Others, ", "));
    }
    if (!is_contained(Result, Canonical))
      Result.push_back(std::move(Canonical));
  }
  return Result;
}

} // namespace usycl::driver
