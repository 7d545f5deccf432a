// The x86-64 level the CPU device's kernels run at (docs/runtime.md, "CPU
// backend"; compiler/passes/cpu_isa_levels.hpp makes the copies).
//
// usycl++ compiles each CPU kernel for baseline x86-64 and for x86-64-v3
// (AVX2, FMA) and -v4 (AVX-512) (and -v2 on request); each launcher asks
// __usycl_cpu_isa_level() which copy to run. The answer is the highest level
// the processor (and the OS, which must save the vector registers) supports,
// lowered by USYCL_CPU_ISA for tests and comparisons.
#pragma once

#include <string>

namespace usycl::rt::cpu {

inline constexpr const char *isa_level_env = "USYCL_CPU_ISA";

// 1 (x86-64) .. 4 (x86-64-v4); 1 on other architectures.
int processor_isa_level();

// "x86-64", "x86-64-v2", ...
std::string isa_level_name(int level);

// The level USYCL_CPU_ISA=`value` asks for (x86-64, x86-64-v2..v4, or v1..v4),
// at most `processor`. With `error` set when it is not a level or asks for
// more than the processor has: then `processor` is returned.
int parse_isa_level(const char *value, int processor, std::string &error);

struct isa_level_choice {
  int level;
  int processor;
  std::string error; // USYCL_CPU_ISA could not be honoured
};

// Decided once per process, from the processor and USYCL_CPU_ISA.
const isa_level_choice &selected_isa_level();

} // namespace usycl::rt::cpu
