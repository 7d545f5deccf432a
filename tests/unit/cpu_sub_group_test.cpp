// CPU sub-groups wider than one work-item, on the runtime side
// (runtime/backends/cpu): the device's sizes and default width
// (USYCL_CPU_SUB_GROUP_SIZE), and the fiber executor's sub-group barriers
// and exchange blocks. The executor is driven directly, as a group launcher
// the work-item-loop pass did not rewrite would drive it: each "kernel" here
// is a cpu_nd_fn that calls __usycl_cpu_sub_group_barrier /
// __usycl_cpu_group_barrier itself. Links the whole runtime statically.
#include "backends/cpu/group_executor.hpp"
#include "backends/cpu/sub_group_width.hpp"
#include "backend.hpp"
#include "platform_impl.hpp"

#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/exception.hpp>
#include <sycl/info.hpp>
#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

// glibc's (assert.h leaves it out under NDEBUG); the CPU runtime interposes
// it inside kernels (backends/cpu/cpu_assert.hpp).
extern "C" void __assert_fail(const char *expr, const char *file, unsigned int line,
                              const char *func) noexcept __attribute__((noreturn));

using sycl::errc;
using sycl::detail::cpu_group_ctx;
using usycl::rt::cpu::nd_launch;
using usycl::rt::cpu::run_work_group;

namespace {

// ---- the device ---------------------------------------------------------------

// Restores (unsets) an environment variable when the test ends.
struct scoped_env {
  const char *name;
  scoped_env(const char *n, const char *value) : name(n) { setenv(n, value, 1); }
  ~scoped_env() { unsetenv(name); }
};

} // namespace

TEST(CpuSubGroupWidth, Sizes) {
  EXPECT_EQ(std::vector<uint32_t>(usycl::rt::cpu::sub_group_sizes.begin(),
                                  usycl::rt::cpu::sub_group_sizes.end()),
            (std::vector<uint32_t>{4, 8, 16, 32, 64}));
  for (uint64_t w : {4, 8, 16, 32, 64}) EXPECT_TRUE(usycl::rt::cpu::is_sub_group_size(w)) << w;
  for (uint64_t w : {0, 1, 2, 3, 12, 128}) EXPECT_FALSE(usycl::rt::cpu::is_sub_group_size(w)) << w;
}

TEST(CpuSubGroupWidth, NativeWidthFollowsTheVectorRegisters) {
  uint32_t expected = 4;
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f"))
    expected = 16;
  else if (__builtin_cpu_supports("avx"))
    expected = 8;
#endif
  EXPECT_EQ(usycl::rt::cpu::native_sub_group_width(), expected);
}

TEST(CpuSubGroupWidth, EnvironmentOverride) {
  using usycl::rt::cpu::parse_sub_group_size;
  std::string error;
  EXPECT_FALSE(parse_sub_group_size(nullptr, 8, error));
  EXPECT_TRUE(error.empty());
  EXPECT_FALSE(parse_sub_group_size("", 8, error));
  EXPECT_TRUE(error.empty());
  for (const char *ok : {"4", "8", "16", "32", "64"}) {
    auto w = parse_sub_group_size(ok, 8, error);
    ASSERT_TRUE(w) << ok << ": " << error;
    EXPECT_EQ(*w, uint32_t(std::atoi(ok)));
  }
  for (const char *bad : {"3", "1", "128", "0", "abc", "16 ", "-8", "99999999999999999999"}) {
    EXPECT_FALSE(parse_sub_group_size(bad, 8, error)) << bad;
    EXPECT_EQ(error, std::string("USYCL_CPU_SUB_GROUP_SIZE=") + bad +
                         ": not a sub-group size of the CPU device; use one of 4, 8, 16, 32, 64 "
                         "(unset, kernels without reqd_sub_group_size run with sub-groups of 8 "
                         "on this host)");
  }
}

