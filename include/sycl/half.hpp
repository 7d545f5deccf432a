// sycl::half: IEEE 754 binary16 (SYCL 2020 §4.14.1).
//
// Storage is always exactly 2 bytes with 2-byte alignment, on the host and on
// every device, so kernel objects holding halves can be copied byte-wise.
//
// Where the compiler supports _Float16 (clang 22 on x86-64 and NVPTX, g++ >= 12
// on x86-64) the value is held as a _Float16 and arithmetic is native (PTX
// add.f16/... on sm_53+). Otherwise, or when USYCL_HALF_SOFTWARE is defined,
// a software implementation holds the raw bits and does arithmetic in float
// with correctly rounded (round-to-nearest-even) conversions, which gives the
// same results as native binary16 for + - * / (float has more than 2*11+2
// significand bits, so the double rounding is innocuous).
#pragma once

#include <sycl/bit_cast.hpp>
#include <sycl/detail/attributes.hpp>
#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <type_traits>

#if !defined(USYCL_HALF_SOFTWARE) && defined(__FLT16_MANT_DIG__) &&                      \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12))
#define USYCL_HALF_NATIVE 1
#else
#define USYCL_HALF_NATIVE 0
#endif

namespace sycl {
inline namespace _V1 {

// The class lives in a namespace of its own so that argument-dependent lookup
// on a half finds its operators but not sycl::min/clamp/...: user code such as
// `clamp<T>(x, lo, hi)` calling its own template must not become ambiguous
// (DPC++ does the same).
namespace detail::half_impl {
class half;
}
using half = detail::half_impl::half;

namespace detail {

// ---- software binary16 conversions (also used for constexpr bit access) ----

// Correctly rounded (RNE) double -> binary16 bits. Every float and every
// integer that fits in a double converts exactly to double first, so this is
// the single rounding step for all conversions to half.
constexpr std::uint16_t double_to_half_bits(double d) noexcept {
  const std::uint64_t b = __builtin_bit_cast(std::uint64_t, d);
  const std::uint16_t sign = static_cast<std::uint16_t>((b >> 48) & 0x8000u);
  const int exp = static_cast<int>((b >> 52) & 0x7ff);
  const std::uint64_t mant = b & ((std::uint64_t{1} << 52) - 1);
  if (exp == 0x7ff) {
    if (mant == 0)
      return static_cast<std::uint16_t>(sign | 0x7c00u);
    // NaN: keep it quiet and keep the top payload bits.
    return static_cast<std::uint16_t>(sign | 0x7e00u | (mant >> 42));
  }
  if (exp == 0) // zero or double subnormal: far below half's range
    return sign;
  const int e = exp - 1023 + 15; // biased half exponent
  if (e >= 31)
    return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10)
      return sign;
    const std::uint64_t m = mant | (std::uint64_t{1} << 52);
    const int shift = 43 - e; // 43..53
    std::uint64_t r = m >> shift;
    const std::uint64_t rem = m & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t halfway = std::uint64_t{1} << (shift - 1);
    if (rem > halfway || (rem == halfway && (r & 1)))
      ++r; // may carry into the smallest normal: still the right encoding
    return static_cast<std::uint16_t>(sign | r);
  }
  std::uint16_t out =
      static_cast<std::uint16_t>(sign | (e << 10) | static_cast<std::uint16_t>(mant >> 42));
  const std::uint64_t rem = mant & ((std::uint64_t{1} << 42) - 1);
  const std::uint64_t halfway = std::uint64_t{1} << 41;
  if (rem > halfway || (rem == halfway && (out & 1)))
    ++out; // a carry out of the significand bumps the exponent (0x7bff -> inf)
  return out;
}

constexpr float half_bits_to_float(std::uint16_t h) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu;
  const std::uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f)
    return __builtin_bit_cast(float, sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    // zero or subnormal: mant * 2^-24, exact in float
    const float mag = static_cast<float>(mant) * 5.9604644775390625e-8f;
    return sign ? -mag : mag;
  }
  return __builtin_bit_cast(float, sign | ((exp + 112u) << 23) | (mant << 13));
}

