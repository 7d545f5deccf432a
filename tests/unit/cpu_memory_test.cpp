// runtime/backends/cpu/cpu_memory: large allocations are 2 MiB-aligned and
// advised for transparent huge pages (the kernel marks such a mapping "hg"
// in /proc/self/smaps, whether or not it could give huge pages yet); small
// ones are left alone; USYCL_CPU_HUGE_PAGES is parsed strictly.
#include "../../runtime/backends/cpu/cpu_memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace {
using namespace usycl::rt::cpu;

// The VmFlags line of the mapping that holds `p` ("" if none).
std::string vm_flags_of(const void *p) {
  std::ifstream smaps("/proc/self/smaps");
  const auto addr = reinterpret_cast<uintptr_t>(p);
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= addr && addr < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return {};
}

bool has_flag(const std::string &flags, const char *flag) {
  std::istringstream words(flags);
  std::string w;
  while (words >> w)
    if (w == flag) return true;
  return false;
}

TEST(CpuMemory, ParsesTheSwitch) {
  EXPECT_EQ(parse_huge_pages(nullptr), true);
  EXPECT_EQ(parse_huge_pages(""), true);
  EXPECT_EQ(parse_huge_pages("1"), true);
  EXPECT_EQ(parse_huge_pages("0"), false);
  EXPECT_EQ(parse_huge_pages("yes"), std::nullopt);
  EXPECT_EQ(parse_huge_pages("2"), std::nullopt);
}

TEST(CpuMemory, LargeAllocationsAreAlignedAndAdvised) {
  if (const char *v = std::getenv(huge_pages_env); v && std::strcmp(v, "0") == 0)
    GTEST_SKIP() << huge_pages_env << "=0 in the environment";
  if (!std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"))
    GTEST_SKIP() << "this kernel has no transparent huge pages";
  const size_t bytes = 3 * huge_page_threshold + 100;
  void *p = allocate(bytes, 64);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % huge_page_bytes, 0u);
  std::memset(p, 1, bytes); // every byte of the request is usable
  const std::string flags = vm_flags_of(p);
  ASSERT_FALSE(flags.empty()) << "no mapping in /proc/self/smaps holds " << p;
  EXPECT_TRUE(has_flag(flags, "hg")) << flags;
  std::free(p);
}

TEST(CpuMemory, SmallAllocationsKeepTheirAlignment) {
  void *p = allocate(1000, 64);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  std::free(p);
  void *q = allocate(huge_page_threshold - 64, 4096);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % 4096, 0u);
  EXPECT_FALSE(has_flag(vm_flags_of(q), "hg"));
  std::free(q);
}

} // namespace
