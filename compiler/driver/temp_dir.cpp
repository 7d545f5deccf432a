//===- temp_dir.cpp - The driver's private temporary directory ------------===//

#include "temp_dir.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

using namespace llvm;

namespace usycl::driver {

// Ctrl-C while sub-tools run must not leave the directory behind. LLVM's
// interrupt handling removes only registered files; this removes the rest.
// It runs in a signal handler, so it keeps to plain POSIX calls and a static
// buffer, and it is best effort.
static char InterruptCleanupPath[4096];
static std::atomic<bool> InterruptCleanupArmed{false};

static void removeTreeOnInterrupt(const char *Path, int Depth) {
  if (Depth > 8)
    return;
  if (DIR *Dir = ::opendir(Path)) {
    while (struct dirent *Entry = ::readdir(Dir)) {
      if (!std::strcmp(Entry->d_name, ".") || !std::strcmp(Entry->d_name, ".."))
        continue;
      char Child[sizeof(InterruptCleanupPath)];
      if (std::snprintf(Child, sizeof(Child), "%s/%s", Path, Entry->d_name) >=
          static_cast<int>(sizeof(Child)))
        continue;
      struct stat Info;
      if (::lstat(Child, &Info) == 0 && S_ISDIR(Info.st_mode))
        removeTreeOnInterrupt(Child, Depth + 1);
      else
        ::unlink(Child);
    }
    ::closedir(Dir);
  }
  ::rmdir(Path);
}

static void cleanUpOnInterrupt() {
  if (InterruptCleanupArmed.exchange(false))
    removeTreeOnInterrupt(InterruptCleanupPath, 0);
}

Expected<TempDir> TempDir::create() {
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createUniqueDirectory("usycl", Path))
    return createStringError("cannot create a temporary directory: " +
                             EC.message() + " (set TMPDIR to a writable "
                             "directory)");
  if (Path.size() < sizeof(InterruptCleanupPath)) {
    std::memcpy(InterruptCleanupPath, Path.c_str(), Path.size() + 1);
    InterruptCleanupArmed = true;
    sys::SetInterruptFunction(cleanUpOnInterrupt);
  }
  return TempDir(std::string(Path));
}

TempDir::TempDir(TempDir &&Other) noexcept
    : Path(std::move(Other.Path)), Counter(Other.Counter), Keep(Other.Keep) {
  Other.Path.clear();
}

TempDir::~TempDir() {
  if (Path.empty())
    return;
  InterruptCleanupArmed = false;
  if (!Keep)
    (void)sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

void TempDir::keep() {
  Keep = true;
  InterruptCleanupArmed = false;
}

std::string TempDir::file(const Twine &Name) const {
  SmallString<128> Result(Path);
  sys::path::append(Result, Name);
  (void)sys::fs::create_directories(sys::path::parent_path(Result));
  return std::string(Result);
}

std::string TempDir::uniqueFile(StringRef Stem, StringRef Extension) {
  return file(Stem + "-" + Twine(Counter++) + "." + Extension);
}

} // namespace usycl::driver
