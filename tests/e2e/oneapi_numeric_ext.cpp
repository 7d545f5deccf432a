// oneAPI extensions that CUDA-ported code uses, computed in kernels and
// checked against host references written independently of the headers:
//  * ext::oneapi::bfloat16: float -> bfloat16 rounds to nearest even (ties,
//    overflow, subnormals, NaN), + - * / round once, comparisons, and
//    experimental::fma/fmin/fmax/fabs/isnan (native bf16 instructions on a
//    GPU of sm_80+, software on the CPU: both must give the same bits);
//  * ext::oneapi::experimental::cuda::ldg for scalars, vec<T, 2..4>, bfloat16,
//    marray and a struct;
//  * ext::oneapi::dot_acc for every signed/unsigned mix, packed and as vec.
#include "e2e_common.hpp"

#include <sycl/ext/oneapi/experimental/cuda/builtins.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using sycl::ext::oneapi::bfloat16;
namespace bfx = sycl::ext::oneapi::experimental;

namespace {

uint32_t float_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float bits_float(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
uint16_t bf16_bits(bfloat16 b) { return sycl::bit_cast<uint16_t>(b); }
double bf16_value(uint16_t b) { return bits_float(uint32_t(b) << 16); }

// The nearest bfloat16 to x by comparing distances in long double (exact
// for these operands), ties to the even encoding; infinity beyond the
// halfway point above the largest finite value.
uint16_t reference_round(long double x) {
  if (x != x) return 0x7fc0;
  const bool negative = std::signbit(x);
  const long double mag = negative ? -x : x;
  const uint16_t sign = negative ? 0x8000 : 0;
  // Below the largest finite bfloat16: search the two neighbours.
  uint16_t lo = 0;
  for (int step = 1 << 14; step; step >>= 1) // largest finite encoding <= mag
    if (lo + step <= 0x7f7f && bf16_value(uint16_t(lo + step)) <= mag) lo = uint16_t(lo + step);
  if (lo == 0x7f7f) {
    const long double max = bf16_value(0x7f7f), ulp = max - bf16_value(0x7f7e);
    return uint16_t(sign | (mag >= max + ulp / 2 ? 0x7f80 : 0x7f7f));
  }
  const long double below = bf16_value(lo), above = bf16_value(uint16_t(lo + 1));
  const long double d_lo = mag - below, d_hi = above - mag;
  uint16_t r = d_lo < d_hi ? lo : d_hi < d_lo ? uint16_t(lo + 1) : (lo & 1 ? uint16_t(lo + 1) : lo);
  return uint16_t(sign | r);
}

bool is_nan_bits(uint16_t b) { return (b & 0x7fff) > 0x7f80; }

void check_bf16(const std::string &what, uint16_t got, uint16_t expected) {
  if (is_nan_bits(expected)) {
    e2e::check(what + " is NaN", is_nan_bits(got));
    return;
  }
  e2e::check_eq(what, unsigned(got), unsigned(expected));
}

void test_bfloat16(sycl::queue &q) {
  // Conversions: exact values, ties both ways, just above/below ties,
  // overflow, the smallest normal and subnormals, signed zeros, NaN, inf.
  std::vector<float> in = {0.0f,
                           -0.0f,
                           1.0f,
                           -2.5f,
                           bits_float(0x3f808000), // tie, even below -> down
                           bits_float(0x3f818000), // tie, odd below -> up
                           bits_float(0x3f808001),
                           bits_float(0x3f807fff),
                           std::numeric_limits<float>::max(), // rounds to inf
                           bits_float(0x7f7f7fff),            // stays finite
                           std::numeric_limits<float>::min(),
                           bits_float(0x00008000), // subnormal tie
                           bits_float(0x00018000),
                           std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN(),
                           bits_float(0x7f800001)}; // signalling NaN, low payload
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  for (int i = 0; i < 200; ++i) in.push_back(dist(rng));
  const size_t n = in.size();

  // Per pair (a, b) = (in[i], in[(i * 7 + 3) % n]) rounded to bfloat16.
  enum { conv, add, sub, mul, div, fma_r, fmin_r, fmax_r, fabs_r, results };
  std::vector<uint16_t> out(n * results);
  std::vector<uint8_t> flags(n * 3);
  {
    sycl::buffer<float> in_buf(in.data(), n);
    sycl::buffer<uint16_t> out_buf(out.data(), out.size());
    sycl::buffer<uint8_t> flag_buf(flags.data(), flags.size());
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(in_buf, h, sycl::read_only);
      sycl::accessor r(out_buf, h, sycl::write_only);
      sycl::accessor f(flag_buf, h, sycl::write_only);
      h.parallel_for<class bf16_ops>(sycl::range<1>(n), [=](sycl::id<1> id) {
        const size_t i = id[0];
        const bfloat16 a = x[i], b = x[(i * 7 + 3) % n], c = x[(i * 5 + 1) % n];
        const auto put = [&](int k, bfloat16 v) {
          r[i * results + k] = sycl::bit_cast<uint16_t>(v);
        };
        put(conv, a);
        put(add, a + b);
        put(sub, a - b);
        put(mul, a * b);
        put(div, a / b);
        put(fma_r, bfx::fma(a, b, c));
        put(fmin_r, bfx::fmin(a, b));
        put(fmax_r, bfx::fmax(a, b));
        put(fabs_r, bfx::fabs(a));
        f[i * 3 + 0] = bfx::isnan(a);
        f[i * 3 + 1] = a < b;
        f[i * 3 + 2] = a == b;
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    const uint16_t a = reference_round(in[i]), b = reference_round(in[(i * 7 + 3) % n]),
                   c = reference_round(in[(i * 5 + 1) % n]);
    const long double va = bf16_value(a), vb = bf16_value(b), vc = bf16_value(c);
    const std::string at = "[" + std::to_string(i) + "] ";
    const auto got = [&](int k) { return out[i * results + k]; };
    check_bf16(at + "float -> bfloat16", got(conv), a);
    check_bf16(at + "a + b", got(add), reference_round(va + vb));
    check_bf16(at + "a - b", got(sub), reference_round(va - vb));
    check_bf16(at + "a * b", got(mul), reference_round(va * vb));
    if (vb != 0) check_bf16(at + "a / b", got(div), reference_round(va / vb));
    // long double holds a*b exactly, and a*b + c exactly unless c is far
    // smaller, where the sum still rounds the same way.
    check_bf16(at + "fma", got(fma_r), reference_round(va * vb + vc));
    if (!is_nan_bits(a) && !is_nan_bits(b) && va != vb) {
      check_bf16(at + "fmin", got(fmin_r), va < vb ? a : b);
      check_bf16(at + "fmax", got(fmax_r), va < vb ? b : a);
    }
    if (is_nan_bits(a) && !is_nan_bits(b)) check_bf16(at + "fmin(NaN, b)", got(fmin_r), b);
    check_bf16(at + "fabs", got(fabs_r), uint16_t(a & 0x7fff));
    e2e::check_eq(at + "isnan", bool(flags[i * 3]), is_nan_bits(a));
    e2e::check_eq(at + "a < b", bool(flags[i * 3 + 1]), va < vb);
    e2e::check_eq(at + "a == b", bool(flags[i * 3 + 2]), va == vb);
  }
  // fmin/fmax order -0 below +0.
  e2e::check_eq("fmin(+0, -0)", unsigned(bf16_bits(bfx::fmin(bfloat16(0.0f), bfloat16(-0.0f)))),
                0x8000u);
  e2e::check_eq("fmax(-0, +0)", unsigned(bf16_bits(bfx::fmax(bfloat16(-0.0f), bfloat16(0.0f)))),
                0u);
  e2e::check_eq("numeric_limits::epsilon", float(std::numeric_limits<bfloat16>::epsilon()),
                0.0078125f);
  e2e::check_eq("numeric_limits::max", float(std::numeric_limits<bfloat16>::max()),
                bits_float(0x7f7f0000));
}

template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<sycl::vec<T, N>> : std::true_type {};
template <typename T, std::size_t N> struct is_vec<sycl::marray<T, N>> : std::true_type {};

// A program's own type read through ldg (HeCBench reads structs this way).
struct particle {
  float x, y, z;
  int tag;
  friend bool operator==(const particle &a, const particle &b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.tag == b.tag;
  }
};

template <typename T> T make_value(int seed) {
  if constexpr (is_vec<T>::value) {
    T v;
    for (int k = 0; k < int(T::size()); ++k)
      v[k] = typename T::value_type(float(seed * 3 + k + 1));
    return v;
  } else if constexpr (std::is_same_v<T, particle>) {
    return particle{float(seed), float(seed) * 0.5f, -float(seed), seed * 7};
  } else if constexpr (std::is_same_v<T, bfloat16>) {
    return bfloat16(float(seed * 3 + 1));
  } else {
    return T(seed * 3 + 1);
  }
}

template <typename T> bool same(const T &a, const T &b) {
  if constexpr (is_vec<T>::value) {
    for (int k = 0; k < int(T::size()); ++k)
      if (!(a[k] == b[k])) return false;
    return true;
  } else {
    return a == b;
  }
}

template <typename T> void test_ldg_type(sycl::queue &q, const char *name) {
  constexpr int n = 64;
  T *src = sycl::malloc_shared<T>(n, q);
  T *dst = sycl::malloc_shared<T>(n, q);
  for (int i = 0; i < n; ++i) src[i] = make_value<T>(i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     dst[i] = sycl::ext::oneapi::experimental::cuda::ldg(&src[i]);
   }).wait();
  for (int i = 0; i < n; ++i)
    e2e::check(std::string("ldg ") + name + "[" + std::to_string(i) + "]",
               same(dst[i], make_value<T>(i)));
  sycl::free(src, q);
  sycl::free(dst, q);
}

void test_ldg(sycl::queue &q) {
  test_ldg_type<char>(q, "char");
  test_ldg_type<signed char>(q, "signed char");
  test_ldg_type<unsigned short>(q, "unsigned short");
  test_ldg_type<int>(q, "int");
  test_ldg_type<unsigned long>(q, "unsigned long");
  test_ldg_type<long long>(q, "long long");
  test_ldg_type<float>(q, "float");
  test_ldg_type<double>(q, "double");
  test_ldg_type<sycl::uchar2>(q, "uchar2");
  test_ldg_type<sycl::char3>(q, "char3");
  test_ldg_type<sycl::short4>(q, "short4");
  test_ldg_type<sycl::int3>(q, "int3");
  test_ldg_type<sycl::uint4>(q, "uint4");
  test_ldg_type<sycl::float2>(q, "float2");
  test_ldg_type<sycl::float3>(q, "float3");
  test_ldg_type<sycl::float4>(q, "float4");
  test_ldg_type<sycl::double2>(q, "double2");
  test_ldg_type<sycl::long3>(q, "long3");
  test_ldg_type<sycl::ulong4>(q, "ulong4");
  if (q.get_device().has(sycl::aspect::fp16)) {
    test_ldg_type<sycl::half>(q, "half");
    test_ldg_type<sycl::half3>(q, "half3");
    test_ldg_type<sycl::half2>(q, "half2");
  }
  test_ldg_type<bfloat16>(q, "bfloat16");
  test_ldg_type<sycl::marray<bfloat16, 2>>(q, "marray<bfloat16, 2>");
  test_ldg_type<sycl::marray<float, 3>>(q, "marray<float, 3>");
  test_ldg_type<particle>(q, "struct particle");
}

// c + sum a_i * b_i over the four bytes, each byte signed or not, modulo 2^32.
int32_t reference_dot(uint32_t a, bool a_signed, uint32_t b, bool b_signed, int32_t c) {
  int64_t sum = c;
  for (int i = 0; i < 4; ++i) {
    const int64_t x = a_signed ? int8_t(a >> (8 * i)) : uint8_t(a >> (8 * i));
    const int64_t y = b_signed ? int8_t(b >> (8 * i)) : uint8_t(b >> (8 * i));
    sum += x * y;
  }
  return int32_t(uint32_t(uint64_t(sum)));
}

template <typename T> sycl::vec<T, 4> unpack(uint32_t p) {
  return sycl::vec<T, 4>(T(p), T(p >> 8), T(p >> 16), T(p >> 24));
}

void test_dot_acc(sycl::queue &q) {
  constexpr int n = 256;
  std::mt19937 rng(11);
  std::vector<uint32_t> a(n), b(n);
  std::vector<int32_t> c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = rng();
    b[i] = rng();
    // Some accumulators near the limits, so the sum wraps.
    c[i] = i % 16 == 0 ? std::numeric_limits<int32_t>::max() - 100 : int32_t(rng());
  }
  std::vector<int32_t> out(n * 8);
  {
    sycl::buffer<uint32_t> ab(a.data(), n), bb(b.data(), n);
    sycl::buffer<int32_t> cb(c.data(), n), ob(out.data(), out.size());
    q.submit([&](sycl::handler &h) {
      sycl::accessor A(ab, h, sycl::read_only), B(bb, h, sycl::read_only);
      sycl::accessor C(cb, h, sycl::read_only);
      sycl::accessor O(ob, h, sycl::write_only);
      h.parallel_for<class dot_acc_forms>(sycl::range<1>(n), [=](sycl::id<1> id) {
        using sycl::ext::oneapi::dot_acc;
        const size_t i = id[0];
        const uint32_t x = A[i], y = B[i];
        const int32_t acc = C[i];
        O[i * 8 + 0] = dot_acc(int32_t(x), int32_t(y), acc);
        O[i * 8 + 1] = dot_acc(x, y, acc);
        O[i * 8 + 2] = dot_acc(int32_t(x), y, acc);
        O[i * 8 + 3] = dot_acc(x, int32_t(y), acc);
        O[i * 8 + 4] = dot_acc(unpack<int8_t>(x), unpack<int8_t>(y), acc);
        O[i * 8 + 5] = dot_acc(unpack<uint8_t>(x), unpack<uint8_t>(y), acc);
        O[i * 8 + 6] = dot_acc(unpack<int8_t>(x), unpack<uint8_t>(y), acc);
        O[i * 8 + 7] = dot_acc(unpack<uint8_t>(x), unpack<int8_t>(y), acc);
      });
    });
  }
  const bool signs[4][2] = {{true, true}, {false, false}, {true, false}, {false, true}};
  for (int i = 0; i < n; ++i)
    for (int form = 0; form < 8; ++form) {
      const bool *s = signs[form % 4];
      e2e::check_eq("dot_acc form " + std::to_string(form) + " [" + std::to_string(i) + "]",
                    out[i * 8 + form], reference_dot(a[i], s[0], b[i], s[1], c[i]));
    }
}

} // namespace

// vec<bfloat16, N> (as DPC++ allows): element-wise arithmetic rounds each
// result to bfloat16, comparisons, and convert to and from float and int.
void test_vec_bfloat16(sycl::queue &q) {
  float *out = sycl::malloc_shared<float>(8, q);
  q.single_task([=] {
     const sycl::vec<bfloat16, 2> a(bfloat16(1.5f), bfloat16(2.0f));
     const sycl::vec<bfloat16, 2> b{bfloat16(0.5f), bfloat16(4.0f)};
     const sycl::vec<bfloat16, 2> c = a * b + a;
     out[0] = c.x();
     out[1] = static_cast<float>(c[1]);
     out[2] = c.convert<float>().y();
     const sycl::vec<bfloat16, 4> d = sycl::float4(1.0f, 2.0f, 3.0f, 257.0f).convert<bfloat16>();
     out[3] = d.w(); // 257 is not a bfloat16: nearest even is 256
     out[4] = static_cast<float>(c.convert<int, sycl::rounding_mode::rtz>().x());
     out[5] = static_cast<float>((a == b)[0]) + 2.0f * static_cast<float>((a < b)[1]);
   }).wait();
  e2e::check_eq("vec<bfloat16> a*b+a [0]", out[0], 2.25f);
  e2e::check_eq("vec<bfloat16> a*b+a [1]", out[1], 10.0f);
  e2e::check_eq("vec<bfloat16>::convert<float>", out[2], 10.0f);
  e2e::check_eq("vec<float>::convert<bfloat16> rounds", out[3], 256.0f);
  e2e::check_eq("vec<bfloat16>::convert<int, rtz>", out[4], 2.0f);
  e2e::check_eq("vec<bfloat16> comparisons", out[5], -2.0f);
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "oneapi_numeric_ext");
  test_bfloat16(q);
  test_ldg(q);
  test_dot_acc(q);
  test_vec_bfloat16(q);
  return e2e::finish("oneapi_numeric_ext");
}
