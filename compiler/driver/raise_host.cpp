//===- raise_host.cpp - usycl++ -fsycl-raise-host -S -emit-mlir -----------===//
//
// Seed 003: the host module of each source, raised to the MLIR SYCL dialect
// (sycl.host.schedule_kernel per kernel submission; docs/mlir.md):
//
//   1. device pass (the first GPU target, else the generic NVPTX analysis
//      pass) with -fplugin-arg-usycl-int-header=<tmp>.h: device bitcode and
//      the integration header (kernel parameter descriptors);
//   2. host pass as LLVM bitcode at -O0 with -D__USYCL_RAISE_HOST__ (the
//      submission path is always_inline) and -include <tmp>.h;
//      both read <sycl/sycl.hpp> precompiled where the source allows;
//   3. sycl-mlir-opt <host.bc> --sycl-device-ir=<device.bc> --sycl-raise-host
//      -o <output>: imports the host IR, adds the kernels as gpu.func
//      symbols, raises. Its remarks (where raising stopped, and why) are
//      printed as they are.
//
//===----------------------------------------------------------------------===//

#include "compile.hpp"
#include "diagnostics.hpp"
#include "precompiled_header.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace usycl::driver {

std::string SourceCompiler::raiseTool() const { return Tools.binDir() + "/sycl-mlir-opt"; }

Expected<SourceCompiler::RaisingPasses>
SourceCompiler::raisingPasses(const InputFile &Source, const std::string &DeviceBC,
                              const std::string &HostBC) {
  std::vector<const TargetInfo *> Gpus = Options.gpuTargets();
  const TargetInfo *Target = Gpus.empty() ? findTarget("x86_64") : Gpus.front();
  std::string Header =
      Temps.uniqueFile(sys::path::stem(Source.Path).str() + ".int-header", "h");

  Expected<Command> Device = devicePass(Source, *Target, &DeviceBC);
  if (!Device)
    return Device.takeError();
  Device->Args.push_back("-fplugin-arg-usycl-int-header=" + Header);
  Device->Description += " (kernel parameter descriptors for the host raising)";

  Expected<Command> Host = hostPass(Source, &HostBC);
  if (!Host)
    return Host.takeError();
  std::vector<std::string> &A = Host->Args;
  // LLVM bitcode at -O0 instead of assembly or an object: the raising reads
  // the submission path as the headers wrote it (always_inline'd).
  A.erase(std::remove_if(A.begin(), A.end(),
                         [](const std::string &S) {
                           return S == "-S" || S == "-c" || StringRef(S).starts_with("-O");
                         }),
          A.end());
  A.insert(A.begin() + 2, {"-emit-llvm", "-c", "-O0", "-gline-tables-only",
                           "-D__USYCL_RAISE_HOST__", "-include", Header});
  Host->Description += " (for the host raising)";
  return RaisingPasses{std::move(*Device), std::move(*Host), std::move(Header)};
}

std::vector<CommandResult> SourceCompiler::runRaisingPasses(const InputFile &Source,
                                                            RaisingPasses &Passes) {
  // One after the other: the device pass writes the integration header the
  // host pass includes. The host pass reads the precompiled SYCL headers
  // before it: it only specialises the headers' descriptor templates for
  // the unit's kernels (clang includes an -include file after the -include-pch).
  std::vector<Command> Frontends = {Passes.Device, Passes.Host};
  PrecompiledHeaders Headers(Tools, Runner);
  std::vector<PrecompiledHeaders::Use> Uses = Headers.prepare(
      Frontends, {{0, Source.Path, {}, {}}, {1, Source.Path, {}, Passes.IntegrationHeader}});
  std::vector<CommandResult> Results;
  for (size_t I = 0; I < Frontends.size(); ++I) {
    std::vector<CommandResult> R = {Runner.run(Frontends[I])};
    // A damaged cached header costs a rerun without it, never the result.
    std::vector<Command> One = {Frontends[I]};
    std::vector<PrecompiledHeaders::Use> OneUse;
    for (const PrecompiledHeaders::Use &U : Uses)
      if (U.Index == I)
        OneUse.push_back({0, U.SourcePath, U.Header, U.IncludedAfterHeader});
    Headers.retryFailures(One, R, OneUse);
    Results.push_back(std::move(R[0]));
    if (!Results.back().succeeded())
      break;
  }
  return Results;
}

Error SourceCompiler::runRaiseHostAction() {
  std::string RaiseTool = raiseTool();
  if (!sys::fs::can_execute(RaiseTool))
    return makeError("-fsycl-raise-host needs '" + RaiseTool +
                     "', which is missing (usycl was built without MLIR)");

  for (const InputFile &Source : Options.Inputs) {
    if (Source.Kind != InputKind::Source) {
      printWarning("'" + Source.Path + "': linker input unused because linking is not done");
      continue;
    }
    std::string Stem = sys::path::stem(Source.Path).str();
    std::string DeviceBC = Temps.uniqueFile(Stem + ".device", "bc");
    std::string HostBC = Temps.uniqueFile(Stem + ".host", "bc");
    std::string Output = Options.Output ? *Options.Output : Stem + ".mlir";

    Expected<RaisingPasses> Passes = raisingPasses(Source, DeviceBC, HostBC);
    if (!Passes)
      return Passes.takeError();

    Command Raise;
    Raise.Program = RaiseTool;
    Raise.Description = "host raising of '" + Source.Path + "'";
    Raise.Args = {HostBC, "--sycl-device-ir=" + DeviceBC, "--sycl-raise-host", "-o", Output};

    std::vector<CommandResult> Results = runRaisingPasses(Source, *Passes);
    if (Results.back().succeeded())
      Results.push_back(Runner.run(Raise));
    for (const CommandResult &R : Results) {
      errs() << R.Stderr;
      if (!R.LaunchError.empty())
        printError(R.LaunchError);
      if (!R.succeeded())
        return make_error<ExitStatusError>(R.driverExitStatus());
    }
  }
  return Error::success();
}

} // namespace usycl::driver
