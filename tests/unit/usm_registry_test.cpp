// Unit tests of runtime/usm_registry: the table of live USM allocations that
// backs pointer checks (errc::invalid for another context's memory),
// get_pointer_type and sycl::free.
#include "check_mode.hpp"
#include "usm_registry.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

using namespace usycl::rt;

namespace {

// Fake owners: the registry only stores the pointers.
sycl::detail::context_impl *ctx(uintptr_t n) {
  return reinterpret_cast<sycl::detail::context_impl *>(n * 64);
}
sycl::detail::device_impl *dev(uintptr_t n) {
  return reinterpret_cast<sycl::detail::device_impl *>(n * 64);
}

// Every test works on its own memory so the process-wide registry cannot
// confuse allocations of different tests.
struct arena {
  std::unique_ptr<char[]> mem{new char[4096]};
  char *at(size_t off) { return mem.get() + off; }
};

} // namespace

TEST(UsmRegistry, SingletonIsStable) {
  EXPECT_EQ(&usm_registry::get(), &usm_registry::get());
}

TEST(UsmRegistry, AddFindRemove) {
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(0), 256, usm_kind::device, ctx(1), dev(2)});

  auto found = r.find(a.at(0));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->base, a.at(0));
  EXPECT_EQ(found->bytes, 256u);
  EXPECT_EQ(found->kind, usm_kind::device);
  EXPECT_EQ(found->context, ctx(1));
  EXPECT_EQ(found->device, dev(2));

  auto removed = r.remove(a.at(0));
  ASSERT_TRUE(removed.has_value());
  EXPECT_EQ(removed->bytes, 256u);
  EXPECT_FALSE(r.find(a.at(0)).has_value());
  EXPECT_FALSE(r.remove(a.at(0)).has_value()) << "double remove must report absence";
}

TEST(UsmRegistry, InteriorPointersResolveToTheirAllocation) {
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(64), 100, usm_kind::shared, ctx(3), dev(3)});

  EXPECT_FALSE(r.find(a.at(63)).has_value()) << "byte before the allocation";
  ASSERT_TRUE(r.find(a.at(64)).has_value());
  ASSERT_TRUE(r.find(a.at(64 + 50)).has_value());
  EXPECT_EQ(r.find(a.at(64 + 50))->base, a.at(64));
  ASSERT_TRUE(r.find(a.at(64 + 99)).has_value()) << "last byte";
  EXPECT_FALSE(r.find(a.at(64 + 100)).has_value()) << "one past the end";
  r.remove(a.at(64));
}

TEST(UsmRegistry, AdjacentAllocationsAreDistinguished) {
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(0), 128, usm_kind::host, ctx(1), nullptr});
  r.add({a.at(128), 128, usm_kind::device, ctx(2), dev(2)});
  r.add({a.at(512), 8, usm_kind::shared, ctx(3), dev(3)});

  EXPECT_EQ(r.find(a.at(127))->context, ctx(1));
  EXPECT_EQ(r.find(a.at(127))->kind, usm_kind::host);
  EXPECT_EQ(r.find(a.at(128))->context, ctx(2));
  EXPECT_EQ(r.find(a.at(255))->context, ctx(2));
  EXPECT_FALSE(r.find(a.at(256)).has_value()) << "gap between allocations";
  EXPECT_FALSE(r.find(a.at(511)).has_value());
  EXPECT_EQ(r.find(a.at(515))->context, ctx(3));

  // Removing the middle one leaves its neighbours intact.
  ASSERT_TRUE(r.remove(a.at(128)).has_value());
  EXPECT_FALSE(r.find(a.at(130)).has_value());
  EXPECT_TRUE(r.find(a.at(0)).has_value());
  EXPECT_TRUE(r.find(a.at(512)).has_value());
  r.remove(a.at(0));
  r.remove(a.at(512));
}

TEST(UsmRegistry, RemoveByInteriorPointerDoesNothing) {
  // sycl::free takes the base pointer; an interior pointer must not free.
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(0), 64, usm_kind::device, ctx(1), dev(1)});
  EXPECT_FALSE(r.remove(a.at(8)).has_value());
  EXPECT_TRUE(r.find(a.at(0)).has_value());
  r.remove(a.at(0));
}

TEST(UsmRegistry, ZeroByteAllocationIsFoundAtItsBase) {
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(32), 0, usm_kind::host, ctx(9), nullptr});
  ASSERT_TRUE(r.find(a.at(32)).has_value());
  EXPECT_FALSE(r.find(a.at(33)).has_value());
  r.remove(a.at(32));
}

TEST(UsmRegistry, UnknownPointersAreNotFound) {
  int on_stack = 0;
  EXPECT_FALSE(usm_registry::get().find(&on_stack).has_value());
  EXPECT_FALSE(usm_registry::get().find(nullptr).has_value());
  EXPECT_FALSE(usm_registry::get().remove(&on_stack).has_value());
}

TEST(UsmRegistry, ReAddAfterRemoveUsesNewOwner) {
  arena a;
  auto &r = usm_registry::get();
  r.add({a.at(0), 16, usm_kind::device, ctx(1), dev(1)});
  r.remove(a.at(0));
  r.add({a.at(0), 32, usm_kind::shared, ctx(2), dev(2)});
  auto f = r.find(a.at(20));
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->context, ctx(2));
  EXPECT_EQ(f->kind, usm_kind::shared);
  r.remove(a.at(0));
}

