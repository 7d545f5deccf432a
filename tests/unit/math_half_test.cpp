// Host unit tests for sycl::half. Built twice: with the native _Float16
// storage (default where supported) and with -DUSYCL_HALF_SOFTWARE (the
// portable fallback); both must give bit-identical IEEE binary16 results.
#include <sycl/half.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <type_traits>
#include <unordered_set>

// Distinct suite names for the two builds, so their ctest entries differ.
#ifdef USYCL_HALF_SOFTWARE
#define HALF_SUITE HalfSoftwareTest
#else
#define HALF_SUITE HalfTest
#endif

namespace {

using sycl::half;
using sycl::detail::half_from_bits;
using sycl::detail::half_to_bits;

// Independent reference: exact value of a binary16 bit pattern.
double ref_value(std::uint16_t b) {
  const int sign = (b >> 15) ? -1 : 1;
  const int exp = (b >> 10) & 0x1f;
  const int mant = b & 0x3ff;
  if (exp == 0x1f)
    return mant ? std::numeric_limits<double>::quiet_NaN()
                : sign * std::numeric_limits<double>::infinity();
  if (exp == 0)
    return sign * std::ldexp(static_cast<double>(mant), -24);
  return sign * std::ldexp(static_cast<double>(mant | 0x400), exp - 25);
}

// Independent reference for round-to-nearest-even double -> binary16, found
// by comparing against the neighbouring representable values.
std::uint16_t ref_round(double x) {
  if (std::isnan(x))
    return 0x7e00;
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double a = std::fabs(x);
  if (a >= 65520.0) // halfway between 65504 and the next binade: ties to inf
    return sign | 0x7c00;
  // binary search over the monotonic positive encodings 0..0x7bff
  std::uint16_t lo = 0, hi = 0x7bff;
  while (lo < hi) { // largest encoding with value <= a
    const std::uint16_t mid = static_cast<std::uint16_t>((lo + hi + 1) / 2);
    if (ref_value(mid) <= a)
      lo = mid;
    else
      hi = static_cast<std::uint16_t>(mid - 1);
  }
  std::uint16_t r = lo;
  if (ref_value(lo) != a) {
    const double up = lo == 0x7bff ? 65536.0 : ref_value(static_cast<std::uint16_t>(lo + 1));
    const double dl = a - ref_value(lo), du = up - a;
    if (du < dl || (du == dl && (lo & 1)))
      r = static_cast<std::uint16_t>(lo + 1);
  }
  return static_cast<std::uint16_t>(sign | r);
}

} // namespace

TEST(HALF_SUITE, LayoutAndTraits) {
  static_assert(sizeof(half) == 2);
  static_assert(alignof(half) == 2);
  static_assert(std::is_trivially_copyable_v<half>);
  static_assert(std::is_standard_layout_v<half>);
  static_assert(std::is_trivially_destructible_v<half>);
  struct kernel_like {
    char c;
    half h;
    half arr[3];
  };
  static_assert(sizeof(kernel_like) == 10 && alignof(kernel_like) == 2);
  half h(1.0f);
  std::uint16_t bits;
  std::memcpy(&bits, &h, 2);
  EXPECT_EQ(bits, 0x3c00u); // IEEE bits in memory, host == device layout
  EXPECT_EQ(half{}, half(0.0f)); // value-initialised is +0
  std::printf("half implementation: %s\n", USYCL_HALF_NATIVE ? "_Float16" : "software");
}

TEST(HALF_SUITE, ExhaustiveToFloatAndBack) {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const half h = half_from_bits(static_cast<std::uint16_t>(b));
    const float f = static_cast<float>(h);
    const double ref = ref_value(static_cast<std::uint16_t>(b));
    if (std::isnan(ref)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << b;
      ASSERT_TRUE(std::isnan(static_cast<float>(half(f)))) << std::hex << b;
      continue;
    }
    ASSERT_EQ(static_cast<double>(f), ref) << std::hex << b;
    ASSERT_EQ(std::signbit(f), (b & 0x8000) != 0) << std::hex << b;
    ASSERT_EQ(half_to_bits(half(f)), b) << std::hex << b;                       // float -> half
    ASSERT_EQ(half_to_bits(half(static_cast<double>(f))), b) << std::hex << b; // double -> half
  }
}

