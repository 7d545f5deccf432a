// Unit tests of runtime/usm_registry: the table of live USM allocations that
// backs pointer checks (errc::invalid for another context's memory),
// get_pointer_type and sycl::free.
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