TEST(UsmRegistry, ConcurrentAddFindRemove) {
  constexpr int threads = 4, per_thread = 2000;
  std::vector<std::unique_ptr<char[]>> mem;
  for (int t = 0; t < threads; ++t) mem.emplace_back(new char[per_thread * 16]);
  std::atomic<int> wrong{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      auto &r = usm_registry::get();
      char *base = mem[t].get();
      for (int i = 0; i < per_thread; ++i)
        r.add({base + i * 16, 16, usm_kind::device, ctx(t + 1), dev(t + 1)});
      for (int i = 0; i < per_thread; ++i) {
        auto f = r.find(base + i * 16 + 7);
        if (!f || f->context != ctx(t + 1) || f->base != base + i * 16) ++wrong;
      }
      for (int i = 0; i < per_thread; ++i)
        if (!r.remove(base + i * 16)) ++wrong;
    });
  for (auto &th : pool) th.join();
  EXPECT_EQ(wrong.load(), 0);
  for (int t = 0; t < threads; ++t)
    EXPECT_FALSE(usm_registry::get().find(mem[t].get()).has_value());
}

// ---- retired (freed) allocations: USYCL_CHECK=1's quarantine (issue 19.7)

TEST(UsmRegistryRetired, FreedRangesAreFoundUntilEvicted) {
  arena a;
  auto &r = usm_registry::get();
  r.release_retired();
  r.set_retire_limits(usm_registry::default_retire_bytes, usm_registry::default_retire_count);
  r.add({a.at(0), 256, usm_kind::device, ctx(1), dev(1)});
  auto removed = r.remove(a.at(0));
  ASSERT_TRUE(removed.has_value());
  EXPECT_TRUE(r.retire(*removed).empty()) << "one small block fits the quarantine";
  EXPECT_TRUE(r.has_retired());
  EXPECT_FALSE(r.find(a.at(10)).has_value()) << "a freed range is not live";
  auto freed = r.find_freed(a.at(255));
  ASSERT_TRUE(freed.has_value()) << "last byte of the freed range";
  EXPECT_EQ(freed->base, a.at(0));
  EXPECT_EQ(freed->bytes, 256u);
  EXPECT_FALSE(r.find_freed(a.at(256)).has_value()) << "one past the end";
  auto l = r.lookup(a.at(100));
  EXPECT_FALSE(l.live.has_value());
  ASSERT_TRUE(l.freed.has_value());
  EXPECT_EQ(l.freed->context, ctx(1));

  auto all = r.release_retired();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].base, a.at(0));
  EXPECT_FALSE(r.has_retired());
  EXPECT_FALSE(r.find_freed(a.at(0)).has_value());
}

TEST(UsmRegistryRetired, NewerAllocationOverRetiredRangeIsLive) {
  arena a;
  auto &r = usm_registry::get();
  r.release_retired();
  r.retire({a.at(0), 512, usm_kind::device, ctx(1), dev(1)});
  // A live allocation over (part of) the range: it is that allocation's.
  r.add({a.at(128), 64, usm_kind::shared, ctx(2), dev(2)});
  auto l = r.lookup(a.at(130));
  ASSERT_TRUE(l.live.has_value());
  EXPECT_EQ(l.live->context, ctx(2));
  EXPECT_FALSE(l.freed.has_value());
  EXPECT_FALSE(r.find_freed(a.at(0)).has_value()) << "the overlapped retired range is forgotten";
  r.remove(a.at(128));
  EXPECT_TRUE(r.release_retired().empty());
}

TEST(UsmRegistryRetired, QuarantineEvictsOldestByBytesKeepingTheNewest) {
  arena a;
  auto &r = usm_registry::get();
  r.release_retired();
  r.set_retire_limits(1000, 100);
  EXPECT_TRUE(r.retire({a.at(0), 400, usm_kind::device, ctx(1), dev(1)}).empty());
  EXPECT_TRUE(r.retire({a.at(400), 400, usm_kind::device, ctx(1), dev(1)}).empty());
  auto out = r.retire({a.at(800), 400, usm_kind::device, ctx(1), dev(1)});
  ASSERT_EQ(out.size(), 1u) << "1200 bytes > 1000: the oldest goes";
  EXPECT_EQ(out[0].base, a.at(0));
  EXPECT_FALSE(r.find_freed(a.at(0)).has_value()) << "an evicted range is forgotten";
  EXPECT_TRUE(r.find_freed(a.at(400)).has_value());
  // One block larger than the whole quarantine evicts the rest and stays.
  out = r.retire({a.at(1200), 2000, usm_kind::host, ctx(1), nullptr});
  EXPECT_EQ(out.size(), 2u);
  EXPECT_TRUE(r.find_freed(a.at(3000)).has_value());
  EXPECT_EQ(r.release_retired().size(), 1u);
  r.set_retire_limits(usm_registry::default_retire_bytes, usm_registry::default_retire_count);
}

TEST(UsmRegistryRetired, QuarantineEvictsOldestByCount) {
  arena a;
  auto &r = usm_registry::get();
  r.release_retired();
  r.set_retire_limits(1 << 20, 3);
  std::vector<const void *> evicted;
  for (int i = 0; i < 5; ++i)
    for (const auto &e : r.retire({a.at(i * 16), 16, usm_kind::device, ctx(1), dev(1)}))
      evicted.push_back(e.base);
  ASSERT_EQ(evicted.size(), 2u);
  EXPECT_EQ(evicted[0], a.at(0));
  EXPECT_EQ(evicted[1], a.at(16));
  EXPECT_EQ(r.release_retired().size(), 3u);
  r.set_retire_limits(usm_registry::default_retire_bytes, usm_registry::default_retire_count);
}

TEST(CheckMode, ParsesUsyclCheck) {
  EXPECT_EQ(parse_check(nullptr), 0);
  EXPECT_EQ(parse_check(""), 0);
  EXPECT_EQ(parse_check("0"), 0);
  EXPECT_EQ(parse_check("1"), 1);
  EXPECT_EQ(parse_check("yes"), -1);
}
