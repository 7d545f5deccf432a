#include "cuda_fill.hpp"

#include <algorithm>
#include <cstring>

namespace usycl::rt::cuda {

size_t pattern_period(const unsigned char *pattern, size_t size) {
  for (size_t p = 1; p < size; ++p) {
    if (size % p != 0)
      continue;
    if (std::memcmp(pattern, pattern + p, size - p) == 0)
      return p;
  }
  return size;
}

uint32_t pattern_word(const void *pattern, size_t width, size_t index) {
  const auto *bytes = static_cast<const unsigned char *>(pattern) + index * width;
  uint32_t v = 0;
  for (size_t i = 0; i < width; ++i) // little-endian, like the GPU
    v |= uint32_t(bytes[i]) << (8 * i);
  return v;
}

fill_plan plan_fill(uintptr_t dst, const void *pattern, size_t pattern_size,
                    size_t count) {
  fill_plan plan;
  if (!pattern || pattern_size == 0 || count == 0)
    return plan;
  const auto *bytes = static_cast<const unsigned char *>(pattern);
  const size_t period = pattern_period(bytes, pattern_size);
  const size_t total = pattern_size * count;
  if (period == 1) {
    plan.kind = fill_plan::memset8;
    plan.value = bytes[0];
    plan.elements = total;
    return plan;
  }
  if (period == 2 && dst % 2 == 0) {
    plan.kind = fill_plan::memset16;
    plan.value = pattern_word(bytes, 2, 0);
    plan.elements = total / 2;
    return plan;
  }
  if (period == 4 && dst % 4 == 0) {
    plan.kind = fill_plan::memset32;
    plan.value = pattern_word(bytes, 4, 0);
    plan.elements = total / 4;
    return plan;
  }
  if (total <= host_copy_limit) {
    plan.kind = fill_plan::host_copy;
    plan.total_bytes = total;
    return plan;
  }
  plan.kind = fill_plan::strided;
  if ((period == 8 || period == 16) && dst % period == 0) {
    plan.kind = period == 8 ? fill_plan::kernel64 : fill_plan::kernel128;
    plan.elements = total / period;
    std::memcpy(plan.words, bytes, period); // little-endian host and GPU
  }
  plan.period = period;
  plan.total_bytes = total;
  plan.width = 1;
  for (size_t w : {size_t(4), size_t(2)})
    if (period % w == 0 && dst % w == 0) {
      plan.width = w;
      break;
    }
  const size_t instances = total / period;
  // Enough instances that the doubling copies start from a useful size
  // (64 KiB), never more than the fill needs.
  plan.head = std::min(instances, std::max<size_t>(1, (size_t(64) << 10) / period));
  return plan;
}

} // namespace usycl::rt::cuda
