//===- signal_cleanup.hpp - Leaving nothing behind when killed --*- C++ -*-===//
//
// Ctrl-C, `kill`, or a closed output pipe (`usycl++ -v ... | head`) end the
// driver without unwinding, so no destructor removes the temporary
// directory, and the clang passes still running would recreate it as they
// write their outputs. These handlers stop the running sub-commands, wait for
// them, then remove the directory. They run inside signal handlers, so the
// state they use is fixed-size and lock-free.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <sys/types.h>

namespace usycl::driver::signal_cleanup {

// Remove `Path` (recursively) if the driver is interrupted; installs the
// handlers on first use.
void armDirectoryRemoval(llvm::StringRef Path);
void disarmDirectoryRemoval();

// Remove the files of `Directory` whose names contain `Marker` (not
// followed by a digit) if the driver is interrupted, after its sub-commands
// stopped: the precompiled headers being made in the cache, which outlives
// the temporary directory.
void armCacheTemporaryRemoval(llvm::StringRef Directory, llvm::StringRef Marker);
void disarmCacheTemporaryRemoval();

// Sub-commands to terminate on interruption.
void commandStarted(pid_t Pid);
void commandFinished(pid_t Pid);

} // namespace usycl::driver::signal_cleanup
