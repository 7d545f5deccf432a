//===- cache_files.cpp - The driver's caches on disk ----------------------===//
//
// See cache_files.hpp.
//
//===----------------------------------------------------------------------===//

#include "cache_files.hpp"
#include "diagnostics.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace usycl::driver {

std::optional<std::string> cacheSubdirectory(StringRef Name) {
  SmallString<256> Dir;
  if (const char *D = std::getenv("USYCL_CACHE_DIR"); D && *D)
    Dir = D;
  else if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X == '/')
    sys::path::append(Dir, X, "usycl");
  else if (const char *H = std::getenv("HOME"); H && *H)
    sys::path::append(Dir, H, ".cache", "usycl");
  else
    return std::nullopt;
  sys::path::append(Dir, Name);
  if (sys::fs::create_directories(Dir))
    return std::nullopt;
  return std::string(Dir);
}

void addFileStamp(SHA256 &Hash, StringRef Path) {
  sys::fs::file_status Status;
  Hash.update(Path);
  Hash.update(StringRef("\0", 1));
  if (sys::fs::status(Path, Status))
    return;
  Hash.update(std::to_string(Status.getSize()) + ":" +
              std::to_string(Status.getLastModificationTime().time_since_epoch().count()));
}

std::optional<uint64_t> parseSize(StringRef Text) {
  Text = Text.trim();
  size_t Digits = Text.find_first_not_of("0123456789");
  StringRef Number = Text.take_front(Digits), Suffix = Text.drop_front(Number.size());
  uint64_t Value;
  if (Number.empty() || Number.getAsInteger(10, Value))
    return std::nullopt;
  unsigned Shift = StringSwitch<unsigned>(Suffix.lower())
                       .Case("", 0).Case("k", 10).Case("m", 20).Case("g", 30)
                       .Default(~0u);
  if (Shift == ~0u || (Shift && Value > (UINT64_MAX >> Shift)))
    return std::nullopt;
  return Value << Shift;
}

uint64_t cacheBound(const char *Variable, uint64_t Default, StringRef What) {
  const char *Text = std::getenv(Variable);
  if (!Text || !*Text)
    return Default;
  if (std::optional<uint64_t> Bytes = parseSize(Text))
    return *Bytes;
  printWarning(Twine(Variable) + "='" + Text +
               "' is not a size (bytes, or a number with K, M or G, e.g. 400M); the " + What +
               " keeps its default bound of " + Twine(Default >> 20) + "M");
  return Default;
}

uint64_t evictLeastRecentlyUsed(StringRef Dir, const std::function<bool(StringRef Path)> &IsEntry,
                                uint64_t MaxBytes,
                                const StringSet<> &InUse, std::chrono::minutes Grace,
                                const std::function<void(StringRef Path)> &Other) {
  struct Entry {
    std::string Path;
    sys::TimePoint<> Used;
    uint64_t Size;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    if (!IsEntry(It->path())) {
      Other(It->path());
      continue;
    }
    sys::fs::file_status Status;
    if (sys::fs::status(It->path(), Status))
      continue;
    Entries.push_back({It->path(), Status.getLastModificationTime(), Status.getSize()});
    Total += Status.getSize();
  }
  if (Total <= MaxBytes)
    return Total;
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  const auto Now = std::chrono::system_clock::now();
  for (const Entry &E : Entries) {
    if (Total <= MaxBytes)
      break;
    if (InUse.contains(E.Path) || Now - E.Used < Grace)
      continue;
    if (!sys::fs::remove(E.Path))
      Total -= E.Size;
  }
  return Total;
}

bool writeFileAtomically(StringRef Path, StringRef Bytes) {
  SmallString<256> Temporary;
  int Fd;
  if (sys::fs::createUniqueFile(Path + ".tmp.%%%%%%%%", Fd, Temporary))
    return false;
  {
    raw_fd_ostream Out(Fd, /*shouldClose=*/true);
    Out << Bytes;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      sys::fs::remove(Temporary);
      return false;
    }
  }
  if (sys::fs::rename(Temporary, Path)) {
    sys::fs::remove(Temporary);
    return false;
  }
  return true;
}

} // namespace usycl::driver
