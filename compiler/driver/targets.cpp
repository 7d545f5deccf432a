//===- targets.cpp - The -fsycl-targets table -----------------------------===//

#include "targets.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "device_config.hpp"

#include <sycl/detail/aspect_names.hpp>

#include <map>
#include <optional>

using namespace llvm;

namespace usycl::driver {

namespace {

// Backend data of the NVIDIA devices usycl++ compiles for: the lowest PTX ISA
// version each architecture needs (llc refuses less: "PTX version 7.8 does
// not support target sm_100"). Names, macros and identity aspects come from
// device_targets.def; a def row without an entry here is a device
// -fsycl-fixed-targets accepts but -fsycl-targets does not: sm_101, which
// CUDA 13's ptxas no longer knows (it became sm_110), so no cubin could be
// built and no CUDA 13 driver would load its PTX (docs/driver.md).
struct NvidiaBackend {
  StringLiteral Arch;
  unsigned MinPtxVersion;
};
// clang-format off
constexpr NvidiaBackend NvidiaArchs[] = {
  {"sm_50", 40}, {"sm_52", 41}, {"sm_53", 42}, {"sm_60", 50}, {"sm_61", 50},
  {"sm_62", 50}, {"sm_70", 60}, {"sm_72", 61}, {"sm_75", 63}, {"sm_80", 70},
  {"sm_86", 71}, {"sm_87", 74}, {"sm_89", 78}, {"sm_90", 78}, {"sm_90a", 80},
  {"sm_100", 86}, {"sm_100a", 86}, {"sm_103", 88}, {"sm_110", 90},
  {"sm_120", 87}, {"sm_121", 88},
};
// clang-format on

StringRef fromView(std::string_view V) { return StringRef(V.data(), V.size()); }

struct TargetTables {
  std::vector<TargetInfo> Targets;
  // Alias -> canonical name.
  std::vector<std::pair<StringRef, StringRef>> Aliases;
};

// Built once from device_targets.def, in the order --help lists them: the
// CPU, the Intel GPUs, the NVIDIA GPUs (as the .def orders them), then the
// generic targets.
const TargetTables &tables() {
  static const TargetTables Tables = [] {
    TargetTables T;
    for (const sycl::detail::device_target &D :
         sycl::detail::device_target_table) {
      StringRef Name = fromView(D.name);
      if (D.is_alias()) {
        T.Aliases.push_back({Name, fromView(D.alias_of)});
        continue;
      }
      TargetInfo Info{Name, TargetKind::Cpu, "", fromView(D.macro)};
      Info.IdentityAspect = D.aspect;
      if (Name == "x86_64") {
        // The host CPU: its kernels are compiled by the host pass.
      } else if (Name.starts_with("intel_gpu_")) {
        Info.Kind = TargetKind::Spirv;
      } else if (Name.consume_front("nvidia_gpu_")) {
        const NvidiaBackend *B = find_if(
            NvidiaArchs, [&](const NvidiaBackend &B) { return B.Arch == Name; });
        if (B == std::end(NvidiaArchs))
          continue;
        Info.Kind = TargetKind::NvidiaGpu;
        Info.Arch = B->Arch;
        Info.MinPtxVersion = B->MinPtxVersion;
      } else {
        continue; // a device family usycl++ has no backend for
      }
      T.Targets.push_back(Info);
    }
    // Generic NVPTX: PTX for the oldest supported architecture, JIT-compiled
    // by the CUDA driver for the GPU at hand. No macro: the device is
    // unknown, so if_device_has is decided per device at device link.
    T.Targets.push_back({"nvptx64-nvidia-cuda", TargetKind::NvidiaGpu, "sm_50",
                         "", 40, /*PtxOnly=*/true});
    // Generic SPIR-V (seed 002's spir64): no device, no macro.
    T.Targets.push_back({"spir64", TargetKind::Spirv, "", ""});
    // DPC++ spellings of the CPU device; all three are the host CPU here.
    T.Aliases.push_back({"spir64_x86_64", "x86_64"});
    T.Aliases.push_back({"native_cpu", "x86_64"});
    return T;
  }();
  return Tables;
}

const TargetInfo *findCanonical(StringRef Name) {
  for (const TargetInfo &T : tables().Targets)
    if (T.Name == Name)
      return &T;
  return nullptr;
}

} // namespace

std::string TargetInfo::sectionName() const {
  return (DeviceSectionPrefix + Name).str();
}

std::string TargetInfo::configName() const {
  if (isGeneric())
    return Kind == TargetKind::NvidiaGpu ? ("nvidia_gpu_" + Arch).str() : "";
  return Name.str();
}

StringRef TargetInfo::familyPrefix() const {
  if (!isGeneric())
    return "";
  return Kind == TargetKind::NvidiaGpu ? "nvidia_gpu_" : "intel_gpu_";
}

ArrayRef<TargetInfo> allTargets() { return tables().Targets; }

const TargetInfo *findTarget(StringRef Name) {
  if (const TargetInfo *T = findCanonical(Name))
    return T;
  for (const auto &[Alias, Canonical] : tables().Aliases)
    if (Alias == Name)
      return findCanonical(Canonical);
  return nullptr;
}

std::string validTargetNames() {
  std::vector<std::string> Names;
  for (const TargetInfo &T : tables().Targets)
    Names.push_back(T.Name.str());
  for (const auto &[Alias, Canonical] : tables().Aliases)
    Names.push_back((Alias + " (= " + Canonical + ")").str());
  return join(Names, ", ");
}

// The NVIDIA architecture a bare CUDA spelling names ("sm_90", "sm_90a",
// "compute_80", "SM90"), lower case with the sm_ prefix; "" for anything
// else. nvcc and clang's --offload-arch take these, so `-fsycl-targets=sm_90`
// is a common habit: it is not a target name, nvidia_gpu_sm_90 is.
static std::string bareCudaArch(StringRef Name) {
  std::string Lower = Name.lower();
  StringRef Rest = Lower;
  if (!Rest.consume_front("sm_") && !Rest.consume_front("compute_") &&
      !Rest.consume_front("sm") && !Rest.consume_front("compute"))
    return "";
  StringRef Digits = Rest.take_while(isDigit);
  StringRef Suffix = Rest.drop_front(Digits.size());
  if (Digits.size() < 2 || !(Suffix.empty() || Suffix == "a" || Suffix == "f"))
    return "";
  return ("sm_" + Digits + Suffix).str();
}

// A CUDA spelling instead of a target name: the target it means, or the
// supported architectures when usycl++ has no target for it.
static std::optional<std::string> cudaSpellingMessage(StringRef Name,
                                                      StringRef Flag) {
  std::string Arch = bareCudaArch(Name);
  StringRef Lower = Name;
  const bool Generic = Lower.equals_insensitive("cuda") ||
                       Lower.equals_insensitive("nvptx64") ||
                       Lower.equals_insensitive("nvptx") ||
                       Lower.equals_insensitive("nvidia") ||
                       Lower.equals_insensitive("nvidia_gpu") ||
                       Lower.equals_insensitive("nvptx64-cuda");
  if (Arch.empty() && !Generic)
    return std::nullopt;
  std::string Prefix =
      "unknown target '" + Name.str() + "' in '" + Flag.str() + "': ";
  if (Generic)
    return Prefix +
           "name the GPU, e.g. nvidia_gpu_sm_90 (native code for that "
           "architecture), or nvptx64-nvidia-cuda (generic sm_50 PTX that the "
           "CUDA driver JIT-compiles for the GPU at hand, as with DPC++) "
           "(usycl++ --print-targets lists every target)";
  // -fsycl-fixed-targets also knows the devices usycl++ does not compile
  // for (device_targets.def), and never the generic target.
  const bool Fixed = !Flag.starts_with("-fsycl-targets");
  std::string DeviceName = "nvidia_gpu_" + Arch;
  const TargetInfo *Device = findTarget(DeviceName);
  if ((Device && Device->Kind == TargetKind::NvidiaGpu && !Device->isGeneric()) ||
      (Fixed && sycl::detail::find_target(DeviceName)))
    return Prefix + "'" + Name.str() +
           "' is a CUDA architecture, not a target; did you mean " +
           DeviceName + "? (" +
           (Fixed ? "" : "or, as with DPC++, -fsycl-targets=nvptx64-nvidia-cuda "
                         "-Xsycl-target-backend --cuda-gpu-arch=" + Arch + "; ") +
           "usycl++ --print-targets lists every target)";
  std::vector<std::string> Archs;
  for (const TargetInfo &T : tables().Targets)
    if (T.Kind == TargetKind::NvidiaGpu && !T.isGeneric())
      Archs.push_back(T.Arch.str());
  return Prefix + "'" + Name.str() +
         "' is a CUDA architecture usycl++ has no target for; the NVIDIA GPU "
         "targets are nvidia_gpu_<arch> for " +
         join(Archs, ", ") +
         " (usycl++ --print-targets lists every target)";
}

std::string unknownTargetMessage(StringRef Name, StringRef Flag) {
  if (std::optional<std::string> Cuda = cudaSpellingMessage(Name, Flag))
    return *Cuda;
  // Names a typo away (a digit, a dropped underscore), in the table's order.
  const unsigned Limit = std::max<unsigned>(1, Name.size() / 5);
  unsigned Closest = Limit + 1;
  std::vector<std::string> Best;
  auto Consider = [&](StringRef Candidate) {
    const unsigned Distance = Name.edit_distance(Candidate, /*AllowReplacements=*/true, Limit);
    if (Distance > Limit || Distance > Closest)
      return;
    if (Distance < Closest)
      Best.clear(), Closest = Distance;
    if (Best.size() < 3)
      Best.push_back(Candidate.str());
  };
  for (const TargetInfo &T : tables().Targets)
    Consider(T.Name);
  for (const auto &[Alias, Canonical] : tables().Aliases)
    Consider(Alias);
  std::string Message = "unknown target '" + Name.str() + "' in '" + Flag.str() + "'";
  if (!Best.empty())
    Message += "; did you mean " + join(Best, " or ") + "?";
  return Message + " (usycl++ --print-targets lists every target)";
}

void printTargets(raw_ostream &OS) {
  for (const TargetInfo &T : tables().Targets) {
    OS << T.Name;
    if (!T.Arch.empty())
      OS << " (" << T.Arch << ")";
    OS << "\n";
  }
  for (const auto &[Alias, Canonical] : tables().Aliases)
    OS << Alias << " = " << Canonical << "\n";
}

Expected<std::vector<std::string>> targetMacros(const TargetInfo &Target,
                                                StringRef ConfigPath) {
  if (Target.isGeneric())
    return std::vector<std::string>();
  // One read per file: every source and pass of a run asks.
  static std::map<std::string, std::optional<config::device_config>> Cache;
  auto [It, Inserted] = Cache.try_emplace(ConfigPath.str());
  if (Inserted) {
    std::string Error;
    It->second = config::device_config::load(ConfigPath.str(), Error);
    if (!It->second)
      return createStringError("cannot read the device configuration file "
                               "for the if_device_has aspects of " +
                               Target.Name + ": " + Error);
  }
  std::vector<std::string> Flags = {("-D" + Target.Macro).str()};
  std::vector<uint32_t> Aspects;
  const config::target_entry *Entry =
      It->second->find(std::string_view(Target.Name.data(), Target.Name.size()));
  if (Entry)
    Aspects = Entry->aspects;
  else
    Flags.push_back("-D__USYCL_TARGET_NOT_IN_CONFIG__");
  // Every device has its own identity aspect, whether or not the entry
  // lists it (docs/device-config.md: nothing adds it to the entry itself).
  if (Target.IdentityAspect >= 0 &&
      !is_contained(Aspects, uint32_t(Target.IdentityAspect)))
    Aspects.push_back(Target.IdentityAspect);
  Flags.push_back("-D__USYCL_TARGET_ASPECTS__=" +
                  join(map_range(Aspects,
                                 [](uint32_t A) { return std::to_string(A); }),
                       ","));
  return Flags;
}

std::vector<const TargetInfo *> defaultTargets() {
  return {findCanonical("x86_64"), findCanonical("nvidia_gpu_sm_90")};
}

// The names of a comma-separated target list, trimmed; an empty one is an
// error that shows `Example` as a well-formed list.
static Expected<SmallVector<StringRef, 4>>
splitTargetNames(StringRef List, StringRef FlagName, StringRef Example) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',');
  for (StringRef &Name : Names) {
    Name = Name.trim();
    if (Name.empty())
      return createStringError(
          "'" + FlagName + "=" + List +
          "' has an empty target name; write a comma-separated list such as " +
          FlagName + "=" + Example);
  }
  return Names;
}

