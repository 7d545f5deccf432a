// Host unit tests for <sycl/math.hpp>: math, native, integer, common,
// geometric and relational built-ins for float, double, half, vec and marray.
#include <sycl/math.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

// Distance in units in the last place between two floats/doubles.
template <class F> std::int64_t ulp_diff(F a, F b) {
  if (std::isnan(a) && std::isnan(b))
    return 0;
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<std::int64_t>::max();
  if (a == b)
    return 0;
  using I = std::conditional_t<sizeof(F) == 4, std::int32_t, std::int64_t>;
  auto key = [](F v) {
    I i = sycl::bit_cast<I>(v);
    return i < 0 ? static_cast<std::int64_t>(std::numeric_limits<I>::min()) - i
                 : static_cast<std::int64_t>(i);
  };
  const std::int64_t d = key(a) - key(b);
  return d < 0 ? -d : d;
}

#define EXPECT_ULP(a, b, n)                                                              \
  EXPECT_LE(ulp_diff(a, b), (n)) << #a " = " << (a) << " vs " << (b)

const std::vector<float> kArgs = {-3.75f, -1.0f,  -0.5f, -0.25f, -0.0f,  0.0f,   0.1f,
                                  0.5f,   0.75f,  1.0f,  1.5f,   2.0f,   3.0f,   7.25f,
                                  10.0f,  100.5f, 1e-3f, 1e-30f, 12345.f, -99.9f};

} // namespace

// ---------------------------------------------------------------------------
// Functions that map 1:1 to <cmath> on the host (the wiring must be right).
#define UNARY_CASE(NAME, REF)                                                            \
  for (float x : kArgs) {                                                                \
    EXPECT_ULP(sycl::NAME(x), static_cast<float>(REF(static_cast<double>(x))), 2) << x;  \
    EXPECT_ULP(sycl::NAME(static_cast<double>(x)), REF(static_cast<double>(x)), 2) << x;  \
  }

TEST(MathTest, UnaryMatchesCmath) {
  UNARY_CASE(acos, std::acos)
  UNARY_CASE(acosh, std::acosh)
  UNARY_CASE(asin, std::asin)
  UNARY_CASE(asinh, std::asinh)
  UNARY_CASE(atan, std::atan)
  UNARY_CASE(atanh, std::atanh)
  UNARY_CASE(cbrt, std::cbrt)
  UNARY_CASE(ceil, std::ceil)
  UNARY_CASE(cos, std::cos)
  UNARY_CASE(cosh, std::cosh)
  UNARY_CASE(erf, std::erf)
  UNARY_CASE(erfc, std::erfc)
  UNARY_CASE(exp, std::exp)
  UNARY_CASE(exp2, std::exp2)
  UNARY_CASE(expm1, std::expm1)
  UNARY_CASE(fabs, std::fabs)
  UNARY_CASE(floor, std::floor)
  UNARY_CASE(log, std::log)
  UNARY_CASE(log2, std::log2)
  UNARY_CASE(log10, std::log10)
  UNARY_CASE(log1p, std::log1p)
  UNARY_CASE(logb, std::logb)
  UNARY_CASE(rint, std::rint)
  UNARY_CASE(round, std::round)
  UNARY_CASE(sin, std::sin)
  UNARY_CASE(sinh, std::sinh)
  UNARY_CASE(sqrt, std::sqrt)
  UNARY_CASE(tan, std::tan)
  UNARY_CASE(tanh, std::tanh)
  UNARY_CASE(trunc, std::trunc)
  UNARY_CASE(tgamma, std::tgamma)
  UNARY_CASE(lgamma, std::lgamma)
}

TEST(MathTest, DerivedUnary) {
  const double pi = 3.14159265358979323846;
  for (float x : kArgs) {
    const double d = x;
    EXPECT_ULP(sycl::rsqrt(x), static_cast<float>(1.0 / std::sqrt(d)), 2) << x;
    EXPECT_ULP(sycl::exp10(x), static_cast<float>(std::pow(10.0, d)), 2) << x;
    EXPECT_ULP(sycl::exp10(d), std::pow(10.0, d), 2) << x;
    EXPECT_ULP(sycl::acospi(x), static_cast<float>(std::acos(d) / pi), 2) << x;
    EXPECT_ULP(sycl::asinpi(x), static_cast<float>(std::asin(d) / pi), 2) << x;
    EXPECT_ULP(sycl::atanpi(x), static_cast<float>(std::atan(d) / pi), 2) << x;
    EXPECT_ULP(sycl::acospi(d), std::acos(d) / pi, 3) << x;
    // the reference sin(pi * x) is itself inexact near the zeros: absolute bound
    EXPECT_NEAR(sycl::sinpi(x), std::sin(pi * d), 2e-7 * (1 + std::fabs(d))) << x;
    EXPECT_NEAR(sycl::cospi(x), std::cos(pi * d), 2e-7 * (1 + std::fabs(d))) << x;
    EXPECT_NEAR(sycl::sinpi(d), std::sin(pi * d), 1e-15 * (1 + std::fabs(d))) << x;
  }
  // exact points of the pi functions
  EXPECT_EQ(sycl::sinpi(1.0f), 0.0f);
  EXPECT_EQ(sycl::sinpi(0.5f), 1.0f);
  EXPECT_EQ(sycl::sinpi(-0.5f), -1.0f);
  EXPECT_EQ(sycl::sinpi(1.5), -1.0);
  EXPECT_TRUE(std::signbit(sycl::sinpi(-0.0f)));
  EXPECT_EQ(sycl::cospi(0.5f), 0.0f);
  EXPECT_EQ(sycl::cospi(1.0f), -1.0f);
  EXPECT_EQ(sycl::cospi(2.0), 1.0);
  EXPECT_EQ(sycl::sinpi(1e8f), 0.0f); // huge arguments reduce exactly
  EXPECT_EQ(sycl::cospi(1e8f), 1.0f);
  EXPECT_EQ(sycl::tanpi(0.25f), 1.0f);
  EXPECT_EQ(sycl::tanpi(0.5f), std::numeric_limits<float>::infinity());
  EXPECT_EQ(sycl::tanpi(1.5f), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(sycl::sinpi(std::numeric_limits<float>::infinity())));
}