TEST(HALF_SUITE, RoundToNearestEvenFromFloatAndDouble) {
  // every midpoint between consecutive halves (ties), and just around them
  for (std::uint16_t b = 0; b < 0x7bff; ++b) {
    const double lo = ref_value(b), hi = ref_value(static_cast<std::uint16_t>(b + 1));
    const double mid = (lo + hi) / 2; // exact in double, and in float
    const std::uint16_t even = (b & 1) ? static_cast<std::uint16_t>(b + 1) : b;
    ASSERT_EQ(half_to_bits(half(static_cast<float>(mid))), even) << b;
    ASSERT_EQ(half_to_bits(half(-mid)), even | 0x8000) << b;
    // slightly above/below the midpoint (not representable in float: this
    // catches double rounding double -> float -> half)
    const double eps = (hi - lo) * std::ldexp(1.0, -40);
    ASSERT_EQ(half_to_bits(half(mid + eps)), b + 1) << b;
    ASSERT_EQ(half_to_bits(half(mid - eps)), b) << b;
  }
  // overflow boundary: 65504 is max; [65504, 65520) rounds down, 65520 -> inf
  EXPECT_EQ(half_to_bits(half(65519.0f)), 0x7bffu);
  EXPECT_EQ(half_to_bits(half(65520.0f)), 0x7c00u);
  EXPECT_EQ(half_to_bits(half(-1e10)), 0xfc00u);
  // underflow: 2^-25 is a tie between 0 and the smallest subnormal -> 0
  EXPECT_EQ(half_to_bits(half(std::ldexp(1.0f, -25))), 0x0000u);
  EXPECT_EQ(half_to_bits(half(std::ldexp(1.0, -25) * 1.0000001)), 0x0001u);
  EXPECT_EQ(half_to_bits(half(std::ldexp(3.0f, -25))), 0x0002u); // 1.5 ulp -> even 2
  EXPECT_EQ(half_to_bits(half(std::ldexp(3.0f, -26))), 0x0001u); // 0.75 ulp -> 1
  EXPECT_EQ(half_to_bits(half(-1e-30f)), 0x8000u);
  EXPECT_EQ(half_to_bits(half(std::numeric_limits<float>::infinity())), 0x7c00u);
  EXPECT_TRUE(std::isnan(static_cast<float>(half(std::numeric_limits<double>::quiet_NaN()))));

  std::mt19937 rng(7);
  std::uniform_int_distribution<std::uint32_t> dist;
  for (int i = 0; i < 200000; ++i) {
    // random floats concentrated in and around half's range
    std::uint32_t fb = dist(rng);
    fb = (fb & 0x807fffffu) | ((100u + (fb >> 23) % 60u) << 23);
    float f;
    std::memcpy(&f, &fb, 4);
    ASSERT_EQ(half_to_bits(half(f)), ref_round(f)) << f;
  }
}

TEST(HALF_SUITE, SoftwareConversionsMatchNative) {
  // The software conversion routines are always compiled; compare them with
  // the compiler's _Float16 where that exists.
#if defined(__FLT16_MANT_DIG__)
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t db = rng();
    db = (db & 0x800fffffffffffffull) | (static_cast<std::uint64_t>(990 + (db >> 52) % 60) << 52);
    double d;
    std::memcpy(&d, &db, 8);
    const _Float16 n = static_cast<_Float16>(d);
    std::uint16_t nb;
    std::memcpy(&nb, &n, 2);
    ASSERT_EQ(sycl::detail::double_to_half_bits(d), nb) << d;
    ASSERT_EQ(sycl::detail::half_bits_to_float(nb), static_cast<float>(n));
  }
#else
  GTEST_SKIP() << "no _Float16 in this compiler";
#endif
}

TEST(HALF_SUITE, FastFloatConversionMatchesCompiler) {
  // half(float) on an x86-64 host without F16C uses float_to_half_bits
  // instead of libgcc's call; it must round exactly as the compiler does,
  // over every binade, subnormals, the overflow edge and NaNs.
#if defined(__FLT16_MANT_DIG__)
  for (std::uint64_t u = 0; u < (std::uint64_t{1} << 32); u += 997) {
    const std::uint32_t fb = static_cast<std::uint32_t>(u);
    float f;
    std::memcpy(&f, &fb, 4);
    const _Float16 n = static_cast<_Float16>(f);
    std::uint16_t nb;
    std::memcpy(&nb, &n, 2);
    const std::uint16_t got = sycl::detail::float_to_half_bits(f);
    if (std::isnan(f)) {
      ASSERT_EQ(got & 0x7e00u, 0x7e00u) << "NaN must stay a quiet NaN: " << std::hex << fb;
      ASSERT_EQ(got & 0x8000u, nb & 0x8000u);
    } else {
      ASSERT_EQ(got, nb) << std::hex << fb;
    }
  }
  for (float f : {65519.99f, 65520.0f, 65504.0f, 6.1035156e-05f, 6.1035149e-05f, 5.9604645e-08f,
                  2.9802322e-08f, 2.9802326e-08f, -0.0f}) {
    const _Float16 n = static_cast<_Float16>(f);
    std::uint16_t nb;
    std::memcpy(&nb, &n, 2);
    ASSERT_EQ(sycl::detail::float_to_half_bits(f), nb) << f;
    ASSERT_EQ(half_to_bits(half(f)), nb) << f;
  }
#else
  GTEST_SKIP() << "no _Float16 in this compiler";
#endif
}

