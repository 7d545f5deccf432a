//===- compile.hpp - The clang passes of each source ------------*- C++ -*-===//
//
// Every source goes through one device pass per GPU target and one host
// pass, run concurrently:
//
//   clang++ -fsycl --offload-device-only --offload-arch=sm_90 -emit-llvm -c
//           -O2 -fplugin=libusycl-plugin.so ... x.cpp -o x.nvidia_gpu_sm_90.bc
//   clang++ -fsycl --offload-host-only -c ... x.cpp -o x.o
//
// The CPU device has no pass of its own: its kernels are host code that the
// SYCL headers instantiate in the host pass. When no GPU pass runs, objects,
// links and syntax checks get an "analysis pass" instead: a generic NVPTX
// device pass at -O0 whose bitcode only carries the kernels' requirements
// metadata (seed 002) for the CPU's requirements images; it never becomes
// code, and its failure is a warning, unless it is the program's fault
// whatever the target (deviceCodeRuleErrors: the device-code rules, a kernel
// name two kernels use), which is an error as in a GPU pass.
//
// With -fsycl-fixed-targets, options.cpp has already reduced the targets to
// those also fixed (seed 002's intersection rule).
//
// Diagnostics: each pass's stderr is captured and printed unchanged, device
// passes first. If a device pass fails, only its output is printed and the
// driver exits with its status (the host pass would mostly repeat it).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "options.hpp"
#include "process.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace usycl::driver {

class TempDir;
class Toolchain;

struct DeviceBitcode {
  const TargetInfo *Target;
  std::string Path;
};

struct CompiledSource {
  const InputFile *Source;
  std::string HostObject;            // empty for actions without one
  std::vector<DeviceBitcode> Device; // one per GPU target, if produced
};

class SourceCompiler {
public:
  SourceCompiler(const DriverOptions &Options, Toolchain &Tools,
                 TempDir &Temps, CommandRunner &Runner)
      : Options(Options), Tools(Tools), Temps(Temps), Runner(Runner) {}

  // Runs Options.Action (anything but Link) for every source, writing the
  // user-visible outputs. Objects from -c carry their device code.
  llvm::Error runCompileAction();

  // -fsycl-raise-host -S -emit-mlir (raise_host.cpp).
  llvm::Error runRaiseHostAction();

  // Compiles the sources of a link into temporary host objects and device
  // bitcode files.
  llvm::Expected<std::vector<CompiledSource>>
  compileForLink(llvm::ArrayRef<const InputFile *> Sources);

private:
  struct PassPlan;

  // The two passes the host raising reads (raise_host.cpp): the device pass
  // that writes the kernel parameter descriptors (the integration header),
  // and the host pass as -O0 bitcode that includes them.
  struct RaisingPasses {
    Command Device, Host;
    std::string IntegrationHeader;
  };
  llvm::Expected<RaisingPasses> raisingPasses(const InputFile &Source,
                                              const std::string &DeviceBC,
                                              const std::string &HostBC);
  // Runs them in order, each reading <sycl/sycl.hpp> precompiled where the
  // source allows; stops at the first failure. The results of the passes
  // run (one or two).
  std::vector<CommandResult> runRaisingPasses(const InputFile &Source, RaisingPasses &Passes);
  std::string raiseTool() const;
  // -fsycl-host-device-opt (host_device_opt.cpp): the specialisation plan of
  // Source, or none (nothing to specialise, or the planning failed: a
  // warning says so and the source compiles without).
  std::optional<std::string> planSpecializations(const InputFile &Source);

  llvm::Expected<Command> devicePass(const InputFile &Source,
                                     const TargetInfo &Target,
                                     const std::string *Output);
  llvm::Expected<Command> hostPass(const InputFile &Source,
                                   const std::string *Output);
  // Seed 004's macros of the CPU target (and its if_device_has aspects) when
  // x86_64 is one of the targets; the CPU is then compiled ahead of time.
  llvm::Error addCpuMacros(std::vector<std::string> &Args) const;
  llvm::Expected<std::vector<CompiledSource>>
  run(llvm::ArrayRef<const InputFile *> Sources, bool ForLink);
  std::string finalOutputFor(const InputFile &Source) const;

  const DriverOptions &Options;
  Toolchain &Tools;
  TempDir &Temps;
  CommandRunner &Runner;
};

} // namespace usycl::driver