TEST(MathTest, Binary) {
  const double pi = 3.14159265358979323846;
  for (float x : kArgs)
    for (float y : {-2.5f, -1.0f, 0.3f, 1.0f, 2.0f, 3.0f}) {
      const double dx = x, dy = y;
      EXPECT_ULP(sycl::atan2(x, y), static_cast<float>(std::atan2(dx, dy)), 2);
      EXPECT_ULP(sycl::atan2pi(x, y), static_cast<float>(std::atan2(dx, dy) / pi), 2);
      EXPECT_EQ(sycl::copysign(x, y), std::copysign(x, y));
      EXPECT_EQ(sycl::fdim(x, y), std::fdim(x, y));
      EXPECT_EQ(sycl::fmax(x, y), std::fmax(x, y));
      EXPECT_EQ(sycl::fmin(x, y), std::fmin(x, y));
      EXPECT_EQ(sycl::fmod(x, y), std::fmod(x, y));
      EXPECT_ULP(sycl::hypot(x, y), std::hypot(x, y), 1);
      EXPECT_EQ(sycl::nextafter(x, y), std::nextafter(x, y));
      EXPECT_ULP(sycl::pow(x, y), std::pow(x, y), 2);
      EXPECT_EQ(sycl::remainder(x, y), std::remainder(x, y));
      EXPECT_EQ(sycl::fma(x, y, 0.25f), std::fma(x, y, 0.25f));
      EXPECT_FLOAT_EQ(sycl::mad(x, y, 0.25f), x * y + 0.25f);
      EXPECT_EQ(sycl::ldexp(x, 3), std::ldexp(x, 3));
      int q1 = 0, q2 = 0;
      EXPECT_EQ(sycl::remquo(x, y, &q1), std::remquo(x, y, &q2));
      EXPECT_EQ(q1 % 8, q2 % 8); // glibc keeps 3 quotient bits, sycl 7
      EXPECT_LE(q1 < 0 ? -q1 : q1, 0x7f);
    }
  EXPECT_EQ(sycl::maxmag(-3.0f, 2.0f), -3.0f);
  EXPECT_EQ(sycl::maxmag(1.0f, -2.0f), -2.0f);
  EXPECT_EQ(sycl::maxmag(-2.0f, 2.0f), 2.0f); // equal magnitude -> fmax
  EXPECT_EQ(sycl::minmag(-3.0f, 2.0f), 2.0f);
  EXPECT_EQ(sycl::minmag(-2.0, 2.0), -2.0);
  EXPECT_EQ(sycl::powr(2.0f, 10.0f), 1024.0f);
  EXPECT_TRUE(std::isnan(sycl::powr(-2.0f, 2.0f)));
  EXPECT_TRUE(std::isnan(sycl::powr(0.0f, 0.0f)));
  EXPECT_EQ(sycl::pown(2.0f, 10), 1024.0f);
  EXPECT_EQ(sycl::pown(-2.0, 3), -8.0);
  EXPECT_EQ(sycl::pown(2.0f, -2), 0.25f);
  EXPECT_FLOAT_EQ(sycl::rootn(27.0f, 3), 3.0f);
  EXPECT_FLOAT_EQ(sycl::rootn(-32.0f, 5), -2.0f);
  EXPECT_DOUBLE_EQ(sycl::rootn(16.0, 4), 2.0);
  EXPECT_DOUBLE_EQ(sycl::rootn(0.25, -2), 2.0);
  EXPECT_TRUE(std::isnan(sycl::rootn(-16.0f, 4)));
  EXPECT_TRUE(std::isnan(sycl::rootn(2.0f, 0)));
  EXPECT_EQ(sycl::rootn(-0.0f, -3), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(sycl::ilogb(8.0f), 3);
  EXPECT_EQ(sycl::ilogb(0.1), -4);
}

TEST(MathTest, PointerOutputs) {
  int e = 0;
  EXPECT_EQ(sycl::frexp(48.0f, &e), 0.75f);
  EXPECT_EQ(e, 6);
  float ip = 0;
  EXPECT_EQ(sycl::modf(-3.25f, &ip), -0.25f);
  EXPECT_EQ(ip, -3.0f);
  EXPECT_EQ(sycl::fract(-3.25f, &ip), 0.75f);
  EXPECT_EQ(ip, -4.0f);
  EXPECT_LT(sycl::fract(-1e-30f, &ip), 1.0f); // clamped just below one
  EXPECT_EQ(ip, -1.0f);
  EXPECT_EQ(sycl::fract(std::numeric_limits<float>::infinity(), &ip), 0.0f);
  double c = 0;
  EXPECT_DOUBLE_EQ(sycl::sincos(0.5, &c), std::sin(0.5));
  EXPECT_DOUBLE_EQ(c, std::cos(0.5));
  int s = 0;
  EXPECT_FLOAT_EQ(sycl::lgamma_r(-0.5f, &s), std::lgamma(-0.5f));
  EXPECT_EQ(s, -1); // Gamma(-0.5) < 0
  sycl::lgamma_r(-1.5f, &s);
  EXPECT_EQ(s, 1);
  sycl::lgamma_r(3.0, &s);
  EXPECT_EQ(s, 1);

  // vec/marray versions write whole vectors
  sycl::int4 ev;
  sycl::float4 m = sycl::frexp(sycl::float4(1.0f, 2.0f, 3.0f, 48.0f), &ev);
  EXPECT_EQ(m.w(), 0.75f);
  EXPECT_EQ(ev.w(), 6);
  EXPECT_EQ(ev.x(), 1);
  sycl::mfloat2 mi;
  sycl::mfloat2 mf = sycl::modf(sycl::mfloat2(1.5f, -2.25f), &mi);
  EXPECT_EQ(mf[1], -0.25f);
  EXPECT_EQ(mi[1], -2.0f);
  sycl::int2 q;
  sycl::float2 r = sycl::remquo(sycl::float2(7.0f, 9.0f), sycl::float2(2.0f, 4.0f), &q);
  EXPECT_EQ(r.x(), -1.0f);
  EXPECT_EQ(q.x(), 4);
  EXPECT_EQ(q.y(), 2);
  // the quotient keeps 7 low bits (glibc's remquo keeps 3: 8 would read 0)
  int q7 = 0;
  EXPECT_EQ(sycl::remquo(8.5f, 1.0f, &q7), 0.5f);
  EXPECT_EQ(q7, 8);
  EXPECT_EQ(sycl::remquo(-1000.5, 1.0, &q7), -0.5);
  EXPECT_EQ(q7, -(1000 & 0x7f));
  EXPECT_EQ(static_cast<float>(sycl::remquo(sycl::half(0.8056640625f), sycl::half(0.100647f), &q7)),
            static_cast<float>(sycl::half(0.8056640625f)) - 8 * static_cast<float>(sycl::half(0.100647f)));
  EXPECT_EQ(q7, 8);
}

TEST(MathTest, NanCodes) {
  const float f = sycl::nan(5u);
  EXPECT_TRUE(std::isnan(f));
  EXPECT_EQ(sycl::bit_cast<std::uint32_t>(f), 0x7fc00005u);
  const double d = sycl::nan(7ul);
  EXPECT_TRUE(std::isnan(d));
  EXPECT_EQ(sycl::bit_cast<std::uint64_t>(d), 0x7ff8000000000007ull);
  const sycl::half h = sycl::nan(static_cast<unsigned short>(3));
  EXPECT_EQ(sycl::detail::half_to_bits(h), 0x7e03u);
  const sycl::float2 v = sycl::nan(sycl::uint2(1u, 2u));
  EXPECT_EQ(sycl::bit_cast<std::uint32_t>(v[1]), 0x7fc00002u); // v.y() is a swizzle view
}

// Every vec/marray function result equals the scalar function per element.
TEST(MathTest, ElementwiseVecAndMarray) {
  const sycl::float4 v(0.5f, -1.25f, 2.0f, 9.0f);
  const sycl::mdouble3 m(0.5, 1.25, 2.0);
#define ELEM1(NAME)                                                                      \
  {                                                                                      \
    const auto rv = sycl::NAME(v);                                                       \
    for (int i = 0; i < 4; ++i)                                                          \
      EXPECT_ULP(rv[i], sycl::NAME(v[i]), 0) << #NAME;                                   \
    const auto rm = sycl::NAME(m);                                                       \
    for (int i = 0; i < 3; ++i)                                                          \
      EXPECT_ULP(rm[i], sycl::NAME(m[i]), 0) << #NAME;                                   \
  }
  ELEM1(sin) ELEM1(cos) ELEM1(exp) ELEM1(log2) ELEM1(sqrt) ELEM1(fabs) ELEM1(floor)
  ELEM1(tanh) ELEM1(sinpi) ELEM1(rsqrt) ELEM1(cbrt) ELEM1(erf) ELEM1(exp10) ELEM1(trunc)
#undef ELEM1
  const sycl::float4 w(2.0f, 0.5f, -1.0f, 3.0f);
  const auto p = sycl::pow(sycl::fabs(v), w);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(p[i], sycl::pow(std::fabs(v[i]), w[i]));
  const auto fm = sycl::fmax(v, 1.0f); // vec, scalar
  EXPECT_EQ(fm.x(), 1.0f);
  EXPECT_EQ(fm.w(), 9.0f);
  const auto ld = sycl::ldexp(v, 2); // vec, int
  EXPECT_EQ(ld.y(), -5.0f);
  const auto ld2 = sycl::ldexp(v, sycl::int4(1, 2, 3, 4));
  EXPECT_EQ(ld2.w(), 144.0f);
  const auto il = sycl::ilogb(v);
  static_assert(std::is_same_v<std::remove_const_t<decltype(il)>, sycl::int4>);
  EXPECT_EQ(il.w(), 3);
  const auto fma3 = sycl::fma(m, m, m);
  EXPECT_EQ(fma3[1], std::fma(1.25, 1.25, 1.25));
}

TEST(MathTest, HalfIsComputedInFloatAndRounded) {
  for (float x : {0.1f, 0.5f, 1.0f, 2.5f, 3.0f, -0.75f}) {
    const sycl::half h(x);
    EXPECT_EQ(sycl::detail::half_to_bits(sycl::sin(h)),
              sycl::detail::half_to_bits(sycl::half(std::sin(static_cast<float>(h)))));
    EXPECT_EQ(sycl::detail::half_to_bits(sycl::exp(h)),
              sycl::detail::half_to_bits(sycl::half(std::exp(static_cast<float>(h)))));
    EXPECT_EQ(static_cast<float>(sycl::fabs(h)), std::fabs(static_cast<float>(h)));
  }
  // nextafter steps in half precision
  EXPECT_EQ(sycl::detail::half_to_bits(sycl::nextafter(sycl::half(1.0f), sycl::half(2.0f))),
            0x3c01u);
  EXPECT_EQ(sycl::detail::half_to_bits(sycl::nextafter(sycl::half(0.0f), sycl::half(-1.0f))),
            0x8001u);
  const sycl::half4 hv(sycl::half(1.0f), sycl::half(4.0f), sycl::half(9.0f), sycl::half(16.0f));
  const sycl::half4 sq = sycl::sqrt(hv);
  EXPECT_EQ(static_cast<float>(sq[3]), 4.0f);
  EXPECT_TRUE(sycl::isnormal(sycl::half(1.0f)));
  EXPECT_FALSE(sycl::isnormal(sycl::detail::half_from_bits(0x0001))); // half subnormal
}

TEST(MathTest, NativeAndHalfPrecision) {
  for (float x : {0.1f, 0.5f, 1.0f, 2.0f, 5.5f}) {
    EXPECT_NEAR(sycl::native::sin(x), std::sin(x), 1e-5f);
    EXPECT_NEAR(sycl::native::cos(x), std::cos(x), 1e-5f);
    EXPECT_NEAR(sycl::native::exp(x), std::exp(x), 1e-4f * std::exp(x));
    EXPECT_NEAR(sycl::native::exp2(x), std::exp2(x), 1e-4f * std::exp2(x));
    EXPECT_NEAR(sycl::native::exp10(x), std::pow(10.0f, x), 1e-4f * std::pow(10.0f, x));
    EXPECT_NEAR(sycl::native::log(x), std::log(x), 1e-5f);
    EXPECT_NEAR(sycl::native::log2(x), std::log2(x), 1e-5f);
    EXPECT_NEAR(sycl::native::log10(x), std::log10(x), 1e-5f);
    EXPECT_NEAR(sycl::native::sqrt(x), std::sqrt(x), 1e-5f);
    EXPECT_NEAR(sycl::native::rsqrt(x), 1.0f / std::sqrt(x), 1e-4f);
    EXPECT_NEAR(sycl::native::recip(x), 1.0f / x, 1e-4f);
    EXPECT_NEAR(sycl::native::divide(x, 3.0f), x / 3.0f, 1e-5f);
    EXPECT_NEAR(sycl::native::powr(x, 1.5f), std::pow(x, 1.5f), 1e-4f * std::pow(x, 1.5f));
    EXPECT_NEAR(sycl::native::tan(x), std::tan(x), 1e-3f * (1 + std::fabs(std::tan(x))));
    EXPECT_NEAR(sycl::half_precision::sin(x), std::sin(x), 1e-3f);
    EXPECT_NEAR(sycl::half_precision::exp(x), std::exp(x), 1e-3f * std::exp(x));
  }
  const sycl::float8 v(2.0f);
  EXPECT_NEAR(sycl::native::sqrt(v).s7(), std::sqrt(2.0f), 1e-6f);
  const sycl::mfloat2 m(4.0f, 16.0f);
  EXPECT_NEAR(sycl::half_precision::rsqrt(m)[1], 0.25f, 1e-6f);
}

// ---------------------------------------------------------------------------
// Integer functions: exhaustive over 8-bit operands against wide references.
TEST(MathIntegerTest, Exhaustive8Bit) {
  for (int a = -128; a < 128; ++a)
    for (int b = -128; b < 128; ++b) {
      const auto x = static_cast<std::int8_t>(a), y = static_cast<std::int8_t>(b);
      const auto sat = [](int v) { return static_cast<std::int8_t>(v < -128 ? -128 : v > 127 ? 127 : v); };
      ASSERT_EQ(sycl::add_sat(x, y), sat(a + b)) << a << " " << b;
      ASSERT_EQ(sycl::sub_sat(x, y), sat(a - b)) << a << " " << b;
      ASSERT_EQ(sycl::hadd(x, y), static_cast<std::int8_t>((a + b) >> 1)) << a << " " << b;
      ASSERT_EQ(sycl::rhadd(x, y), static_cast<std::int8_t>((a + b + 1) >> 1)) << a << " " << b;
      ASSERT_EQ(sycl::mul_hi(x, y), static_cast<std::int8_t>((a * b) >> 8)) << a << " " << b;
      ASSERT_EQ(sycl::mad_sat(x, y, std::int8_t(5)), sat(a * b + 5)) << a << " " << b;
      ASSERT_EQ(static_cast<std::uint8_t>(sycl::abs_diff(x, y)),
                static_cast<std::uint8_t>(a > b ? a - b : b - a));
      ASSERT_EQ(sycl::min(x, y), std::min(x, y));
      ASSERT_EQ(sycl::max(x, y), std::max(x, y));
      const auto ux = static_cast<std::uint8_t>(a), uy = static_cast<std::uint8_t>(b);
      const int ua = ux, ub = uy;
      ASSERT_EQ(sycl::add_sat(ux, uy), static_cast<std::uint8_t>(std::min(ua + ub, 255)));
      ASSERT_EQ(sycl::sub_sat(ux, uy), static_cast<std::uint8_t>(std::max(ua - ub, 0)));
      ASSERT_EQ(sycl::hadd(ux, uy), static_cast<std::uint8_t>((ua + ub) >> 1));
      ASSERT_EQ(sycl::rhadd(ux, uy), static_cast<std::uint8_t>((ua + ub + 1) >> 1));
      ASSERT_EQ(sycl::mul_hi(ux, uy), static_cast<std::uint8_t>((ua * ub) >> 8));
      ASSERT_EQ(sycl::mad_sat(ux, uy, std::uint8_t(7)),
                static_cast<std::uint8_t>(std::min(ua * ub + 7, 255)));
      ASSERT_EQ(sycl::rotate(ux, uy),
                static_cast<std::uint8_t>((ua << (ub % 8)) | (ua >> ((8 - ub % 8) % 8))));
    }
  for (int a = 0; a < 256; ++a) {
    const auto u = static_cast<std::uint8_t>(a);
    int clz = 8, ctz = 8, pop = 0;
    for (int bit = 7; bit >= 0; --bit)
      if (a & (1 << bit)) {
        clz = 7 - bit;
        break;
      }
    for (int bit = 0; bit < 8; ++bit)
      if (a & (1 << bit)) {
        ctz = bit;
        break;
      }
    for (int bit = 0; bit < 8; ++bit)
      pop += (a >> bit) & 1;
    ASSERT_EQ(sycl::clz(u), clz) << a;
    ASSERT_EQ(sycl::ctz(u), ctz) << a;
    ASSERT_EQ(sycl::popcount(u), pop) << a;
    ASSERT_EQ(sycl::abs(static_cast<std::int8_t>(a)),
              static_cast<std::int8_t>(std::abs(static_cast<std::int8_t>(a))));
  }
}

TEST(MathIntegerTest, WideTypes) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    const auto a = static_cast<long long>(rng()), b = static_cast<long long>(rng());
    const auto c = static_cast<long long>(rng() >> (rng() % 64));
    const __int128 p = static_cast<__int128>(a) * b;
    ASSERT_EQ(sycl::mul_hi(a, b), static_cast<long long>(p >> 64));
    const __int128 ms = p + c;
    const long long msat = ms > LLONG_MAX ? LLONG_MAX : ms < LLONG_MIN ? LLONG_MIN : (long long)ms;
    ASSERT_EQ(sycl::mad_sat(a, b, c), msat);
    const __int128 s = static_cast<__int128>(a) + b;
    ASSERT_EQ(sycl::add_sat(a, b),
              s > LLONG_MAX ? LLONG_MAX : s < LLONG_MIN ? LLONG_MIN : (long long)s);
    const auto ua = static_cast<unsigned long long>(a), ub = static_cast<unsigned long long>(b);
    ASSERT_EQ(sycl::mul_hi(ua, ub),
              static_cast<unsigned long long>((static_cast<unsigned __int128>(ua) * ub) >> 64));
    ASSERT_EQ(sycl::sub_sat(ua, ub), ua > ub ? ua - ub : 0ull);
    const auto ia = static_cast<int>(a), ib = static_cast<int>(b);
    ASSERT_EQ(sycl::mul_hi(ia, ib), static_cast<int>((static_cast<long long>(ia) * ib) >> 32));
    ASSERT_EQ(sycl::hadd(ia, ib), static_cast<int>((static_cast<long long>(ia) + ib) >> 1));
  }
  EXPECT_EQ(sycl::clz(0u), 32u);
  EXPECT_EQ(sycl::clz(1ull), 63ull);
  EXPECT_EQ(sycl::ctz(0LL), 64LL);
  EXPECT_EQ(sycl::ctz(0x80000000u), 31u);
  EXPECT_EQ(sycl::popcount(-1LL), 64LL);
  EXPECT_EQ(sycl::clz(std::int16_t(1)), 15);
  EXPECT_EQ(sycl::rotate(0x80000001u, 1u), 0x00000003u);
  EXPECT_EQ(sycl::rotate(0x80000001u, 33u), 0x00000003u);
  EXPECT_EQ(sycl::rotate(1, -1), static_cast<int>(0x80000000u));
  EXPECT_EQ(sycl::abs(INT_MIN + 1), INT_MAX);
  EXPECT_EQ(sycl::abs_diff(-5, 7), 12);
  EXPECT_EQ(sycl::mad24(3, 4, 5), 17);
  EXPECT_EQ(sycl::mul24(-3, 4), -12);
  EXPECT_EQ(sycl::mad_hi(1 << 30, 8, 1), 3);
  EXPECT_EQ(sycl::upsample(std::int8_t(-1), std::uint8_t(2)), std::int16_t(-254));
  EXPECT_EQ(sycl::upsample(std::uint16_t(1), std::uint16_t(2)), std::uint32_t(0x10002));
  EXPECT_EQ(sycl::upsample(-1, 0u), static_cast<std::int64_t>(0xffffffff00000000ull));
  const auto up = sycl::upsample(sycl::short2(1, -1), sycl::ushort2(2, 3));
  static_assert(std::is_same_v<std::remove_const_t<decltype(up)>, sycl::int2>);
  EXPECT_EQ(up.x(), 65538);
  EXPECT_EQ(up.y(), -65533);
  const sycl::int4 iv(-1, 2, -3, 4);
  EXPECT_EQ(sycl::abs(iv).z(), 3);
  EXPECT_EQ(sycl::clamp(iv, -2, 3).z(), -2);
  EXPECT_EQ(sycl::max(iv, 0).x(), 0);
  EXPECT_EQ(sycl::popcount(sycl::muint2(7u, 0xffu))[1], 8u);
}

