// 64-bit mul_hi and mad_sat as a target without __int128 computes them (the
// SPIR-V device pass: sycl/detail/math_scalar.hpp assembles the 128-bit
// product from 32-bit halves), checked against __int128 products.
#undef __SIZEOF_INT128__ // before any include: the headers take the portable path
#include <sycl/math.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>

namespace {

TEST(MathNoInt128, WideProductsMatchInt128) {
  const std::int64_t special[] = {0,
                                  1,
                                  -1,
                                  std::numeric_limits<std::int64_t>::max(),
                                  std::numeric_limits<std::int64_t>::min(),
                                  std::numeric_limits<std::int64_t>::max() - 1,
                                  std::numeric_limits<std::int64_t>::min() + 1,
                                  std::int64_t(1) << 32,
                                  -(std::int64_t(1) << 32),
                                  3037000499,
                                  -3037000500};
  std::mt19937_64 gen(20261127);
  auto pick = [&](int i) -> std::uint64_t {
    switch (i % 3) {
    case 0: return std::uint64_t(special[gen() % std::size(special)]);
    case 1: return gen();
    default: return gen() >> (gen() % 64);
    }
  };
  const __int128 smin = std::numeric_limits<std::int64_t>::min();
  const __int128 smax = std::numeric_limits<std::int64_t>::max();
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t ua = pick(i), ub = pick(i + 1), uc = pick(i + 2);
    const std::int64_t a = std::int64_t(ua), b = std::int64_t(ub), c = std::int64_t(uc);
    const __int128 p = __int128(a) * b;
    ASSERT_EQ(sycl::mul_hi(a, b), std::int64_t(p >> 64)) << a << " " << b;
    const __int128 m = p + c;
    ASSERT_EQ(sycl::mad_sat(a, b, c), std::int64_t(m < smin ? smin : (m > smax ? smax : m)))
        << a << " " << b << " " << c;
    const unsigned __int128 up = static_cast<unsigned __int128>(ua) * ub;
    ASSERT_EQ(sycl::mul_hi(ua, ub), std::uint64_t(up >> 64)) << ua << " " << ub;
    const unsigned __int128 um = up + uc;
    ASSERT_EQ(sycl::mad_sat(ua, ub, uc),
              um > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                             : std::uint64_t(um))
        << ua << " " << ub << " " << uc;
  }
}

} // namespace
