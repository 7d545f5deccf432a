// Host unit tests for sycl::vec and sycl::marray.
#include <sycl/marray.hpp>
#include <sycl/vec.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

using sycl::rounding_mode;

TEST(VecTest, LayoutAndAliases) {
  static_assert(sizeof(sycl::float3) == 16 && alignof(sycl::float3) == 16);
  static_assert(sizeof(sycl::float4) == 16 && alignof(sycl::float4) == 16);
  static_assert(sizeof(sycl::double3) == 32 && alignof(sycl::double3) == 32);
  static_assert(sizeof(sycl::char3) == 4 && alignof(sycl::char3) == 4);
  static_assert(sizeof(sycl::half3) == 8 && alignof(sycl::half3) == 8);
  static_assert(sizeof(sycl::vec<float, 1>) == 4);
  static_assert(sizeof(sycl::int16) == 64 && alignof(sycl::int16) == 64);
  static_assert(sizeof(sycl::double16) == 128 && alignof(sycl::double16) == 128);
  static_assert(std::is_trivially_copyable_v<sycl::float4>);
  static_assert(std::is_trivially_copyable_v<sycl::half8>);
  static_assert(std::is_same_v<sycl::char2, sycl::vec<std::int8_t, 2>>);
  static_assert(std::is_same_v<sycl::ulong4, sycl::vec<std::uint64_t, 4>>);
  static_assert(std::is_same_v<sycl::int8::element_type, std::int32_t>);
  static_assert(std::is_same_v<sycl::float2::value_type, float>);
  static_assert(sycl::float3::size() == 3);
  static_assert(sycl::float3::byte_size() == 16);
  // value-initialised is zero, and elements are laid out in order
  sycl::float4 z{};
  EXPECT_EQ(z.w(), 0.0f);
  const sycl::int4 v(1, 2, 3, 4);
  int raw[4];
  std::memcpy(raw, &v, sizeof raw);
  EXPECT_EQ(raw[0], 1);
  EXPECT_EQ(raw[3], 4);
}

TEST(VecTest, ConstructionAndAccess) {
  const sycl::float4 b(2.5f); // broadcast
  EXPECT_EQ(b.x(), 2.5f);
  EXPECT_EQ(b.w(), 2.5f);
  const sycl::float2 p(1.0f, 2.0f);
  const sycl::float4 c(p, 3.0f, 4.0f); // from vec + scalars
  EXPECT_EQ(c.y(), 2.0f);
  EXPECT_EQ(c.z(), 3.0f);
  const sycl::float4 d(0.0f, p, 5); // int converts to float
  EXPECT_EQ(d.w(), 5.0f);
  const sycl::float4 e(p, p);
  EXPECT_EQ(e.z(), 1.0f);
  sycl::int8 i8(sycl::int4(0, 1, 2, 3), sycl::int4(4, 5, 6, 7));
  EXPECT_EQ(i8.s7(), 7);
  EXPECT_EQ(i8[5], 5);
  sycl::int16 i16(0);
  i16.sF() = 15;
  i16.sA() = 10;
  EXPECT_EQ(i16[15], 15);
  EXPECT_EQ(i16[10], 10);
  sycl::float4 m = c;
  m.x() = 9.0f;
  m[1] += 1.0f;
  m.a() = -1.0f;
  EXPECT_EQ(m.r(), 9.0f);
  EXPECT_EQ(m.g(), 3.0f);
  EXPECT_EQ(m.w(), -1.0f);
  m = 7.0f; // scalar assignment broadcasts
  EXPECT_EQ(m.z(), 7.0f);
  sycl::vec<float, 1> one = 3.0f; // vec<T,1> converts both ways
  float f = one;
  EXPECT_EQ(f, 3.0f);
  EXPECT_EQ((one + 1.0f).x(), 4.0f);
  // C++17 aggregate-like brace init goes through the element constructor
  sycl::int3 br{1, 2, 3};
  EXPECT_EQ(br.z(), 3);
  static_assert(!std::is_convertible_v<float, sycl::float4>); // broadcast is explicit
  static_assert(std::is_convertible_v<float, sycl::vec<float, 1>>);
}

