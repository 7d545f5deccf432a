// The CPU device's USM and buffer memory. Large allocations are backed by
// transparent huge pages where the kernel offers them on request
// (/sys/kernel/mm/transparent_hugepage/enabled = madvise, Debian's
// default): a kernel streaming a 256 MB array then walks 128 page-table
// entries instead of 65,536, which is worth 10-20% of read bandwidth in a
// virtual machine (nested paging makes every TLB miss a two-level walk) and
// takes 512 times fewer page faults on first touch (docs/runtime.md,
// "CPU backend"). USYCL_CPU_HUGE_PAGES=0 turns it off.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace usycl::rt::cpu {

inline constexpr const char *huge_pages_env = "USYCL_CPU_HUGE_PAGES";
// Allocations from this size on are 2 MiB-aligned and advised: below it
// the rounding to whole huge pages would cost more than the TLB saves.
inline constexpr size_t huge_page_bytes = size_t(2) << 20;
inline constexpr size_t huge_page_threshold = 2 * huge_page_bytes;

// USYCL_CPU_HUGE_PAGES=`value`: nullopt when `value` is not 0/1 (unset: on).
std::optional<bool> parse_huge_pages(const char *value);

// `bytes` (> 0) aligned to `alignment` (a power of two, at least 64), from
// the C heap; huge pages advised per the policy above. nullptr if the heap
// has none.
void *allocate(size_t bytes, size_t alignment);

} // namespace usycl::rt::cpu