TEST(CpuSubGroupWidth, BackendDefaultAndConfigurationError) {
  const uint32_t native = usycl::rt::cpu::native_sub_group_width();
  {
    unsetenv("USYCL_CPU_SUB_GROUP_SIZE");
    auto backend = usycl::rt::make_cpu_backend();
    EXPECT_EQ(backend->configuration_error(), "");
    const auto &info = backend->devices().at(0)->info();
    EXPECT_EQ(info.sub_group_sizes, (std::vector<size_t>{4, 8, 16, 32, 64}));
    EXPECT_EQ(info.default_sub_group_size, native);
  }
  {
    scoped_env env("USYCL_CPU_SUB_GROUP_SIZE", "32");
    auto backend = usycl::rt::make_cpu_backend();
    EXPECT_EQ(backend->configuration_error(), "");
    EXPECT_EQ(backend->devices().at(0)->info().default_sub_group_size, 32u);
  }
  {
    scoped_env env("USYCL_CPU_SUB_GROUP_SIZE", "12");
    auto backend = usycl::rt::make_cpu_backend();
    EXPECT_NE(backend->configuration_error().find("USYCL_CPU_SUB_GROUP_SIZE=12: not a sub-group "
                                                  "size of the CPU device; use one of 4, 8, 16, "
                                                  "32, 64"),
              std::string::npos)
        << backend->configuration_error();
    EXPECT_EQ(backend->devices().at(0)->info().default_sub_group_size, native);
  }
}

namespace {
// Death-test bodies (fresh processes: the runtime reads its environment once).
[[noreturn]] void look_up_device_with_bad_width() {
  setenv("USYCL_CPU_SUB_GROUP_SIZE", "3", 1);
  try {
    sycl::device d;
    std::_Exit(1);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::_Exit(e.code() == errc::runtime ? 0 : 2);
  }
}
[[noreturn]] void check_device_with_width_64() {
  setenv("USYCL_CPU_SUB_GROUP_SIZE", "64", 1);
  sycl::device d;
  const std::vector<size_t> expected{4, 8, 16, 32, 64};
  const bool ok =
      d.get_info<sycl::info::device::sub_group_sizes>() == expected &&
      d.get_info<sycl::info::device::max_num_sub_groups>() ==
          d.get_info<sycl::info::device::max_work_group_size>() / 4 &&
      !d.get_info<sycl::info::device::sub_group_independent_forward_progress>() &&
      d.impl()->info().default_sub_group_size == 64;
  std::_Exit(ok ? 0 : 1);
}
} // namespace

// The runtime reports a bad USYCL_CPU_SUB_GROUP_SIZE like a malformed
// ONEAPI_DEVICE_SELECTOR: every device lookup throws it.
TEST(CpuSubGroupWidthDeathTest, BadValueFailsDeviceLookups) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(look_up_device_with_bad_width(), ::testing::ExitedWithCode(0),
              "USYCL_CPU_SUB_GROUP_SIZE=3: not a sub-group size");
}

TEST(CpuSubGroupWidthDeathTest, DeviceReportsOverride) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(check_device_with_width_64(), ::testing::ExitedWithCode(0), "");
}

// ---- the fiber executor ---------------------------------------------------------