TEST(VecTest, SwizzleAndHalves) {
  const sycl::int4 v(10, 11, 12, 13);
  const sycl::int3 s = v.swizzle<3, 0, 0>(); // a swizzle reads as the vec of its elements
  static_assert(std::is_convertible_v<decltype(v.swizzle<3, 0, 0>()), sycl::int3>);
  EXPECT_EQ(s.x(), 13);
  EXPECT_EQ(s.z(), 10);
  const auto s2 = v.swizzle<sycl::elem::w, sycl::elem::y>();
  EXPECT_EQ(s2.y(), 11);
  EXPECT_EQ(v.lo().x(), 10);
  EXPECT_EQ(v.lo().y(), 11);
  EXPECT_EQ(v.hi().x(), 12);
  EXPECT_EQ(v.even().y(), 12);
  EXPECT_EQ(v.odd().x(), 11);
  EXPECT_EQ(v.odd().y(), 13);
  const sycl::int3 t(1, 2, 3);
  static_assert(std::is_convertible_v<decltype(t.lo()), sycl::int2>);
  EXPECT_EQ(t.hi().x(), 3);
  EXPECT_EQ(t.even().y(), 3);
  const sycl::int16 big(sycl::int8(0, 1, 2, 3, 4, 5, 6, 7), sycl::int8(8, 9, 10, 11, 12, 13, 14, 15));
  EXPECT_EQ(big.hi().s0(), 8);
  EXPECT_EQ(big.odd().s7(), 15);
}

// Swizzles are views of the vec (SYCL 2020 §4.14.2.5): they read as a vec,
// write through, and take part in every operator with vec's result types.
TEST(VecTest, SwizzleWritesThrough) {
  sycl::float4 v(1.0f, 2.0f, 3.0f, 4.0f);
  v.swizzle<1, 0>() = v.swizzle<0, 1>(); // the right side is read first: a swap
  EXPECT_EQ(v[0], 2.0f);
  EXPECT_EQ(v[1], 1.0f);
  v.hi() += sycl::float2(10.0f, 20.0f);
  EXPECT_EQ(v[2], 13.0f);
  EXPECT_EQ(v[3], 24.0f);
  v.x() = 7; // a scalar converts to the element type
  v.s1() *= 3.0f;
  EXPECT_EQ(v[0], 7.0f);
  EXPECT_EQ(v[1], 3.0f);
  ++v.w();
  const sycl::float2 old = v.odd()--; // postfix: the old values, as a vec
  EXPECT_EQ(old[1], 25.0f);
  EXPECT_EQ(v[1], 2.0f);
  EXPECT_EQ(v[3], 24.0f);
  v.even() = 0.5f; // broadcast into x and z
  EXPECT_EQ(v[0], 0.5f);
  EXPECT_EQ(v[2], 0.5f);
  v.lo().swizzle<1>() = 9.0f; // a swizzle of a swizzle views the same vec
  EXPECT_EQ(v[1], 9.0f);
  v.swizzle<0, 1, 2>().load(1, std::array<float, 6>{0, 0, 0, 31, 32, 33}.data());
  EXPECT_EQ(v[0], 31.0f);
  EXPECT_EQ(v[2], 33.0f);
  float out[2] = {};
  v.swizzle<3, 0>().store(0, out);
  EXPECT_EQ(out[0], 24.0f);
  EXPECT_EQ(out[1], 31.0f);
}