// Correctly rounded (RNE) float -> binary16 bits, branch-light: what the
// host uses instead of the compiler's conversion call (below).
constexpr std::uint16_t float_to_half_bits(float f) noexcept {
  std::uint32_t x = __builtin_bit_cast(std::uint32_t, f);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  std::uint32_t out = 0;
  if (x >= 0x47800000u) { // |f| >= 2^16, infinity or NaN
    out = x > 0x7f800000u ? 0x7e00u | ((x >> 13) & 0x3ffu) : 0x7c00u;
  } else if (x < 0x38800000u) { // below 2^-14: a half subnormal or zero
    // Adding 0.5 puts the half's subnormal step (2^-24) at the last bit of
    // the float's significand, so the float addition rounds (to nearest
    // even) exactly where binary16 does; 0x400 is the smallest normal.
    const float aligned = __builtin_bit_cast(float, x) + 0.5f;
    out = __builtin_bit_cast(std::uint32_t, aligned) - 0x3f000000u;
  } else {
    // Rebias the exponent (127 -> 15) and round the 13 dropped bits to
    // nearest even; a carry moves into the exponent (65520 -> infinity).
    x += 0xc8000fffu + ((x >> 13) & 1u);
    out = x >> 13;
  }
  return static_cast<std::uint16_t>(out | sign);
}

#if USYCL_HALF_NATIVE
using half_storage_t = _Float16;
#else
using half_storage_t = std::uint16_t;
#endif

// On an x86-64 host without F16C, clang converts float <-> _Float16 with
// calls to libgcc (__truncsfhf2: about 130 ns; __extendhfsf2: about 16 ns),
// which made host code that fills or checks half arrays 50x slower than
// CUDA's host-side __float2half. The same roundings in a few instructions:
#if USYCL_HALF_NATIVE && !defined(__SYCL_DEVICE_ONLY__) && defined(__x86_64__) &&          \
    !defined(__F16C__) && !defined(__AVX512FP16__)
#define USYCL_HALF_HOST_CONVERSIONS 1
#else
#define USYCL_HALF_HOST_CONVERSIONS 0
#endif
#if USYCL_HALF_NATIVE
constexpr _Float16 float_to_native_half(float f) noexcept {
#if USYCL_HALF_HOST_CONVERSIONS
  if (!__builtin_is_constant_evaluated())
    return __builtin_bit_cast(_Float16, float_to_half_bits(f));
#endif
  return static_cast<_Float16>(f);
}
constexpr float native_half_to_float(_Float16 h) noexcept {
#if USYCL_HALF_HOST_CONVERSIONS
  if (!__builtin_is_constant_evaluated())
    return half_bits_to_float(__builtin_bit_cast(std::uint16_t, h));
#endif
  return static_cast<float>(h);
}
#endif

// Integers and long double: converted through double (exact for every integer
// in half's range; larger ones overflow to infinity either way).
template <typename T>
inline constexpr bool is_other_arith_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, float> && !std::is_same_v<T, double>;

template <typename T>
inline constexpr bool is_half_arith_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

constexpr std::uint16_t half_to_bits(half h) noexcept;
constexpr half half_from_bits(std::uint16_t b) noexcept;

} // namespace detail

namespace detail::half_impl {
// An optional kernel feature: device code using half needs aspect::fp16.
class USYCL_USES_ASPECTS(::sycl::aspect::fp16) half {
  using storage_t = detail::half_storage_t;

public:
  half() = default;
  constexpr half(const half &) = default;
  constexpr half(half &&) = default;
  half &operator=(const half &) = default;
  half &operator=(half &&) = default;
  ~half() = default;

#if USYCL_HALF_NATIVE
  constexpr half(_Float16 v) noexcept : value_(v) {}
  constexpr half(float f) noexcept : value_(detail::float_to_native_half(f)) {}
  constexpr half(double d) noexcept : value_(static_cast<_Float16>(d)) {}
  template <typename T, std::enable_if_t<detail::is_other_arith_v<T>, int> = 0>
  constexpr half(T i) noexcept : value_(static_cast<_Float16>(i)) {}

