//===- options.hpp - The usycl++ command line -------------------*- C++ -*-===//
//
// usycl++ accepts clang's command line plus the SYCL flags of DESIGN.md.
// Arguments are classified with clang's own option table, so every clang
// flag is understood exactly as clang would (which flags take a separate
// value, which ones only matter when linking), and then routed:
//   * compile flags go to every clang pass (device and host),
//   * dependency-file flags (-MD, -MF, ...) to the host pass only,
//   * link flags (-l, -L, -Wl, -shared, ...) to the final link only,
//   * anything else, unknown flags included, to the passes and the link.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "floating_point.hpp"
#include "module_splitter.hpp" // postlink::SplitMode
#include "targets.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace usycl::driver {

enum class DriverAction {
  Link,         // default: compile sources, link everything into -o
  Compile,      // -c: one object per source, device code embedded
  SyntaxOnly,   // -fsyntax-only: every pass checks the code, no output
  Preprocess,   // -E, -M, -MM: the host pass's preprocessor output
  HostAssembly, // -S: host assembly (device code is not assembly)
  DeviceOnly,   // -fsycl-device-only: device bitcode (-c) or IR (-S)
  HostOnly,     // -fsycl-host-only: host object without device code
};

enum class InputKind {
  Source,      // compiled by usycl++ (.cpp, .cc, .cxx, .C, ... or after -x)
  LinkerInput, // objects, archives, shared libraries, linker scripts
};

struct InputFile {
  std::string Path;
  InputKind Kind;
  // The -x language in force for this input ("" = by extension).
  std::string Language;
};

// One element of the final link line, in command-line order (the order of
// objects and -l flags matters to the linker).
struct LinkItem {
  enum class ItemKind { Input, Flag };
  ItemKind Kind;
  std::string Text;      // the flag, or the input path
  size_t InputIndex = 0; // ItemKind::Input: index into DriverOptions::Inputs
};

// The optimization the user asked for, and what it means for each step.
struct OptimizationLevel {
  std::string Flag; // as written ("-O2", "-Os", ...); empty if not given

  bool given() const { return !Flag.empty(); }
  bool isO0() const { return Flag == "-O0"; }
  // -O3, -O4 and up, -Ofast: where -fsycl-host-device-opt is on by default.
  bool atLeastO3() const;
  // Device pass: the user's level; -O2 when none was given, because device
  // code that is not optimized is rarely what anyone wants (as DPC++ does).
  std::string devicePassFlag() const { return given() ? Flag : "-O2"; }
  // opt/llc at link time: the user's level; -O3 when none was given.
  std::string optFlag() const;
  std::string llcFlag() const;
};

struct DriverOptions {
  DriverAction Action = DriverAction::Link;
  std::vector<InputFile> Inputs;
  std::vector<LinkItem> LinkItems;
  std::optional<std::string> Output; // -o

  OptimizationLevel Optimization;
  std::vector<std::string> CompileArgs;  // every clang pass
  std::vector<std::string> HostOnlyArgs; // host pass only (dependency files)
  bool EmitIRText = false; // -S together with -fsycl-device-only
  // -fsycl-raise-host -S -emit-mlir: the host module raised to the MLIR SYCL
  // dialect (seed 003, docs/mlir.md; raise_host.cpp).
  bool RaiseHost = false;
  bool EmitMLIR = false;
  // -fsycl-host-device-opt: kernels specialised on the constants their
  // submissions capture (issue 21, docs/mlir.md; host_device_opt.cpp).
  // -f[no-]sycl-host-device-opt as given (the last one wins); unset: on at
  // -O3 and above, off below.
  std::optional<bool> HostDeviceOpt;
  // Whether sources are specialised on their submissions' constants (asked
  // for, or -O3 without -fno-; never at -O0).
  bool hostDeviceOpt() const;
  // Whether the user asked for it with the flag: then a source that cannot
  // be planned gets a warning (by default it compiles generic quietly).
  bool hostDeviceOptRequested() const { return HostDeviceOpt.value_or(false); }

  // The targets to compile and link for. With -fsycl-fixed-targets, only
  // those in both lists (seed 002's intersection rule; the CPU is x86_64),
  // or the fixed targets usycl++ can compile for when -fsycl-targets is not
  // given. May then be empty.
  std::vector<const TargetInfo *> Targets = defaultTargets();
  bool TargetsGiven = false;
  postlink::SplitMode Split = postlink::SplitMode::Auto;
  // -fsycl-fixed-targets, canonical names (also devices usycl++ cannot
  // compile for, such as intel_gpu_pvc); handed to the plugin.
  std::vector<std::string> FixedTargets;
  // -f[no-]sycl-fp32-prec-sqrt: sqrt stays correctly rounded under
  // -ffast-math (floating_point.hpp).
  bool Fp32PrecSqrt = false;
  // What the floating-point flags mean for NVPTX device code.
  FloatingPointModel floatingPoint() const;
  // -fsycl-cpu-levels: the x86-64 levels the CPU kernels are also compiled
  // for, the running processor's best chosen when they run
  // (compiler/passes/cpu_isa_levels.hpp); `none` leaves them as the host
  // code is compiled. Not x86-64-v2 by default: SSE4 gained nothing
  // measurable over SSE2 on float kernels and cost a third of the copies'
  // compile time (docs/driver.md).
  std::vector<std::string> CpuLevels = {"x86-64-v3", "x86-64-v4"};
  // -fsycl-device-config-file; otherwise the installed one is used.
  std::optional<std::string> DeviceConfigFile;

  bool Verbose = false;
  bool TimeReport = false; // -fsycl-time-report
  bool SaveTemps = false;
  bool PrintHelp = false;
  bool PrintVersion = false;
  bool PrintTargets = false; // --print-targets

  bool hasGpuTargets() const;
  std::vector<const TargetInfo *> gpuTargets() const;
  bool hasCpuTarget() const;
  size_t numSources() const;
};

llvm::Expected<DriverOptions> parseCommandLine(llvm::ArrayRef<const char *> Args);

void printHelp();

} // namespace usycl::driver
