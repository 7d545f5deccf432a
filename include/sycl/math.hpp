// SYCL 2020 built-in functions (§4.17.5-§4.17.9): math (with native:: and
// half_precision::), integer, common, geometric and relational functions for
// float, double, sycl::half and element-wise for sycl::vec / sycl::marray.
//
// Device mapping: in NVPTX device code (USYCL_DEVICE_NVPTX) the scalar
// implementations call NVIDIA libdevice (__nv_sinf, __nv_exp, ...), which the
// driver links from libdevice.10.bc; clang's llvm.sin/llvm.exp intrinsics are
// never produced by these headers (the NVPTX backend cannot select several of
// them). native:: / half_precision:: map to libdevice's fast variants
// (__nv_fast_sinf, __nv_fast_expf -> ex2.approx, sqrt.approx, ...).
// On the host the scalar implementations use <cmath>. sycl::half is computed
// in float and rounded back.
//
// All public functions are constrained templates, so after
// `using namespace sycl;` an unqualified `sqrt(x)` is never ambiguous with the
// <cmath> overloads: an exact non-template std/global overload wins, otherwise
// the sycl template is the better (exact) match.
#pragma once

#include <sycl/bit_cast.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/detail/libdevice.hpp>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>
#include <sycl/vec.hpp>

#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#if USYCL_DEVICE_NVPTX
#define USYCL_DEV_OR_HOST(DEV, HOST) DEV
#else
#define USYCL_DEV_OR_HOST(DEV, HOST) HOST
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace math {

// ============================ traits ======================================

template <typename T> struct elem_type { using type = T; };
template <typename T, int N> struct elem_type<vec<T, N>> { using type = T; };
template <typename T, std::size_t N> struct elem_type<marray<T, N>> { using type = T; };
template <typename T> using elem_t = typename elem_type<std::remove_cv_t<T>>::type;

template <typename T> inline constexpr bool is_nonscalar_v = is_vec_v<T> || is_marray_v<T>;

template <typename T> constexpr int num_elems() {
  if constexpr (is_nonscalar_v<T>)
    return static_cast<int>(T::size());
  else
    return 1;
}

template <typename T>
inline constexpr bool is_sfloat_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, half>;
template <typename T>
inline constexpr bool is_sint_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T> inline constexpr bool is_genfloat_v = is_sfloat_v<elem_t<T>>;
template <typename T> inline constexpr bool is_genfloatf_v = std::is_same_v<elem_t<T>, float>;
template <typename T> inline constexpr bool is_geninteger_v = is_sint_v<elem_t<T>>;
template <typename T>
inline constexpr bool is_gentype_v = is_genfloat_v<T> || is_geninteger_v<T>;
template <typename T>
inline constexpr bool is_nonscalar_genfloat_v = is_nonscalar_v<T> && is_genfloat_v<T>;
template <typename T>
inline constexpr bool is_nonscalar_gentype_v = is_nonscalar_v<T> && is_gentype_v<T>;

template <typename T, typename U> struct rebind { using type = U; };
template <typename T, int N, typename U> struct rebind<vec<T, N>, U> { using type = vec<U, N>; };
template <typename T, std::size_t N, typename U> struct rebind<marray<T, N>, U> {
  using type = marray<U, N>;
};
// T with its element type replaced by U (scalar -> U).
template <typename T, typename U> using rebind_t = typename rebind<T, U>::type;

// intN matching a genfloat (ilogb, frexp, ldexp, pown, rootn, remquo, lgamma_r).
template <typename T> using int_of_t = rebind_t<T, std::int32_t>;

// Computation type of a scalar float type (half is computed in float).
template <typename T> using calc_t = std::conditional_t<std::is_same_v<T, half>, float, T>;

// Element i of a vec/marray, or the scalar itself (broadcast).
template <typename T> USYCL_INLINE constexpr const auto &el(const T &x, int i) noexcept {
  if constexpr (is_nonscalar_v<T>)
    return x[i];
  else {
    (void)i;
    return x;
  }
}

// Apply f element-wise; R is the result type (scalar or vec/marray).
template <typename R, typename F, typename... Ts>
USYCL_INLINE R map(F f, const Ts &...xs) noexcept {
  if constexpr (!is_nonscalar_v<R>) {
    return static_cast<R>(f(xs...));
  } else {
    R r;
    for (int i = 0; i < num_elems<R>(); ++i)
      r[i] = f(el(xs, i)...);
    return r;
  }
}

// Relational results: scalar -> bool, vec -> vec<rel_t, N> (-1/0),
// marray -> marray<bool, N>.
template <typename T> struct rel_result { using type = bool; };
template <typename T, int N> struct rel_result<vec<T, N>> { using type = vec<rel_t<T>, N>; };
template <typename T, std::size_t N> struct rel_result<marray<T, N>> {
  using type = marray<bool, N>;
};
template <typename T> using rel_result_t = typename rel_result<T>::type;

template <typename T, typename F, typename... Ts>
USYCL_INLINE rel_result_t<T> rel_map(F pred, const T &x, const Ts &...ys) noexcept {
  using R = rel_result_t<T>;
  if constexpr (is_vec_v<T>) {
    R r;
    for (int i = 0; i < num_elems<T>(); ++i)
      r[i] = pred(el(x, i), el(ys, i)...) ? elem_t<R>(-1) : elem_t<R>(0);
    return r;
  } else if constexpr (is_marray_v<T>) {
    R r;
    for (int i = 0; i < num_elems<T>(); ++i)
      r[i] = static_cast<bool>(pred(el(x, i), el(ys, i)...));
    return r;
  } else {
    return static_cast<bool>(pred(x, ys...));
  }
}

// ======================= scalar implementations ===========================
namespace m {

// 128-bit helpers (wide products for mul_hi/mad_sat); __extension__ keeps
// -pedantic quiet.
__extension__ typedef __int128 i128_t;
__extension__ typedef unsigned __int128 u128_t;

template <typename F> inline constexpr F pi_v = F(3.141592653589793238462643383279502884L);
template <typename F> inline constexpr F inv_pi_v = F(0.318309886183790671537767526745028724L);

// half: compute in float, round back.
#define USYCL_HALF1(NAME)                                                                \
  USYCL_INLINE half NAME(half x) noexcept { return half(NAME(static_cast<float>(x))); }
#define USYCL_HALF2(NAME)                                                                \
  USYCL_INLINE half NAME(half x, half y) noexcept {                                      \
    return half(NAME(static_cast<float>(x), static_cast<float>(y)));                     \
  }
#define USYCL_HALF3(NAME)                                                                \
  USYCL_INLINE half NAME(half x, half y, half z) noexcept {                              \
    return half(NAME(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z))); \
  }

// Functions with a direct libdevice / <cmath> counterpart.
#define USYCL_M1(NAME, NVF, NVD, STD)                                                    \
  USYCL_INLINE float NAME(float x) noexcept { return USYCL_DEV_OR_HOST(NVF(x), STD(x)); } \
  USYCL_INLINE double NAME(double x) noexcept { return USYCL_DEV_OR_HOST(NVD(x), STD(x)); } \
  USYCL_HALF1(NAME)
#define USYCL_M2(NAME, NVF, NVD, STD)                                                    \
  USYCL_INLINE float NAME(float x, float y) noexcept {                                   \
    return USYCL_DEV_OR_HOST(NVF(x, y), STD(x, y));                                      \
  }                                                                                      \
  USYCL_INLINE double NAME(double x, double y) noexcept {                                \
    return USYCL_DEV_OR_HOST(NVD(x, y), STD(x, y));                                      \
  }                                                                                      \
  USYCL_HALF2(NAME)

USYCL_M1(acos, __nv_acosf, __nv_acos, std::acos)
USYCL_M1(acosh, __nv_acoshf, __nv_acosh, std::acosh)
USYCL_M1(asin, __nv_asinf, __nv_asin, std::asin)
USYCL_M1(asinh, __nv_asinhf, __nv_asinh, std::asinh)
USYCL_M1(atan, __nv_atanf, __nv_atan, std::atan)
USYCL_M1(atanh, __nv_atanhf, __nv_atanh, std::atanh)
USYCL_M1(cbrt, __nv_cbrtf, __nv_cbrt, std::cbrt)
USYCL_M1(ceil, __nv_ceilf, __nv_ceil, std::ceil)
USYCL_M1(cos, __nv_cosf, __nv_cos, std::cos)
USYCL_M1(cosh, __nv_coshf, __nv_cosh, std::cosh)
USYCL_M1(erf, __nv_erff, __nv_erf, std::erf)
USYCL_M1(erfc, __nv_erfcf, __nv_erfc, std::erfc)
USYCL_M1(exp, __nv_expf, __nv_exp, std::exp)
USYCL_M1(exp2, __nv_exp2f, __nv_exp2, std::exp2)
USYCL_M1(expm1, __nv_expm1f, __nv_expm1, std::expm1)
USYCL_M1(fabs, __nv_fabsf, __nv_fabs, std::fabs)
USYCL_M1(floor, __nv_floorf, __nv_floor, std::floor)
USYCL_M1(lgamma, __nv_lgammaf, __nv_lgamma, std::lgamma)
USYCL_M1(log, __nv_logf, __nv_log, std::log)
USYCL_M1(log2, __nv_log2f, __nv_log2, std::log2)
USYCL_M1(log10, __nv_log10f, __nv_log10, std::log10)
USYCL_M1(log1p, __nv_log1pf, __nv_log1p, std::log1p)
USYCL_M1(logb, __nv_logbf, __nv_logb, std::logb)
USYCL_M1(rint, __nv_rintf, __nv_rint, std::rint)
USYCL_M1(round, __nv_roundf, __nv_round, std::round)
USYCL_M1(sin, __nv_sinf, __nv_sin, std::sin)
USYCL_M1(sinh, __nv_sinhf, __nv_sinh, std::sinh)
USYCL_M1(sqrt, __nv_sqrtf, __nv_sqrt, std::sqrt)
USYCL_M1(tan, __nv_tanf, __nv_tan, std::tan)
USYCL_M1(tanh, __nv_tanhf, __nv_tanh, std::tanh)
USYCL_M1(tgamma, __nv_tgammaf, __nv_tgamma, std::tgamma)
USYCL_M1(trunc, __nv_truncf, __nv_trunc, std::trunc)

USYCL_M2(atan2, __nv_atan2f, __nv_atan2, std::atan2)
USYCL_M2(copysign, __nv_copysignf, __nv_copysign, std::copysign)
USYCL_M2(fdim, __nv_fdimf, __nv_fdim, std::fdim)
USYCL_M2(fmax, __nv_fmaxf, __nv_fmax, std::fmax)
USYCL_M2(fmin, __nv_fminf, __nv_fmin, std::fmin)
USYCL_M2(fmod, __nv_fmodf, __nv_fmod, std::fmod)
USYCL_M2(hypot, __nv_hypotf, __nv_hypot, std::hypot)
USYCL_M2(pow, __nv_powf, __nv_pow, std::pow)
USYCL_M2(remainder, __nv_remainderf, __nv_remainder, std::remainder)

#undef USYCL_M1
#undef USYCL_M2

USYCL_INLINE float nextafter(float x, float y) noexcept {
  return USYCL_DEV_OR_HOST(__nv_nextafterf(x, y), std::nextafter(x, y));
}
USYCL_INLINE double nextafter(double x, double y) noexcept {
  return USYCL_DEV_OR_HOST(__nv_nextafter(x, y), std::nextafter(x, y));
}
// nextafter on half steps in half, not in float.
USYCL_INLINE half nextafter(half x, half y) noexcept {
  const float fx = static_cast<float>(x), fy = static_cast<float>(y);
  if (fx != fx || fy != fy)
    return half(fx + fy);
  if (fx == fy)
    return y;
  return fy > fx ? detail::half_next_up(x) : detail::half_next_down(x);
}

USYCL_INLINE float fma(float a, float b, float c) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fmaf(a, b, c), std::fma(a, b, c));
}
USYCL_INLINE double fma(double a, double b, double c) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fma(a, b, c), std::fma(a, b, c));
}
USYCL_HALF3(fma)
// mad: a * b + c with any precision; fused on the device, plain on the host.
USYCL_INLINE float mad(float a, float b, float c) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fmaf(a, b, c), a * b + c);
}
USYCL_INLINE double mad(double a, double b, double c) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fma(a, b, c), a * b + c);
}
USYCL_HALF3(mad)