Expected<std::vector<const TargetInfo *>>
parseTargetList(StringRef List, StringRef FlagName) {
  Expected<SmallVector<StringRef, 4>> Names =
      splitTargetNames(List, FlagName, "x86_64,nvidia_gpu_sm_90");
  if (!Names)
    return Names.takeError();
  std::vector<const TargetInfo *> Result;
  bool SawSpirGen = false;
  for (StringRef Name : *Names) {
    // DPC++'s Intel GPU AOT target names the device only through ocloc's
    // -device option (-Xs), which usycl++ does not run; seed 004's device
    // names replace it and may not be mixed with it.
    if (Name == "spir64_gen") {
      SawSpirGen = true;
      continue;
    }
    const TargetInfo *T = findTarget(Name);
    if (!T)
      return createStringError(unknownTargetMessage(Name, (FlagName + "=" + List).str()));
    if (!is_contained(Result, T))
      Result.push_back(T);
  }
  if (SawSpirGen) {
    std::vector<std::string> Intel, Devices;
    for (const TargetInfo &T : tables().Targets)
      if (T.Kind == TargetKind::Spirv && !T.isGeneric())
        Intel.push_back(T.Name.str());
    for (const TargetInfo *T : Result)
      if (!T->isGeneric())
        Devices.push_back(T->Name.str());
    if (!Devices.empty())
      return createStringError(
          "'spir64_gen' cannot be combined with the device name" +
          Twine(Devices.size() > 1 ? "s " : " ") + join(Devices, ", ") +
          " in '" + FlagName + "=" + List +
          "': a device name already selects the device to compile for; "
          "drop spir64_gen");
    return createStringError(
        "'spir64_gen' in '" + FlagName + "=" + List +
        "' is not supported: usycl++ does not run ocloc, so '-Xs \"-device "
        "<name>\"' cannot choose the device; name it instead, e.g. " +
        FlagName + "=intel_gpu_pvc (Intel GPU names: " + join(Intel, ", ") +
        ")");
  }
  return Result;
}