  constexpr operator float() const noexcept { return detail::native_half_to_float(value_); }
  // Access to the underlying _Float16 (usycl extension; native mode only).
  constexpr _Float16 get_native() const noexcept { return value_; }
#else
  constexpr half(float f) noexcept : value_(detail::float_to_half_bits(f)) {}
  constexpr half(double d) noexcept : value_(detail::double_to_half_bits(d)) {}
  template <typename T, std::enable_if_t<detail::is_other_arith_v<T>, int> = 0>
  constexpr half(T i) noexcept
      : value_(detail::double_to_half_bits(static_cast<double>(i))) {}

  constexpr operator float() const noexcept { return detail::half_bits_to_float(value_); }
#endif

  // ---- compound assignment ----
  constexpr half &operator+=(const half &r) noexcept { return *this = *this + r; }
  constexpr half &operator-=(const half &r) noexcept { return *this = *this - r; }
  constexpr half &operator*=(const half &r) noexcept { return *this = *this * r; }
  constexpr half &operator/=(const half &r) noexcept { return *this = *this / r; }
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>
  constexpr half &operator+=(const T &r) noexcept { return *this = half(*this + r); }
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>
  constexpr half &operator-=(const T &r) noexcept { return *this = half(*this - r); }
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>
  constexpr half &operator*=(const T &r) noexcept { return *this = half(*this * r); }
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>
  constexpr half &operator/=(const T &r) noexcept { return *this = half(*this / r); }

  constexpr half &operator++() noexcept { return *this += half(1.0f); }
  constexpr half operator++(int) noexcept { half t = *this; ++*this; return t; }
  constexpr half &operator--() noexcept { return *this -= half(1.0f); }
  constexpr half operator--(int) noexcept { half t = *this; --*this; return t; }

  constexpr half operator+() const noexcept { return *this; }
  constexpr half operator-() const noexcept {
#if USYCL_HALF_NATIVE && !USYCL_HALF_HOST_CONVERSIONS
    return half(static_cast<_Float16>(-value_));
#else
    return detail::half_from_bits(static_cast<std::uint16_t>(detail::half_to_bits(*this) ^ 0x8000u));
#endif
  }

  // ---- binary arithmetic: half op half -> half ----
#if USYCL_HALF_NATIVE && !USYCL_HALF_HOST_CONVERSIONS
#define USYCL_HALF_BINOP(OP)                                                             \
  friend constexpr half operator OP(const half &a, const half &b) noexcept {             \
    return half(static_cast<_Float16>(a.value_ OP b.value_));                            \
  }
#else // in float, as the compiler's own _Float16 arithmetic does on such hosts
#define USYCL_HALF_BINOP(OP)                                                             \
  friend constexpr half operator OP(const half &a, const half &b) noexcept {             \
    return half(static_cast<float>(a) OP static_cast<float>(b));                         \
  }
#endif
  USYCL_HALF_BINOP(+)
  USYCL_HALF_BINOP(-)
  USYCL_HALF_BINOP(*)
  USYCL_HALF_BINOP(/)
#undef USYCL_HALF_BINOP

  // ---- mixed arithmetic (as DPC++): with float -> float, with double ->
  // double, with an integer -> half ----
#define USYCL_HALF_MIXED(OP)                                                             \
  friend constexpr float operator OP(const half &a, const float &b) noexcept {           \
    return static_cast<float>(a) OP b;                                                   \
  }                                                                                      \
  friend constexpr float operator OP(const float &a, const half &b) noexcept {           \
    return a OP static_cast<float>(b);                                                   \
  }                                                                                      \
  friend constexpr double operator OP(const half &a, const double &b) noexcept {         \
    return static_cast<double>(static_cast<float>(a)) OP b;                              \
  }                                                                                      \
  friend constexpr double operator OP(const double &a, const half &b) noexcept {         \
    return a OP static_cast<double>(static_cast<float>(b));                              \
  }                                                                                      \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                \
  friend constexpr half operator OP(const half &a, const T &b) noexcept {                \
    return a OP half(b);                                                                 \
  }                                                                                      \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                \
  friend constexpr half operator OP(const T &a, const half &b) noexcept {                \
    return half(a) OP b;                                                                 \
  }
  USYCL_HALF_MIXED(+)
  USYCL_HALF_MIXED(-)
  USYCL_HALF_MIXED(*)
  USYCL_HALF_MIXED(/)
#undef USYCL_HALF_MIXED