namespace {

using step_fn = void (*)(void *, uint32_t);

// What the test kernels share (the kernel object).
struct kernel_state {
  uint32_t width = 8;
  uint64_t items = 0;
  int rounds = 1;
  std::vector<int64_t> out;
  // Per (round, sub-group): how often the step ran and with how many lanes.
  std::map<std::pair<int, uint64_t>, int> step_runs;
  std::map<std::pair<int, uint64_t>, uint32_t> step_lanes;
  int round = 0; // the round of the step that runs (set by the lanes)
  std::vector<const void *> blocks;
};

kernel_state *g_state = nullptr; // the step has no kernel object

// Sums the lanes' int64 values into the result half (after the lanes').
void sum_step(void *block, uint32_t lanes) {
  auto *values = static_cast<int64_t *>(block);
  int64_t sum = 0;
  for (uint32_t l = 0; l < lanes; ++l) sum += values[l];
  auto *result = reinterpret_cast<int64_t *>(static_cast<char *>(block) + 64 * size_t(lanes));
  *result = sum;
  uint64_t sg = ~0ull;
  for (uint64_t s = 0; s < g_state->blocks.size(); ++s)
    if (g_state->blocks[s] == block) sg = s;
  ++g_state->step_runs[{int(values[lanes - 1] >> 32), sg}];
  g_state->step_lanes[{int(values[lanes - 1] >> 32), sg}] = lanes;
}
void other_step(void *, uint32_t) {}

uint64_t linear(const cpu_group_ctx &g) { return g.local[0] * g.local[1] * g.local[2]; }

nd_launch make_launch(sycl::detail::cpu_nd_fn fn, kernel_state &k, uint64_t items, uint32_t width,
                      const char *name = "_ZTS8SgKernel") {
  nd_launch l{fn, &k, {}, 0};
  l.kernel_name = name;
  for (int d = 0; d < 3; ++d) {
    l.group.dims.global[d] = 1;
    l.group.local[d] = 1;
    l.group.group_range[d] = 1;
  }
  l.group.dims.global[2] = l.group.local[2] = items;
  l.group.sub_group_width = width;
  k.width = width;
  k.items = items;
  k.out.assign(items, -1);
  uint64_t count = (items + width - 1) / width;
  k.blocks.assign(count, nullptr);
  g_state = &k;
  return l;
}

void run(const nd_launch &l) {
  const uint64_t id[3] = {0, 0, 0};
  run_work_group(l, id);
}

// Each round: every lane writes (round << 32 | lid), the sub-group's step
// sums them once, every lane reads the sum.
void reduce_kernel(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  for (uint64_t lid = begin; lid < end; ++lid) {
    const uint32_t sg = uint32_t(lid / g.sub_group_width), lane = uint32_t(lid % g.sub_group_width);
    auto *block = static_cast<int64_t *>(__usycl_cpu_sub_group_block(sg));
    k.blocks[sg] = block;
    const uint32_t lanes = uint32_t(std::min<uint64_t>(g.sub_group_width, linear(g) - sg * g.sub_group_width));
    int64_t total = 0;
    for (int r = 0; r < k.rounds; ++r) {
      block[lane] = (int64_t(r) << 32) | int64_t(lid);
      __usycl_cpu_sub_group_barrier(&sum_step);
      total += *reinterpret_cast<int64_t *>(reinterpret_cast<char *>(block) + 64 * size_t(lanes));
    }
    k.out[lid] = total;
  }
}

int64_t expected_sum(const kernel_state &k, uint64_t lid) {
  const uint64_t first = lid / k.width * k.width;
  const uint64_t last = std::min<uint64_t>(k.items, first + k.width);
  int64_t total = 0;
  for (int r = 0; r < k.rounds; ++r)
    for (uint64_t i = first; i < last; ++i) total += (int64_t(r) << 32) | int64_t(i);
  return total;
}

std::string error_of(const nd_launch &l, errc *code = nullptr) {
  try {
    run(l);
  } catch (const sycl::exception &e) {
    if (code) *code = static_cast<errc>(e.code().value());
    return e.what();
  }
  return "";
}

} // namespace

TEST(CpuSubGroupExecutor, StepRunsOncePerSubGroup) {
  for (auto [items, width] : {std::pair<uint64_t, uint32_t>{64, 8}, {20, 8}, {16, 16}, {3, 4},
                              {130, 64}, {1, 4}}) {
    kernel_state k;
    k.rounds = 3;
    nd_launch l = make_launch(&reduce_kernel, k, items, width);
    run(l);
    for (uint64_t lid = 0; lid < items; ++lid)
      ASSERT_EQ(k.out[lid], expected_sum(k, lid)) << items << "/" << width << " lid " << lid;
    const uint64_t count = (items + width - 1) / width;
    for (int r = 0; r < k.rounds; ++r)
      for (uint64_t sg = 0; sg < count; ++sg) {
        EXPECT_EQ((k.step_runs[{r, sg}]), 1) << "round " << r << " sub-group " << sg;
        EXPECT_EQ((k.step_lanes[{r, sg}]), std::min<uint64_t>(width, items - sg * width));
      }
    EXPECT_EQ(k.step_runs.size(), size_t(k.rounds) * count);
  }
}