// ---------------------------------------------------------------------------
TEST(MathCommonTest, CommonFunctions) {
  EXPECT_EQ(sycl::clamp(5.0f, 0.0f, 1.0f), 1.0f);
  EXPECT_EQ(sycl::clamp(-5.0, 0.0, 1.0), 0.0);
  EXPECT_FLOAT_EQ(sycl::degrees(3.14159265f), 180.0f);
  EXPECT_DOUBLE_EQ(sycl::radians(180.0), 3.14159265358979323846);
  EXPECT_EQ(sycl::max(1.0f, 2.0f), 2.0f);
  EXPECT_EQ(sycl::min(1.0f, 2.0f), 1.0f);
  EXPECT_EQ(sycl::mix(1.0f, 3.0f, 0.25f), 1.5f);
  EXPECT_EQ(sycl::step(1.0f, 0.5f), 0.0f);
  EXPECT_EQ(sycl::step(1.0f, 1.0f), 1.0f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 1.0f, 0.5f), 0.5f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 1.0f, -1.0f), 0.0f);
  EXPECT_EQ(sycl::smoothstep(0.0f, 1.0f, 2.0f), 1.0f);
  EXPECT_EQ(sycl::sign(-3.0f), -1.0f);
  EXPECT_EQ(sycl::sign(2.0), 1.0);
  EXPECT_TRUE(std::signbit(sycl::sign(-0.0f)));
  EXPECT_EQ(sycl::sign(std::numeric_limits<float>::quiet_NaN()), 0.0f);
  const sycl::float4 v(0.0f, 0.5f, 1.0f, 2.0f);
  const auto st = sycl::step(0.75f, v);
  EXPECT_EQ(st.y(), 0.0f);
  EXPECT_EQ(st.z(), 1.0f);
  const auto mx = sycl::mix(v, sycl::float4(4.0f), 0.5f);
  EXPECT_EQ(mx.w(), 3.0f);
  const auto ss = sycl::smoothstep(0.0f, 2.0f, v);
  EXPECT_EQ(ss.z(), 0.5f);
  EXPECT_EQ(sycl::clamp(v, 0.25f, 1.5f).w(), 1.5f);
  const auto hm = sycl::mix(sycl::half(1.0f), sycl::half(3.0f), sycl::half(0.5f));
  EXPECT_EQ(static_cast<float>(hm), 2.0f);
}