TEST(VecTest, SwizzleOperatorsAndConversions) {
  sycl::int4 v(1, 2, 3, 4);
  const sycl::int4 c(10, 20, 30, 40);
  // Results are vecs of the swizzle's size, as vec's own operators give.
  static_assert(std::is_same_v<decltype(v.swizzle<0, 1>() + c.swizzle<2, 3>()), sycl::int2>);
  static_assert(std::is_same_v<decltype(2 * v.swizzle<0, 1>()), sycl::int2>);
  static_assert(std::is_same_v<decltype(v.swizzle<0>() + sycl::vec<int, 1>(1)), sycl::vec<int, 1>>);
  static_assert(std::is_same_v<decltype(v.swizzle<0, 1>() < 2), sycl::int2>);
  static_assert(std::is_same_v<decltype(!v.swizzle<0, 1, 2>()), sycl::int3>);
  static_assert(std::is_same_v<decltype(c.swizzle<1>()[0]), const int &>);
  static_assert(std::is_same_v<decltype(v.swizzle<1>()[0]), int &>);
  const sycl::int2 sum = v.swizzle<0, 1>() + c.swizzle<2, 3>();
  EXPECT_EQ(sum[0], 31);
  EXPECT_EQ(sum[1], 42);
  const sycl::int2 lt = v.swizzle<3, 0>() < c.swizzle<0, 0>();
  EXPECT_EQ(lt[0], -1);
  EXPECT_EQ(lt[1], -1);
  const sycl::int3 rep = c.swizzle<1, 1, 0>(); // repeated indexes read fine
  EXPECT_EQ(rep[1], 20);
  EXPECT_EQ(rep[2], 10);
  int one = c.swizzle<2>(); // a one-element swizzle reads as its element
  EXPECT_EQ(one, 30);
  const unsigned u = static_cast<unsigned>(c.swizzle<3>());
  EXPECT_EQ(u, 40u);
  sycl::vec<int, 1> v1 = c.swizzle<0>(); // and converts to vec<T, 1> unambiguously
  v1 += c.swizzle<1>();
  EXPECT_EQ(static_cast<int>(v1), 30);
  const sycl::float2 f = c.swizzle<3, 2>().convert<float>();
  EXPECT_EQ(f[0], 40.0f);
  const sycl::uint2 bits = c.swizzle<0, 1>().as<sycl::uint2>();
  EXPECT_EQ(bits[1], 20u);
  EXPECT_EQ(decltype(c.swizzle<0, 1, 2>())::byte_size(), 16u);
  const sycl::int4 packed(c.swizzle<3>(), v.swizzle<0, 1>(), 5); // swizzles as constructor arguments
  EXPECT_EQ(packed[0], 40);
  EXPECT_EQ(packed[2], 2);
  sycl::vec deduced(1.0f, 2.0f, 3.0f); // deduction guide
  static_assert(std::is_same_v<decltype(deduced), sycl::float3>);
}

TEST(VecTest, Arithmetic) {
  sycl::float4 a(1.0f, 2.0f, 3.0f, 4.0f), b(4.0f, 3.0f, 2.0f, 1.0f);
  const auto s = a + b;
  EXPECT_EQ(s.x(), 5.0f);
  EXPECT_EQ((a * 2.0f).w(), 8.0f);
  EXPECT_EQ((2 * a).z(), 6.0f);
  EXPECT_EQ((a - b).x(), -3.0f);
  EXPECT_EQ((1.0f / a).y(), 0.5f);
  EXPECT_EQ((-a).y(), -2.0f);
  a += b;
  EXPECT_EQ(a.w(), 5.0f);
  a *= 2.0f;
  EXPECT_EQ(a.w(), 10.0f);
  ++a;
  EXPECT_EQ(a.x(), 11.0f);
  const auto old = a--;
  EXPECT_EQ(old.x(), 11.0f);
  EXPECT_EQ(a.x(), 10.0f);

  sycl::int4 i(7, -7, 12, 5), j(2, 2, 5, 3);
  EXPECT_EQ((i % j).y(), -1);
  EXPECT_EQ((i / j).x(), 3);
  EXPECT_EQ((i & j).x(), 2);
  EXPECT_EQ((i | 8).w(), 13);
  EXPECT_EQ((i ^ j).z(), 9);
  EXPECT_EQ((i << 1).x(), 14);
  EXPECT_EQ((i >> j).z(), 0);
  EXPECT_EQ((~i).x(), -8);
  i <<= 2;
  EXPECT_EQ(i.x(), 28);
  i %= 5;
  EXPECT_EQ(i.x(), 3);
  sycl::uchar4 u(250, 3, 0, 1);
  u += sycl::uchar4(10); // wraps like uint8_t
  EXPECT_EQ(u.x(), 4);
  sycl::half2 h(sycl::half(1.5f), sycl::half(2.0f));
  h = h * h + sycl::half(1.0f);
  EXPECT_EQ(static_cast<float>(sycl::half(h.x())), 3.25f);
}

