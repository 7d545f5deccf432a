// Element conversions of vec::convert<T, rounding_mode>() (SYCL 2020
// §4.14.2.1): every scalar pair with each rounding mode, exact on the host
// (independent of the floating-point environment) and through libdevice's
// directed-rounding intrinsics on NVPTX.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/libdevice.hpp>
#include <sycl/half.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

enum class rounding_mode { automatic = 0, rte = 1, rtz = 2, rtp = 3, rtn = 4 };

namespace ext::oneapi {
class bfloat16;
}

namespace detail {

template <typename T>
inline constexpr bool is_bfloat16_v = std::is_same_v<std::remove_cv_t<T>, ext::oneapi::bfloat16>;
// Floating-point vec elements: float, double, half and (DPC++'s
// vec<bfloat16, N>) bfloat16.
template <typename T> inline constexpr bool is_vec_fp_v = is_sycl_floating_point_v<T> || is_bfloat16_v<T>;

// ---------------- conversions with rounding modes ----------------

// Round a float/double to an integral value in the given mode.
template <rounding_mode R, typename F> USYCL_INLINE F round_integral(F x) noexcept {
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>);
#if USYCL_DEVICE_NVPTX
  if constexpr (std::is_same_v<F, float>) {
    if constexpr (R == rounding_mode::rte)
      return __nv_rintf(x);
    else if constexpr (R == rounding_mode::rtp)
      return __nv_ceilf(x);
    else if constexpr (R == rounding_mode::rtn)
      return __nv_floorf(x);
    else
      return __nv_truncf(x);
  } else {
    if constexpr (R == rounding_mode::rte)
      return __nv_rint(x);
    else if constexpr (R == rounding_mode::rtp)
      return __nv_ceil(x);
    else if constexpr (R == rounding_mode::rtn)
      return __nv_floor(x);
    else
      return __nv_trunc(x);
  }
#else
  if constexpr (R == rounding_mode::rte) {
    // Independent of the current floating-point environment.
    F r = std::floor(x);
    F d = x - r; // exact
    if (d > F(0.5) || (d == F(0.5) && std::fmod(r, F(2)) != F(0)))
      r += F(1);
    return r;
  } else if constexpr (R == rounding_mode::rtp) {
    return std::ceil(x);
  } else if constexpr (R == rounding_mode::rtn) {
    return std::floor(x);
  } else {
    return std::trunc(x);
  }
#endif
}

USYCL_INLINE constexpr half half_next_up(half h) noexcept {
  std::uint16_t b = half_to_bits(h);
  if ((b & 0x7fffu) > 0x7c00u || b == 0x7c00u)
    return h; // NaN or +inf
  if ((b & 0x7fffu) == 0)
    return half_from_bits(0x0001);
  return half_from_bits(static_cast<std::uint16_t>((b & 0x8000u) ? b - 1 : b + 1));
}
USYCL_INLINE constexpr half half_next_down(half h) noexcept {
  std::uint16_t b = half_to_bits(h);
  if ((b & 0x7fffu) > 0x7c00u || b == 0xfc00u)
    return h; // NaN or -inf
  if ((b & 0x7fffu) == 0)
    return half_from_bits(0x8001);
  return half_from_bits(static_cast<std::uint16_t>((b & 0x8000u) ? b + 1 : b - 1));
}

// Step a correctly rounded (RNE) result f of the exact value x to the result
// in the directed mode R. cmp = sign(f - x) (0 when exact).
template <rounding_mode R, typename To, typename Up, typename Down>
USYCL_INLINE To adjust_directed(To f, int cmp, bool x_negative, Up up, Down down) noexcept {
  if (cmp == 0)
    return f;
  if constexpr (R == rounding_mode::rtp)
    return cmp < 0 ? up(f) : f;
  else if constexpr (R == rounding_mode::rtn)
    return cmp > 0 ? down(f) : f;
  else { // rtz
    if (!x_negative)
      return cmp > 0 ? down(f) : f;
    return cmp < 0 ? up(f) : f;
  }
}

template <typename To, rounding_mode R, typename From> USYCL_INLINE To fp_to_fp(From x) noexcept;

