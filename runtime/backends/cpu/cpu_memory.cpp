#include "cpu_memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace usycl::rt::cpu {

std::optional<bool> parse_huge_pages(const char *value) {
  if (!value || !*value) return true;
  if (std::strcmp(value, "1") == 0) return true;
  if (std::strcmp(value, "0") == 0) return false;
  return std::nullopt;
}

namespace {
bool huge_pages_wanted() {
  // Read once (a function-local static: thread-safe initialisation); a
  // malformed value keeps the default rather than failing an allocation.
  static const bool wanted = parse_huge_pages(std::getenv(huge_pages_env)).value_or(true);
  return wanted;
}
} // namespace

void *allocate(size_t bytes, size_t alignment) {
  const bool huge = bytes >= huge_page_threshold && huge_pages_wanted();
  if (huge) alignment = std::max(alignment, huge_page_bytes);
  const size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void *p = std::aligned_alloc(alignment, rounded);
  // Advice only: where THP is off (or "always" already) it changes nothing,
  // and a failure leaves ordinary pages, which work the same.
  if (p && huge) (void)::madvise(p, rounded, MADV_HUGEPAGE);
  return p;
}

} // namespace usycl::rt::cpu