TEST(VecTest, ComparisonsAndLogical) {
  const sycl::float4 a(1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN(), 4.0f);
  const sycl::float4 b(1.0f, 3.0f, 0.0f, 0.0f);
  const auto eq = a == b;
  static_assert(std::is_same_v<std::remove_const_t<decltype(eq)>, sycl::int4>);
  EXPECT_EQ(eq.x(), -1);
  EXPECT_EQ(eq.y(), 0);
  EXPECT_EQ(eq.z(), 0); // NaN
  EXPECT_EQ((a != b).z(), -1);
  EXPECT_EQ((a < b).y(), -1);
  EXPECT_EQ((a > 1.5f).w(), -1);
  EXPECT_EQ((3.0f >= a).y(), -1);
  EXPECT_EQ((a <= b).w(), 0);
  const sycl::double2 d(1.0, 0.0);
  static_assert(std::is_same_v<decltype(d < d), sycl::long2>);
  static_assert(std::is_same_v<decltype(sycl::half2() == sycl::half2()), sycl::short2>);
  static_assert(std::is_same_v<decltype(sycl::uchar3() != sycl::uchar3()), sycl::char3>);
  const auto l = d && sycl::double2(1.0, 1.0);
  EXPECT_EQ(l.x(), -1);
  EXPECT_EQ(l.y(), 0);
  EXPECT_EQ((d || sycl::double2(0.0)).x(), -1);
  EXPECT_EQ((!d).y(), -1);
  EXPECT_EQ((!d).x(), 0);
}