template <typename To, rounding_mode R, typename From>
USYCL_INLINE To int_to_fp(From x) noexcept {
  if constexpr (std::is_same_v<To, half>) {
    if constexpr (R == rounding_mode::rte || R == rounding_mode::automatic)
      return half(static_cast<double>(x));
    else // directed roundings compose: int -> float -> half in the same mode
      return fp_to_fp<half, R>(int_to_fp<float, R>(x));
  } else if constexpr (R == rounding_mode::rte || R == rounding_mode::automatic ||
                       std::numeric_limits<From>::digits <=
                           std::numeric_limits<To>::digits) {
    return static_cast<To>(x);
  } else {
#if USYCL_DEVICE_NVPTX
    constexpr bool S = std::is_signed_v<From>;
    constexpr bool Wide = sizeof(From) == 8;
#define USYCL_I2F(PFX)                                                                   \
  if constexpr (R == rounding_mode::rtz)                                                 \
    return PFX##_rz(x);                                                                  \
  else if constexpr (R == rounding_mode::rtp)                                            \
    return PFX##_ru(x);                                                                  \
  else                                                                                   \
    return PFX##_rd(x);
    if constexpr (std::is_same_v<To, float>) {
      if constexpr (!Wide && S) {
        USYCL_I2F(__nv_int2float)
      } else if constexpr (!Wide) {
        USYCL_I2F(__nv_uint2float)
      } else if constexpr (S) {
        USYCL_I2F(__nv_ll2float)
      } else {
        USYCL_I2F(__nv_ull2float)
      }
    } else {
      if constexpr (S) {
        USYCL_I2F(__nv_ll2double)
      } else {
        USYCL_I2F(__nv_ull2double)
      }
    }
#undef USYCL_I2F
#else
    To f = static_cast<To>(x); // round to nearest even
    // f is integral-valued whenever it differs from x. The first power of two
    // above From's range is where static_cast back would overflow.
    const To limit = static_cast<To>(std::numeric_limits<From>::max());
    int cmp;
    if (f >= limit)
      cmp = 1;
    else {
      From back = static_cast<From>(f);
      cmp = back > x ? 1 : (back < x ? -1 : 0);
    }
    constexpr To inf = std::numeric_limits<To>::infinity();
    return adjust_directed<R>(
        f, cmp, x < From(0), [](To v) { return std::nextafter(v, inf); },
        [](To v) { return std::nextafter(v, -inf); });
#endif
  }
}

template <typename To, rounding_mode R, typename From>
USYCL_INLINE To fp_to_fp(From x) noexcept {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (std::numeric_limits<To>::digits >= std::numeric_limits<From>::digits &&
                       std::numeric_limits<To>::max_exponent >=
                           std::numeric_limits<From>::max_exponent) {
    if constexpr (std::is_same_v<From, half>)
      return static_cast<To>(static_cast<float>(x)); // exact widening
    else
      return static_cast<To>(x);
  } else if constexpr (R == rounding_mode::rte || R == rounding_mode::automatic) {
    return static_cast<To>(x);
  } else if constexpr (std::is_same_v<To, half>) {
    const half h(x);
    const From back = static_cast<From>(static_cast<float>(h));
    const int cmp = back > x ? 1 : (back < x ? -1 : 0);
    return adjust_directed<R>(h, cmp, x < From(0), half_next_up, half_next_down);
  } else { // double -> float
#if USYCL_DEVICE_NVPTX
    if constexpr (R == rounding_mode::rtz)
      return __nv_double2float_rz(x);
    else if constexpr (R == rounding_mode::rtp)
      return __nv_double2float_ru(x);
    else
      return __nv_double2float_rd(x);
#else
    const float f = static_cast<float>(x);
    const double back = f;
    const int cmp = back > x ? 1 : (back < x ? -1 : 0);
    constexpr float inf = std::numeric_limits<float>::infinity();
    return adjust_directed<R>(
        f, cmp, x < 0.0, [](float v) { return std::nextafter(v, inf); },
        [](float v) { return std::nextafter(v, -inf); });
#endif
  }
}

template <typename To, rounding_mode R, typename From>
USYCL_INLINE To convert_scalar(From x) noexcept {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (is_bfloat16_v<From>) {
    // bfloat16 widens to float exactly; the float conversion does the rest.
    return convert_scalar<To, R>(static_cast<float>(x));
  } else if constexpr (is_bfloat16_v<To>) {
    // To float in the requested mode, then to bfloat16 (nearest even).
    return To(convert_scalar<float, R>(x));
  } else if constexpr (std::is_integral_v<To> && is_vec_fp_v<From>) {
    using W = std::conditional_t<std::is_same_v<From, double>, double, float>;
    // automatic is "rte for floating-point element types" (SYCL 2020
    // §4.14.2.1); the element type here is the source's (SYCL-CTS checks
    // float -> int with automatic against rint).
    constexpr rounding_mode R2 = R == rounding_mode::automatic ? rounding_mode::rte : R;
    const W r = round_integral<R2>(static_cast<W>(x));
    if constexpr (std::is_same_v<To, bool>)
      return r != W(0);
    else
      return static_cast<To>(r);
  } else if constexpr (is_vec_fp_v<To> && std::is_integral_v<From> && !std::is_same_v<From, bool>) {
    return int_to_fp<To, R>(x);
  } else if constexpr (is_vec_fp_v<To> && is_vec_fp_v<From>) {
    return fp_to_fp<To, R>(x);
  } else if constexpr (std::is_same_v<To, std::byte>) {
    return static_cast<std::byte>(static_cast<unsigned char>(x));
  } else if constexpr (std::is_same_v<From, std::byte>) {
    return static_cast<To>(static_cast<unsigned char>(x));
  } else {
    return static_cast<To>(x);
  }
}

} // namespace detail
} // namespace _V1
} // namespace sycl
