// sycl::ext::oneapi::bfloat16 (DPC++'s sycl_ext_oneapi_bfloat16) and the
// cheap functions of sycl_ext_oneapi_bfloat16_math_functions
// (ext::oneapi::experimental::isnan/fabs/fmin/fmax/fma).
//
// bfloat16 is the upper half of an IEEE binary32: 1 sign bit, 8 exponent
// bits, 7 stored significand bits. The value is always held as its 16 raw
// bits, so the type is 2 bytes, trivially copyable and bit_cast-able on the
// host and on every device.
//
// Conversions from float round to nearest even. On NVPTX sm_80 and newer
// they are the native cvt.rn.bf16.f32 and arithmetic, fma, min, max and abs
// use the bf16 instructions (through clang's __bf16 type and __nvvm_*_bf16
// builtins); elsewhere (the CPU device, the host, older GPUs) a software
// implementation computes in float and rounds once more to bfloat16. For
// + - * / that gives the same bits as a single rounding (float carries more
// than 2*8+2 significand bits, so the double rounding is innocuous); fma
// rounds to odd in its intermediate steps for the same reason.
#pragma once

#include <sycl/bit_cast.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <type_traits>

#define SYCL_EXT_ONEAPI_BFLOAT16 1
#define SYCL_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS 1

#if USYCL_DEVICE_NVPTX && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define USYCL_BF16_NATIVE 1
#else
#define USYCL_BF16_NATIVE 0
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {

// ---- software binary32 <-> bfloat16 conversions ----

// Round-to-nearest-even of the float's bits to their upper 16. NaNs stay NaN
// (quiet, sign and top payload kept): plain rounding could carry a NaN whose
// payload sits in the low bits into infinity.
constexpr std::uint16_t float_to_bf16_bits(float f) noexcept {
  const std::uint32_t bits = __builtin_bit_cast(std::uint32_t, f);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<std::uint16_t>((bits >> 16) | 0x0040u);
  const std::uint32_t lsb = (bits >> 16) & 1u;
  return static_cast<std::uint16_t>((bits + 0x7fffu + lsb) >> 16);
}

constexpr float bf16_bits_to_float(std::uint16_t b) noexcept {
  return __builtin_bit_cast(float, static_cast<std::uint32_t>(b) << 16);
}

// The float nearest to d, rounded to odd: toward zero, then the lowest
// significand bit set when anything was cut off. Rounding that float to
// bfloat16 (to nearest even) then equals rounding d directly, because float
// keeps more than 8 + 2 significand bits (also for bfloat16's subnormals,
// which are coarser than float's).
constexpr float double_to_float_round_to_odd(double d) noexcept {
  float f = static_cast<float>(d);
  if (f != f || static_cast<double>(f) == d)
    return f; // NaN or exact
  std::uint32_t bits = __builtin_bit_cast(std::uint32_t, f);
  const bool rounded_away_from_zero =
      (d < 0) ? static_cast<double>(f) < d : static_cast<double>(f) > d;
  if (rounded_away_from_zero)
    --bits; // the neighbour toward zero (also right for infinity: FLT_MAX)
  return __builtin_bit_cast(float, bits | 1u);
}

// a*b + c rounded once to bfloat16. a*b of two bfloat16 values has at most
// 16 significand bits, so it is exact in double; the sum is made exact as a
// double plus its error (TwoSum), rounded to odd in double, then to odd in
// float, then to nearest even in bfloat16: every intermediate step keeps the
// sticky information, so the last rounding is the only one that counts.
constexpr std::uint16_t bf16_fma_bits(std::uint16_t a, std::uint16_t b,
                                      std::uint16_t c) noexcept {
  const double product = static_cast<double>(bf16_bits_to_float(a)) *
                         static_cast<double>(bf16_bits_to_float(b));
  const double addend = bf16_bits_to_float(c);
  double sum = product + addend;
  if (sum == sum && sum - sum == 0) { // finite: the error term is meaningful
    const double addend_part = sum - product;
    const double error = (product - (sum - addend_part)) + (addend - addend_part);
    if (error != 0) {
      std::uint64_t bits = __builtin_bit_cast(std::uint64_t, sum);
      const bool sum_too_large_in_magnitude = (sum < 0) ? error > 0 : error < 0;
      if (sum_too_large_in_magnitude)
        --bits;
      sum = __builtin_bit_cast(double, bits | 1u);
    }
  }
  return float_to_bf16_bits(double_to_float_round_to_odd(sum));
}

template <typename T>
inline constexpr bool is_bf16_operand_v =
    std::is_arithmetic_v<T> || std::is_same_v<std::remove_cv_t<T>, half>;

} // namespace detail

