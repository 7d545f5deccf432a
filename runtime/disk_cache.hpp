// A persistent on-disk cache of device code the runtime prepares at run time
// (today: CUDA cubins JIT-compiled from PTX; docs/kernel-cache.md).
//
//   * Where: $USYCL_CACHE_DIR, else $XDG_CACHE_HOME/usycl, else
//     $HOME/.cache/usycl. USYCL_CACHE_DISABLE=1 turns it off.
//   * Keys are SHA-256 digests of everything the code depends on (the
//     caller lists the parts: image bytes, device architecture, driver and
//     usycl versions, JIT options), so a changed input never reuses stale
//     code; one file per key, <dir>/<64 hex digits>.bin.
//   * Entries are written to a temporary file in the same directory and
//     renamed into place, so readers see a whole entry or none, and several
//     processes may fill the cache at once.
//   * Each entry has a header (magic, format version, the key's digest,
//     payload length, the payload's SHA-256); an entry that does not check
//     out is removed and reported as a miss, never returned.
//   * The directory is bounded (USYCL_CACHE_MAX_SIZE, default 1 GiB): after
//     a store, the least recently used entries (oldest mtime; hits touch the
//     file) are removed until the total fits.
// No operation throws or fails the program: a cache that cannot be used
// behaves as an empty one (USYCL_TRACE=1 says why).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt {

using sha256_digest = std::array<unsigned char, 32>;
sha256_digest sha256(const void *data, size_t size);

class disk_cache {
public:
  static constexpr uint64_t default_max_bytes = uint64_t(1) << 30;

  // A cache in `directory` (created on first store) holding at most
  // `max_bytes` of entries (headers included).
  disk_cache(std::string directory, uint64_t max_bytes);
  // A cache that never hits and stores nothing.
  static disk_cache disabled(std::string why);
  // From USYCL_CACHE_DISABLE, USYCL_CACHE_DIR, XDG_CACHE_HOME, HOME and
  // USYCL_CACHE_MAX_SIZE (bytes, or with a K/M/G suffix). An invalid
  // setting disables the cache; why() says which variable and how to fix it.
  static disk_cache from_environment();

  bool enabled() const { return enabled_; }
  const std::string &directory() const { return directory_; }
  uint64_t max_bytes() const { return max_bytes_; }
  // Why the cache is disabled ("" when enabled).
  const std::string &why() const { return why_; }

  // The key of a cache entry: SHA-256 over the parts, each prefixed by its
  // length (so {"ab","c"} and {"a","bc"} differ), as 64 hex digits.
  static std::string make_key(std::initializer_list<std::string_view> parts);

  // The payload stored under `key`, or nullopt (miss, disabled, unreadable,
  // or corrupted -- a corrupted entry is also removed).
  std::optional<std::vector<unsigned char>> load(const std::string &key) const;
  // Stores the payload under `key` (replacing any entry), then evicts to
  // the size bound. False when nothing was stored (disabled, too large,
  // I/O error).
  bool store(const std::string &key, const void *data, size_t size) const;

  // The file that holds `key` (whether or not it exists).
  std::string entry_path(const std::string &key) const;
  // Total bytes of the entries in the directory.
  uint64_t size_on_disk() const;

private:
  disk_cache() = default;
  void evict() const;

  bool enabled_ = false;
  std::string directory_;
  uint64_t max_bytes_ = default_max_bytes;
  std::string why_;
};

// "1048576", "64K", "512M", "2G" (powers of 1024); nullopt when malformed.
std::optional<uint64_t> parse_cache_size(std::string_view text);

} // namespace usycl::rt