TEST(CpuSubGroupExecutor, ExchangeBlocks) {
  kernel_state k;
  nd_launch l = make_launch(&reduce_kernel, k, 40, 16);
  run(l);
  ASSERT_EQ(k.blocks.size(), 3u);
  for (size_t s = 0; s < k.blocks.size(); ++s) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(k.blocks[s]) % 64, 0u) << s;
    if (s)
      EXPECT_GE(static_cast<const char *>(k.blocks[s]) - static_cast<const char *>(k.blocks[s - 1]),
                std::ptrdiff_t(sycl::detail::cpu_sub_group_block_bytes(16)));
  }
  EXPECT_EQ(sycl::detail::cpu_sub_group_block_bytes(16), 2u * 64 * 16);
  // Reused by the next group on this thread.
  std::vector<const void *> first = k.blocks;
  run(l);
  EXPECT_EQ(k.blocks, first);
}

namespace {
// Only sub-group 1 runs the collective (legal: sub-groups may diverge).
void divergent_kernel(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  for (uint64_t lid = begin; lid < end; ++lid) {
    const uint32_t sg = uint32_t(lid / g.sub_group_width), lane = uint32_t(lid % g.sub_group_width);
    if (sg != 1) {
      k.out[lid] = 0;
      continue;
    }
    auto *block = static_cast<int64_t *>(__usycl_cpu_sub_group_block(sg));
    k.blocks[sg] = block;
    block[lane] = int64_t(lid);
    __usycl_cpu_sub_group_barrier(&sum_step);
    k.out[lid] = *reinterpret_cast<int64_t *>(reinterpret_cast<char *>(block) + 64 * g.sub_group_width);
  }
}
} // namespace

TEST(CpuSubGroupExecutor, DivergentSubGroups) {
  kernel_state k;
  nd_launch l = make_launch(&divergent_kernel, k, 32, 8);
  run(l);
  for (uint64_t lid = 0; lid < 32; ++lid)
    EXPECT_EQ(k.out[lid], lid / 8 == 1 ? 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 : 0) << lid;
  EXPECT_EQ((k.step_runs[{0, 1}]), 1);
  EXPECT_EQ(k.step_runs.size(), 1u);
}

namespace {
// Sub-group collectives around work-group barriers, with local memory.
void mixed_kernel(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  auto *shared = reinterpret_cast<int64_t *>(__usycl_cpu_local_memory);
  const uint64_t n = linear(g);
  for (uint64_t lid = begin; lid < end; ++lid) {
    const uint32_t sg = uint32_t(lid / g.sub_group_width), lane = uint32_t(lid % g.sub_group_width);
    auto *block = static_cast<int64_t *>(__usycl_cpu_sub_group_block(sg));
    k.blocks[sg] = block;
    const uint32_t lanes = uint32_t(std::min<uint64_t>(g.sub_group_width, n - sg * g.sub_group_width));
    block[lane] = int64_t(lid);
    __usycl_cpu_sub_group_barrier(&sum_step);
    const int64_t sub_sum = *reinterpret_cast<int64_t *>(reinterpret_cast<char *>(block) + 64 * size_t(lanes));
    if (lane == 0) shared[sg] = sub_sum;
    __usycl_cpu_group_barrier();
    int64_t total = 0;
    for (uint64_t s = 0; s < (n + g.sub_group_width - 1) / g.sub_group_width; ++s) total += shared[s];
    __usycl_cpu_group_barrier();
    block[lane] = (int64_t(1) << 32) | total;
    __usycl_cpu_sub_group_barrier(nullptr); // a plain sub-group barrier
    k.out[lid] = block[(lane + 1) % lanes] & 0xffffffff; // a neighbour's value
  }
}
} // namespace

