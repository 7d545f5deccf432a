//===- host_device_opt.cpp - usycl++ -fsycl-host-device-opt ---------------===//
//
// Issue 21 (seed 003's purpose): kernels specialised on the constants their
// submissions capture. Per source, before its passes run:
//
//   1. the raising's two passes (raise_host.cpp): device pass with the
//      kernel parameter descriptors, host pass as -O0 bitcode;
//   2. sycl-mlir-opt --sycl-raise-host --sycl-specialization-plan: the plan,
//      which bytes of which kernel object are compile-time constants
//      (docs/mlir.md), and with -Rpass=usycl-host-device-opt the remarks at
//      each submission (what was folded, why the rest was not);
//   3. the source's device passes (GPU targets) and its host pass read the
//      plan (-mllvm -usycl-specialization-plan=): the pass of
//      compiler/passes/host_device_specialize.hpp clones the kernels and
//      the host registers the clones with the runtime, which launches a
//      clone only when the kernel object holds the folded bytes.
//
// Opt-in (-fsycl-host-device-opt; off at -O0). A source the planning cannot
// handle compiles as without the option, with a warning; an optimisation
// never fails a build.
//
//===----------------------------------------------------------------------===//

#include "compile.hpp"
#include "diagnostics.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace usycl::driver {

namespace {

constexpr StringRef RemarkName = "usycl-host-device-opt";

// Whether one of the user's -Rpass=<regex> asks for our remarks.
bool remarksRequested(const std::vector<std::string> &Args) {
  for (StringRef Arg : Args)
    if (Arg.consume_front("-Rpass=") && Regex(Arg).match(RemarkName))
      return true;
  return false;
}

bool planHasKernels(const std::string &Plan) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Plan);
  return Buffer && (*Buffer)->getBuffer().contains("\nkernel ");
}

} // namespace

std::optional<std::string> SourceCompiler::planSpecializations(const InputFile &Source) {
  // The source is compiled generic as it would be without the option. Asked
  // for with the flag: say what is lost; on by default (-O3): say it only
  // with -v (a source the planning cannot read is not the user's error).
  auto Skip = [&](const Twine &Why) -> std::optional<std::string> {
    if (Options.hostDeviceOptRequested() || Runner.verbose())
      printWarning("-fsycl-host-device-opt: '" + Source.Path +
                   "' is compiled without host-device specialisation: " + Why);
    return std::nullopt;
  };
  std::string RaiseTool = raiseTool();
  if (!sys::fs::can_execute(RaiseTool))
    return Skip("'" + RaiseTool + "' is missing (usycl was built without MLIR)");
  std::string Stem = sys::path::stem(Source.Path).str();
  std::string DeviceBC = Temps.uniqueFile(Stem + ".hdo-device", "bc");
  std::string HostBC = Temps.uniqueFile(Stem + ".hdo-host", "bc");
  std::string Plan = Temps.uniqueFile(Stem + ".plan", "txt");
  Expected<RaisingPasses> Passes = raisingPasses(Source, DeviceBC, HostBC);
  if (!Passes)
    return Skip(toString(Passes.takeError()));

  const bool Remarks = remarksRequested(Options.CompileArgs);
  Command Raise;
  Raise.Program = RaiseTool;
  Raise.Description = "host-device specialisation plan of '" + Source.Path + "'";
  Raise.Args = {HostBC,
                "--sycl-device-ir=" + DeviceBC,
                "--sycl-raise-host=quiet=true",
                "--sycl-specialization-plan=output=" + Plan +
                    (Remarks ? " remarks=true" : ""),
                "-o",
                Temps.uniqueFile(Stem + ".hdo", "mlir")};

  std::vector<CommandResult> Results = runRaisingPasses(Source, *Passes);
  if (Results.back().succeeded())
    Results.push_back(Runner.run(Raise));
  const CommandResult &Last = Results.back();
  const Command &LastPass = Results.size() == 1 ? Passes->Device
                            : Results.size() == 2 ? Passes->Host
                                                  : Raise;
  if (!Last.succeeded()) {
    // The source's own passes report its errors; here only say what is lost.
    if (Runner.verbose())
      errs() << Last.Stderr;
    return Skip(LastPass.Description + " failed" + (Runner.verbose() ? "" : " (-v shows why)"));
  }
  if (Remarks)
    errs() << Last.Stderr;
  if (!planHasKernels(Plan))
    return std::nullopt;
  return Plan;
}

} // namespace usycl::driver
