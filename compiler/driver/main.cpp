//===- main.cpp - usycl++, the SYCL compiler driver -----------------------===//
//
// usycl++ runs upstream clang once per device target and once for the host,
// then links device code into images the runtime loads (docs/driver.md).
//
//===----------------------------------------------------------------------===//

#include "compile.hpp"
#include "diagnostics.hpp"
#include "driver_config.hpp"
#include "link.hpp"
#include "options.hpp"
#include "process.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace usycl::driver;

static void printVersion(Toolchain &Tools) {
  outs() << "usycl++ version " USYCL_VERSION_STRING
            " (SYCL 2020), LLVM " USYCL_LLVM_VERSION_STRING "\n"
         << "InstalledDir: " << Tools.binDir() << "\n";
  if (Expected<std::string> Clang = Tools.clang())
    outs() << "clang: " << *Clang << "\n";
  else
    outs() << "clang: not found (" << toString(Clang.takeError()) << ")\n";
}

static Error runDriver(int argc, char **argv) {
  // Build systems pass long link lines as @response-files, as clang accepts.
  SmallVector<const char *, 64> Argv(argv, argv + argc);
  BumpPtrAllocator Allocator;
  cl::ExpansionContext Expander(Allocator, cl::TokenizeGNUCommandLine);
  if (Error E = Expander.expandResponseFiles(Argv))
    return E;

  Expected<DriverOptions> Options =
      parseCommandLine(ArrayRef<const char *>(Argv).drop_front());
  if (!Options)
    return Options.takeError();
  if (Options->PrintHelp) {
    printHelp();
    return Error::success();
  }
  if (Options->PrintTargets) {
    printTargets(outs());
    return Error::success();
  }

  Expected<Toolchain> Tools =
      Toolchain::discover(argv[0], reinterpret_cast<void *>(&printVersion));
  if (!Tools)
    return Tools.takeError();
  if (Options->PrintVersion) {
    printVersion(*Tools);
    return Error::success();
  }

  Expected<TempDir> Temps = TempDir::create();
  if (!Temps)
    return Temps.takeError();
  if (Options->SaveTemps)
    Temps->keep();
  CommandRunner Runner(*Temps, Options->Verbose);
  const auto DriverStart = std::chrono::steady_clock::now();
  TimeReport Times;
  if (Options->TimeReport)
    Runner.setTimeReport(&Times);
  // -v: what the floating-point flags did to GPU code (floating_point.hpp).
  if (Options->Verbose && Options->hasGpuTargets() && Options->numSources())
    if (std::string FP = Options->floatingPoint().describe(); !FP.empty())
      printNote("GPU device code: " + FP);

  Error Result = Options->Action == DriverAction::Link
                     ? runLinkAction(*Options, *Tools, *Temps, Runner)
                     : SourceCompiler(*Options, *Tools, *Temps, Runner)
                           .runCompileAction();
  if (Options->SaveTemps)
    printNote("temporary files kept in '" + Temps->path() + "'");
  if (Options->TimeReport)
    Times.print(std::chrono::duration<double>(std::chrono::steady_clock::now() - DriverStart).count());
  return Result;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  return reportAndGetExitStatus(runDriver(argc, argv));
}