TEST(CpuSubGroupExecutor, SubGroupAndWorkGroupBarriers) {
  kernel_state k;
  nd_launch l = make_launch(&mixed_kernel, k, 36, 8);
  l.local_mem_bytes = 64 * sizeof(int64_t);
  run(l);
  for (uint64_t lid = 0; lid < 36; ++lid) EXPECT_EQ(k.out[lid], 35 * 36 / 2) << lid;
  for (uint64_t sg = 0; sg < 5; ++sg) EXPECT_EQ((k.step_runs[{0, sg}]), 1) << sg;
}

namespace {
// Work-group barriers only, some work-items returning first: as before
// sub-groups, the barrier opens for the work-items still running.
void group_barrier_kernel(const void *object, const cpu_group_ctx &g, uint64_t begin,
                          uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  auto *shared = reinterpret_cast<int64_t *>(__usycl_cpu_local_memory);
  const uint64_t n = linear(g);
  for (uint64_t lid = begin; lid < end; ++lid) {
    shared[lid] = int64_t(lid);
    __usycl_cpu_group_barrier();
    k.out[lid] = shared[n - 1 - lid];
    if (lid % 2) continue; // odd work-items return
    __usycl_cpu_group_barrier();
    k.out[lid] += 1000;
  }
}
} // namespace

TEST(CpuSubGroupExecutor, WorkGroupBarriersAsBefore) {
  kernel_state k;
  nd_launch l = make_launch(&group_barrier_kernel, k, 24, 8);
  l.local_mem_bytes = 24 * sizeof(int64_t);
  run(l);
  for (uint64_t lid = 0; lid < 24; ++lid)
    EXPECT_EQ(k.out[lid], int64_t(23 - lid) + (lid % 2 ? 0 : 1000)) << lid;
}

// ---- errors: errc::kernel naming the kernel, never a hang ----------------------------

namespace {
// Lane 3 of every sub-group returns before the collective.
void early_return_kernel(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  for (uint64_t lid = begin; lid < end; ++lid) {
    const uint32_t sg = uint32_t(lid / g.sub_group_width), lane = uint32_t(lid % g.sub_group_width);
    if (lane == 3) continue;
    auto *block = static_cast<int64_t *>(__usycl_cpu_sub_group_block(sg));
    k.blocks[sg] = block;
    block[lane] = int64_t(lid);
    __usycl_cpu_sub_group_barrier(&sum_step);
    k.out[lid] = 1;
  }
}
// In sub-group 1, the upper half waits at a work-group barrier instead.
void mixed_kinds_kernel(const void *, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  for (uint64_t lid = begin; lid < end; ++lid) {
    if (lid / g.sub_group_width == 1 && lid % g.sub_group_width >= g.sub_group_width / 2)
      __usycl_cpu_group_barrier();
    else
      __usycl_cpu_sub_group_barrier(nullptr);
  }
}
// Lane 0 runs one collective, the others another.
void mixed_steps_kernel(const void *, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  for (uint64_t lid = begin; lid < end; ++lid)
    __usycl_cpu_sub_group_barrier(lid % g.sub_group_width == 0 ? &other_step : nullptr);
}
// Work-item 0 reaches no barrier; in sub-group 2 only its lane 5 does.
void late_sub_group_barrier_kernel(const void *, const cpu_group_ctx &g, uint64_t begin,
                                   uint64_t end) {
  for (uint64_t lid = begin; lid < end; ++lid)
    if (lid == 2 * g.sub_group_width + 5) __usycl_cpu_sub_group_barrier(nullptr);
}
// Work-item 0 reaches no barrier; sub-group 1's first work-item reaches a
// work-group barrier.
void late_group_barrier_kernel(const void *, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  for (uint64_t lid = begin; lid < end; ++lid)
    if (lid >= g.sub_group_width) __usycl_cpu_group_barrier();
}
// Work-item 0 reaches no barrier; in sub-group 1 all lanes but the last run
// a collective (its first does: the sub-group runs as fibers).
void late_partial_kernel(const void *, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  for (uint64_t lid = begin; lid < end; ++lid)
    if (lid / g.sub_group_width == 1 && lid % g.sub_group_width != g.sub_group_width - 1)
      __usycl_cpu_sub_group_barrier(nullptr);
}
} // namespace