namespace ext::oneapi {
class bfloat16;
}

namespace detail {
// Raw access to a bfloat16's bits (constexpr, unlike sycl::bit_cast).
constexpr std::uint16_t bfloat16_to_bits(const ext::oneapi::bfloat16 &) noexcept;
constexpr ext::oneapi::bfloat16 bits_to_bfloat16(std::uint16_t) noexcept;
} // namespace detail

namespace ext::oneapi {

class bfloat16 {
public:
  bfloat16() = default;
  constexpr bfloat16(const bfloat16 &) = default;
  constexpr bfloat16(bfloat16 &&) = default;
  constexpr bfloat16 &operator=(const bfloat16 &) = default;
  constexpr bfloat16 &operator=(bfloat16 &&) = default;
  ~bfloat16() = default;

  constexpr bfloat16(const float &f) noexcept : value_(from_float(f)) {}
  constexpr bfloat16 &operator=(const float &f) noexcept {
    value_ = from_float(f);
    return *this;
  }
  // half -> float is exact, so this rounds once.
  constexpr bfloat16(const half &h) noexcept : value_(from_float(static_cast<float>(h))) {}
  constexpr bfloat16 &operator=(const half &h) noexcept {
    value_ = from_float(static_cast<float>(h));
    return *this;
  }

  constexpr operator float() const noexcept { return to_float(value_); }
  operator half() const noexcept { return half(to_float(value_)); }
  constexpr explicit operator bool() const noexcept { return to_float(value_) != 0.0f; }

  // ---- unary ----
  constexpr bfloat16 operator+() const noexcept { return *this; }
  constexpr bfloat16 operator-() const noexcept {
    return from_bits(static_cast<std::uint16_t>(value_ ^ 0x8000u));
  }
  constexpr bfloat16 &operator++() noexcept { return *this += bfloat16(1.0f); }
  constexpr bfloat16 operator++(int) noexcept {
    const bfloat16 old = *this;
    ++*this;
    return old;
  }
  constexpr bfloat16 &operator--() noexcept { return *this -= bfloat16(1.0f); }
  constexpr bfloat16 operator--(int) noexcept {
    const bfloat16 old = *this;
    --*this;
    return old;
  }

  // ---- arithmetic: bfloat16 op bfloat16 -> bfloat16; with an arithmetic
  // type or half the other operand is converted to float first (as DPC++) ----
#if USYCL_BF16_NATIVE
#define USYCL_BF16_BINOP(OP)                                                             \
  friend constexpr bfloat16 operator OP(const bfloat16 &a, const bfloat16 &b) noexcept { \
    if (__builtin_is_constant_evaluated())                                               \
      return bfloat16(to_float(a.value_) OP to_float(b.value_));                         \
    return from_native(to_native(a.value_) OP to_native(b.value_));                      \
  }
#else
#define USYCL_BF16_BINOP(OP)                                                             \
  friend constexpr bfloat16 operator OP(const bfloat16 &a, const bfloat16 &b) noexcept { \
    return bfloat16(to_float(a.value_) OP to_float(b.value_));                           \
  }
#endif
#define USYCL_BF16_ARITH(OP)                                                             \
  USYCL_BF16_BINOP(OP)                                                                   \
  template <typename T, std::enable_if_t<sycl::detail::is_bf16_operand_v<T>, int> = 0>   \
  friend constexpr bfloat16 operator OP(const bfloat16 &a, const T &b) noexcept {        \
    return a OP bfloat16(static_cast<float>(b));                                         \
  }                                                                                      \
  template <typename T, std::enable_if_t<sycl::detail::is_bf16_operand_v<T>, int> = 0>   \
  friend constexpr bfloat16 operator OP(const T &a, const bfloat16 &b) noexcept {        \
    return bfloat16(static_cast<float>(a)) OP b;                                         \
  }                                                                                      \
  friend constexpr bfloat16 &operator OP##=(bfloat16 & a, const bfloat16 &b) noexcept {  \
    return a = a OP b;                                                                   \
  }
  USYCL_BF16_ARITH(+)
  USYCL_BF16_ARITH(-)
  USYCL_BF16_ARITH(*)
  USYCL_BF16_ARITH(/)
#undef USYCL_BF16_ARITH
#undef USYCL_BF16_BINOP

