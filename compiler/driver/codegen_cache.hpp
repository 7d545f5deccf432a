//===- codegen_cache.hpp - Device code generation, cached -------*- C++ -*-===//
//
// The device link's code generation of a module (opt, llc, ptxas: most of a
// link's time for real kernels) depends only on the module's bitcode, the
// commands' flags and the tools. A relink after a host-only change, or a
// second program built from the same kernels, hands the same bitcode to the
// same commands; the outputs (PTX, cubin, SPIR-V) are kept in
// <cache dir>/codegen under a hash of all of that and copied back instead
// of running the commands (`-v`: "device code of <module> from the cache").
//
// Entries are written through a temporary and a rename (a reader sees a
// whole file or none) and bounded by USYCL_CODEGEN_CACHE_MAX_SIZE (default
// 256M), least recently used first. USYCL_CODEGEN_CACHE=0 turns it off.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "process.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace usycl::driver {

class CodegenCache {
public:
  explicit CodegenCache(const CommandRunner &Runner);
  ~CodegenCache();

  // One module's code generation: the commands that make its outputs from
  // `Input`, and each output's cache name (its extension: "ptx", "cubin")
  // with the path the link expects it at.
  struct Unit {
    std::string Input;
    std::vector<const Command *> Commands;
    std::vector<std::pair<std::string, std::string>> Outputs; // (extension, path)
    // Extra files the result depends on (the pass plugin opt loads).
    std::vector<std::string> Tools;
    // Set by fetch (hashing the bitcode once), used by store.
    std::optional<std::string> Key;
  };

  // Puts the cached outputs in place; false (nothing changed) on a miss or
  // when the cache is off.
  bool fetch(Unit &U);
  // Keeps the outputs the commands made (after a fetch of U that missed).
  void store(const Unit &U);

private:
  std::optional<std::string> Directory;
  const CommandRunner &Runner;
  llvm::StringSet<> Used; // entries this link read or wrote: not evicted

  std::optional<std::string> keyFor(const Unit &U) const;
  std::string entryPath(llvm::StringRef Key, llvm::StringRef Extension) const;
};

} // namespace usycl::driver
