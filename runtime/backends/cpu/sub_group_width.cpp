#include "sub_group_width.hpp"

#include <algorithm>
#include <cstdlib>
#include <string_view>

namespace usycl::rt::cpu {

bool is_sub_group_size(uint64_t width) {
  return std::find(sub_group_sizes.begin(), sub_group_sizes.end(), width) !=
         sub_group_sizes.end();
}

uint32_t native_sub_group_width() {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx512f")) return 16;
  if (__builtin_cpu_supports("avx")) return 8;
#endif
  return 4; // SSE2 (every x86_64), NEON: 128 bits
}

std::optional<uint32_t> parse_sub_group_size(const char *value, uint32_t native,
                                             std::string &error) {
  error.clear();
  if (!value || !*value) return std::nullopt;
  std::string_view text(value);
  uint64_t width = 0;
  bool digits = text.size() <= 6;
  for (char c : text) {
    digits = digits && c >= '0' && c <= '9';
    if (digits) width = width * 10 + uint64_t(c - '0');
  }
  if (digits && is_sub_group_size(width)) return static_cast<uint32_t>(width);
  std::string allowed;
  for (uint32_t s : sub_group_sizes) allowed += (allowed.empty() ? "" : ", ") + std::to_string(s);
  error = std::string(sub_group_size_env) + "=" + std::string(text) +
          ": not a sub-group size of the CPU device; use one of " + allowed +
          " (unset, kernels without reqd_sub_group_size run with sub-groups of " +
          std::to_string(native) + " on this host)";
  return std::nullopt;
}

uint32_t default_sub_group_width(std::string &error) {
  const uint32_t native = native_sub_group_width();
  return parse_sub_group_size(std::getenv(sub_group_size_env), native, error).value_or(native);
}

} // namespace usycl::rt::cpu
