//===- precompiled_header.hpp - Cached <sycl/sycl.hpp> per pass -*- C++ -*-===//
//
// Parsing <sycl/sycl.hpp> (and the standard headers under it) is most of a
// pass's time: 1.5 s of 1.8 s for a one-kernel source. A source whose first
// line of code is `#include <sycl/sycl.hpp>` (or a project header whose first
// line is, as tests/e2e/e2e_common.hpp) gets the same AST from a
// precompiled header made with the pass's own flags, so the driver keeps one
// per pass configuration in <cache dir>/pch and adds `-include-pch` to the
// pass (the header's #pragma once then skips the source's own #include).
//
// A header is made the second time its configuration is seen, or the first
// when one build compiles two sources of it (a header costs about a pass
// without it; a configuration compiled once would only pay): in parallel
// with the other missing ones, before the passes; written to a temporary
// name and renamed into place, so concurrent builds only race to write the
// same file; an interrupted build leaves no temporary behind (and those of a
// killed one go at the next compile). The key covers the pass's flags (but
// not the unit's id, the integration header's path, diagnostics-only flags, and
// -fsyntax-only and -S count as the compiling action: passes of other
// sources, other warning flags, and syntax checks share the header), the
// clang and plugin binaries and every SYCL header (path, size, time). The
// file's name also carries the hash of its bytes, checked before each use: a
// damaged header is remade, never read. A pass that still fails on its header
// is run again without it (and the header is dropped), so a damaged cache
// can cost time, never a build or a different output. The cache is bounded
// by size (USYCL_PCH_CACHE_MAX_SIZE, default 400M), least recently used
// headers first. USYCL_PCH=0 turns it off.
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

class Toolchain;

// True when the file's first include that is not a C++ standard library
// header (<vector>, <cmath>, <stdio.h>, ...) is <sycl/sycl.hpp>,
// "sycl/sycl.hpp" or <CL/sycl.hpp>, or a quoted header next to it that
// leads there the same way (a few levels deep), with nothing else before it
// but comments, blank lines, #pragma once and a header's include guard
// (#ifndef G / #define G). The standard headers are ones the SYCL headers
// include themselves, and they define nothing the SYCL headers test, so
// reading them after the precompiled SYCL headers instead of before changes
// nothing; a #define, any other header or code before the include could.
bool startsWithSyclInclude(llvm::StringRef SourcePath);

class PrecompiledHeaders {
public:
  PrecompiledHeaders(Toolchain &Tools, CommandRunner &Runner);

  // A pass that may use a header: Commands[Index] compiles SourcePath
  // (its last arguments are [-x <lang>] <source> [-o <file>] [depfile
  // flags]).
  struct Use {
    size_t Index;
    std::string SourcePath;
    std::string Header; // set by prepare when the pass uses one
    // A file the pass reads with -include that may come after the header:
    // it uses the SYCL headers and changes nothing they declare (the host
    // raising's integration header). Left out of the key.
    std::string IncludedAfterHeader;
  };

  // Makes the missing headers and adds -include-pch to the passes that
  // have one. Returns the passes that use a header.
  std::vector<Use> prepare(std::vector<Command> &Commands,
                           std::vector<Use> Candidates);

  // After the passes ran: reruns without its header every pass that failed
  // naming it, replacing its result, and removes that header.
  void retryFailures(std::vector<Command> &Commands,
                     std::vector<CommandResult> &Results,
                     llvm::ArrayRef<Use> Uses);

  bool enabled() const { return Directory.has_value(); }

private:
  std::optional<std::string> Directory; // <cache dir>/pch, when enabled
  Toolchain &Tools;
  CommandRunner &Runner;
  std::string ToolStamp; // clang, plugin and SYCL headers; made on first use

  std::string keyFor(const Command &Pass,
                     const std::vector<std::string> &Flags) const;
  // The header of `Key` among the cache directory's file names `Listing`
  // whose bytes match the hash in its name; damaged ones are removed.
  std::optional<std::string> findIntact(llvm::StringRef Key,
                                        llvm::ArrayRef<std::string> Listing) const;
  // Removes the least recently used headers until the cache fits
  // USYCL_PCH_CACHE_MAX_SIZE (default 400M), keeping those this run uses
  // and those used in the last minute (by a build running beside).
  void evictOld(const llvm::StringSet<> &InUse) const;
};

} // namespace usycl::driver
