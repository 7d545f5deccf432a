// Host unit tests for sycl::atomic_ref / sycl::atomic_fence, with std::thread
// contention (the host path is what the CPU backend's work-items use).
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

using sycl::memory_order;
using sycl::memory_scope;
namespace as = sycl::access;

namespace {
constexpr int kThreads = 8;
constexpr int kIters = 20000;

template <class F> void run_threads(F f) {
  std::vector<std::thread> ts;
  for (int t = 0; t < kThreads; ++t)
    ts.emplace_back(f, t);
  for (auto &t : ts)
    t.join();
}
} // namespace

TEST(AtomicRefTest, EnumsAndTraits) {
  static_assert(static_cast<int>(memory_order::relaxed) == 0);
  static_assert(static_cast<int>(memory_order::acquire) == 1);
  static_assert(static_cast<int>(memory_order::release) == 3);
  static_assert(static_cast<int>(memory_order::acq_rel) == 4);
  static_assert(static_cast<int>(memory_order::seq_cst) == 5);
  static_assert(static_cast<int>(memory_scope::work_item) == 0);
  static_assert(static_cast<int>(memory_scope::system) == 4);
  static_assert(sycl::memory_order_acq_rel == memory_order::acq_rel);
  static_assert(sycl::memory_scope_device == memory_scope::device);
  static_assert(static_cast<int>(as::address_space::generic_space) == 6);

  using R = sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::device>;
  static_assert(R::default_read_order == memory_order::acquire);
  static_assert(R::default_write_order == memory_order::release);
  static_assert(R::default_read_modify_write_order == memory_order::acq_rel);
  static_assert(R::default_scope == memory_scope::device);
  static_assert(R::is_always_lock_free);
  static_assert(R::required_alignment == 4);
  static_assert(std::is_same_v<R::value_type, int>);
  static_assert(std::is_same_v<R::difference_type, int>);
  using P = sycl::atomic_ref<double *, memory_order::seq_cst, memory_scope::system,
                             as::address_space::global_space>;
  static_assert(P::default_read_order == memory_order::seq_cst);
  static_assert(std::is_same_v<P::difference_type, std::ptrdiff_t>);
  static_assert(P::required_alignment == sizeof(void *));
  static_assert(sizeof(R) == sizeof(void *));
  static_assert(std::is_trivially_copyable_v<R>);
  int x = 0;
  EXPECT_TRUE(R(x).is_lock_free());
  static_assert(!std::is_copy_assignable_v<R>);
}

template <class T> class AtomicIntTest : public ::testing::Test {};
using IntTypes = ::testing::Types<int, unsigned int, long, unsigned long, long long,
                                  unsigned long long>;
TYPED_TEST_SUITE(AtomicIntTest, IntTypes);

TYPED_TEST(AtomicIntTest, ContendedArithmeticAndBitwise) {
  using T = TypeParam;
  T counter = 0, sub = static_cast<T>(kThreads * kIters * 3), bits = 0, mx = 0;
  T mn = static_cast<T>(1000000);
  run_threads([&](int t) {
    sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> c(counter);
    sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::work_group,
                     as::address_space::global_space>
        s(sub);
    sycl::atomic_ref<T, memory_order::seq_cst, memory_scope::system> b(bits);
    sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> amx(mx), amn(mn);
    for (int i = 0; i < kIters; ++i) {
      c.fetch_add(1);
      c++;
      ++c;
      c += 2;
      c -= 1; // net +4 per iteration
      s.fetch_sub(2);
      s -= 1;
      amx.fetch_max(static_cast<T>(t * kIters + i));
      amn.fetch_min(static_cast<T>(1000 + t * kIters + i));
    }
    b.fetch_or(static_cast<T>(T(1) << t));
    b ^= static_cast<T>(T(1) << (t + 16));
  });
  EXPECT_EQ(counter, static_cast<T>(kThreads * kIters * 4));
  EXPECT_EQ(sub, T(0));
  EXPECT_EQ(bits, static_cast<T>(0xff00ff));
  EXPECT_EQ(mx, static_cast<T>(kThreads * kIters - 1));
  EXPECT_EQ(mn, static_cast<T>(1000));
  sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> b(bits);
  EXPECT_EQ(b.fetch_and(static_cast<T>(0xff)), static_cast<T>(0xff00ff));
  EXPECT_EQ(b.load(), static_cast<T>(0xff));
  EXPECT_EQ(b &= static_cast<T>(0x0f), static_cast<T>(0x0f));
  EXPECT_EQ(b |= static_cast<T>(0x30), static_cast<T>(0x3f));
}

TEST(AtomicRefTest, SignedMinMaxAndWrap) {
  int v = -5;
  sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device> a(v);
  EXPECT_EQ(a.fetch_min(-10), -5);
  EXPECT_EQ(a.fetch_max(3), -10);
  EXPECT_EQ(a.load(), 3);
  unsigned u = 0;
  sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::device> au(u);
  EXPECT_EQ(au.fetch_sub(1u), 0u);
  EXPECT_EQ(au.load(), 0xffffffffu);
  EXPECT_EQ(au.fetch_max(5u), 0xffffffffu); // unsigned compare
  EXPECT_EQ(au.load(), 0xffffffffu);
  long long big = LLONG_MAX;
  sycl::atomic_ref<long long, memory_order::relaxed, memory_scope::device> ab(big);
  ab.fetch_add(1); // wraps (two's complement) instead of UB
  EXPECT_EQ(big, LLONG_MIN);
}