  // ---- comparisons, IEEE semantics (NaN unordered, -0 == +0). With another
  // type both sides are compared in float, or in double when that is the
  // other type (bfloat16 -> float/double is exact). ----
#define USYCL_BF16_CMP(OP)                                                               \
  friend constexpr bool operator OP(const bfloat16 &a, const bfloat16 &b) noexcept {     \
    return to_float(a.value_) OP to_float(b.value_);                                     \
  }                                                                                      \
  template <typename T, std::enable_if_t<sycl::detail::is_bf16_operand_v<T>, int> = 0>   \
  friend constexpr bool operator OP(const bfloat16 &a, const T &b) noexcept {            \
    using common = std::conditional_t<std::is_same_v<T, double>, double, float>;        \
    return static_cast<common>(to_float(a.value_)) OP static_cast<common>(b);           \
  }                                                                                      \
  template <typename T, std::enable_if_t<sycl::detail::is_bf16_operand_v<T>, int> = 0>   \
  friend constexpr bool operator OP(const T &a, const bfloat16 &b) noexcept {            \
    using common = std::conditional_t<std::is_same_v<T, double>, double, float>;        \
    return static_cast<common>(a) OP static_cast<common>(to_float(b.value_));           \
  }
  USYCL_BF16_CMP(==)
  USYCL_BF16_CMP(!=)
  USYCL_BF16_CMP(<)
  USYCL_BF16_CMP(>)
  USYCL_BF16_CMP(<=)
  USYCL_BF16_CMP(>=)
#undef USYCL_BF16_CMP

  template <typename CharT, typename Traits>
  friend std::basic_ostream<CharT, Traits> &operator<<(std::basic_ostream<CharT, Traits> &os,
                                                       const bfloat16 &b) {
    return os << to_float(b.value_);
  }
  template <typename CharT, typename Traits>
  friend std::basic_istream<CharT, Traits> &operator>>(std::basic_istream<CharT, Traits> &is,
                                                       bfloat16 &b) {
    float f = 0.0f;
    is >> f;
    b = f;
    return is;
  }

private:
  friend constexpr std::uint16_t sycl::detail::bfloat16_to_bits(const bfloat16 &) noexcept;
  friend constexpr bfloat16 sycl::detail::bits_to_bfloat16(std::uint16_t) noexcept;

  struct raw_bits {};
  constexpr bfloat16(raw_bits, std::uint16_t bits) noexcept : value_(bits) {}
  static constexpr bfloat16 from_bits(std::uint16_t bits) noexcept {
    return bfloat16(raw_bits{}, bits);
  }

#if USYCL_BF16_NATIVE
  static __bf16 to_native(std::uint16_t bits) noexcept {
    return __builtin_bit_cast(__bf16, bits);
  }
  static bfloat16 from_native(__bf16 v) noexcept {
    return from_bits(__builtin_bit_cast(std::uint16_t, v));
  }
#endif