TEST(VecTest, ConvertRoundingModes) {
  const sycl::float4 f(1.5f, -1.5f, 2.5f, -2.7f);
  const auto def = f.convert<int>(); // automatic from float elements: rte
  EXPECT_EQ(def.x(), 2);
  EXPECT_EQ(def.y(), -2);
  EXPECT_EQ(def.z(), 2);
  EXPECT_EQ(def.w(), -3);
  const auto rtz = f.convert<int, rounding_mode::rtz>();
  EXPECT_EQ(rtz.x(), 1);
  EXPECT_EQ(rtz.y(), -1);
  EXPECT_EQ(rtz.w(), -2);
  const auto rte = f.convert<int, rounding_mode::rte>();
  EXPECT_EQ(rte.x(), 2);
  EXPECT_EQ(rte.y(), -2);
  EXPECT_EQ(rte.z(), 2); // ties to even
  EXPECT_EQ(rte.w(), -3);
  const auto rtp = f.convert<int, rounding_mode::rtp>();
  EXPECT_EQ(rtp.y(), -1);
  EXPECT_EQ(rtp.z(), 3);
  const auto rtn = f.convert<long, rounding_mode::rtn>();
  EXPECT_EQ(rtn.x(), 1);
  EXPECT_EQ(rtn.w(), -3);
  const auto uc = sycl::float2(200.7f, 3.2f).convert<unsigned char, rounding_mode::rte>();
  EXPECT_EQ(uc.x(), 201);

  // int -> float: default rte; directed modes step to the neighbour
  const int big = (1 << 24) + 1; // not representable in float
  const sycl::int2 bi(big, -big);
  EXPECT_EQ(bi.convert<float>().x(), 16777216.0f);
  EXPECT_EQ((bi.convert<float, rounding_mode::rtp>().x()), 16777218.0f);
  EXPECT_EQ((bi.convert<float, rounding_mode::rtn>().x()), 16777216.0f);
  EXPECT_EQ((bi.convert<float, rounding_mode::rtz>().y()), -16777216.0f);
  EXPECT_EQ((bi.convert<float, rounding_mode::rtn>().y()), -16777218.0f);
  const sycl::ulong2 ul(std::numeric_limits<std::uint64_t>::max(), 3);
  EXPECT_EQ((ul.convert<float, rounding_mode::rtz>().x()), 18446742974197923840.0f);
  EXPECT_EQ((ul.convert<double, rounding_mode::rtz>().x()), 18446744073709549568.0);
  EXPECT_EQ((ul.convert<double, rounding_mode::rtp>().x()), 18446744073709551616.0);
  const sycl::long2 sl(std::numeric_limits<std::int64_t>::max(), -3);
  EXPECT_EQ((sl.convert<double, rounding_mode::rtz>().x()), 9223372036854774784.0);

  // double -> float
  const double third = 1.0 / 3.0;
  const sycl::double2 dd(third, -third);
  const float rn = static_cast<float>(third);
  EXPECT_EQ(dd.convert<float>().x(), rn);
  const float up = (dd.convert<float, rounding_mode::rtp>()).x();
  const float dn = (dd.convert<float, rounding_mode::rtn>()).x();
  EXPECT_GT(static_cast<double>(up), third);
  EXPECT_LT(static_cast<double>(dn), third);
  EXPECT_EQ(std::nextafter(dn, 1.0f), up);
  EXPECT_EQ((dd.convert<float, rounding_mode::rtz>().y()), -dn);
  EXPECT_EQ((sycl::double2(1e300, 1.0).convert<float, rounding_mode::rtz>().x()),
            std::numeric_limits<float>::max());
  EXPECT_TRUE(std::isinf(sycl::double2(1e300, 1.0).convert<float, rounding_mode::rtp>().x()));

  // to and from half
  const sycl::float2 hf(0.1f, -0.1f);
  const auto hrte = hf.convert<sycl::half>();
  EXPECT_EQ(sycl::detail::half_to_bits(hrte.x()), 0x2e66u);
  const auto hrtp = hf.convert<sycl::half, rounding_mode::rtp>();
  EXPECT_EQ(sycl::detail::half_to_bits(hrtp.x()), 0x2e67u); // 0.1 lies between 0x2e66 and 0x2e67
  const auto hrtz = hf.convert<sycl::half, rounding_mode::rtz>();
  EXPECT_EQ(sycl::detail::half_to_bits(hrtz.x()), 0x2e66u);
  EXPECT_EQ(sycl::detail::half_to_bits(hrtz.y()), 0xae66u);
  const auto hrtn = hf.convert<sycl::half, rounding_mode::rtn>();
  EXPECT_EQ(sycl::detail::half_to_bits(hrtn.y()), 0xae67u);
  EXPECT_EQ((sycl::int2(70000, 1).convert<sycl::half, rounding_mode::rtz>().x()),
            std::numeric_limits<sycl::half>::max());
  EXPECT_EQ((sycl::half2(sycl::half(2.5f), sycl::half(-0.5f)).convert<int, rounding_mode::rte>().x()), 2);
  EXPECT_EQ(sycl::half2(sycl::half(2.5f), sycl::half(-0.5f)).convert<float>().y(), -0.5f);

  // integer <-> integer: modular
  EXPECT_EQ(sycl::int2(300, -1).convert<std::uint8_t>().x(), 44);
  EXPECT_EQ(sycl::int2(300, -1).convert<std::uint8_t>().y(), 255);
}