TEST(MathGeometricTest, Geometric) {
  const sycl::float3 a(1.0f, 0.0f, 0.0f), b(0.0f, 1.0f, 0.0f);
  const auto c = sycl::cross(a, b);
  EXPECT_EQ(c.z(), 1.0f);
  EXPECT_EQ(c.x(), 0.0f);
  const auto c4 = sycl::cross(sycl::double4(1, 2, 3, 9), sycl::double4(4, 5, 6, 9));
  EXPECT_EQ(c4.x(), -3.0);
  EXPECT_EQ(c4.y(), 6.0);
  EXPECT_EQ(c4.z(), -3.0);
  EXPECT_EQ(c4.w(), 0.0);
  EXPECT_EQ(sycl::dot(sycl::float4(1, 2, 3, 4), sycl::float4(4, 3, 2, 1)), 20.0f);
  EXPECT_EQ(sycl::dot(2.0, 3.0), 6.0);
  EXPECT_EQ(sycl::length(sycl::float2(3.0f, 4.0f)), 5.0f);
  EXPECT_EQ(sycl::length(-2.5f), 2.5f);
  EXPECT_EQ(sycl::distance(sycl::double2(1, 1), sycl::double2(4, 5)), 5.0);
  // no overflow for large components
  EXPECT_FLOAT_EQ(sycl::length(sycl::float2(3e30f, 4e30f)), 5e30f);
  EXPECT_DOUBLE_EQ(sycl::length(sycl::double2(3e300, 4e300)), 5e300);
  EXPECT_DOUBLE_EQ(sycl::length(sycl::double2(3e-300, 4e-300)), 5e-300);
  const auto n = sycl::normalize(sycl::float3(0.0f, 3.0f, 4.0f));
  EXPECT_FLOAT_EQ(n.y(), 0.6f);
  EXPECT_FLOAT_EQ(n.z(), 0.8f);
  EXPECT_EQ(sycl::normalize(sycl::float2(0.0f)).x(), 0.0f);
  EXPECT_NEAR(sycl::fast_length(sycl::float2(3.0f, 4.0f)), 5.0f, 1e-5f);
  EXPECT_NEAR(sycl::fast_distance(sycl::float2(0.0f), sycl::float2(3.0f, 4.0f)), 5.0f, 1e-5f);
  EXPECT_NEAR(sycl::fast_normalize(sycl::float2(3.0f, 4.0f)).x(), 0.6f, 1e-5f);
  const sycl::mfloat3 m(1.0f, 2.0f, 2.0f);
  EXPECT_EQ(sycl::length(m), 3.0f);
  EXPECT_EQ(sycl::cross(sycl::mfloat3(1, 0, 0), sycl::mfloat3(0, 1, 0))[2], 1.0f);
  const sycl::half3 hv(sycl::half(2.0f), sycl::half(3.0f), sycl::half(6.0f));
  EXPECT_EQ(static_cast<float>(sycl::length(hv)), 7.0f);
}