USYCL_INLINE float rsqrt(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_rsqrtf(x), 1.0f / std::sqrt(x));
}
USYCL_INLINE double rsqrt(double x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_rsqrt(x), 1.0 / std::sqrt(x));
}
USYCL_HALF1(rsqrt)

USYCL_INLINE float exp10(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_exp10f(x), static_cast<float>(std::pow(10.0, double(x))));
}
USYCL_INLINE double exp10(double x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_exp10(x), std::pow(10.0, x));
}
USYCL_HALF1(exp10)

#if !USYCL_DEVICE_NVPTX
template <typename F> USYCL_INLINE F sinpi_host(F x) noexcept {
  if (!std::isfinite(x))
    return x - x; // NaN
  using W = std::conditional_t<std::is_same_v<F, float>, double, F>;
  bool neg = std::signbit(x);
  F r = std::fmod(std::fabs(x), F(2)); // exact, [0, 2)
  if (r >= F(1)) {
    r -= F(1); // sin(pi (r + 1)) = -sin(pi r)
    neg = !neg;
  }
  if (r > F(0.5))
    r = F(1) - r; // exact
  const F res = static_cast<F>(std::sin(pi_v<W> * W(r)));
  return neg ? -res : res;
}
template <typename F> USYCL_INLINE F cospi_host(F x) noexcept {
  if (!std::isfinite(x))
    return x - x;
  using W = std::conditional_t<std::is_same_v<F, float>, double, F>;
  F r = std::fmod(std::fabs(x), F(2));
  if (r > F(1))
    r = F(2) - r; // exact
  bool neg = false;
  if (r > F(0.5)) {
    r = F(1) - r; // exact
    neg = true;
  }
  const F res = r <= F(0.25) ? static_cast<F>(std::cos(pi_v<W> * W(r)))
                             : static_cast<F>(std::sin(pi_v<W> * (W(0.5) - W(r))));
  return neg ? -res : res;
}
#endif

USYCL_INLINE float sinpi(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_sinpif(x), sinpi_host(x));
}
USYCL_INLINE double sinpi(double x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_sinpi(x), sinpi_host(x));
}
USYCL_HALF1(sinpi)
USYCL_INLINE float cospi(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_cospif(x), cospi_host(x));
}
USYCL_INLINE double cospi(double x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_cospi(x), cospi_host(x));
}
USYCL_HALF1(cospi)
USYCL_INLINE float tanpi(float x) noexcept { return sinpi(x) / cospi(x); }
USYCL_INLINE double tanpi(double x) noexcept { return sinpi(x) / cospi(x); }
USYCL_HALF1(tanpi)

// acospi/asinpi/atanpi/atan2pi: float goes through double on the host.
#define USYCL_MPI1(NAME, BASE)                                                           \
  USYCL_INLINE float NAME(float x) noexcept {                                            \
    return USYCL_DEV_OR_HOST(BASE(x) * inv_pi_v<float>,                                  \
                             static_cast<float>(std::BASE(double(x)) * inv_pi_v<double>)); \
  }                                                                                      \
  USYCL_INLINE double NAME(double x) noexcept { return BASE(x) * inv_pi_v<double>; }     \
  USYCL_HALF1(NAME)
USYCL_MPI1(acospi, acos)
USYCL_MPI1(asinpi, asin)
USYCL_MPI1(atanpi, atan)
#undef USYCL_MPI1
USYCL_INLINE float atan2pi(float y, float x) noexcept {
  return USYCL_DEV_OR_HOST(atan2(y, x) * inv_pi_v<float>,
                           static_cast<float>(std::atan2(double(y), double(x)) *
                                              inv_pi_v<double>));
}
USYCL_INLINE double atan2pi(double y, double x) noexcept {
  return atan2(y, x) * inv_pi_v<double>;
}
USYCL_HALF2(atan2pi)

template <typename F> USYCL_INLINE F maxmag_t(F x, F y) noexcept {
  const F ax = fabs(x), ay = fabs(y);
  if (ax > ay)
    return x;
  if (ay > ax)
    return y;
  return fmax(x, y);
}
template <typename F> USYCL_INLINE F minmag_t(F x, F y) noexcept {
  const F ax = fabs(x), ay = fabs(y);
  if (ax < ay)
    return x;
  if (ay < ax)
    return y;
  return fmin(x, y);
}
USYCL_INLINE float maxmag(float x, float y) noexcept { return maxmag_t(x, y); }
USYCL_INLINE double maxmag(double x, double y) noexcept { return maxmag_t(x, y); }
USYCL_HALF2(maxmag)
USYCL_INLINE float minmag(float x, float y) noexcept { return minmag_t(x, y); }
USYCL_INLINE double minmag(double x, double y) noexcept { return minmag_t(x, y); }
USYCL_HALF2(minmag)

// powr: pow restricted to x >= 0 (OpenCL special cases).
template <typename F> USYCL_INLINE F powr_t(F x, F y) noexcept {
  constexpr F qnan = std::numeric_limits<F>::quiet_NaN();
  constexpr F inf = std::numeric_limits<F>::infinity();
  if (x < F(0) || x != x || y != y)
    return qnan;
  if (y == F(0) && (x == F(0) || x == inf))
    return qnan;
  if (x == F(1) && (y == inf || y == -inf))
    return qnan;
  return pow(x, y);
}
USYCL_INLINE float powr(float x, float y) noexcept { return powr_t(x, y); }
USYCL_INLINE double powr(double x, double y) noexcept { return powr_t(x, y); }
USYCL_HALF2(powr)

USYCL_INLINE float pown(float x, int n) noexcept {
  return USYCL_DEV_OR_HOST(__nv_powif(x, n), static_cast<float>(std::pow(double(x), n)));
}
USYCL_INLINE double pown(double x, int n) noexcept {
  return USYCL_DEV_OR_HOST(__nv_powi(x, n), std::pow(x, double(n)));
}
USYCL_INLINE half pown(half x, int n) noexcept { return half(pown(static_cast<float>(x), n)); }