TEST(CpuSubGroupExecutor, EarlyReturnBeforeCollectiveIsAnError) {
  kernel_state k;
  nd_launch l = make_launch(&early_return_kernel, k, 16, 8);
  errc code{};
  std::string what = error_of(l, &code);
  EXPECT_EQ(code, errc::kernel) << what;
  EXPECT_EQ(what.rfind("kernel 'SgKernel': non-uniform control flow in work-group {0, 0, 0}: "
                       "work-items 0..7 form sub-group 0: 7 of them wait at a sub-group barrier "
                       "(a sub-group collective or group_barrier(sub_group)), the other 1 "
                       "returned without reaching it; ",
                       0),
            0u)
      << what;
}

TEST(CpuSubGroupExecutor, SubGroupAndWorkGroupBarrierMixIsAnError) {
  kernel_state k;
  nd_launch l = make_launch(&mixed_kinds_kernel, k, 32, 8);
  errc code{};
  std::string what = error_of(l, &code);
  EXPECT_EQ(code, errc::kernel) << what;
  EXPECT_NE(what.find("work-items 8..15 form sub-group 1: 4 of them wait at a sub-group barrier "
                      "(a sub-group collective or group_barrier(sub_group)), 4 at a work-group "
                      "barrier"),
            std::string::npos)
      << what;
}

TEST(CpuSubGroupExecutor, DifferentCollectivesIsAnError) {
  kernel_state k;
  nd_launch l = make_launch(&mixed_steps_kernel, k, 8, 4);
  std::string what = error_of(l);
  EXPECT_NE(what.find("work-items 0..3 form sub-group 0: its work-items wait at different "
                      "sub-group collectives"),
            std::string::npos)
      << what;
}

TEST(CpuSubGroupExecutor, BarrierOfSomeWorkItemsAfterAPlainFirstOne) {
  kernel_state k;
  nd_launch l = make_launch(&late_sub_group_barrier_kernel, k, 32, 8);
  std::string what = error_of(l);
  EXPECT_NE(what.find("kernel 'SgKernel': non-uniform control flow in work-group {0, 0, 0}: a "
                      "sub-group barrier (a sub-group collective or group_barrier(sub_group)) was "
                      "reached by some work-items of sub-group 2 only (not by its first, "
                      "work-item 16)"),
            std::string::npos)
      << what;

  l = make_launch(&late_group_barrier_kernel, k, 32, 8);
  what = error_of(l);
  EXPECT_NE(what.find("a work-group barrier was reached by some work-items only (work-item 8 "
                      "reached one, work-item 0 none)"),
            std::string::npos)
      << what;

  l = make_launch(&late_partial_kernel, k, 32, 8);
  what = error_of(l);
  EXPECT_NE(what.find("work-items 8..15 form sub-group 1: 7 of them wait at a sub-group barrier"),
            std::string::npos)
      << what;
}

TEST(CpuSubGroupExecutor, ExecutorWorksAfterAnError) {
  kernel_state bad;
  nd_launch l = make_launch(&mixed_kinds_kernel, bad, 32, 8);
  EXPECT_NE(error_of(l), "");
  kernel_state k;
  k.rounds = 2;
  l = make_launch(&reduce_kernel, k, 48, 16);
  run(l);
  for (uint64_t lid = 0; lid < 48; ++lid) EXPECT_EQ(k.out[lid], expected_sum(k, lid)) << lid;
}

namespace {
// A group launcher the pass rewrote, whose work-items call a function it
// could not see that runs a sub-group collective.
bool loops_with_hidden_collective(const void *, const cpu_group_ctx &) {
  __usycl_cpu_sub_group_barrier(nullptr);
  return true;
}
void never_called(const void *, const cpu_group_ctx &, uint64_t, uint64_t) { std::abort(); }
} // namespace

