//===- compile.cpp - The clang passes of each source ----------------------===//

#include "compile.hpp"
#include "diagnostic_merge.hpp"
#include "diagnostics.hpp"
#include "offload_sections.hpp"
#include "precompiled_header.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <optional>

using namespace llvm;

namespace usycl::driver {

namespace {

void addSource(std::vector<std::string> &Args, const InputFile &Source) {
  if (!Source.Language.empty())
    Args.insert(Args.end(), {"-x", Source.Language});
  Args.push_back(Source.Path);
}

// clang colors its diagnostics only when writing to a terminal; its stderr
// is a file here, so ask for colors when ours is a terminal, unless the user
// decided.
void addColorChoice(std::vector<std::string> &Args,
                    ArrayRef<std::string> UserArgs) {
  bool UserChose = any_of(UserArgs, [](StringRef Arg) {
    return Arg.starts_with("-fcolor-diagnostics") ||
           Arg.starts_with("-fno-color-diagnostics") ||
           Arg.starts_with("-fdiagnostics-color");
  });
  if (!UserChose && sys::Process::StandardErrHasColors())
    Args.push_back("-fcolor-diagnostics");
}

void addFixedTargets(std::vector<std::string> &Args,
                     ArrayRef<std::string> FixedTargets) {
  if (FixedTargets.empty())
    return;
  Args.push_back("-fplugin-arg-usycl-fixed-targets=" + join(FixedTargets, ","));
}

// The unit's id for the plugin (compiler/plugin/local_kernel_names.hpp): the
// same in every pass over one source with one set of flags, different for
// another source or other flags (one file compiled twice with other -D
// values is two units).
void addTranslationUnitId(std::vector<std::string> &Args, const InputFile &Source,
                          ArrayRef<std::string> CompileArgs) {
  SmallString<256> Path(Source.Path);
  sys::fs::make_absolute(Path);
  std::string Key = Path.str().str();
  for (const std::string &Arg : CompileArgs)
    Key += '\0' + Arg;
  Args.push_back("-fplugin-arg-usycl-tu-id=" + utohexstr(xxh3_64bits(Key), /*LowerCase=*/true));
}

void addOutput(std::vector<std::string> &Args, const std::string *Output) {
  if (Output)
    Args.insert(Args.end(), {"-o", *Output});
}

// -MD and -MMD name the dependency file and its target after the object the
// compiler writes. The host pass writes a temporary object, so name both
// after the object the user sees instead (unless -MF/-MT/-MQ say otherwise).
std::vector<std::string> dependencyFileArgs(ArrayRef<std::string> HostOnlyArgs,
                                            StringRef UserObject) {
  auto Has = [&](StringRef Prefix) {
    return any_of(HostOnlyArgs,
                  [&](StringRef Arg) { return Arg.starts_with(Prefix); });
  };
  if (!is_contained(HostOnlyArgs, "-MD") && !is_contained(HostOnlyArgs, "-MMD"))
    return {};
  std::vector<std::string> Args;
  if (!Has("-MF")) {
    SmallString<128> DepFile(UserObject);
    sys::path::replace_extension(DepFile, "d");
    Args.insert(Args.end(), {"-MF", std::string(DepFile)});
  }
  if (!Has("-MT") && !Has("-MQ"))
    Args.insert(Args.end(), {"-MT", UserObject.str()});
  return Args;
}

} // namespace

struct SourceCompiler::PassPlan {
  const InputFile *Source = nullptr;
  std::vector<size_t> DeviceCommands; // indices into the command list
  std::vector<DeviceBitcode> DeviceOutputs;
  // The requirements analysis for the CPU, when no GPU pass gives the
  // metadata; best effort: a failure only costs the CPU's requirement checks.
  std::optional<size_t> AnalysisCommand;
  std::optional<DeviceBitcode> AnalysisOutput;
  std::optional<size_t> HostCommand;
  std::string HostOutput;
  // -c with device code: the host object is a temporary, and the object the
  // user asked for is written here once the device code is embedded.
  std::string EmbedInto;
};

std::string SourceCompiler::finalOutputFor(const InputFile &Source) const {
  if (Options.Output)
    return *Options.Output;
  StringRef Extension;
  switch (Options.Action) {
  case DriverAction::HostAssembly:
    Extension = ".s";
    break;
  case DriverAction::DeviceOnly:
    Extension = Options.EmitIRText ? ".ll" : ".bc";
    break;
  default:
    Extension = ".o";
    break;
  }
  // Like clang: next to the current directory, named after the source.
  return (sys::path::stem(Source.Path) + Extension).str();
}

Expected<Command> SourceCompiler::devicePass(const InputFile &Source,
                                             const TargetInfo &Target,
                                             const std::string *Output) {
  Expected<std::string> Clang = Tools.clang();
  if (!Clang)
    return Clang.takeError();
  Expected<std::string> Plugin = Tools.plugin();
  if (!Plugin)
    return Plugin.takeError();

  // The CPU has no device pass; its "device pass" is the analysis pass: the
  // generic NVPTX compilation, only to read the requirements metadata of the
  // kernels (aspects, required sizes, fixed targets) for the CPU's
  // requirements images. No code is generated from it.
  const bool Analysis = Target.Kind == TargetKind::Cpu;
  const TargetInfo &Backend =
      Analysis ? *findTarget("nvptx64-nvidia-cuda") : Target;

  Command C;
  C.Program = *Clang;
  C.Description =
      ((Analysis ? "requirements analysis of '" : "device compilation of '") +
       Source.Path + "' for " + Target.Name)
          .str();
  std::vector<std::string> &A = C.Args;
  if (Backend.Kind == TargetKind::Spirv)
    // clang's SPIR-V SYCL device compilation; LLVM's SPIR-V backend makes
    // the image at link time (docs/device-if.md).
    A = {"-fsycl", "--offload-device-only", "--offload-targets=spirv64",
         "-Wno-unused-command-line-argument"};
  else
    A = {"-fsycl", "--offload-device-only",
       ("--offload-arch=" + Backend.Arch).str(),
       // libdevice is linked once at link time (only what is used), not into
       // every translation unit; this also lets sources compile on machines
       // without CUDA.
       "-nocudalib",
       // (-fmath-errno and the floating-point model follow the user's
       // flags: floating_point.hpp.)
       // Fuse multiplies and adds across statements, as nvcc (--fmad=true)
       // and DPC++ (-ffp-model=fast) compile device code: programs validated
       // against their CUDA originals' results round the same way (HeCBench
       // adamw's quantisation fails its check with contraction within
       // expressions only). A -ffp-contract= of the user's comes later and wins.
       "-ffp-contract=fast",
       // Pin the PTX ISA floor to what the architecture needs, so the result
       // does not depend on which CUDA (if any) clang happens to find.
       "-Xclang", "-target-feature", "-Xclang",
       ("+ptx" + Twine(Backend.MinPtxVersion)).str(),
       // Host-only flags (-fstack-protector, ...) are expected to be unused
       // here; clang warns about them in the host pass if they are wrong.
       "-Wno-unused-command-line-argument"};
  switch (Options.Action) {
  case DriverAction::SyntaxOnly:
    A.push_back("-fsyntax-only");
    break;
  case DriverAction::DeviceOnly:
    A.insert(A.end(), {"-emit-llvm", Options.EmitIRText ? "-S" : "-c"});
    break;
  default:
    A.insert(A.end(), {"-emit-llvm", "-c"});
    break;
  }
  // The analysis needs the metadata, not fast code: the passes that attach
  // it run first in every pipeline, -O0 included.
  A.push_back(Analysis ? "-O0" : Options.Optimization.devicePassFlag());
  A.push_back("-fplugin=" + *Plugin);
  if (const std::optional<std::string> &PassPlugin = Tools.passPlugin())
    A.push_back("-fpass-plugin=" + *PassPlugin);
  A.push_back(("-fplugin-arg-usycl-target=" + Target.Name).str());
  addFixedTargets(A, Options.FixedTargets);
  addTranslationUnitId(A, Source, Options.CompileArgs);
  // The plugin checks the code against the fixed targets' entries of the
  // device configuration (seed 002); it needs the file only then.
  if (!Options.FixedTargets.empty() || Options.DeviceConfigFile) {
    Expected<std::string> Config = Tools.deviceConfig(Options.DeviceConfigFile);
    if (!Config)
      return Config.takeError();
    A.push_back("-fplugin-arg-usycl-device-config=" + *Config);
  }
  A.insert(A.end(), {"-isystem", Tools.includeDir()});
  addColorChoice(A, Options.CompileArgs);
  // The analysis sees the code as the CPU's host pass does.
  if (Analysis) {
    if (Error E = addCpuMacros(A))
      return std::move(E);
  } else if (!Target.isGeneric()) {
    // Seed 004's macro and the target's aspects for if_device_has.
    Expected<std::string> Config = Tools.deviceConfig(Options.DeviceConfigFile);
    if (!Config)
      return Config.takeError();
    Expected<std::vector<std::string>> Macros = targetMacros(Target, *Config);
    if (!Macros)
      return Macros.takeError();
    append_range(A, *Macros);
  }
  A.insert(A.end(), Options.CompileArgs.begin(), Options.CompileArgs.end());
  // After the user's flags: they must not undo -fmath-errno (C math stays
  // calls; floating_point.hpp).
  if (Backend.Kind != TargetKind::Spirv)
    append_range(A, Options.floatingPoint().nvptxPassArgs());
  addSource(A, Source);
  addOutput(A, Output);
  return C;
}

Error SourceCompiler::addCpuMacros(std::vector<std::string> &Args) const {
  for (const TargetInfo *T : Options.Targets) {
    if (T->Kind != TargetKind::Cpu || T->Macro.empty())
      continue;
    Expected<std::string> Config = Tools.deviceConfig(Options.DeviceConfigFile);
    if (!Config)
      return Config.takeError();
    Expected<std::vector<std::string>> Macros = targetMacros(*T, *Config);
    if (!Macros)
      return Macros.takeError();
    append_range(Args, *Macros);
  }
  return Error::success();
}

Expected<Command> SourceCompiler::hostPass(const InputFile &Source,
                                           const std::string *Output) {
  Expected<std::string> Clang = Tools.clang();
  if (!Clang)
    return Clang.takeError();
  Expected<std::string> Plugin = Tools.plugin();
  if (!Plugin)
    return Plugin.takeError();

  Command C;
  C.Program = *Clang;
  C.Description = ("host compilation of '" + Source.Path + "'");
  std::vector<std::string> &A = C.Args;
  A = {"-fsycl", "--offload-host-only"};
  switch (Options.Action) {
  case DriverAction::SyntaxOnly:
    A.push_back("-fsyntax-only");
    break;
  case DriverAction::Preprocess:
    A.push_back("-E");
    break;
  case DriverAction::HostAssembly:
    A.push_back("-S");
    break;
  default:
    A.push_back("-c");
    break;
  }
  // Host code follows clang's defaults (-O0) unless the user chose a level.
  if (Options.Optimization.given())
    A.push_back(Options.Optimization.Flag);
  A.push_back("-fplugin=" + *Plugin);
  // The CPU kernels' work-item loops are host code: the passes that make
  // them vectorise with asserts (compiler/passes/assert_versioning.hpp).
  if (const std::optional<std::string> &PassPlugin = Tools.passPlugin())
    A.push_back("-fpass-plugin=" + *PassPlugin);
  A.push_back("-fplugin-arg-usycl-target=host");
  // The CPU kernels' copies per x86-64 level (compiler/passes/cpu_isa_levels.hpp).
  if (Options.hasCpuTarget() && !Options.CpuLevels.empty() && Tools.passPlugin())
    A.insert(A.end(), {"-mllvm", "-usycl-cpu-isa-levels=" + join(Options.CpuLevels, ",")});
  addFixedTargets(A, Options.FixedTargets);
  addTranslationUnitId(A, Source, Options.CompileArgs);
  A.insert(A.end(), {"-isystem", Tools.includeDir()});
  addColorChoice(A, Options.CompileArgs);
  // The host pass compiles the CPU device's kernels (seed 004's macro).
  if (Error E = addCpuMacros(A))
    return std::move(E);
  A.insert(A.end(), Options.CompileArgs.begin(), Options.CompileArgs.end());
  A.insert(A.end(), Options.HostOnlyArgs.begin(), Options.HostOnlyArgs.end());
  addSource(A, Source);
  addOutput(A, Output);
  return C;
}

Expected<std::vector<CompiledSource>>
SourceCompiler::run(ArrayRef<const InputFile *> Sources, bool ForLink) {
  const DriverAction Action = ForLink ? DriverAction::Link : Options.Action;
  const bool WantDevice =
      Action == DriverAction::Link || Action == DriverAction::Compile ||
      Action == DriverAction::SyntaxOnly || Action == DriverAction::DeviceOnly;
  const bool WantHost = Action != DriverAction::DeviceOnly;
  const std::vector<const TargetInfo *> GpuTargets =
      WantDevice ? Options.gpuTargets() : std::vector<const TargetInfo *>();
  // Objects and links need the requirements of the CPU kernels (images for
  // x86_64, docs/driver.md); an NVPTX pass provides them, else this does.
  // A SPIR-V pass cannot: its kernels are empty entry points (the headers
  // lower kernel bodies for NVPTX only), so its metadata lacks what the
  // bodies use (a `double` kernel would run on a device without fp64).
  // -fsyntax-only runs it too, for what only a device pass reports (the
  // device-code rules, a kernel name two kernels use): a syntax check of a
  // CPU-only build finds what its build would.
  const bool WantAnalysis =
      (Action == DriverAction::Link || Action == DriverAction::Compile ||
       Action == DriverAction::SyntaxOnly) &&
      none_of(GpuTargets, [](const TargetInfo *T) {
        return T->Kind != TargetKind::Spirv;
      });

  // -fsycl-host-device-opt: the plan of each source, read by its GPU passes
  // and its host pass (after the source, so precompiled headers are shared).
  const bool Specialize = Options.hostDeviceOpt() &&
                          (Action == DriverAction::Link || Action == DriverAction::Compile ||
                           Action == DriverAction::HostAssembly);
  auto AddPlan = [](Command &C, const std::optional<std::string> &SpecializationPlan) {
    if (SpecializationPlan)
      C.Args.insert(C.Args.end(), {"-mllvm", "-usycl-specialization-plan=" + *SpecializationPlan});
  };

  std::vector<Command> Commands;
  std::vector<PassPlan> Plans;
  for (const InputFile *Source : Sources) {
    PassPlan &Plan = Plans.emplace_back();
    Plan.Source = Source;
    std::string Stem = sys::path::stem(Source->Path).str();
    const std::optional<std::string> SpecializationPlan =
        Specialize ? planSpecializations(*Source) : std::nullopt;

    for (const TargetInfo *Target : GpuTargets) {
      std::optional<std::string> Output;
      if (Action == DriverAction::DeviceOnly)
        Output = finalOutputFor(*Source);
      else if (Action != DriverAction::SyntaxOnly)
        Output = Temps.uniqueFile(Stem + "." + Target->Name.str(), "bc");
      Expected<Command> C =
          devicePass(*Source, *Target, Output ? &*Output : nullptr);
      if (!C)
        return C.takeError();
      AddPlan(*C, SpecializationPlan);
      Plan.DeviceCommands.push_back(Commands.size());
      Commands.push_back(std::move(*C));
      if (Output && Action != DriverAction::DeviceOnly)
        Plan.DeviceOutputs.push_back({Target, *Output});
    }
    if (WantAnalysis) {
      const TargetInfo *Cpu = findTarget("x86_64");
      std::string Output = Temps.uniqueFile(Stem + "." + Cpu->Name.str(), "bc");
      Expected<Command> C = devicePass(
          *Source, *Cpu, Action == DriverAction::SyntaxOnly ? nullptr : &Output);
      if (!C)
        return C.takeError();
      Plan.AnalysisCommand = Commands.size();
      Plan.AnalysisOutput = DeviceBitcode{Cpu, Output};
      Commands.push_back(std::move(*C));
    }

    if (!WantHost)
      continue;
    std::optional<std::string> HostOutput;
    switch (Action) {
    case DriverAction::Link:
      HostOutput = Temps.uniqueFile(Stem + ".host", "o");
      break;
    case DriverAction::Compile:
      if (GpuTargets.empty() && !WantAnalysis) {
        HostOutput = finalOutputFor(*Source);
      } else {
        HostOutput = Temps.uniqueFile(Stem + ".host", "o");
        Plan.EmbedInto = finalOutputFor(*Source);
      }
      break;
    case DriverAction::SyntaxOnly:
      break;
    case DriverAction::Preprocess:
      HostOutput = Options.Output; // stdout when not given, as with clang
      break;
    default:
      HostOutput = finalOutputFor(*Source);
      break;
    }
    Expected<Command> C =
        hostPass(*Source, HostOutput ? &*HostOutput : nullptr);
    if (!C)
      return C.takeError();
    AddPlan(*C, SpecializationPlan);
    if (Action == DriverAction::Link)
      append_range(C->Args,
                   dependencyFileArgs(Options.HostOnlyArgs, Stem + ".o"));
    else if (!Plan.EmbedInto.empty())
      append_range(C->Args,
                   dependencyFileArgs(Options.HostOnlyArgs, Plan.EmbedInto));
    Plan.HostCommand = Commands.size();
    Commands.push_back(std::move(*C));
    if (HostOutput)
      Plan.HostOutput = *HostOutput;
  }

  // Every pass of a source that starts with #include <sycl/sycl.hpp> may
  // read the header precompiled (precompiled_header.hpp); not -E (the
  // header's text must be in the output). -fsyntax-only passes read the
  // header their compiling twins make (and make it if missing).
  std::vector<PrecompiledHeaders::Use> HeaderCandidates;
  if (Action != DriverAction::Preprocess)
    for (const PassPlan &Plan : Plans) {
      for (size_t Index : Plan.DeviceCommands)
        HeaderCandidates.push_back({Index, Plan.Source->Path, {}});
      if (Plan.AnalysisCommand)
        HeaderCandidates.push_back({*Plan.AnalysisCommand, Plan.Source->Path, {}});
      if (Plan.HostCommand)
        HeaderCandidates.push_back({*Plan.HostCommand, Plan.Source->Path, {}});
    }
  PrecompiledHeaders Headers(Tools, Runner);
  std::vector<PrecompiledHeaders::Use> HeaderUses =
      Headers.prepare(Commands, std::move(HeaderCandidates));
  std::vector<CommandResult> Results = Runner.runAll(Commands);
  Headers.retryFailures(Commands, Results, HeaderUses);

  // Print per source, in command-line order: device passes first, then the
  // host pass unless a device pass failed. Identical outputs (a warning in
  // code both passes see) are printed once.
  std::optional<int> FailureStatus;
  std::vector<CompiledSource> Compiled;
  for (PassPlan &Plan : Plans) {
    std::vector<std::string> Printed;
    auto Print = [&](const CommandResult &R) {
      std::string Text = withoutRepeatedDiagnostics(R.Stderr, Printed);
      errs() << Text;
      Printed.push_back(R.Stderr);
      if (!R.LaunchError.empty())
        printError(R.LaunchError);
    };

    std::optional<int> SourceFailure;
    for (size_t Index : Plan.DeviceCommands) {
      Print(Results[Index]);
      if (!Results[Index].succeeded()) {
        SourceFailure = Results[Index].driverExitStatus();
        break;
      }
    }
    if (Plan.AnalysisCommand) {
      const CommandResult &R = Results[*Plan.AnalysisCommand];
      if (R.succeeded()) {
        errs() << withoutRepeatedMessages(R.Stderr, Printed);
        Printed.push_back(R.Stderr);
        Plan.DeviceOutputs.push_back(*Plan.AnalysisOutput);
      } else if (std::string Rules = deviceCodeRuleErrors(R.Stderr);
                 !Rules.empty()) {
        // The device-code rules hold whatever the targets: a CPU-only build
        // fails on them as a GPU build does.
        errs() << withoutRepeatedDiagnostics(Rules, Printed);
        Printed.push_back(Rules);
        SourceFailure = R.driverExitStatus();
      } else if (Plan.HostCommand && !Results[*Plan.HostCommand].succeeded()) {
        // The source does not compile: the host pass says why, and what the
        // analysis could not do is beside the point.
        if (Runner.verbose())
          errs() << R.Stderr;
      } else if (Action == DriverAction::SyntaxOnly) {
        // Nothing is built, so no requirements are lost.
        if (Runner.verbose())
          errs() << R.Stderr;
      } else {
        // Code the CPU compiles may not compile for NVPTX (inline x86
        // assembly, ...): say what is lost, show why only with -v.
        if (Runner.verbose())
          errs() << R.Stderr;
        printWarning("cannot analyse the device requirements of '" +
                     Plan.Source->Path +
                     "' (its NVPTX analysis pass failed" +
                     (Runner.verbose() ? "" : "; -v shows why") +
                     "); its kernels run on the CPU without requirement "
                     "checks");
      }
    }
    if (!SourceFailure && Plan.HostCommand) {
      const CommandResult &Host = Results[*Plan.HostCommand];
      Print(Host);
      if (!Host.succeeded())
        SourceFailure = Host.driverExitStatus();
    }
    errs().flush();
    if (SourceFailure) {
      FailureStatus = FailureStatus.value_or(*SourceFailure);
      continue;
    }

    if (!Plan.EmbedInto.empty()) {
      Runner.noteInProcessStep(
          "embed device code into '" + Plan.EmbedInto + "': " +
          join(map_range(Plan.DeviceOutputs,
                         [](const DeviceBitcode &D) {
                           return D.Target->sectionName() + "=" + D.Path;
                         }),
               " ") +
          " (flags: exclude)");
      if (Error E = embedDeviceCode(Plan.HostOutput, Plan.DeviceOutputs,
                                    Plan.EmbedInto))
        return E;
    }
    Compiled.push_back({Plan.Source, Plan.HostOutput, Plan.DeviceOutputs});
  }
  if (FailureStatus)
    return make_error<ExitStatusError>(*FailureStatus);
  return Compiled;
}

Error SourceCompiler::runCompileAction() {
  if (Options.RaiseHost)
    return runRaiseHostAction();
  std::vector<const InputFile *> Sources;
  for (const InputFile &Input : Options.Inputs) {
    if (Input.Kind == InputKind::Source)
      Sources.push_back(&Input);
    else
      printWarning("'" + Input.Path +
                   "': linker input unused because linking is not done");
  }
  return run(Sources, /*ForLink=*/false).takeError();
}

Expected<std::vector<CompiledSource>>
SourceCompiler::compileForLink(ArrayRef<const InputFile *> Sources) {
  return run(Sources, /*ForLink=*/true);
}

} // namespace usycl::driver