template <typename F> USYCL_INLINE F rootn_t(F x, int n) noexcept {
  constexpr F qnan = std::numeric_limits<F>::quiet_NaN();
  constexpr F inf = std::numeric_limits<F>::infinity();
  if (n == 0 || x != x)
    return qnan;
  if (n == 1)
    return x;
  if (n == 2)
    return sqrt(x);
  if (n == 3)
    return cbrt(x);
  const bool odd = (n & 1) != 0;
  if (x == F(0)) {
    if (n > 0)
      return odd ? x : F(0);
    return odd ? copysign(inf, x) : inf;
  }
  if (x < F(0) && !odd)
    return qnan;
  // float: compute in double (the exponent 1/n is then exact enough).
  using W = std::conditional_t<std::is_same_v<F, float>, double, F>;
  const W r = pow(W(fabs(x)), W(1) / W(n));
  return static_cast<F>(x < F(0) ? -r : r);
}
USYCL_INLINE float rootn(float x, int n) noexcept { return rootn_t(x, n); }
USYCL_INLINE double rootn(double x, int n) noexcept { return rootn_t(x, n); }
USYCL_INLINE half rootn(half x, int n) noexcept { return half(rootn(static_cast<float>(x), n)); }

USYCL_INLINE float ldexp(float x, int k) noexcept {
  return USYCL_DEV_OR_HOST(__nv_ldexpf(x, k), std::ldexp(x, k));
}
USYCL_INLINE double ldexp(double x, int k) noexcept {
  return USYCL_DEV_OR_HOST(__nv_ldexp(x, k), std::ldexp(x, k));
}
USYCL_INLINE half ldexp(half x, int k) noexcept { return half(ldexp(static_cast<float>(x), k)); }

USYCL_INLINE int ilogb(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_ilogbf(x), std::ilogb(x));
}
USYCL_INLINE int ilogb(double x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_ilogb(x), std::ilogb(x));
}
USYCL_INLINE int ilogb(half x) noexcept { return ilogb(static_cast<float>(x)); }

USYCL_INLINE float frexp(float x, int *e) noexcept {
  return USYCL_DEV_OR_HOST(__nv_frexpf(x, e), std::frexp(x, e));
}
USYCL_INLINE double frexp(double x, int *e) noexcept {
  return USYCL_DEV_OR_HOST(__nv_frexp(x, e), std::frexp(x, e));
}
USYCL_INLINE half frexp(half x, int *e) noexcept {
  return half(frexp(static_cast<float>(x), e));
}

USYCL_INLINE float modf(float x, float *ip) noexcept {
  return USYCL_DEV_OR_HOST(__nv_modff(x, ip), std::modf(x, ip));
}
USYCL_INLINE double modf(double x, double *ip) noexcept {
  return USYCL_DEV_OR_HOST(__nv_modf(x, ip), std::modf(x, ip));
}
USYCL_INLINE half modf(half x, half *ip) noexcept {
  float fi = 0.0f;
  const float r = modf(static_cast<float>(x), &fi);
  *ip = half(fi);
  return half(r);
}

USYCL_INLINE float remquo(float x, float y, int *q) noexcept {
  return USYCL_DEV_OR_HOST(__nv_remquof(x, y, q), std::remquo(x, y, q));
}
USYCL_INLINE double remquo(double x, double y, int *q) noexcept {
  return USYCL_DEV_OR_HOST(__nv_remquo(x, y, q), std::remquo(x, y, q));
}
USYCL_INLINE half remquo(half x, half y, int *q) noexcept {
  return half(remquo(static_cast<float>(x), static_cast<float>(y), q));
}

USYCL_INLINE float sincos(float x, float *c) noexcept {
#if USYCL_DEVICE_NVPTX
  float s;
  __nv_sincosf(x, &s, c);
  return s;
#else
  *c = std::cos(x);
  return std::sin(x);
#endif
}
USYCL_INLINE double sincos(double x, double *c) noexcept {
#if USYCL_DEVICE_NVPTX
  double s;
  __nv_sincos(x, &s, c);
  return s;
#else
  *c = std::cos(x);
  return std::sin(x);
#endif
}
USYCL_INLINE half sincos(half x, half *c) noexcept {
  float fc = 0.0f;
  const float s = sincos(static_cast<float>(x), &fc);
  *c = half(fc);
  return half(s);
}

template <typename F> USYCL_INLINE F fract_t(F x, F *ip) noexcept {
  if (x != x) {
    *ip = x;
    return x;
  }
  if (x == std::numeric_limits<F>::infinity() || x == -std::numeric_limits<F>::infinity()) {
    *ip = x;
    return copysign(F(0), x);
  }
  const F fl = floor(x);
  *ip = fl;
  // largest value below 1
  constexpr F below_one = F(1) - std::numeric_limits<F>::epsilon() / F(2);
  return fmin(x - fl, below_one);
}
USYCL_INLINE float fract(float x, float *ip) noexcept { return fract_t(x, ip); }
USYCL_INLINE double fract(double x, double *ip) noexcept { return fract_t(x, ip); }
USYCL_INLINE half fract(half x, half *ip) noexcept {
  float fi = 0.0f;
  float r = fract(static_cast<float>(x), &fi);
  *ip = half(fi);
  // 1 - 2^-11 is the largest half below one
  if (r > 0.99951171875f)
    r = 0.99951171875f;
  return half(r);
}

template <typename F> USYCL_INLINE F lgamma_r_t(F x, int *sign) noexcept {
  const F r = lgamma(x);
  int s = 1;
  if (x == F(0))
    s = std::is_same_v<F, float> ? (bit_cast<std::uint32_t>(float(x)) >> 31 ? -1 : 1)
                                 : (bit_cast<std::uint64_t>(double(x)) >> 63 ? -1 : 1);
  else if (x < F(0) && x > -std::numeric_limits<F>::infinity()) {
    const F fl = floor(x);
    if (fl != x) // not a pole
      s = fmod(fl, F(2)) != F(0) ? -1 : 1;
  }
  *sign = s;
  return r;
}
USYCL_INLINE float lgamma_r(float x, int *s) noexcept { return lgamma_r_t(x, s); }
USYCL_INLINE double lgamma_r(double x, int *s) noexcept { return lgamma_r_t(x, s); }
USYCL_INLINE half lgamma_r(half x, int *s) noexcept {
  return half(lgamma_r(static_cast<float>(x), s));
}

// nan(nancode): a quiet NaN carrying nancode in the low significand bits.
USYCL_INLINE float nan_of(std::uint32_t code) noexcept {
  return bit_cast<float>(0x7fc00000u | (code & 0x003fffffu));
}
USYCL_INLINE double nan_of(std::uint64_t code) noexcept {
  return bit_cast<double>(std::uint64_t{0x7ff8000000000000} | (code & 0x0007ffffffffffffu));
}
USYCL_INLINE half nan_of(std::uint16_t code) noexcept {
  return half_from_bits(static_cast<std::uint16_t>(0x7e00u | (code & 0x01ffu)));
}

// ---- relational scalar helpers (type-generic compiler builtins) ----
template <typename F> USYCL_INLINE bool isnan_s(F x) noexcept {
  return __builtin_isnan(static_cast<calc_t<F>>(x));
}
template <typename F> USYCL_INLINE bool isinf_s(F x) noexcept {
  return __builtin_isinf(static_cast<calc_t<F>>(x));
}
template <typename F> USYCL_INLINE bool isfinite_s(F x) noexcept {
  return __builtin_isfinite(static_cast<calc_t<F>>(x));
}
template <typename F> USYCL_INLINE bool isnormal_s(F x) noexcept {
  if constexpr (std::is_same_v<F, half>) {
    const std::uint16_t e = half_to_bits(x) & 0x7c00u; // half's own normal range
    return e != 0 && e != 0x7c00u;
  } else {
    return __builtin_isnormal(x);
  }
}
template <typename F> USYCL_INLINE bool signbit_s(F x) noexcept {
  if constexpr (std::is_same_v<F, half>)
    return (half_to_bits(x) & 0x8000u) != 0;
  else if constexpr (std::is_same_v<F, float>)
    return (bit_cast<std::uint32_t>(x) >> 31) != 0;
  else
    return (bit_cast<std::uint64_t>(x) >> 63) != 0;
}

// ---- native (fast, reduced precision) float versions ----
namespace fast {
USYCL_INLINE float cos(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_cosf(x), std::cos(x));
}
USYCL_INLINE float sin(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_sinf(x), std::sin(x));
}
USYCL_INLINE float tan(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_tanf(x), std::tan(x));
}
USYCL_INLINE float exp(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_expf(x), std::exp(x));
}
USYCL_INLINE float exp2(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_exp2f(x), std::exp2(x)); // ex2.approx
}
USYCL_INLINE float exp10(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_exp10f(x), m::exp10(x));
}
USYCL_INLINE float log(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_logf(x), std::log(x));
}
USYCL_INLINE float log2(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_log2f(x), std::log2(x));
}
USYCL_INLINE float log10(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_log10f(x), std::log10(x));
}
USYCL_INLINE float powr(float x, float y) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_powf(x, y), std::pow(x, y));
}
USYCL_INLINE float divide(float x, float y) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_fdividef(x, y), x / y);
}
USYCL_INLINE float recip(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_fast_fdividef(1.0f, x), 1.0f / x);
}
USYCL_INLINE float rsqrt(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nv_rsqrtf(x), 1.0f / std::sqrt(x)); // rsqrt.approx
}
USYCL_INLINE float sqrt(float x) noexcept {
  return USYCL_DEV_OR_HOST(__nvvm_sqrt_approx_f(x), std::sqrt(x)); // sqrt.approx
}
} // namespace fast