  static constexpr std::uint16_t from_float(float f) noexcept {
#if USYCL_BF16_NATIVE
    if (!__builtin_is_constant_evaluated()) // cvt.rn.bf16.f32
      return __builtin_bit_cast(std::uint16_t, static_cast<__bf16>(f));
#endif
    return sycl::detail::float_to_bf16_bits(f);
  }
  static constexpr float to_float(std::uint16_t bits) noexcept {
    return sycl::detail::bf16_bits_to_float(bits);
  }

  std::uint16_t value_;
};

static_assert(sizeof(bfloat16) == 2 && alignof(bfloat16) == 2,
              "sycl::ext::oneapi::bfloat16 must be 2 bytes");
static_assert(std::is_trivially_copyable_v<bfloat16>,
              "sycl::ext::oneapi::bfloat16 must be trivially copyable");

} // namespace ext::oneapi

namespace detail {
constexpr std::uint16_t bfloat16_to_bits(const ext::oneapi::bfloat16 &b) noexcept {
  return b.value_;
}
constexpr ext::oneapi::bfloat16 bits_to_bfloat16(std::uint16_t bits) noexcept {
  return ext::oneapi::bfloat16::from_bits(bits);
}

#if USYCL_BF16_NATIVE
inline __bf16 to_native_bf16(ext::oneapi::bfloat16 b) noexcept {
  return __builtin_bit_cast(__bf16, bfloat16_to_bits(b));
}
inline ext::oneapi::bfloat16 from_native_bf16(__bf16 v) noexcept {
  return bits_to_bfloat16(__builtin_bit_cast(std::uint16_t, v));
}
#endif

inline constexpr std::uint16_t bf16_canonical_nan = 0x7fc0;

constexpr bool bf16_isnan(std::uint16_t bits) noexcept { return (bits & 0x7fffu) > 0x7f80u; }

// fmin/fmax as PTX's min.bf16/max.bf16: a NaN operand yields the other
// operand, two NaNs the canonical NaN, and -0 orders below +0.
template <bool Max>
constexpr ext::oneapi::bfloat16 bf16_min_max(ext::oneapi::bfloat16 x,
                                             ext::oneapi::bfloat16 y) noexcept {
  const std::uint16_t xb = bfloat16_to_bits(x), yb = bfloat16_to_bits(y);
  if (bf16_isnan(xb) && bf16_isnan(yb))
    return bits_to_bfloat16(bf16_canonical_nan);
  if (bf16_isnan(xb))
    return y;
  if (bf16_isnan(yb))
    return x;
  const float fx = x, fy = y;
  if (fx == fy) { // only the zeros' signs can differ
    const bool x_negative = xb & 0x8000u;
    return (x_negative == Max) ? y : x;
  }
  return ((fx < fy) != Max) ? x : y;
}
} // namespace detail