TEST(CpuSubGroupExecutor, HiddenCollectiveInWorkItemLoops) {
  kernel_state k;
  nd_launch l = make_launch(&never_called, k, 16, 8);
  l.group_loops = &loops_with_hidden_collective;
  errc code{};
  std::string what = error_of(l, &code);
  EXPECT_EQ(code, errc::kernel);
  EXPECT_EQ(what, "kernel 'SgKernel' reached a sub-group barrier (a sub-group collective) inside "
                  "a function the compiler could not see (a SYCL_EXTERNAL function of another "
                  "translation unit?): on the CPU such a kernel cannot run as work-item loops; "
                  "define the function in the kernel's translation unit");
}

// ---- through a queue: many work-groups on the thread pool -----------------------------

namespace {
class NonUniformKernel {};
class AfterErrorKernel {};
} // namespace

// The first group's error becomes the launch's asynchronous errc::kernel; no
// other pool thread dies of it (std::terminate), and the queue goes on.
TEST(CpuSubGroupQueue, NonUniformErrorIsAnAsynchronousError) {
  std::vector<std::string> errors;
  sycl::queue q([&](sycl::exception_list list) {
    for (auto &e : list) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception &x) {
        EXPECT_EQ(x.code(), errc::kernel);
        errors.push_back(x.what());
      }
  });
  // Lanes 0..2 of each sub-group run a collective, the others return.
  q.parallel_for<NonUniformKernel>(sycl::nd_range<1>(4096, 64), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) % __usycl_cpu_current_group->sub_group_width < 3)
      __usycl_cpu_sub_group_barrier(nullptr);
  });
  q.wait_and_throw();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("NonUniformKernel"), std::string::npos) << errors[0];
  EXPECT_NE(errors[0].find("the other"), std::string::npos) << errors[0];

  int *out = sycl::malloc_shared<int>(4096, q);
  q.parallel_for<AfterErrorKernel>(sycl::nd_range<1>(4096, 64), [=](sycl::nd_item<1> it) {
     __usycl_cpu_sub_group_barrier(nullptr);
     out[it.get_global_id(0)] = int(__usycl_cpu_current_group->sub_group_width);
   }).wait_and_throw();
  for (int i = 0; i < 4096; ++i) ASSERT_EQ(out[i], int(q.get_device().impl()->info().default_sub_group_size));
  sycl::free(out, q);
}

namespace {
class AssertBeforeCollectiveKernel {};
} // namespace

// A work-item stopped by a failed assert (docs/assert.md) cannot arrive at
// its sub-group's next collective: the sub-group goes on without it, the
// assert is the launch's only error, nothing hangs.
TEST(CpuSubGroupQueue, AssertBeforeACollective) {
  std::vector<std::pair<int, std::string>> errors;
  sycl::queue q([&](sycl::exception_list list) {
    for (auto &e : list) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception &x) {
        errors.emplace_back(x.code().value(), x.what());
      }
  });
  int *out = sycl::malloc_shared<int>(256, q);
  for (int i = 0; i < 256; ++i) out[i] = 0;
  q.parallel_for<AssertBeforeCollectiveKernel>(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> it) {
     const size_t i = it.get_global_id(0);
     if (i == 5 || i == 64) // lane 5 of sub-group 0, work-item 0 of group 1
       __assert_fail("i != 5 && i != 64", __FILE__, __LINE__, __func__);
     __usycl_cpu_sub_group_barrier(nullptr);
     out[i] = 1;
   }).wait_and_throw();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].first, int(errc::ext_oneapi_assert)) << errors[0].second;
  for (int i = 0; i < 256; ++i) EXPECT_EQ(out[i], i == 5 || i == 64 ? 0 : 1) << i;
  sycl::free(out, q);
}