#undef USYCL_HALF1
#undef USYCL_HALF2
#undef USYCL_HALF3

// ---- integer scalar helpers ----
template <typename T> inline constexpr int bits_v = int(sizeof(T) * CHAR_BIT);

template <typename T> USYCL_INLINE T iabs(T x) noexcept {
  if constexpr (std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    const U ux = static_cast<U>(x);
    return static_cast<T>(x < 0 ? static_cast<U>(U(0) - ux) : ux);
  } else {
    return x;
  }
}
template <typename T> USYCL_INLINE T iabs_diff(T x, T y) noexcept {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(x > y ? static_cast<U>(U(x) - U(y)) : static_cast<U>(U(y) - U(x)));
}
template <typename T> USYCL_INLINE T sat_from_wide(i128_t v) noexcept {
  const i128_t lo = static_cast<i128_t>(std::numeric_limits<T>::min());
  const i128_t hi = static_cast<i128_t>(std::numeric_limits<T>::max());
  return static_cast<T>(v < lo ? lo : (v > hi ? hi : v));
}
template <typename T> USYCL_INLINE T iadd_sat(T x, T y) noexcept {
  if constexpr (sizeof(T) < 8) {
    return sat_from_wide<T>(static_cast<i128_t>(static_cast<long long>(x) + y));
  } else {
    T r;
    if (!__builtin_add_overflow(x, y, &r))
      return r;
    if constexpr (std::is_signed_v<T>)
      return x < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
    else
      return std::numeric_limits<T>::max();
  }
}
template <typename T> USYCL_INLINE T isub_sat(T x, T y) noexcept {
  if constexpr (sizeof(T) < 8) {
    return sat_from_wide<T>(static_cast<i128_t>(static_cast<long long>(x) - y));
  } else {
    T r;
    if (!__builtin_sub_overflow(x, y, &r))
      return r;
    if constexpr (std::is_signed_v<T>)
      return x < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
    else
      return T(0);
  }
}
template <typename T> USYCL_INLINE T ihadd(T x, T y) noexcept {
  return static_cast<T>((x >> 1) + (y >> 1) + (x & y & 1));
}
template <typename T> USYCL_INLINE T irhadd(T x, T y) noexcept {
  return static_cast<T>((x >> 1) + (y >> 1) + ((x | y) & 1));
}
template <typename T> USYCL_INLINE T imul_hi(T x, T y) noexcept {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
    return static_cast<T>((static_cast<W>(x) * static_cast<W>(y)) >> bits_v<T>);
  } else if constexpr (std::is_signed_v<T>) {
#if USYCL_DEVICE_NVPTX
    return static_cast<T>(__nv_mul64hi(x, y)); // mul.hi.s64
#else
    return static_cast<T>((static_cast<i128_t>(x) * static_cast<i128_t>(y)) >> 64);
#endif
  } else {
#if USYCL_DEVICE_NVPTX
    return static_cast<T>(__nv_umul64hi(x, y)); // mul.hi.u64
#else
    return static_cast<T>((static_cast<u128_t>(x) * static_cast<u128_t>(y)) >> 64);
#endif
  }
}
template <typename T> USYCL_INLINE T imad_sat(T a, T b, T c) noexcept {
  if constexpr (std::is_signed_v<T>) {
    if constexpr (sizeof(T) < 8) {
      return sat_from_wide<T>(static_cast<i128_t>(static_cast<long long>(a) * b + c));
    } else {
      // |a*b| < 2^126, so a*b + c cannot overflow i128_t.
      return sat_from_wide<T>(static_cast<i128_t>(a) * b + c);
    }
  } else {
    using U = u128_t;
    const U v = static_cast<U>(a) * static_cast<U>(b) + static_cast<U>(c);
    const U hi = static_cast<U>(std::numeric_limits<T>::max());
    return static_cast<T>(v > hi ? hi : v);
  }
}
template <typename T> USYCL_INLINE T irotate(T v, T i) noexcept {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned B = bits_v<T>;
  const unsigned s = static_cast<unsigned>(static_cast<U>(i)) & (B - 1);
  const U uv = static_cast<U>(v);
  if (s == 0)
    return v;
  return static_cast<T>(static_cast<U>((uv << s) | (uv >> (B - s))));
}
template <typename T> USYCL_INLINE T iclz(T x) noexcept {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(x);
  if (u == 0)
    return static_cast<T>(bits_v<T>);
  if constexpr (sizeof(T) <= 4)
    return static_cast<T>(__builtin_clz(static_cast<unsigned>(u)) - (32 - bits_v<T>));
  else
    return static_cast<T>(__builtin_clzll(static_cast<unsigned long long>(u)));
}
template <typename T> USYCL_INLINE T ictz(T x) noexcept {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(x);
  if (u == 0)
    return static_cast<T>(bits_v<T>);
  if constexpr (sizeof(T) <= 4)
    return static_cast<T>(__builtin_ctz(static_cast<unsigned>(u)));
  else
    return static_cast<T>(__builtin_ctzll(static_cast<unsigned long long>(u)));
}
template <typename T> USYCL_INLINE T ipopcount(T x) noexcept {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(x);
  if constexpr (sizeof(T) <= 4)
    return static_cast<T>(__builtin_popcount(static_cast<unsigned>(u)));
  else
    return static_cast<T>(__builtin_popcountll(static_cast<unsigned long long>(u)));
}
template <typename T> USYCL_INLINE T imul24(T x, T y) noexcept {
#if USYCL_DEVICE_NVPTX
  if constexpr (std::is_signed_v<T>)
    return __nv_mul24(x, y);
  else
    return __nv_umul24(x, y);
#else
  return static_cast<T>(static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(y));
#endif
}

// ---- geometric helpers ----
template <typename T> USYCL_INLINE calc_t<elem_t<T>> dot_acc(const T &x, const T &y) noexcept {
  using C = calc_t<elem_t<T>>;
  if constexpr (!is_nonscalar_v<T>) {
    return static_cast<C>(x) * static_cast<C>(y);
  } else {
    C acc = static_cast<C>(x[0]) * static_cast<C>(y[0]);
    for (int i = 1; i < num_elems<T>(); ++i)
      acc = fma(static_cast<C>(x[i]), static_cast<C>(y[i]), acc);
    return acc;
  }
}

template <typename T> USYCL_INLINE calc_t<elem_t<T>> length_c(const T &x) noexcept {
  using C = calc_t<elem_t<T>>;
  if constexpr (!is_nonscalar_v<T>) {
    return fabs(static_cast<C>(x));
  } else {
    constexpr int N = num_elems<T>();
    C v[N];
    for (int i = 0; i < N; ++i)
      v[i] = static_cast<C>(x[i]);
#if USYCL_DEVICE_NVPTX
    if constexpr (std::is_same_v<C, float>)
      return __nv_normf(N, v); // overflow-safe norm
    else
      return __nv_norm(N, v);
#else
    if constexpr (std::is_same_v<C, float>) {
      double acc = 0.0;
      for (int i = 0; i < N; ++i)
        acc += double(v[i]) * double(v[i]);
      return static_cast<float>(std::sqrt(acc));
    } else {
      // scale by the largest magnitude to avoid overflow/underflow
      double mx = 0.0;
      for (int i = 0; i < N; ++i) {
        if (std::isinf(v[i]))
          return std::numeric_limits<double>::infinity();
        const double a = std::fabs(v[i]);
        mx = (a > mx || a != a) ? a : mx;
      }
      if (mx == 0.0 || mx != mx)
        return mx;
      double acc = 0.0;
      for (int i = 0; i < N; ++i) {
        const double s = v[i] / mx;
        acc += s * s;
      }
      return mx * std::sqrt(acc);
    }
#endif
  }
}

} // namespace m
} // namespace math
} // namespace detail

// ===================== public API: math functions =========================

#define USYCL_GF1(NAME)                                                                  \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE T NAME(T x) noexcept {                                                    \
    return detail::math::map<T>([](auto a) { return detail::math::m::NAME(a); }, x);     \
  }
#define USYCL_GF2(NAME)                                                                  \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE T NAME(T x, T y) noexcept {                                               \
    return detail::math::map<T>([](auto a, auto b) { return detail::math::m::NAME(a, b); }, x, y); \
  }
// Non-scalar x with a scalar second argument.
#define USYCL_GF2S(NAME)                                                                 \
  template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T>, int> = 0> \
  USYCL_INLINE T NAME(T x, detail::math::elem_t<T> y) noexcept {                         \
    return detail::math::map<T>([](auto a, auto b) { return detail::math::m::NAME(a, b); }, x, y); \
  }
