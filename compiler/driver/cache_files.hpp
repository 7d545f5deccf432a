//===- cache_files.hpp - The driver's caches on disk ------------*- C++ -*-===//
//
// What the precompiled headers (precompiled_header.hpp) and the device code
// generation cache (codegen_cache.hpp) share: where they live
// ($USYCL_CACHE_DIR, else $XDG_CACHE_HOME/usycl, else ~/.cache/usycl, one
// subdirectory each), how a tool is stamped into a key without reading it,
// how a size bound is written, and least-recently-used eviction (a file's
// modification time is its last use: touched at each).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SHA256.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace usycl::driver {

// <cache dir>/<Name>, created; nullopt where there is no cache directory or
// it cannot be made (a read-only home: the build goes on without).
std::optional<std::string> cacheSubdirectory(llvm::StringRef Name);

// Path, size and modification time: enough to notice a rebuilt or edited
// file without reading it.
void addFileStamp(llvm::SHA256 &Hash, llvm::StringRef Path);

// "400M", "1G", "65536": bytes, or a number with K, M or G.
std::optional<uint64_t> parseSize(llvm::StringRef Text);

// The bound in the environment variable `Variable`, or `Default` (with a
// warning naming `What` when the value is not a size).
uint64_t cacheBound(const char *Variable, uint64_t Default, llvm::StringRef What);

// Removes the least recently used entries of `Dir` (the files `IsEntry`
// accepts) until they take at most `MaxBytes`, except those in `InUse` and
// those used within `Grace` (a build beside may be about to read them).
// Every other file is shown to `Other`, which may remove it (a stale
// temporary). Returns the bytes the entries take after.
uint64_t evictLeastRecentlyUsed(llvm::StringRef Dir,
                                const std::function<bool(llvm::StringRef Path)> &IsEntry,
                                uint64_t MaxBytes, const llvm::StringSet<> &InUse,
                                std::chrono::minutes Grace,
                                const std::function<void(llvm::StringRef Path)> &Other);

// Writes `Bytes` to `Path` through a temporary beside it and a rename, so a
// reader sees the whole file or none; false when it could not.
bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Bytes);

} // namespace usycl::driver
