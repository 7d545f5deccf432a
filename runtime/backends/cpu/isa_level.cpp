#include "isa_level.hpp"

#include <cstdlib>
#include <string_view>

namespace usycl::rt::cpu {

int processor_isa_level() {
#if defined(__x86_64__)
  // __builtin_cpu_supports checks the OS's XSAVE support of the registers too.
  if (__builtin_cpu_supports("x86-64-v4")) return 4;
  if (__builtin_cpu_supports("x86-64-v3")) return 3;
  if (__builtin_cpu_supports("x86-64-v2")) return 2;
#endif
  return 1;
}

std::string isa_level_name(int level) {
  return level <= 1 ? "x86-64" : "x86-64-v" + std::to_string(level);
}

int parse_isa_level(const char *value, int processor, std::string &error) {
  error.clear();
  if (!value || !*value) return processor;
  std::string_view text(value);
  int level = 0;
  if (text == "x86-64" || text == "v1") level = 1;
  for (int l = 2; l <= 4; ++l)
    if (text == isa_level_name(l) || text == "v" + std::to_string(l)) level = l;
  if (level == 0) {
    error = std::string(isa_level_env) + "=" + std::string(text) +
            ": not an x86-64 level; use x86-64, x86-64-v2, x86-64-v3 or x86-64-v4 (unset, CPU "
            "kernels run as " + isa_level_name(processor) + " on this processor)";
    return processor;
  }
  if (level > processor) {
    error = std::string(isa_level_env) + "=" + std::string(text) + ": this processor supports " +
            isa_level_name(processor) + " at most; use that or a lower level";
    return processor;
  }
  return level;
}

const isa_level_choice &selected_isa_level() {
  static const isa_level_choice choice = [] {
    isa_level_choice c;
    c.processor = processor_isa_level();
    c.level = parse_isa_level(std::getenv(isa_level_env), c.processor, c.error);
    return c;
  }();
  return choice;
}

} // namespace usycl::rt::cpu

// The launchers' question (compiler/passes/cpu_isa_levels.hpp).
extern "C" __attribute__((visibility("default"))) int __usycl_cpu_isa_level() {
  static const int level = usycl::rt::cpu::selected_isa_level().level;
  return level;
}