#define USYCL_GF3(NAME)                                                                  \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE T NAME(T x, T y, T z) noexcept {                                          \
    return detail::math::map<T>([](auto a, auto b, auto c) { return detail::math::m::NAME(a, b, c); }, \
                          x, y, z);                                                      \
  }

USYCL_GF1(acos)
USYCL_GF1(acosh)
USYCL_GF1(acospi)
USYCL_GF1(asin)
USYCL_GF1(asinh)
USYCL_GF1(asinpi)
USYCL_GF1(atan)
USYCL_GF1(atanh)
USYCL_GF1(atanpi)
USYCL_GF1(cbrt)
USYCL_GF1(ceil)
USYCL_GF1(cos)
USYCL_GF1(cosh)
USYCL_GF1(cospi)
USYCL_GF1(erf)
USYCL_GF1(erfc)
USYCL_GF1(exp)
USYCL_GF1(exp2)
USYCL_GF1(exp10)
USYCL_GF1(expm1)
USYCL_GF1(fabs)
USYCL_GF1(floor)
USYCL_GF1(lgamma)
USYCL_GF1(log)
USYCL_GF1(log2)
USYCL_GF1(log10)
USYCL_GF1(log1p)
USYCL_GF1(logb)
USYCL_GF1(rint)
USYCL_GF1(round)
USYCL_GF1(rsqrt)
USYCL_GF1(sin)
USYCL_GF1(sinh)
USYCL_GF1(sinpi)
USYCL_GF1(sqrt)
USYCL_GF1(tan)
USYCL_GF1(tanh)
USYCL_GF1(tanpi)
USYCL_GF1(tgamma)
USYCL_GF1(trunc)

USYCL_GF2(atan2)
USYCL_GF2(atan2pi)
USYCL_GF2(copysign)
USYCL_GF2(fdim)
USYCL_GF2(fmax)
USYCL_GF2S(fmax)
USYCL_GF2(fmin)
USYCL_GF2S(fmin)
USYCL_GF2(fmod)
USYCL_GF2(hypot)
USYCL_GF2(maxmag)
USYCL_GF2(minmag)
USYCL_GF2(nextafter)
USYCL_GF2(pow)
USYCL_GF2(powr)
USYCL_GF2(remainder)

USYCL_GF3(fma)
USYCL_GF3(mad)

// ldexp / pown / rootn: (genfloat, intN) and (non-scalar, int)
#define USYCL_GF_INT(NAME)                                                               \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE T NAME(T x, detail::math::int_of_t<T> k) noexcept {                       \
    return detail::math::map<T>([](auto a, int b) { return detail::math::m::NAME(a, b); }, x, k); \
  }                                                                                      \
  template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T>, int> = 0> \
  USYCL_INLINE T NAME(T x, int k) noexcept {                                             \
    return detail::math::map<T>([](auto a, int b) { return detail::math::m::NAME(a, b); }, x, k); \
  }
USYCL_GF_INT(ldexp)
USYCL_GF_INT(pown)
USYCL_GF_INT(rootn)
#undef USYCL_GF_INT

template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE detail::math::int_of_t<T> ilogb(T x) noexcept {
  return detail::math::map<detail::math::int_of_t<T>>([](auto a) { return detail::math::m::ilogb(a); }, x);
}

// nan(nancode): unsigned int -> float, unsigned long -> double, ushort -> half.
template <typename T,
          std::enable_if_t<detail::math::is_geninteger_v<T> && std::is_unsigned_v<detail::math::elem_t<T>> &&
                               (sizeof(detail::math::elem_t<T>) == 2 || sizeof(detail::math::elem_t<T>) == 4 ||
                                sizeof(detail::math::elem_t<T>) == 8),
                           int> = 0>
USYCL_INLINE auto nan(T nancode) noexcept {
  using E = detail::math::elem_t<T>;
  using F = std::conditional_t<sizeof(E) == 2, half,
                               std::conditional_t<sizeof(E) == 4, float, double>>;
  using U = typename detail::fixed_unsigned<sizeof(E)>::type;
  return detail::math::map<detail::math::rebind_t<T, F>>(
      [](E c) { return detail::math::m::nan_of(static_cast<U>(c)); }, nancode);
}

// Functions with pointer outputs. The pointer may be a raw pointer or a
// multi_ptr (anything with get()).
namespace detail {
namespace math {
template <typename Ptr> USYCL_INLINE auto *out_ptr(Ptr p) noexcept { return to_raw_ptr(p); }

template <typename T, typename U, typename F, typename Ptr>
USYCL_INLINE T map_out(F f, const T &x, Ptr p) noexcept {
  auto *out = out_ptr(p);
  static_assert(std::is_same_v<std::remove_cv_t<std::remove_pointer_t<decltype(out)>>, U>,
                "sycl math: output pointer has the wrong element type");
  if constexpr (!is_nonscalar_v<T>) {
    elem_t<U> o{};
    T r = f(x, &o);
    *out = o;
    return r;
  } else {
    T r;
    U o;
    for (int i = 0; i < num_elems<T>(); ++i) {
      elem_t<U> oi{};
      r[i] = f(x[i], &oi);
      o[i] = oi;
    }
    *out = o;
    return r;
  }
}
} // namespace math
} // namespace detail

template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T frexp(T x, Ptr exp) noexcept {
  return detail::math::map_out<T, detail::math::int_of_t<T>>(
      [](auto a, int *e) { return detail::math::m::frexp(a, e); }, x, exp);
}
template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T lgamma_r(T x, Ptr signp) noexcept {
  return detail::math::map_out<T, detail::math::int_of_t<T>>(
      [](auto a, int *s) { return detail::math::m::lgamma_r(a, s); }, x, signp);
}
template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T modf(T x, Ptr iptr) noexcept {
  return detail::math::map_out<T, T>([](auto a, auto *ip) { return detail::math::m::modf(a, ip); }, x,
                               iptr);
}
template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T fract(T x, Ptr iptr) noexcept {
  return detail::math::map_out<T, T>([](auto a, auto *ip) { return detail::math::m::fract(a, ip); }, x,
                               iptr);
}
template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T sincos(T x, Ptr cosval) noexcept {
  return detail::math::map_out<T, T>([](auto a, auto *c) { return detail::math::m::sincos(a, c); }, x,
                               cosval);
}
template <typename T, typename Ptr, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T remquo(T x, T y, Ptr quo) noexcept {
  auto *out = detail::math::out_ptr(quo);
  using U = detail::math::int_of_t<T>;
  static_assert(std::is_same_v<std::remove_cv_t<std::remove_pointer_t<decltype(out)>>, U>,
                "sycl::remquo: quo has the wrong element type");
  if constexpr (!detail::math::is_nonscalar_v<T>) {
    int q = 0;
    T r = detail::math::m::remquo(x, y, &q);
    *out = q;
    return r;
  } else {
    T r;
    U qs;
    for (int i = 0; i < detail::math::num_elems<T>(); ++i) {
      int q = 0;
      r[i] = detail::math::m::remquo(x[i], y[i], &q);
      qs[i] = q;
    }
    *out = qs;
    return r;
  }
}

// ======================= native:: and half_precision:: =====================

#define USYCL_NF1(NAME, IMPL)                                                            \
  template <typename T, std::enable_if_t<detail::math::is_genfloatf_v<T>, int> = 0>      \
  USYCL_INLINE T NAME(T x) noexcept {                                                    \
    return detail::math::map<T>([](float a) { return detail::math::m::fast::IMPL(a); }, x); \
  }
#define USYCL_NF2(NAME, IMPL)                                                            \
  template <typename T, std::enable_if_t<detail::math::is_genfloatf_v<T>, int> = 0>      \
  USYCL_INLINE T NAME(T x, T y) noexcept {                                               \
    return detail::math::map<T>([](float a, float b) { return detail::math::m::fast::IMPL(a, b); }, x, y); \
  }
#define USYCL_NATIVE_SET                                                                 \
  USYCL_NF1(cos, cos)                                                                    \
  USYCL_NF1(sin, sin)                                                                    \
  USYCL_NF1(tan, tan)                                                                    \
  USYCL_NF1(exp, exp)                                                                    \
  USYCL_NF1(exp2, exp2)                                                                  \
  USYCL_NF1(exp10, exp10)                                                                \
  USYCL_NF1(log, log)                                                                    \
  USYCL_NF1(log2, log2)                                                                  \
  USYCL_NF1(log10, log10)                                                                \
  USYCL_NF1(recip, recip)                                                                \
  USYCL_NF1(rsqrt, rsqrt)                                                                \
  USYCL_NF1(sqrt, sqrt)                                                                  \
  USYCL_NF2(divide, divide)                                                              \
  USYCL_NF2(powr, powr)

namespace native {
USYCL_NATIVE_SET
} // namespace native
namespace half_precision {
USYCL_NATIVE_SET
} // namespace half_precision
#undef USYCL_NATIVE_SET
#undef USYCL_NF1
#undef USYCL_NF2

// ========================= integer functions ==============================

#define USYCL_GI1(NAME, IMPL)                                                            \
  template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T>, int> = 0>     \
  USYCL_INLINE T NAME(T x) noexcept {                                                    \
    return detail::math::map<T>([](auto a) { return detail::math::m::IMPL(a); }, x);     \
  }