TEST(MathRelationalTest, Relational) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  static_assert(std::is_same_v<decltype(sycl::isnan(1.0f)), bool>);
  EXPECT_TRUE(sycl::isnan(nan));
  EXPECT_FALSE(sycl::isnan(1.0));
  EXPECT_TRUE(sycl::isinf(-inf));
  EXPECT_TRUE(sycl::isfinite(1.0f));
  EXPECT_FALSE(sycl::isfinite(inf));
  EXPECT_TRUE(sycl::isnormal(1.0f));
  EXPECT_FALSE(sycl::isnormal(1e-40f));
  EXPECT_TRUE(sycl::signbit(-0.0));
  EXPECT_FALSE(sycl::signbit(0.0f));
  EXPECT_TRUE(sycl::isunordered(nan, 1.0f));
  EXPECT_FALSE(sycl::isordered(nan, 1.0f));
  EXPECT_TRUE(sycl::islessgreater(1.0f, 2.0f));
  EXPECT_FALSE(sycl::islessgreater(nan, 2.0f));
  EXPECT_TRUE(sycl::isnotequal(nan, nan));
  EXPECT_FALSE(sycl::isequal(nan, nan));

  const sycl::float4 v(nan, 1.0f, inf, -2.0f);
  const auto r = sycl::isnan(v);
  static_assert(std::is_same_v<std::remove_const_t<decltype(r)>, sycl::int4>);
  EXPECT_EQ(r.x(), -1);
  EXPECT_EQ(r.y(), 0);
  const auto rd = sycl::isinf(sycl::double2(1.0, -std::numeric_limits<double>::infinity()));
  static_assert(std::is_same_v<std::remove_const_t<decltype(rd)>, sycl::long2>);
  EXPECT_EQ(rd.y(), -1);
  const auto rh = sycl::signbit(sycl::half2(sycl::half(-1.0f), sycl::half(1.0f)));
  static_assert(std::is_same_v<std::remove_const_t<decltype(rh)>, sycl::short2>);
  EXPECT_EQ(rh.x(), -1);
  const auto rl = sycl::isless(v, sycl::float4(0.0f));
  EXPECT_EQ(rl.w(), -1);
  EXPECT_EQ(rl.x(), 0);
  const auto rm = sycl::isgreater(sycl::mfloat2(1.0f, 3.0f), sycl::mfloat2(2.0f, 2.0f));
  static_assert(std::is_same_v<std::remove_const_t<decltype(rm)>, sycl::mbool2>);
  EXPECT_FALSE(rm[0]);
  EXPECT_TRUE(rm[1]);

  EXPECT_EQ(sycl::any(sycl::int4(0, 0, -1, 0)), 1);
  EXPECT_EQ(sycl::any(sycl::int4(0, 1, 2, 3)), 0); // only the MSB counts
  EXPECT_EQ(sycl::all(sycl::int2(-1, -5)), 1);
  EXPECT_EQ(sycl::all(sycl::int2(-1, 5)), 0);
  EXPECT_EQ(sycl::any(-3), 1);
  EXPECT_TRUE(sycl::any(sycl::mbool3(false, true, false)));
  EXPECT_FALSE(sycl::all(sycl::mbool3(false, true, true)));
  EXPECT_EQ(sycl::any(v < 0.0f), 1);

  EXPECT_EQ(sycl::bitselect(0xf0u, 0x0fu, 0xffu), 0x0fu);
  EXPECT_EQ(sycl::bitselect(1.0f, -1.0f, sycl::bit_cast<float>(0x80000000u)), -1.0f);
  EXPECT_EQ(sycl::select(1.0f, 2.0f, true), 2.0f);
  EXPECT_EQ(sycl::select(1, 2, 0), 1);
  const auto sel = sycl::select(sycl::float2(1.0f, 2.0f), sycl::float2(3.0f, 4.0f),
                                sycl::int2(-1, 1)); // MSB picks b
  EXPECT_EQ(sel.x(), 3.0f);
  EXPECT_EQ(sel.y(), 2.0f);
  const auto selm = sycl::select(sycl::mint2(1, 2), sycl::mint2(3, 4), sycl::mbool2(false, true));
  EXPECT_EQ(selm[0], 1);
  EXPECT_EQ(selm[1], 4);
}