TEST(HALF_SUITE, ArithmeticIsCorrectlyRounded) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> dist(0, 0x7bff);
  for (int i = 0; i < 100000; ++i) {
    const auto ab = static_cast<std::uint16_t>(dist(rng) | ((i & 1) << 15));
    const auto bb = static_cast<std::uint16_t>(dist(rng) | ((i & 2) << 14));
    const half a = half_from_bits(ab), b = half_from_bits(bb);
    const double x = ref_value(ab), y = ref_value(bb);
    // double holds a +-*/ of two halves closely enough that rounding it
    // to half is the correctly rounded result
    ASSERT_EQ(half_to_bits(a + b), ref_round(x + y));
    ASSERT_EQ(half_to_bits(a - b), ref_round(x - y));
    ASSERT_EQ(half_to_bits(a * b), ref_round(x * y));
    if (y != 0) {
      ASSERT_EQ(half_to_bits(a / b), ref_round(x / y)) << x << " / " << y;
    }
  }
}

TEST(HALF_SUITE, OperatorsAndMixedTypes) {
  half a(1.5f), b(0.25f);
  static_assert(std::is_same_v<decltype(a + b), half>);
  static_assert(std::is_same_v<decltype(a + 1.0f), float>);
  static_assert(std::is_same_v<decltype(1.0f * a), float>);
  static_assert(std::is_same_v<decltype(a - 1.0), double>);
  static_assert(std::is_same_v<decltype(a / 2), half>);
  static_assert(std::is_same_v<decltype(2 * a), half>);
  EXPECT_EQ(a + b, half(1.75f));
  EXPECT_EQ(a - b, 1.25f);
  EXPECT_EQ(a * 2, half(3.0f));
  EXPECT_EQ(3 - a, 1.5);
  EXPECT_EQ(a / b, 6);
  EXPECT_EQ(-a, half(-1.5f));
  EXPECT_TRUE(a > b);
  EXPECT_TRUE(b <= 0.25f);
  EXPECT_TRUE(a != b);
  EXPECT_TRUE(1 < a);
  half c = a;
  c += b;
  EXPECT_EQ(c, 1.75f);
  c *= 2.0f;
  EXPECT_EQ(c, 3.5f);
  c -= 1;
  EXPECT_EQ(c, 2.5f);
  c /= half(0.5f);
  EXPECT_EQ(c, 5.0f);
  EXPECT_EQ(c++, 5.0f);
  EXPECT_EQ(c, 6.0f);
  EXPECT_EQ(--c, 5.0f);
  const half nan = std::numeric_limits<half>::quiet_NaN();
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(nan != nan);
  EXPECT_FALSE(nan < a);
  EXPECT_EQ(half(0.0f), half(-0.0f));
  EXPECT_EQ(static_cast<int>(half(3.75f)), 3);
  EXPECT_EQ(half(2049), half(2048.0f)); // integers round to nearest even
  EXPECT_EQ(half(2051u), half(2052.0f));
  EXPECT_EQ(half(100000LL), std::numeric_limits<half>::infinity());
  float f = half(0.1f);
  EXPECT_EQ(f, 0.0999755859375f);
  double d = half(0.1f);
  EXPECT_EQ(d, 0.0999755859375);
}

TEST(HALF_SUITE, NumericLimits) {
  using L = std::numeric_limits<half>;
  static_assert(L::is_specialized && L::is_iec559 && L::has_infinity && L::has_quiet_NaN);
  static_assert(L::digits == 11 && L::max_exponent == 16 && L::min_exponent == -13);
  EXPECT_EQ(static_cast<float>(L::max()), 65504.0f);
  EXPECT_EQ(static_cast<float>(L::lowest()), -65504.0f);
  EXPECT_EQ(static_cast<float>(L::min()), 6.103515625e-05f);
  EXPECT_EQ(static_cast<float>(L::epsilon()), 0.0009765625f);
  EXPECT_EQ(static_cast<float>(L::round_error()), 0.5f);
  EXPECT_EQ(static_cast<float>(L::denorm_min()), 5.9604644775390625e-08f);
  EXPECT_TRUE(std::isinf(static_cast<float>(L::infinity())));
  EXPECT_TRUE(std::isnan(static_cast<float>(L::quiet_NaN())));
  EXPECT_TRUE(std::isnan(static_cast<float>(L::signaling_NaN())));
  EXPECT_EQ(half(1.0f) + L::epsilon(), half(1.0009765625f));
  EXPECT_NE(half(1.0f) + L::epsilon(), half(1.0f));
}

TEST(HALF_SUITE, ConstexprAndHash) {
  constexpr half c(1.5f);
  static_assert(static_cast<float>(c) == 1.5f);
  constexpr half m = std::numeric_limits<half>::max();
  static_assert(static_cast<float>(m) == 65504.0f);
  static_assert(sycl::detail::half_to_bits(half(-2.0f)) == 0xc000);
  std::hash<half> h;
  EXPECT_EQ(h(half(0.0f)), h(half(-0.0f)));
  EXPECT_NE(h(half(1.0f)), h(half(2.0f)));
  std::unordered_set<half> s{half(1.0f), half(2.0f), half(1.0f)};
  EXPECT_EQ(s.size(), 2u);
  std::ostringstream os;
  os << half(2.5f);
  EXPECT_EQ(os.str(), "2.5");
  std::istringstream is("0.75");
  half r;
  is >> r;
  EXPECT_EQ(r, 0.75f);
}