#define USYCL_GI2(NAME, IMPL)                                                            \
  template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T>, int> = 0>     \
  USYCL_INLINE T NAME(T x, T y) noexcept {                                               \
    return detail::math::map<T>([](auto a, auto b) { return detail::math::m::IMPL(a, b); }, x, y); \
  }
#define USYCL_GI3(NAME, IMPL)                                                            \
  template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T>, int> = 0>     \
  USYCL_INLINE T NAME(T x, T y, T z) noexcept {                                          \
    return detail::math::map<T>([](auto a, auto b, auto c) { return detail::math::m::IMPL(a, b, c); }, \
                          x, y, z);                                                      \
  }

// abs: integers (same type, SYCL 2020 rev 8) and, as an extension, floats.
template <typename T, std::enable_if_t<detail::math::is_gentype_v<T>, int> = 0>
USYCL_INLINE T abs(T x) noexcept {
  if constexpr (detail::math::is_genfloat_v<T>)
    return fabs(x);
  else
    return detail::math::map<T>([](auto a) { return detail::math::m::iabs(a); }, x);
}
USYCL_GI2(abs_diff, iabs_diff)
USYCL_GI2(add_sat, iadd_sat)
USYCL_GI2(sub_sat, isub_sat)
USYCL_GI2(hadd, ihadd)
USYCL_GI2(rhadd, irhadd)
USYCL_GI2(mul_hi, imul_hi)
USYCL_GI2(rotate, irotate)
USYCL_GI1(clz, iclz)
USYCL_GI1(ctz, ictz)
USYCL_GI1(popcount, ipopcount)
USYCL_GI3(mad_sat, imad_sat)

template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T>, int> = 0>
USYCL_INLINE T mad_hi(T a, T b, T c) noexcept {
  return detail::math::map<T>(
      [](auto x, auto y, auto z) {
        return static_cast<decltype(x)>(detail::math::m::imul_hi(x, y) + z);
      },
      a, b, c);
}

template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T> &&
                                           sizeof(detail::math::elem_t<T>) == 4,
                                       int> = 0>
USYCL_INLINE T mul24(T x, T y) noexcept {
  return detail::math::map<T>([](auto a, auto b) { return detail::math::m::imul24(a, b); }, x, y);
}
template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T> &&
                                           sizeof(detail::math::elem_t<T>) == 4,
                                       int> = 0>
USYCL_INLINE T mad24(T x, T y, T z) noexcept {
  return detail::math::map<T>(
      [](auto a, auto b, auto c) {
        return static_cast<decltype(a)>(detail::math::m::imul24(a, b) + c);
      },
      x, y, z);
}

// upsample(hi, lo): (hi << bits) | lo in the integer type twice as wide.
template <typename T, typename U,
          std::enable_if_t<detail::math::is_geninteger_v<T> && detail::math::is_geninteger_v<U> &&
                               std::is_unsigned_v<detail::math::elem_t<U>> &&
                               sizeof(detail::math::elem_t<T>) == sizeof(detail::math::elem_t<U>) &&
                               sizeof(detail::math::elem_t<T>) <= 4 &&
                               detail::math::num_elems<T>() == detail::math::num_elems<U>(),
                           int> = 0>
USYCL_INLINE auto upsample(T hi, U lo) noexcept {
  using E = detail::math::elem_t<T>;
  constexpr std::size_t S = sizeof(E);
  using W = std::conditional_t<std::is_signed_v<E>, typename detail::fixed_signed<2 * S>::type,
                               typename detail::fixed_unsigned<2 * S>::type>;
  using UW = typename detail::fixed_unsigned<2 * S>::type;
  return detail::math::map<detail::math::rebind_t<T, W>>(
      [](E h, detail::math::elem_t<U> l) {
        return static_cast<W>(static_cast<UW>(static_cast<UW>(h) << (8 * S)) |
                              static_cast<UW>(l));
      },
      hi, lo);
}

// ======================== common functions ================================
// min/max/clamp serve both the integer and the common (float) versions.

