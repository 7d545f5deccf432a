//===- codegen_cache.cpp - Device code generation, cached -----------------===//
//
// See codegen_cache.hpp.
//
//===----------------------------------------------------------------------===//

#include "codegen_cache.hpp"
#include "cache_files.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <utime.h>

using namespace llvm;

namespace usycl::driver {

namespace {
constexpr uint64_t default_max_bytes = uint64_t(256) << 20;
// Entries used this recently stay even above the bound (a link beside may
// be about to copy them).
constexpr auto eviction_grace = std::chrono::minutes(1);

std::optional<std::string> codegenDirectory() {
  if (const char *Off = std::getenv("USYCL_CODEGEN_CACHE"); Off && StringRef(Off) == "0")
    return std::nullopt;
  return cacheSubdirectory("codegen");
}
} // namespace

CodegenCache::CodegenCache(const CommandRunner &Runner)
    : Directory(codegenDirectory()), Runner(Runner) {}

CodegenCache::~CodegenCache() {
  if (!Directory || Used.empty())
    return;
  // Every file is an entry's output (<key>.<extension>) or a temporary of a
  // write in flight (<key>.<extension>.tmp.<random>): bound the entries by
  // their total size, leave the temporaries to their writers unless stale.
  uint64_t Max = cacheBound("USYCL_CODEGEN_CACHE_MAX_SIZE", default_max_bytes,
                            "device code generation cache");
  const auto Now = std::chrono::system_clock::now();
  auto IsEntry = [](StringRef Path) { return !Path.contains(".tmp."); };
  auto StaleTemporary = [&](StringRef Path) {
    sys::fs::file_status Status;
    if (!sys::fs::status(Path, Status) &&
        Now - Status.getLastModificationTime() > std::chrono::minutes(10))
      sys::fs::remove(Path);
  };
  evictLeastRecentlyUsed(*Directory, IsEntry, Max, Used, eviction_grace, StaleTemporary);
}

std::optional<std::string> CodegenCache::keyFor(const Unit &U) const {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bitcode = MemoryBuffer::getFile(U.Input);
  if (!Bitcode)
    return std::nullopt;
  SHA256 Hash;
  Hash.update((*Bitcode)->getBuffer());
  // The commands, with the unit's own files (which differ per link: a
  // temporary directory) left out; the tools by path, size and time.
  auto IsUnitFile = [&](StringRef Arg) {
    if (Arg == U.Input)
      return true;
    for (const auto &[Extension, Path] : U.Outputs)
      if (Arg == Path)
        return true;
    // Intermediate files (module_0.opt.bc) sit beside the outputs.
    return !U.Outputs.empty() &&
           sys::path::parent_path(Arg) == sys::path::parent_path(U.Outputs.front().second) &&
           !sys::path::parent_path(Arg).empty();
  };
  for (const Command *C : U.Commands) {
    Hash.update(StringRef("\1", 1));
    addFileStamp(Hash, C->Program);
    for (const std::string &Arg : C->Args) {
      Hash.update(StringRef("\0", 1));
      Hash.update(IsUnitFile(Arg) ? StringRef("<file>") : StringRef(Arg));
    }
  }
  for (const std::string &Tool : U.Tools)
    addFileStamp(Hash, Tool);
  for (const auto &[Extension, Path] : U.Outputs) {
    Hash.update(StringRef("\2", 1));
    Hash.update(Extension);
  }
  return toHex(Hash.final()).substr(0, 40);
}

std::string CodegenCache::entryPath(StringRef Key, StringRef Extension) const {
  return (*Directory + "/" + Key + "." + Extension).str();
}

bool CodegenCache::fetch(Unit &U) {
  if (!Directory)
    return false;
  U.Key = keyFor(U);
  const std::optional<std::string> &Key = U.Key;
  if (!Key)
    return false;
  for (const auto &[Extension, Path] : U.Outputs)
    if (!sys::fs::exists(entryPath(*Key, Extension)))
      return false;
  for (const auto &[Extension, Path] : U.Outputs) {
    std::string Entry = entryPath(*Key, Extension);
    if (sys::fs::copy_file(Entry, Path))
      return false; // evicted meanwhile: generate it
    ::utime(Entry.c_str(), nullptr); // recently used: evicted last
    Used.insert(Entry);
  }
  Runner.noteInProcessStep("device code of '" + sys::path::filename(U.Input) +
                           "' from the cache (" + *Key + ")");
  return true;
}

void CodegenCache::store(const Unit &U) {
  const std::optional<std::string> &Key = U.Key;
  if (!Directory || !Key)
    return;
  for (const auto &[Extension, Path] : U.Outputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Output = MemoryBuffer::getFile(Path);
    std::string Entry = entryPath(*Key, Extension);
    // A cache that cannot be written costs the next link time, not this one.
    if (Output && writeFileAtomically(Entry, (*Output)->getBuffer()))
      Used.insert(Entry);
  }
}

} // namespace usycl::driver
