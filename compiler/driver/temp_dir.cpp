//===- temp_dir.cpp - The driver's private temporary directory ------------===//

#include "temp_dir.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

using namespace llvm;

namespace usycl::driver {

Expected<TempDir> TempDir::create() {
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createUniqueDirectory("usycl", Path))
    return createStringError("cannot create a temporary directory: " +
                             EC.message() + " (set TMPDIR to a writable "
                             "directory)");
  // Best effort on Ctrl-C: LLVM's signal handler removes the directory if it
  // is empty; files registered with RemoveFileOnSignal go first.
  sys::RemoveDirectoryOnSignal(Path);
  return TempDir(std::string(Path));
}

TempDir::TempDir(TempDir &&Other) noexcept
    : Path(std::move(Other.Path)), Counter(Other.Counter), Keep(Other.Keep) {
  Other.Path.clear();
}

TempDir::~TempDir() {
  if (Path.empty())
    return;
  sys::DontRemoveDirectoryOnSignal(Path);
  if (!Keep)
    (void)sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

std::string TempDir::file(const Twine &Name) const {
  SmallString<128> Result(Path);
  sys::path::append(Result, Name);
  (void)sys::fs::create_directories(sys::path::parent_path(Result));
  sys::RemoveFileOnSignal(Result);
  return std::string(Result);
}

std::string TempDir::uniqueFile(StringRef Stem, StringRef Extension) {
  return file(Stem + "-" + Twine(Counter++) + "." + Extension);
}

} // namespace usycl::driver