template <typename T, std::enable_if_t<detail::math::is_gentype_v<T>, int> = 0>
USYCL_INLINE T min(T x, T y) noexcept {
  return detail::math::map<T>([](auto a, auto b) { return b < a ? b : a; }, x, y);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_gentype_v<T>, int> = 0>
USYCL_INLINE T min(T x, detail::math::elem_t<T> y) noexcept {
  return detail::math::map<T>([](auto a, auto b) { return b < a ? b : a; }, x, y);
}
template <typename T, std::enable_if_t<detail::math::is_gentype_v<T>, int> = 0>
USYCL_INLINE T max(T x, T y) noexcept {
  return detail::math::map<T>([](auto a, auto b) { return a < b ? b : a; }, x, y);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_gentype_v<T>, int> = 0>
USYCL_INLINE T max(T x, detail::math::elem_t<T> y) noexcept {
  return detail::math::map<T>([](auto a, auto b) { return a < b ? b : a; }, x, y);
}

namespace detail {
namespace math {
template <typename T, typename Lo, typename Hi>
USYCL_INLINE T clamp_impl(const T &x, const Lo &lo, const Hi &hi) noexcept {
  if constexpr (is_genfloat_v<T>)
    return map<T>([](auto a, auto l, auto h) { return m::fmin(m::fmax(a, l), h); }, x, lo, hi);
  else
    return map<T>(
        [](auto a, auto l, auto h) {
          const auto t = a < l ? l : a;
          return h < t ? h : t;
        },
        x, lo, hi);
}
} // namespace math
} // namespace detail
template <typename T, std::enable_if_t<detail::math::is_gentype_v<T>, int> = 0>
USYCL_INLINE T clamp(T x, T minval, T maxval) noexcept {
  return detail::math::clamp_impl(x, minval, maxval);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_gentype_v<T>, int> = 0>
USYCL_INLINE T clamp(T x, detail::math::elem_t<T> minval, detail::math::elem_t<T> maxval) noexcept {
  return detail::math::clamp_impl(x, minval, maxval);
}

template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T degrees(T radians) noexcept {
  return detail::math::map<T>(
      [](auto r) {
        using C = detail::math::calc_t<decltype(r)>;
        return decltype(r)(static_cast<C>(r) * C(57.295779513082320876798154814105170L));
      },
      radians);
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T radians(T degrees) noexcept {
  return detail::math::map<T>(
      [](auto d) {
        using C = detail::math::calc_t<decltype(d)>;
        return decltype(d)(static_cast<C>(d) * C(0.017453292519943295769236907684886127L));
      },
      degrees);
}

namespace detail {
namespace math {
struct mix_fn {
  template <typename E, typename A> USYCL_INLINE E operator()(E x, E y, A a) const noexcept {
    using C = calc_t<E>;
    const C cx = static_cast<C>(x);
    return E(cx + (static_cast<C>(y) - cx) * static_cast<C>(a));
  }
};
struct step_fn {
  template <typename E> USYCL_INLINE E operator()(E edge, E x) const noexcept {
    return static_cast<calc_t<E>>(x) < static_cast<calc_t<E>>(edge) ? E(0.0f) : E(1.0f);
  }
};
struct smoothstep_fn {
  template <typename E> USYCL_INLINE E operator()(E e0, E e1, E x) const noexcept {
    using C = calc_t<E>;
    C t = (static_cast<C>(x) - static_cast<C>(e0)) / (static_cast<C>(e1) - static_cast<C>(e0));
    t = m::fmin(m::fmax(t, C(0)), C(1));
    return E(t * t * (C(3) - C(2) * t));
  }
};
} // namespace math
} // namespace detail

template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T mix(T x, T y, T a) noexcept {
  return detail::math::map<T>(detail::math::mix_fn{}, x, y, a);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T>, int> = 0>
USYCL_INLINE T mix(T x, T y, detail::math::elem_t<T> a) noexcept {
  return detail::math::map<T>(detail::math::mix_fn{}, x, y, a);
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T step(T edge, T x) noexcept {
  return detail::math::map<T>(detail::math::step_fn{}, edge, x);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T>, int> = 0>
USYCL_INLINE T step(detail::math::elem_t<T> edge, T x) noexcept {
  return detail::math::map<T>(detail::math::step_fn{}, edge, x);
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T smoothstep(T edge0, T edge1, T x) noexcept {
  return detail::math::map<T>(detail::math::smoothstep_fn{}, edge0, edge1, x);
}
template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T>, int> = 0>
USYCL_INLINE T smoothstep(detail::math::elem_t<T> edge0, detail::math::elem_t<T> edge1, T x) noexcept {
  return detail::math::map<T>(detail::math::smoothstep_fn{}, edge0, edge1, x);
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T sign(T x) noexcept {
  return detail::math::map<T>(
      [](auto a) {
        using E = decltype(a);
        using C = detail::math::calc_t<E>;
        const C c = static_cast<C>(a);
        if (c > C(0))
          return E(1.0f);
        if (c < C(0))
          return E(-1.0f);
        if (c != c)
          return E(0.0f);
        return a; // +-0
      },
      x);
}

// ======================== geometric functions =============================

template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE detail::math::elem_t<T> dot(T x, T y) noexcept {
  return detail::math::elem_t<T>(detail::math::m::dot_acc(x, y));
}

template <typename T, std::enable_if_t<detail::math::is_nonscalar_genfloat_v<T> &&
                                           (detail::math::num_elems<T>() == 3 ||
                                            detail::math::num_elems<T>() == 4),
                                       int> = 0>
USYCL_INLINE T cross(T p0, T p1) noexcept {
  using E = detail::math::elem_t<T>;
  using C = detail::math::calc_t<E>;
  auto c = [&](int i) { return static_cast<C>(p0[i]); };
  auto d = [&](int i) { return static_cast<C>(p1[i]); };
  T r;
  r[0] = E(c(1) * d(2) - c(2) * d(1));
  r[1] = E(c(2) * d(0) - c(0) * d(2));
  r[2] = E(c(0) * d(1) - c(1) * d(0));
  if constexpr (detail::math::num_elems<T>() == 4)
    r[3] = E(0.0f);
  return r;
}

template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE detail::math::elem_t<T> length(T p) noexcept {
  return detail::math::elem_t<T>(detail::math::m::length_c(p));
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE detail::math::elem_t<T> distance(T p0, T p1) noexcept {
  return length(T(p0 - p1));
}
template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>
USYCL_INLINE T normalize(T p) noexcept {
  using C = detail::math::calc_t<detail::math::elem_t<T>>;
  const C len = detail::math::m::length_c(p);
  if (len == C(0))
    return p;
  return detail::math::map<T>(
      [len](auto a) { return decltype(a)(static_cast<C>(a) / len); }, p);
}
template <typename T, std::enable_if_t<detail::math::is_genfloatf_v<T>, int> = 0>
USYCL_INLINE float fast_length(T p) noexcept {
  return detail::math::m::fast::sqrt(detail::math::m::dot_acc(p, p));
}
template <typename T, std::enable_if_t<detail::math::is_genfloatf_v<T>, int> = 0>
USYCL_INLINE float fast_distance(T p0, T p1) noexcept {
  return fast_length(T(p0 - p1));
}
template <typename T, std::enable_if_t<detail::math::is_genfloatf_v<T>, int> = 0>
USYCL_INLINE T fast_normalize(T p) noexcept {
  const float d = detail::math::m::dot_acc(p, p);
  if (d == 0.0f)
    return p;
  const float s = detail::math::m::fast::rsqrt(d);
  return detail::math::map<T>([s](float a) { return a * s; }, p);
}

// ======================== relational functions ============================

#define USYCL_REL2(NAME, EXPR)                                                           \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE detail::math::rel_result_t<T> NAME(T x, T y) noexcept {                   \
    return detail::math::rel_map(                                                        \
        [](auto a_, auto b_) {                                                           \
          using C = detail::math::calc_t<decltype(a_)>;                                  \
          const C a = static_cast<C>(a_), b = static_cast<C>(b_);                        \
          return EXPR;                                                                   \
        },                                                                               \
        x, y);                                                                           \
  }
USYCL_REL2(isequal, a == b)
USYCL_REL2(isnotequal, a != b)
USYCL_REL2(isgreater, a > b)
USYCL_REL2(isgreaterequal, a >= b)
USYCL_REL2(isless, a < b)
USYCL_REL2(islessequal, a <= b)
USYCL_REL2(islessgreater, (a < b) || (a > b))
USYCL_REL2(isordered, (a == a) && (b == b))
USYCL_REL2(isunordered, (a != a) || (b != b))
#undef USYCL_REL2

#define USYCL_REL1(NAME, IMPL)                                                           \
  template <typename T, std::enable_if_t<detail::math::is_genfloat_v<T>, int> = 0>       \
  USYCL_INLINE detail::math::rel_result_t<T> NAME(T x) noexcept {                        \
    return detail::math::rel_map([](auto a) { return detail::math::m::IMPL(a); }, x);    \
  }
USYCL_REL1(isfinite, isfinite_s)
USYCL_REL1(isinf, isinf_s)
USYCL_REL1(isnan, isnan_s)
USYCL_REL1(isnormal, isnormal_s)
USYCL_REL1(signbit, signbit_s)
#undef USYCL_REL1

// any/all: vec and scalar signed integers test the most significant bit and
// return int (1/0); marray<bool>/bool test the values and return bool.
template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T> && !detail::is_marray_v<T> &&
                                           std::is_signed_v<detail::math::elem_t<T>>,
                                       int> = 0>
USYCL_INLINE int any(T x) noexcept {
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (detail::math::el(x, i) < 0)
      return 1;
  return 0;
}
template <typename T, std::enable_if_t<detail::math::is_geninteger_v<T> && !detail::is_marray_v<T> &&
                                           std::is_signed_v<detail::math::elem_t<T>>,
                                       int> = 0>
USYCL_INLINE int all(T x) noexcept {
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (!(detail::math::el(x, i) < 0))
      return 0;
  return 1;
}
template <typename T, std::enable_if_t<std::is_same_v<T, bool> ||
                                           (detail::is_marray_v<T> &&
                                            std::is_same_v<detail::math::elem_t<T>, bool>),
                                       int> = 0>
USYCL_INLINE bool any(T x) noexcept {
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (detail::math::el(x, i))
      return true;
  return false;
}
template <typename T, std::enable_if_t<std::is_same_v<T, bool> ||
                                           (detail::is_marray_v<T> &&
                                            std::is_same_v<detail::math::elem_t<T>, bool>),
                                       int> = 0>
USYCL_INLINE bool all(T x) noexcept {
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (!detail::math::el(x, i))
      return false;
  return true;
}

// bitselect: each result bit is the bit of b where c has a 1, else of a.
template <typename T, std::enable_if_t<detail::math::is_gentype_v<T>, int> = 0>
USYCL_INLINE T bitselect(T a, T b, T c) noexcept {
  return detail::math::map<T>(
      [](auto x, auto y, auto z) {
        using E = decltype(x);
        using U = typename detail::fixed_unsigned<sizeof(E)>::type;
        const U ux = bit_cast<U>(x), uy = bit_cast<U>(y), uz = bit_cast<U>(z);
        return bit_cast<E>(static_cast<U>((ux & ~uz) | (uy & uz)));
      },
      a, b, c);
}

// select(a, b, c): scalars: c ? b : a. vec: per element, the MSB of c picks b.
// marray: c is marray<bool, N>.
template <typename T, typename C,
          std::enable_if_t<detail::math::is_gentype_v<T> && !detail::math::is_nonscalar_v<T> &&
                               (std::is_integral_v<C>),
                           int> = 0>
USYCL_INLINE T select(T a, T b, C c) noexcept {
  return c ? b : a;
}
template <typename T, typename C,
          std::enable_if_t<detail::is_vec_v<T> && detail::math::is_gentype_v<T> &&
                               detail::is_vec_v<C> && detail::math::is_geninteger_v<C> &&
                               detail::math::num_elems<T>() == detail::math::num_elems<C>() &&
                               sizeof(detail::math::elem_t<C>) == sizeof(detail::math::elem_t<T>),
                           int> = 0>
USYCL_INLINE T select(T a, T b, C c) noexcept {
  T r;
  using S = typename detail::fixed_signed<sizeof(detail::math::elem_t<C>)>::type;
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    r[i] = static_cast<S>(c[i]) < 0 ? b[i] : a[i];
  return r;
}
template <typename T, std::size_t N,
          std::enable_if_t<detail::math::is_gentype_v<marray<T, N>>, int> = 0>
USYCL_INLINE marray<T, N> select(marray<T, N> a, marray<T, N> b, marray<bool, N> c) noexcept {
  marray<T, N> r;
  for (std::size_t i = 0; i < N; ++i)
    r[i] = c[i] ? b[i] : a[i];
  return r;
}

// ===================== swizzle arguments =====================================
// A swizzle (v.xy(), v.swizzle<0, 1>()) is accepted wherever the vec it reads
// as is (SYCL 2020 §4.17: the builtins take __swizzled_vec__ arguments):
// each overload below turns the swizzle arguments into vecs and calls the vec
// form, so the result type is the vec form's. The call is qualified: the
// forms are all declared above, and unqualified lookup would also find
// sycl:: forms from native:: (through the vec arguments) and be ambiguous.
namespace detail {
namespace math {
template <typename T> USYCL_INLINE constexpr decltype(auto) unswizzle(const T &x) noexcept {
  if constexpr (is_swizzle_v<T>)
    return vec_operand_t<T>(x);
  else
    return x;
}
template <typename... Ts> inline constexpr bool any_swizzle_v = (is_swizzle_v<Ts> || ...);
} // namespace math
} // namespace detail

#define USYCL_SWIZZLE_ARGS(NS, NAME)                                                     \
  template <typename... Ts, std::enable_if_t<detail::math::any_swizzle_v<Ts...>, int> = 0> \
  USYCL_INLINE auto NAME(const Ts &...xs) noexcept                                       \
      -> decltype(::sycl::NS NAME(detail::math::unswizzle(xs)...)) {                     \
    return ::sycl::NS NAME(detail::math::unswizzle(xs)...);                              \
  }
USYCL_SWIZZLE_ARGS(, abs)
USYCL_SWIZZLE_ARGS(, abs_diff)
USYCL_SWIZZLE_ARGS(, acos)
USYCL_SWIZZLE_ARGS(, acosh)
USYCL_SWIZZLE_ARGS(, acospi)
USYCL_SWIZZLE_ARGS(, add_sat)
USYCL_SWIZZLE_ARGS(, all)
USYCL_SWIZZLE_ARGS(, any)
USYCL_SWIZZLE_ARGS(, asin)
USYCL_SWIZZLE_ARGS(, asinh)
USYCL_SWIZZLE_ARGS(, asinpi)
USYCL_SWIZZLE_ARGS(, atan)
USYCL_SWIZZLE_ARGS(, atan2)
USYCL_SWIZZLE_ARGS(, atan2pi)
USYCL_SWIZZLE_ARGS(, atanh)
USYCL_SWIZZLE_ARGS(, atanpi)
USYCL_SWIZZLE_ARGS(, bitselect)
USYCL_SWIZZLE_ARGS(, cbrt)
USYCL_SWIZZLE_ARGS(, ceil)
USYCL_SWIZZLE_ARGS(, clamp)
USYCL_SWIZZLE_ARGS(, clz)
USYCL_SWIZZLE_ARGS(, copysign)
USYCL_SWIZZLE_ARGS(, cos)
USYCL_SWIZZLE_ARGS(, cosh)
USYCL_SWIZZLE_ARGS(, cospi)
USYCL_SWIZZLE_ARGS(, cross)
USYCL_SWIZZLE_ARGS(, ctz)
USYCL_SWIZZLE_ARGS(, degrees)
USYCL_SWIZZLE_ARGS(, distance)
USYCL_SWIZZLE_ARGS(, dot)
USYCL_SWIZZLE_ARGS(, erf)
USYCL_SWIZZLE_ARGS(, erfc)
USYCL_SWIZZLE_ARGS(, exp)
USYCL_SWIZZLE_ARGS(, exp10)
USYCL_SWIZZLE_ARGS(, exp2)
USYCL_SWIZZLE_ARGS(, expm1)
USYCL_SWIZZLE_ARGS(, fabs)
USYCL_SWIZZLE_ARGS(, fast_distance)
USYCL_SWIZZLE_ARGS(, fast_length)
USYCL_SWIZZLE_ARGS(, fast_normalize)
USYCL_SWIZZLE_ARGS(, fdim)
USYCL_SWIZZLE_ARGS(, floor)
USYCL_SWIZZLE_ARGS(, fma)
USYCL_SWIZZLE_ARGS(, fmax)
USYCL_SWIZZLE_ARGS(, fmin)
USYCL_SWIZZLE_ARGS(, fmod)
USYCL_SWIZZLE_ARGS(, fract)
USYCL_SWIZZLE_ARGS(, frexp)
USYCL_SWIZZLE_ARGS(, hadd)
USYCL_SWIZZLE_ARGS(, hypot)
USYCL_SWIZZLE_ARGS(, ilogb)
USYCL_SWIZZLE_ARGS(, isequal)
USYCL_SWIZZLE_ARGS(, isfinite)
USYCL_SWIZZLE_ARGS(, isgreater)
USYCL_SWIZZLE_ARGS(, isgreaterequal)
USYCL_SWIZZLE_ARGS(, isinf)
USYCL_SWIZZLE_ARGS(, isless)
USYCL_SWIZZLE_ARGS(, islessequal)
USYCL_SWIZZLE_ARGS(, islessgreater)
USYCL_SWIZZLE_ARGS(, isnan)
USYCL_SWIZZLE_ARGS(, isnormal)
USYCL_SWIZZLE_ARGS(, isnotequal)
USYCL_SWIZZLE_ARGS(, isordered)
USYCL_SWIZZLE_ARGS(, isunordered)
USYCL_SWIZZLE_ARGS(, ldexp)
USYCL_SWIZZLE_ARGS(, length)
USYCL_SWIZZLE_ARGS(, lgamma)
USYCL_SWIZZLE_ARGS(, lgamma_r)
USYCL_SWIZZLE_ARGS(, log)
USYCL_SWIZZLE_ARGS(, log10)
USYCL_SWIZZLE_ARGS(, log1p)
USYCL_SWIZZLE_ARGS(, log2)
USYCL_SWIZZLE_ARGS(, logb)
USYCL_SWIZZLE_ARGS(, mad)
USYCL_SWIZZLE_ARGS(, mad24)
USYCL_SWIZZLE_ARGS(, mad_hi)
USYCL_SWIZZLE_ARGS(, mad_sat)
USYCL_SWIZZLE_ARGS(, max)
USYCL_SWIZZLE_ARGS(, maxmag)
USYCL_SWIZZLE_ARGS(, min)
USYCL_SWIZZLE_ARGS(, minmag)
USYCL_SWIZZLE_ARGS(, mix)
USYCL_SWIZZLE_ARGS(, modf)
USYCL_SWIZZLE_ARGS(, mul24)
USYCL_SWIZZLE_ARGS(, mul_hi)
USYCL_SWIZZLE_ARGS(, nan)
USYCL_SWIZZLE_ARGS(, nextafter)
USYCL_SWIZZLE_ARGS(, normalize)
USYCL_SWIZZLE_ARGS(, popcount)
USYCL_SWIZZLE_ARGS(, pow)
USYCL_SWIZZLE_ARGS(, pown)
USYCL_SWIZZLE_ARGS(, powr)
USYCL_SWIZZLE_ARGS(, radians)
USYCL_SWIZZLE_ARGS(, remainder)
USYCL_SWIZZLE_ARGS(, remquo)
USYCL_SWIZZLE_ARGS(, rhadd)
USYCL_SWIZZLE_ARGS(, rint)
USYCL_SWIZZLE_ARGS(, rootn)
USYCL_SWIZZLE_ARGS(, rotate)
USYCL_SWIZZLE_ARGS(, round)
USYCL_SWIZZLE_ARGS(, rsqrt)
USYCL_SWIZZLE_ARGS(, select)
USYCL_SWIZZLE_ARGS(, sign)
USYCL_SWIZZLE_ARGS(, signbit)
USYCL_SWIZZLE_ARGS(, sin)
USYCL_SWIZZLE_ARGS(, sincos)
USYCL_SWIZZLE_ARGS(, sinh)
USYCL_SWIZZLE_ARGS(, sinpi)
USYCL_SWIZZLE_ARGS(, smoothstep)
USYCL_SWIZZLE_ARGS(, sqrt)
USYCL_SWIZZLE_ARGS(, step)
USYCL_SWIZZLE_ARGS(, sub_sat)
USYCL_SWIZZLE_ARGS(, tan)
USYCL_SWIZZLE_ARGS(, tanh)
USYCL_SWIZZLE_ARGS(, tanpi)
USYCL_SWIZZLE_ARGS(, tgamma)
USYCL_SWIZZLE_ARGS(, trunc)
USYCL_SWIZZLE_ARGS(, upsample)
namespace native {
USYCL_SWIZZLE_ARGS(native::, cos)
USYCL_SWIZZLE_ARGS(native::, sin)
USYCL_SWIZZLE_ARGS(native::, tan)
USYCL_SWIZZLE_ARGS(native::, exp)
USYCL_SWIZZLE_ARGS(native::, exp2)
USYCL_SWIZZLE_ARGS(native::, exp10)
USYCL_SWIZZLE_ARGS(native::, log)
USYCL_SWIZZLE_ARGS(native::, log2)
USYCL_SWIZZLE_ARGS(native::, log10)
USYCL_SWIZZLE_ARGS(native::, recip)
USYCL_SWIZZLE_ARGS(native::, rsqrt)
USYCL_SWIZZLE_ARGS(native::, sqrt)
USYCL_SWIZZLE_ARGS(native::, divide)
USYCL_SWIZZLE_ARGS(native::, powr)
} // namespace native
namespace half_precision {
USYCL_SWIZZLE_ARGS(half_precision::, cos)
USYCL_SWIZZLE_ARGS(half_precision::, sin)
USYCL_SWIZZLE_ARGS(half_precision::, tan)
USYCL_SWIZZLE_ARGS(half_precision::, exp)
USYCL_SWIZZLE_ARGS(half_precision::, exp2)
USYCL_SWIZZLE_ARGS(half_precision::, exp10)
USYCL_SWIZZLE_ARGS(half_precision::, log)
USYCL_SWIZZLE_ARGS(half_precision::, log2)
USYCL_SWIZZLE_ARGS(half_precision::, log10)
USYCL_SWIZZLE_ARGS(half_precision::, recip)
USYCL_SWIZZLE_ARGS(half_precision::, rsqrt)
USYCL_SWIZZLE_ARGS(half_precision::, sqrt)
USYCL_SWIZZLE_ARGS(half_precision::, divide)
USYCL_SWIZZLE_ARGS(half_precision::, powr)
} // namespace half_precision
#undef USYCL_SWIZZLE_ARGS

#undef USYCL_GF1
#undef USYCL_GF2
#undef USYCL_GF2S
#undef USYCL_GF3
#undef USYCL_GI1
#undef USYCL_GI2
#undef USYCL_GI3

} // namespace _V1
} // namespace sycl

#undef USYCL_DEV_OR_HOST