  // ---- comparisons (IEEE semantics: NaN compares unordered) ----
#define USYCL_HALF_CMP(OP)                                                               \
  friend constexpr bool operator OP(const half &a, const half &b) noexcept {             \
    return static_cast<float>(a) OP static_cast<float>(b);                               \
  }                                                                                      \
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>           \
  friend constexpr bool operator OP(const half &a, const T &b) noexcept {                \
    return static_cast<std::common_type_t<float, T>>(static_cast<float>(a)) OP b;        \
  }                                                                                      \
  template <typename T, std::enable_if_t<detail::is_half_arith_v<T>, int> = 0>           \
  friend constexpr bool operator OP(const T &a, const half &b) noexcept {                \
    return a OP static_cast<std::common_type_t<float, T>>(static_cast<float>(b));        \
  }
  USYCL_HALF_CMP(==)
  USYCL_HALF_CMP(!=)
  USYCL_HALF_CMP(<)
  USYCL_HALF_CMP(>)
  USYCL_HALF_CMP(<=)
  USYCL_HALF_CMP(>=)
#undef USYCL_HALF_CMP

  template <typename CharT, typename Traits>
  friend std::basic_ostream<CharT, Traits> &operator<<(std::basic_ostream<CharT, Traits> &os,
                                                       const half &h) {
    return os << static_cast<float>(h);
  }
  template <typename CharT, typename Traits>
  friend std::basic_istream<CharT, Traits> &operator>>(std::basic_istream<CharT, Traits> &is,
                                                       half &h) {
    float f = 0.0f;
    is >> f;
    h = half(f);
    return is;
  }

private:
  storage_t value_;
};
} // namespace detail::half_impl

static_assert(sizeof(half) == 2 && alignof(half) == 2, "sycl::half must be 2 bytes");
static_assert(std::is_trivially_copyable_v<half>, "sycl::half must be trivially copyable");
static_assert(std::is_standard_layout_v<half>, "sycl::half must be standard layout");

namespace detail {
constexpr std::uint16_t half_to_bits(half h) noexcept {
  return __builtin_bit_cast(std::uint16_t, h);
}
constexpr half half_from_bits(std::uint16_t b) noexcept { return __builtin_bit_cast(half, b); }

// float, double or half: the element types SYCL 2020 denies %, the bitwise
// operators and the shifts of vec and marray.
template <typename T>
inline constexpr bool is_sycl_floating_point_v =
    std::is_floating_point_v<std::remove_cv_t<T>> || std::is_same_v<std::remove_cv_t<T>, half>;
} // namespace detail

} // namespace _V1
} // namespace sycl

namespace std {

template <> struct numeric_limits<sycl::half> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr float_round_style round_style = round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr sycl::half min() noexcept { return sycl::detail::half_from_bits(0x0400); }
  static constexpr sycl::half lowest() noexcept { return sycl::detail::half_from_bits(0xfbff); }
  static constexpr sycl::half max() noexcept { return sycl::detail::half_from_bits(0x7bff); }
  static constexpr sycl::half epsilon() noexcept { return sycl::detail::half_from_bits(0x1400); }
  static constexpr sycl::half round_error() noexcept {
    return sycl::detail::half_from_bits(0x3800);
  }
  static constexpr sycl::half infinity() noexcept { return sycl::detail::half_from_bits(0x7c00); }
  static constexpr sycl::half quiet_NaN() noexcept {
    return sycl::detail::half_from_bits(0x7e00);
  }
  static constexpr sycl::half signaling_NaN() noexcept {
    return sycl::detail::half_from_bits(0x7d00);
  }
  static constexpr sycl::half denorm_min() noexcept {
    return sycl::detail::half_from_bits(0x0001);
  }
};

template <> struct hash<sycl::half> {
  size_t operator()(const sycl::half &h) const noexcept {
    std::uint16_t b = sycl::detail::half_to_bits(h);
    if ((b & 0x7fffu) == 0)
      b = 0; // +0 and -0 compare equal, so they must hash equal
    return std::hash<std::uint16_t>{}(b);
  }
};

} // namespace std