namespace {
// A hierarchical kernel's group: one work-item, which may reach barriers
// and a sub-group collective. It runs on the calling thread's own stack.
const char *g_lone_frame = nullptr;
void lone_kernel(const void *object, const cpu_group_ctx &, uint64_t begin, uint64_t end) {
  auto &k = *static_cast<kernel_state *>(const_cast<void *>(object));
  // The frame's own address, not a local's: AddressSanitizer moves locals
  // whose address escapes onto a heap-allocated fake stack.
  g_lone_frame = static_cast<const char *>(__builtin_frame_address(0));
  for (uint64_t lid = begin; lid < end; ++lid) {
    __usycl_cpu_group_barrier();
    auto *block = static_cast<int64_t *>(__usycl_cpu_sub_group_block(0));
    k.blocks[0] = block;
    block[0] = 41;
    __usycl_cpu_sub_group_barrier(&sum_step);
    __usycl_cpu_group_barrier();
    k.out[lid] = *reinterpret_cast<int64_t *>(reinterpret_cast<char *>(block) + 64) + 1;
  }
}

// Group launchers (as the work-item-loop pass makes them) that record the
// group ids they ran, back to back.
std::vector<std::array<uint64_t, 3>> g_groups_run;
bool record_group(const void *, const cpu_group_ctx &g) {
  g_groups_run.push_back({g.group[0], g.group[1], g.group[2]});
  return true;
}
} // namespace

TEST(CpuSubGroupExecutor, OneWorkItemGroupRunsOnTheCallersStack) {
  kernel_state k;
  nd_launch l = make_launch(&lone_kernel, k, 1, 4);
  const char *caller = static_cast<const char *>(__builtin_frame_address(0));
  run(l);
  EXPECT_EQ(k.out[0], 42);
  // (A fiber's stack is an allocation of its own, far from this frame.)
  const std::ptrdiff_t distance = caller - g_lone_frame;
  EXPECT_GT(distance, 0);
  EXPECT_LT(distance, 64 * 1024) << "the work-item ran on another stack (a fiber)";
}

TEST(CpuSubGroupExecutor, ChunkOfGroupsBackToBack) {
  kernel_state k;
  nd_launch l = make_launch(&reduce_kernel, k, 8, 4);
  l.group_loops = &record_group;
  const uint64_t range[3] = {2, 3, 4};
  for (int d = 0; d < 3; ++d) l.group.group_range[d] = range[d];
  g_groups_run.clear();
  cpu_group_ctx group = l.group;
  group.group[0] = 0, group.group[1] = 2, group.group[2] = 3; // linear id 11
  usycl::rt::cpu::run_work_groups(l, group, 6);
  ASSERT_EQ(g_groups_run.size(), 6u);
  for (uint64_t i = 0; i < 6; ++i) {
    const uint64_t lin = 11 + i;
    EXPECT_EQ(g_groups_run[i], (std::array<uint64_t, 3>{lin / 12, lin / 4 % 3, lin % 4})) << i;
  }
  EXPECT_EQ(group.group[0], 1u); // the id after the last: 17
  EXPECT_EQ(group.group[1], 1u);
  EXPECT_EQ(group.group[2], 1u);
}

namespace {
int g_loops_asked = 0;
bool not_rewritten(const void *, const cpu_group_ctx &) {
  ++g_loops_asked;
  return false;
}
} // namespace

TEST(CpuSubGroupExecutor, ChunkOfUnrewrittenGroupsAsksOnce) {
  kernel_state k;
  k.rounds = 1;
  nd_launch l = make_launch(&reduce_kernel, k, 8, 4);
  l.group_loops = &not_rewritten;
  l.group.group_range[2] = 3;
  g_loops_asked = 0;
  cpu_group_ctx group = l.group;
  usycl::rt::cpu::run_work_groups(l, group, 3);
  EXPECT_EQ(g_loops_asked, 1) << "each group asked the launcher again";
  for (uint64_t lid = 0; lid < 8; ++lid) EXPECT_EQ(k.out[lid], expected_sum(k, lid)) << lid;
  // The id after the last of 3 (group ranges 1 x 1 x 3): {1, 0, 0}.
  EXPECT_EQ(group.group[0], 1u);
  EXPECT_EQ(group.group[1], 0u);
  EXPECT_EQ(group.group[2], 0u);
}