template <class T> class AtomicFloatTest : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AtomicFloatTest, FloatTypes);

TYPED_TEST(AtomicFloatTest, ContendedAddMinMax) {
  using T = TypeParam;
  T sum = 0, mx = -1, mn = 1e9;
  run_threads([&](int t) {
    sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> s(sum);
    sycl::atomic_ref<T, memory_order::seq_cst, memory_scope::system> amx(mx), amn(mn);
    for (int i = 0; i < kIters; ++i) {
      s.fetch_add(T(1.5)); // exact in binary for these counts
      s -= T(0.5);
      amx.fetch_max(static_cast<T>(t * kIters + i) * T(0.5));
      amn.fetch_min(static_cast<T>(t + i) + T(0.25));
    }
  });
  EXPECT_EQ(sum, static_cast<T>(kThreads * kIters));
  EXPECT_EQ(mx, static_cast<T>(kThreads * kIters - 1) * T(0.5));
  EXPECT_EQ(mn, T(0.25));
  sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::work_group> a(sum);
  EXPECT_EQ(a.exchange(T(2)), static_cast<T>(kThreads * kIters));
  EXPECT_EQ(a += T(0.5), T(2.5));
  EXPECT_EQ(a -= T(1), T(1.5));
  T expected = T(7);
  EXPECT_FALSE(a.compare_exchange_strong(expected, T(9)));
  EXPECT_EQ(expected, T(1.5));
  EXPECT_TRUE(a.compare_exchange_strong(expected, T(9)));
  EXPECT_EQ(static_cast<T>(a), T(9));
  a = T(-4);
  EXPECT_EQ(a.load(memory_order::seq_cst), T(-4));
}

TEST(AtomicRefTest, CompareExchangeSpinLockProtectsPlainData) {
  int lock = 0;
  long long plain = 0; // non-atomic, protected by the lock
  run_threads([&](int) {
    sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::device> l(lock);
    for (int i = 0; i < kIters / 4; ++i) {
      int expected = 0;
      while (!l.compare_exchange_weak(expected, 1, memory_order::acquire,
                                      memory_order::relaxed)) {
        expected = 0;
        std::this_thread::yield();
      }
      plain = plain + 1;
      l.store(0, memory_order::release);
    }
  });
  EXPECT_EQ(plain, kThreads * (kIters / 4));
}

TEST(AtomicRefTest, ReleaseAcquireMessagePassingWithFences) {
  for (int round = 0; round < 200; ++round) {
    int data = 0, flag = 0;
    std::thread producer([&] {
      data = 42;
      sycl::atomic_fence(memory_order::release, memory_scope::device);
      sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(flag).store(1);
    });
    std::thread consumer([&] {
      sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device> f(flag);
      while (f.load() == 0)
        std::this_thread::yield();
      sycl::atomic_fence(memory_order::acquire, memory_scope::device);
      EXPECT_EQ(data, 42);
    });
    producer.join();
    consumer.join();
  }
}

TEST(AtomicRefTest, Pointers) {
  int arr[kThreads * kIters + 16] = {};
  int *p = arr;
  run_threads([&](int) {
    sycl::atomic_ref<int *, memory_order::relaxed, memory_scope::device> ap(p);
    for (int i = 0; i < kIters; ++i)
      ap++;
  });
  EXPECT_EQ(p, arr + kThreads * kIters);
  sycl::atomic_ref<int *, memory_order::seq_cst, memory_scope::system> ap(p);
  EXPECT_EQ(ap.fetch_sub(kThreads * kIters), arr + kThreads * kIters);
  EXPECT_EQ(ap.fetch_add(3), arr);
  EXPECT_EQ(ap += 2, arr + 5);
  EXPECT_EQ(--ap, arr + 4);
  EXPECT_EQ(ap.exchange(arr + 10), arr + 4);
  int *e = arr;
  EXPECT_FALSE(ap.compare_exchange_strong(e, arr + 1));
  EXPECT_EQ(e, arr + 10);
  EXPECT_EQ(ap.load(), arr + 10);
}

TEST(AtomicRefTest, ExplicitOrdersAndScopesAreAccepted) {
  long v = 0;
  sycl::atomic_ref<long, memory_order::relaxed, memory_scope::work_item> a(v);
  for (auto o : {memory_order::relaxed, memory_order::acquire, memory_order::release,
                 memory_order::acq_rel, memory_order::seq_cst})
    for (auto s : {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group,
                   memory_scope::device, memory_scope::system}) {
      a.fetch_add(1, o, s);
      a.store(a.load(o, s), o, s);
      long e = a.load();
      EXPECT_TRUE(a.compare_exchange_strong(e, e + 1, o, s));
      sycl::atomic_fence(o, s);
    }
  EXPECT_EQ(v, 50);
}
