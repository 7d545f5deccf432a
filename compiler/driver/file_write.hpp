//===- file_write.hpp - Files the driver writes itself ----------*- C++ -*-===//
//
// The driver writes a few files in-process (device bitcode at link time,
// the image wrapper's source, the list of device imports). raw_fd_ostream
// remembers a failed write (a full disk) and, if nobody asks, aborts the
// driver when it is destroyed ("IO failure on output stream"), which names
// neither the file nor the build step. writeFile asks, and returns an error
// naming the file and the reason instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace usycl::driver {

// Creates (or replaces) `Path` with what `Write` writes. Errors read
// "cannot write '<path>': <reason>".
llvm::Error writeFile(const llvm::Twine &Path,
                      llvm::function_ref<void(llvm::raw_ostream &)> Write,
                      bool Text = false);

} // namespace usycl::driver