TEST(VecTest, AsAndLoadStore) {
  const sycl::float4 f(1.0f, -2.0f, 0.0f, 0.5f);
  const auto bits = f.as<sycl::uint4>();
  EXPECT_EQ(bits.x(), 0x3f800000u);
  EXPECT_EQ(bits.y(), 0xc0000000u);
  const auto bytes = f.as<sycl::uchar16>();
  EXPECT_EQ(bytes.s3(), 0x3f);
  const auto back = bits.as<sycl::float4>();
  EXPECT_EQ(back.w(), 0.5f);
  const sycl::int3 i3(1, 2, 3);
  EXPECT_EQ(i3.as<sycl::float4>().size(), 4u); // vec3 has the size of vec4

  float buf[12];
  for (int i = 0; i < 12; ++i)
    buf[i] = static_cast<float>(i);
  sycl::float3 v;
  v.load(2, buf); // elements 6, 7, 8
  EXPECT_EQ(v.x(), 6.0f);
  EXPECT_EQ(v.z(), 8.0f);
  v.store(0, buf);
  EXPECT_EQ(buf[0], 6.0f);
  EXPECT_EQ(buf[3], 3.0f); // only 3 elements written
  const float *cbuf = buf;
  sycl::float2 w;
  w.load(5, cbuf);
  EXPECT_EQ(w.x(), 10.0f);
  // multi_ptr-like objects (anything with get())
  struct fake_multi_ptr {
    float *p;
    float *get() const { return p; }
  };
  sycl::float4 q(9.0f);
  q.store(1, fake_multi_ptr{buf});
  EXPECT_EQ(buf[4], 9.0f);
  sycl::float4 r;
  r.load(1, fake_multi_ptr{buf});
  EXPECT_EQ(r.w(), 9.0f);
}

TEST(MarrayTest, Basics) {
  static_assert(sizeof(sycl::marray<float, 3>) == 12);
  static_assert(alignof(sycl::marray<double, 3>) == alignof(double));
  static_assert(std::is_trivially_copyable_v<sycl::mint4>);
  static_assert(std::is_same_v<sycl::mfloat3, sycl::marray<float, 3>>);
  sycl::marray<int, 5> a(1, 2, 3, 4, 5);
  sycl::marray<int, 5> b(2);
  EXPECT_EQ(a.size(), 5u);
  const auto s = a + b;
  EXPECT_EQ(s[4], 7);
  EXPECT_EQ((a * 3)[1], 6);
  EXPECT_EQ((10 - a)[0], 9);
  EXPECT_EQ((a % b)[2], 1);
  EXPECT_EQ((a << 1)[4], 10);
  EXPECT_EQ((~a)[0], -2);
  const auto cmp = a < b;
  static_assert(std::is_same_v<std::remove_const_t<decltype(cmp)>, sycl::marray<bool, 5>>);
  EXPECT_TRUE(cmp[0]);
  EXPECT_FALSE(cmp[1]);
  EXPECT_FALSE((!a)[0]);
  EXPECT_TRUE((a == 3)[2]);
  a += b;
  EXPECT_EQ(a[0], 3);
  ++a;
  EXPECT_EQ(a[0], 4);
  int sum = 0;
  for (int v : a)
    sum += v;
  EXPECT_EQ(sum, 4 + 5 + 6 + 7 + 8);
  sycl::marray<float, 4> m(sycl::marray<float, 2>(1.0f, 2.0f), 3.0f, 4.0f);
  EXPECT_EQ(m[2], 3.0f);
  EXPECT_EQ((-m)[3], -4.0f);
  EXPECT_EQ((m / 2.0f)[1], 1.0f);
  const auto land = sycl::mbool2(true, false) && sycl::mbool2(true, true);
  EXPECT_TRUE(land[0]);
  EXPECT_FALSE(land[1]);
  sycl::marray<float, 1> one(2.0f);
  float f = one;
  EXPECT_EQ(f, 2.0f);
  sycl::mhalf2 h(sycl::half(1.0f), sycl::half(2.0f));
  EXPECT_EQ(static_cast<float>((h + h)[1]), 4.0f);
}
