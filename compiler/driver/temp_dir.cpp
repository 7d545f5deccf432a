//===- temp_dir.cpp - The driver's private temporary directory ------------===//

#include "temp_dir.hpp"
#include "signal_cleanup.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace usycl::driver {

Expected<TempDir> TempDir::create() {
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createUniqueDirectory("usycl", Path)) {
    // Name the directory: the usual cause is a TMPDIR that does not exist,
    // is a file, or is full.
    SmallString<128> Parent;
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Parent);
    return createStringError("cannot create a temporary directory in '" +
                             Parent + "': " + EC.message() +
                             " (set TMPDIR to a writable directory)");
  }
  signal_cleanup::armDirectoryRemoval(Path);
  return TempDir(std::string(Path));
}

TempDir::TempDir(TempDir &&Other) noexcept
    : Path(std::move(Other.Path)), Counter(Other.Counter), Keep(Other.Keep) {
  Other.Path.clear();
}

TempDir::~TempDir() {
  if (Path.empty())
    return;
  signal_cleanup::disarmDirectoryRemoval();
  if (!Keep)
    (void)sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

void TempDir::keep() {
  Keep = true;
  signal_cleanup::disarmDirectoryRemoval();
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
