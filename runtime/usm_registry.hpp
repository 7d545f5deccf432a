// Every live USM allocation: which context and device own it and its kind,
// so pointers can be checked (errc::invalid for another context's memory)
// and freed by the right backend.
//
// With USYCL_CHECK=1 (check_mode.hpp) sycl::free also *retires* the
// allocation here instead of handing it straight back to its backend: the
// memory stays reserved (a quarantine, as AddressSanitizer keeps freed
// blocks) and its range is remembered as freed. That is what makes the
// use-after-free check exact: while a range is retired nothing else -- not
// the C heap of the CPU device, not a later USM allocation -- can hand out
// those addresses, so a pointer inside it is always a stale USM pointer and
// never legitimate host memory. The quarantine is bounded (retire() returns
// what falls out; the caller frees it, and its range is forgotten).
#pragma once

#include "backend.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <mutex>
#include <shared_mutex>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {
class context_impl;
class device_impl;
} // namespace detail
} // namespace _V1
} // namespace sycl

namespace usycl::rt {

struct usm_allocation {
  const void *base;
  size_t bytes;
  usm_kind kind;
  sycl::detail::context_impl *context;
  sycl::detail::device_impl *device;
};

// What a pointer is, as far as USM knows (one lookup under one lock).
struct usm_lookup {
  std::optional<usm_allocation> live;  // the live allocation containing it
  std::optional<usm_allocation> freed; // else the retired one containing it
};

class usm_registry {
public:
  static usm_registry &get();
  void add(const usm_allocation &a);
  std::optional<usm_allocation> remove(const void *base);
  // The allocation containing ptr, if any.
  std::optional<usm_allocation> find(const void *ptr) const;

  // ---- retired (freed, quarantined) allocations: USYCL_CHECK=1 ----
  // Remembers `a` (already remove()d) as freed. Returns the retired
  // allocations that no longer fit the bounds, oldest first: their ranges
  // are forgotten and the caller must now free their memory. The newest one
  // is always kept, whatever its size.
  std::vector<usm_allocation> retire(const usm_allocation &a);
  // Forgets every retired allocation and returns them for freeing (an
  // allocation that failed may succeed once the quarantine is released).
  std::vector<usm_allocation> release_retired();
  // The retired allocation containing ptr, if any.
  std::optional<usm_allocation> find_freed(const void *ptr) const;
  // live, else freed.
  usm_lookup lookup(const void *ptr) const;
  // Whether any allocation is retired (a lock-free early out).
  bool has_retired() const { return retired_count_.load(std::memory_order_relaxed) != 0; }
  // Bounds of the quarantine (bytes held, allocations held).
  void set_retire_limits(size_t max_bytes, size_t max_count);

  // Default bounds: enough to catch a use of any recently freed block while
  // holding little memory next to what the device has.
  static constexpr size_t default_retire_bytes = size_t(256) << 20;
  static constexpr size_t default_retire_count = 16384;

private:
  std::optional<usm_allocation> find_locked(const std::map<const char *, usm_allocation> &in,
                                            const char *p) const;
  void forget_freed_overlapping(const char *base, size_t bytes);

  mutable std::shared_mutex mutex_;
  std::map<const char *, usm_allocation> allocations_;
  // Retired allocations by address, and their bases in the order they were
  // retired (the quarantine evicts the oldest first).
  std::map<const char *, usm_allocation> freed_;
  std::deque<const char *> freed_order_;
  size_t freed_bytes_ = 0;
  size_t max_freed_bytes_ = default_retire_bytes;
  size_t max_freed_count_ = default_retire_count;
  std::atomic<size_t> retired_count_{0};
};

} // namespace usycl::rt
