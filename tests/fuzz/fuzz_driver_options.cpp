//===- fuzz_driver_options.cpp - libFuzzer harness: usycl++ command line --===//
//
// Feeds arbitrary argument vectors to usycl::driver::parseCommandLine
// (compiler/driver/options.*): clang's option table plus the -fsycl-* flags
// (-fsycl-targets=, -fsycl-device-code-split=, -fsycl-fixed-targets=,
// -fsycl-device-config-file=, ...). The input is split at NUL bytes into
// arguments. The parser only classifies (it may stat input paths), so any
// vector is safe to try; it must either succeed or return an error whose
// message is not empty.
//
//===----------------------------------------------------------------------===//

#include "options.hpp"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // Real command lines are short; a bound keeps each run fast.
  constexpr size_t MaxArgs = 64;
  std::vector<std::string> Storage;
  std::string Current;
  for (size_t I = 0; I < Size; ++I) {
    if (Data[I] == 0) {
      Storage.push_back(std::move(Current));
      Current.clear();
      if (Storage.size() == MaxArgs)
        break;
    } else {
      Current.push_back(static_cast<char>(Data[I]));
    }
  }
  if (Storage.size() < MaxArgs && !Current.empty())
    Storage.push_back(std::move(Current));

  std::vector<const char *> Argv;
  Argv.reserve(Storage.size());
  for (const std::string &A : Storage)
    Argv.push_back(A.c_str());

  auto Options = usycl::driver::parseCommandLine(Argv);
  if (!Options) {
    std::string Message = llvm::toString(Options.takeError());
    if (Message.empty()) {
      std::fprintf(stderr, "command line rejected without a message\n");
      std::abort();
    }
    return 0;
  }
  (void)Options->hasGpuTargets();
  (void)Options->gpuTargets();
  (void)Options->hasCpuTarget();
  (void)Options->numSources();
  (void)Options->Optimization.optFlag();
  (void)Options->Optimization.llcFlag();
  return 0;
}