// ---------------------------------------------------------------------------
// `using namespace sycl;` next to <cmath>/<math.h>: unqualified calls must
// compile (no ambiguity) and give the right values.
#include <math.h>
namespace using_sycl {
using namespace sycl;
float call_sqrt(float x) { return sqrt(x); }
double call_sqrt(double x) { return sqrt(x); }
float call_sin(float x) { return sin(x); }
float call_fabs(float x) { return fabs(x); }
float call_fmax(float x, float y) { return fmax(x, y); }
bool call_isnan(float x) { return isnan(x); }
int call_abs(int x) { return abs(x); }
float call_pow(float x, float y) { return pow(x, y); }
float4 call_vec(float4 v) { return sqrt(sin(v)); } // found through ADL and the directive
half call_half(half h) { return sqrt(h); }
} // namespace using_sycl

TEST(MathTest, UsingNamespaceSyclIsNotAmbiguous) {
  EXPECT_EQ(using_sycl::call_sqrt(4.0f), 2.0f);
  EXPECT_EQ(using_sycl::call_sqrt(9.0), 3.0);
  EXPECT_FLOAT_EQ(using_sycl::call_sin(0.5f), std::sin(0.5f));
  EXPECT_EQ(using_sycl::call_fabs(-1.5f), 1.5f);
  EXPECT_EQ(using_sycl::call_fmax(1.0f, 2.0f), 2.0f);
  EXPECT_TRUE(using_sycl::call_isnan(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_EQ(using_sycl::call_abs(-3), 3);
  EXPECT_EQ(using_sycl::call_pow(2.0f, 3.0f), 8.0f);
  EXPECT_FLOAT_EQ(using_sycl::call_vec(sycl::float4(0.5f)).x(), std::sqrt(std::sin(0.5f)));
  EXPECT_EQ(static_cast<float>(using_sycl::call_half(sycl::half(4.0f))), 2.0f);
}

// ---------------------------------------------------------------------------
// The SYCL 2020 declaration forms (what SYCL-CTS math_builtin_api checks):
// explicit template arguments as the specification names them, scalar forms
// that convert their arguments like non-template overloads, swizzle
// arguments, the scalar pointer forms whose template argument is the pointer.
namespace {
template <typename T> struct ConvertsTo {
  operator T() const { return T(2); }
};
} // namespace

TEST(MathSignatureTest, ExplicitTemplateArgumentsAndConversions) {
  const sycl::float4 a(0.5f, 1.0f, 2.0f, 4.0f), b(1.0f);
  const sycl::mdouble3 m(0.25, 0.5, 1.0);
  // vec/marray forms: the template arguments are the argument types
  static_assert(std::is_same_v<decltype(sycl::acos<sycl::float4>(a)), sycl::float4>);
  static_assert(std::is_same_v<decltype(sycl::atan2<sycl::float4, sycl::float4>(a, b)), sycl::float4>);
  static_assert(std::is_same_v<decltype(sycl::fma<sycl::mdouble3, sycl::mdouble3, sycl::mdouble3>(m, m, m)),
                               sycl::mdouble3>);
  static_assert(std::is_same_v<decltype(sycl::pown<sycl::float4, sycl::int4>(a, sycl::int4(2))), sycl::float4>);
  // (non-scalar, scalar) forms take the non-scalar as their one argument
  EXPECT_EQ(sycl::fmin<sycl::float4>(a, 1.5f).w(), 1.5f);
  EXPECT_EQ(sycl::clamp<sycl::float4>(a, 0.75f, 1.5f).x(), 0.75f);
  EXPECT_EQ(sycl::step<sycl::float4>(1.0f, a).x(), 0.0f);
  EXPECT_EQ(sycl::smoothstep<sycl::float4>(0.0f, 1.0f, a).z(), 1.0f);
  EXPECT_EQ((sycl::mix<sycl::float4, sycl::float4>(a, b, 0.5f).w()), 2.5f);
  EXPECT_EQ(sycl::max<sycl::int4>(sycl::int4(-1, 2, -3, 4), 0).z(), 0);
  EXPECT_EQ(sycl::ldexp<sycl::float4>(a, 1).w(), 8.0f);
  EXPECT_EQ((sycl::abs_diff<int, int>(-5, 7)), 12);
  EXPECT_EQ((sycl::clamp<int>(9, 0, 5)), 5);
  EXPECT_EQ((sycl::dot<float, float>(2.0f, 3.0f)), 6.0f);
  EXPECT_EQ(sycl::select<int>(1, 2, true), 2);
  // scalar forms accept what converts to exactly one of float/double/half
  static_assert(std::is_same_v<decltype(sycl::sqrt(ConvertsTo<float>{})), float>);
  static_assert(std::is_same_v<decltype(sycl::sqrt(ConvertsTo<double>{})), double>);
  static_assert(std::is_same_v<decltype(sycl::sqrt(ConvertsTo<sycl::half>{})), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::isless(ConvertsTo<float>{}, ConvertsTo<float>{})), bool>);
  static_assert(std::is_same_v<decltype(sycl::ldexp(ConvertsTo<double>{}, ConvertsTo<int>{})), double>);
  static_assert(std::is_same_v<decltype(sycl::native::exp(ConvertsTo<float>{})), float>);
  static_assert(std::is_same_v<decltype(sycl::nan(ConvertsTo<std::uint64_t>{})), double>);
  EXPECT_EQ(sycl::sqrt(ConvertsTo<float>{}), std::sqrt(2.0f));
  EXPECT_EQ(sycl::ilogb(ConvertsTo<double>{}), 1);
  // swizzles read as their vec
  sycl::float4 s(1.0f, 4.0f, 9.0f, 16.0f);
  static_assert(std::is_same_v<decltype(sycl::sqrt(s.swizzle<3, 2>())), sycl::float2>);
  EXPECT_EQ(sycl::sqrt(s.swizzle<3, 2>()).x(), 4.0f);
  EXPECT_EQ(sycl::fmax(s.swizzle<0, 1>(), sycl::float2(2.0f)).x(), 2.0f);
  EXPECT_EQ(sycl::dot(s.swizzle<0, 1>(), s.swizzle<1, 0>()), 8.0f);
  // relational and any/all results
  static_assert(std::is_same_v<decltype(sycl::any(-1)), bool>);
  static_assert(std::is_same_v<decltype(sycl::any(sycl::int2(-1))), int>);
  EXPECT_TRUE(sycl::any(sycl::mint3(1, -2, 3)));
  EXPECT_FALSE(sycl::all(sycl::mint3(-1, -2, 3)));
  // no form for what the specification does not allow
  auto fmin_ok = [](auto x, auto y) -> decltype(sycl::fmin(x, y), true) { return true; };
  (void)fmin_ok;
  static_assert(!std::is_invocable_v<decltype(fmin_ok), sycl::float4, sycl::double4>);
  static_assert(!std::is_invocable_v<decltype(fmin_ok), sycl::float4, sycl::mfloat4>);
  static_assert(!std::is_invocable_v<decltype(fmin_ok), int, int>);
}

TEST(MathSignatureTest, ScalarPointerFormsTakeThePointerType) {
  float ip = 0.0f;
  int e = 0;
  EXPECT_EQ(sycl::fract<float *>(2.25f, &ip), 0.25f);
  EXPECT_EQ(ip, 2.0f);
  using int_ptr = sycl::multi_ptr<int, sycl::access::address_space::private_space,
                                  sycl::access::decorated::yes>;
  const int_ptr ep = sycl::address_space_cast<sycl::access::address_space::private_space,
                                              sycl::access::decorated::yes>(&e);
  EXPECT_EQ(sycl::frexp<int_ptr>(48.0, ep), 0.75);
  EXPECT_EQ(e, 6);
  int q = 0;
  EXPECT_EQ(sycl::remquo<int *>(7.0f, 2.0f, &q), -1.0f);
  EXPECT_EQ(q, 4);
  sycl::float2 c;
  const auto sv = sycl::sincos<sycl::float2, sycl::float2 *>(sycl::float2(0.0f), &c);
  EXPECT_EQ(sv.x(), 0.0f);
  EXPECT_EQ(c.y(), 1.0f);
}