Expected<std::vector<std::string>>
parseFixedTargetList(StringRef List, StringRef FlagName) {
  Expected<SmallVector<StringRef, 4>> Names =
      splitTargetNames(List, FlagName, "nvidia_gpu_sm_90");
  if (!Names)
    return Names.takeError();
  std::vector<std::string> Result;
  for (StringRef Name : *Names) {
    std::string Canonical;
    if (const TargetInfo *T = findTarget(Name)) {
      if (T->isGeneric())
        return createStringError(
            "'" + Name + "' in '" + FlagName + "=" + List +
            "' is not a device: it runs on whichever " +
            (T->Kind == TargetKind::NvidiaGpu ? "NVIDIA GPU" : "SPIR-V device") +
            " is present; name the devices, such as " +
            (T->Kind == TargetKind::NvidiaGpu
                 ? "nvidia_gpu_sm_80,nvidia_gpu_sm_90"
                 : "intel_gpu_pvc,intel_gpu_tgllp"));
      Canonical = T->Name.str();
    } else if (const auto *Known = sycl::detail::find_target(
                   std::string_view(Name.data(), Name.size()))) {
      Canonical = std::string(Known->canonical());
    } else {
      return createStringError(unknownTargetMessage(Name, (FlagName + "=" + List).str()));
    }
    if (!is_contained(Result, Canonical))
      Result.push_back(std::move(Canonical));
  }
  return Result;
}

} // namespace usycl::driver
