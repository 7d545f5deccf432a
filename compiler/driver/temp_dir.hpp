//===- temp_dir.hpp - The driver's private temporary directory --*- C++ -*-===//
//
// Every intermediate file lives in one private directory that is removed when
// the driver ends (also on errors), unless -save-temps keeps it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace usycl::driver {

class TempDir {
public:
  static llvm::Expected<TempDir> create();

  TempDir(TempDir &&Other) noexcept;
  TempDir &operator=(TempDir &&) = delete;
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir();

  const std::string &path() const { return Path; }
  // <dir>/<Name>. Creates the subdirectories `Name` names.
  std::string file(const llvm::Twine &Name) const;
  // A fresh name <dir>/<Stem>-<N>.<Extension>, unique within this directory.
  std::string uniqueFile(llvm::StringRef Stem, llvm::StringRef Extension);

  // Leave the directory in place at exit (-save-temps).
  void keep();

private:
  explicit TempDir(std::string Path) : Path(std::move(Path)) {}

  std::string Path;
  unsigned Counter = 0;
  bool Keep = false;
};

} // namespace usycl::driver