// ---- sycl_ext_oneapi_bfloat16_math_functions (the cheap subset) ----
namespace ext::oneapi::experimental {

constexpr bool isnan(bfloat16 x) noexcept {
  return sycl::detail::bf16_isnan(sycl::detail::bfloat16_to_bits(x));
}

inline bfloat16 fabs(bfloat16 x) noexcept {
#if USYCL_BF16_NATIVE
  return sycl::detail::from_native_bf16(__nvvm_abs_bf16(sycl::detail::to_native_bf16(x)));
#else
  return sycl::detail::bits_to_bfloat16(
      static_cast<std::uint16_t>(sycl::detail::bfloat16_to_bits(x) & 0x7fffu));
#endif
}

inline bfloat16 fmin(bfloat16 x, bfloat16 y) noexcept {
#if USYCL_BF16_NATIVE
  return sycl::detail::from_native_bf16(
      __nvvm_fmin_bf16(sycl::detail::to_native_bf16(x), sycl::detail::to_native_bf16(y)));
#else
  return sycl::detail::bf16_min_max<false>(x, y);
#endif
}

inline bfloat16 fmax(bfloat16 x, bfloat16 y) noexcept {
#if USYCL_BF16_NATIVE
  return sycl::detail::from_native_bf16(
      __nvvm_fmax_bf16(sycl::detail::to_native_bf16(x), sycl::detail::to_native_bf16(y)));
#else
  return sycl::detail::bf16_min_max<true>(x, y);
#endif
}

// x*y + z with a single rounding to bfloat16 (fma.rn.bf16 on sm_80+).
inline bfloat16 fma(bfloat16 x, bfloat16 y, bfloat16 z) noexcept {
#if USYCL_BF16_NATIVE
  return sycl::detail::from_native_bf16(__nvvm_fma_rn_bf16(sycl::detail::to_native_bf16(x),
                                                           sycl::detail::to_native_bf16(y),
                                                           sycl::detail::to_native_bf16(z)));
#else
  return sycl::detail::bits_to_bfloat16(sycl::detail::bf16_fma_bits(
      sycl::detail::bfloat16_to_bits(x), sycl::detail::bfloat16_to_bits(y),
      sycl::detail::bfloat16_to_bits(z)));
#endif
}

// The marray forms apply the scalar function element by element.
template <std::size_t N> sycl::marray<bool, N> isnan(const sycl::marray<bfloat16, N> &x) noexcept {
  sycl::marray<bool, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = isnan(x[i]);
  return r;
}
template <std::size_t N>
sycl::marray<bfloat16, N> fabs(const sycl::marray<bfloat16, N> &x) noexcept {
  sycl::marray<bfloat16, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = fabs(x[i]);
  return r;
}
template <std::size_t N>
sycl::marray<bfloat16, N> fmin(const sycl::marray<bfloat16, N> &x,
                               const sycl::marray<bfloat16, N> &y) noexcept {
  sycl::marray<bfloat16, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = fmin(x[i], y[i]);
  return r;
}
template <std::size_t N>
sycl::marray<bfloat16, N> fmax(const sycl::marray<bfloat16, N> &x,
                               const sycl::marray<bfloat16, N> &y) noexcept {
  sycl::marray<bfloat16, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = fmax(x[i], y[i]);
  return r;
}
template <std::size_t N>
sycl::marray<bfloat16, N> fma(const sycl::marray<bfloat16, N> &x,
                              const sycl::marray<bfloat16, N> &y,
                              const sycl::marray<bfloat16, N> &z) noexcept {
  sycl::marray<bfloat16, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = fma(x[i], y[i], z[i]);
  return r;
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

namespace std {

template <> struct numeric_limits<sycl::ext::oneapi::bfloat16> {
private:
  static constexpr sycl::ext::oneapi::bfloat16 bits(std::uint16_t b) noexcept {
    return sycl::detail::bits_to_bfloat16(b);
  }

public:
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
  static constexpr bool is_iec559 = false; // not an IEEE 754 interchange format
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr sycl::ext::oneapi::bfloat16 min() noexcept { return bits(0x0080); }
  static constexpr sycl::ext::oneapi::bfloat16 lowest() noexcept { return bits(0xff7f); }
  static constexpr sycl::ext::oneapi::bfloat16 max() noexcept { return bits(0x7f7f); }
  static constexpr sycl::ext::oneapi::bfloat16 epsilon() noexcept { return bits(0x3c00); }
  static constexpr sycl::ext::oneapi::bfloat16 round_error() noexcept { return bits(0x3f00); }
  static constexpr sycl::ext::oneapi::bfloat16 infinity() noexcept { return bits(0x7f80); }
  static constexpr sycl::ext::oneapi::bfloat16 quiet_NaN() noexcept { return bits(0x7fc0); }
  static constexpr sycl::ext::oneapi::bfloat16 signaling_NaN() noexcept { return bits(0x7fa0); }
  static constexpr sycl::ext::oneapi::bfloat16 denorm_min() noexcept { return bits(0x0001); }
};

template <> struct hash<sycl::ext::oneapi::bfloat16> {
  size_t operator()(const sycl::ext::oneapi::bfloat16 &b) const noexcept {
    std::uint16_t bits = sycl::detail::bfloat16_to_bits(b);
    if ((bits & 0x7fffu) == 0)
      bits = 0; // +0 and -0 compare equal, so they must hash equal
    return std::hash<std::uint16_t>{}(bits);
  }
};

} // namespace std
