// Device definitions of the C99 complex run-time functions for NVPTX, so
// that std::complex<float|double> works in kernels.
//
// Clang lowers complex `*` and `/` to calls of __mulsc3/__muldc3 and
// __divsc3/__divdc3 (the C99 Annex G slow paths for NaN results and the
// scaled division), and libstdc++'s std::complex functions call the C99
// library (std::abs -> cabsf, std::exp -> cexpf, std::pow -> cpowf, ...).
// On the host those come from libgcc and libm; on NVPTX nothing provides
// them, so they are defined here on top of libdevice (libdevice.hpp). They
// are inline: clang emits one only when code generation refers to it (also
// for the calls it creates itself), and every translation unit may carry one.
//
// The implementations use their own {re, im} arithmetic, never `_Complex`
// operators, which would call __mulsc3 again.
#pragma once

#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__) && !defined(USYCL_NO_DEVICE_COMPLEX)

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace cx {

#define USYCL_CX_INLINE inline __attribute__((always_inline))

// libdevice by type.
USYCL_CX_INLINE float exp_(float x) { return __nv_expf(x); }
USYCL_CX_INLINE double exp_(double x) { return __nv_exp(x); }
USYCL_CX_INLINE float log_(float x) { return __nv_logf(x); }
USYCL_CX_INLINE double log_(double x) { return __nv_log(x); }
// Correctly rounded unless approximate (defines.hpp; libdevice's
// __nv_sqrtf is sqrt.approx).
#if USYCL_FP32_APPROX_SQRT
USYCL_CX_INLINE float sqrt_(float x) { return __nv_sqrtf(x); }
#else
USYCL_CX_INLINE float sqrt_(float x) { return __nv_fsqrt_rn(x); }
#endif
USYCL_CX_INLINE double sqrt_(double x) { return __nv_sqrt(x); }
USYCL_CX_INLINE float sin_(float x) { return __nv_sinf(x); }
USYCL_CX_INLINE double sin_(double x) { return __nv_sin(x); }
USYCL_CX_INLINE float cos_(float x) { return __nv_cosf(x); }
USYCL_CX_INLINE double cos_(double x) { return __nv_cos(x); }
USYCL_CX_INLINE float sinh_(float x) { return __nv_sinhf(x); }
USYCL_CX_INLINE double sinh_(double x) { return __nv_sinh(x); }
USYCL_CX_INLINE float cosh_(float x) { return __nv_coshf(x); }
USYCL_CX_INLINE double cosh_(double x) { return __nv_cosh(x); }
USYCL_CX_INLINE float hypot_(float x, float y) { return __nv_hypotf(x, y); }
USYCL_CX_INLINE double hypot_(double x, double y) { return __nv_hypot(x, y); }
USYCL_CX_INLINE float atan2_(float y, float x) { return __nv_atan2f(y, x); }
USYCL_CX_INLINE double atan2_(double y, double x) { return __nv_atan2(y, x); }
USYCL_CX_INLINE float logb_(float x) { return __nv_logbf(x); }
USYCL_CX_INLINE double logb_(double x) { return __nv_logb(x); }
USYCL_CX_INLINE float scalbn_(float x, int e) { return __nv_scalbnf(x, e); }
USYCL_CX_INLINE double scalbn_(double x, int e) { return __nv_scalbn(x, e); }
USYCL_CX_INLINE float copysign_(float x, float y) { return __builtin_copysignf(x, y); }
USYCL_CX_INLINE double copysign_(double x, double y) { return __builtin_copysign(x, y); }
USYCL_CX_INLINE float fabs_(float x) { return __builtin_fabsf(x); }
USYCL_CX_INLINE double fabs_(double x) { return __builtin_fabs(x); }
template <typename T> USYCL_CX_INLINE T inf_() { return T(__builtin_huge_valf()); }

template <typename T> struct c {
  T re, im;
};
template <typename T> USYCL_CX_INLINE c<T> add(c<T> a, c<T> b) { return {a.re + b.re, a.im + b.im}; }
template <typename T> USYCL_CX_INLINE c<T> sub(c<T> a, c<T> b) { return {a.re - b.re, a.im - b.im}; }
template <typename T> USYCL_CX_INLINE c<T> times_i(c<T> a) { return {-a.im, a.re}; }   // i*a
template <typename T> USYCL_CX_INLINE c<T> times_neg_i(c<T> a) { return {a.im, -a.re}; } // -i*a

// C99 Annex G multiplication: the plain formula, recomputed with infinities
// boxed when both parts came out NaN.
template <typename T> c<T> mul(T a, T b, T cc, T d) {
  T ac = a * cc, bd = b * d, ad = a * d, bc = b * cc;
  T re = ac - bd, im = ad + bc;
  if (__builtin_isnan(re) && __builtin_isnan(im)) {
    bool recalc = false;
    if (__builtin_isinf(a) || __builtin_isinf(b)) {
      a = copysign_(__builtin_isinf(a) ? T(1) : T(0), a);
      b = copysign_(__builtin_isinf(b) ? T(1) : T(0), b);
      if (__builtin_isnan(cc)) cc = copysign_(T(0), cc);
      if (__builtin_isnan(d)) d = copysign_(T(0), d);
      recalc = true;
    }
    if (__builtin_isinf(cc) || __builtin_isinf(d)) {
      cc = copysign_(__builtin_isinf(cc) ? T(1) : T(0), cc);
      d = copysign_(__builtin_isinf(d) ? T(1) : T(0), d);
      if (__builtin_isnan(a)) a = copysign_(T(0), a);
      if (__builtin_isnan(b)) b = copysign_(T(0), b);
      recalc = true;
    }
    if (!recalc && (__builtin_isinf(ac) || __builtin_isinf(bd) || __builtin_isinf(ad) ||
                    __builtin_isinf(bc))) {
      if (__builtin_isnan(a)) a = copysign_(T(0), a);
      if (__builtin_isnan(b)) b = copysign_(T(0), b);
      if (__builtin_isnan(cc)) cc = copysign_(T(0), cc);
      if (__builtin_isnan(d)) d = copysign_(T(0), d);
      recalc = true;
    }
    if (recalc) {
      re = inf_<T>() * (a * cc - b * d);
      im = inf_<T>() * (a * d + b * cc);
    }
  }
  return {re, im};
}
template <typename T> USYCL_CX_INLINE c<T> mul(c<T> x, c<T> y) { return mul(x.re, x.im, y.re, y.im); }

// C99 Annex G division: scale the divisor by a power of two (exact) so that
// its squared magnitude neither overflows nor underflows.
template <typename T> c<T> div(T a, T b, T cc, T d) {
  int scale = 0;
  T logbw = logb_(__builtin_fmax(fabs_(cc), fabs_(d)));
  if (__builtin_isfinite(logbw)) {
    scale = static_cast<int>(logbw);
    cc = scalbn_(cc, -scale);
    d = scalbn_(d, -scale);
  }
  T denom = cc * cc + d * d;
  T re = scalbn_((a * cc + b * d) / denom, -scale);
  T im = scalbn_((b * cc - a * d) / denom, -scale);
  if (__builtin_isnan(re) && __builtin_isnan(im)) {
    if (denom == T(0) && (!__builtin_isnan(a) || !__builtin_isnan(b))) {
      re = copysign_(inf_<T>(), cc) * a;
      im = copysign_(inf_<T>(), cc) * b;
    } else if ((__builtin_isinf(a) || __builtin_isinf(b)) && __builtin_isfinite(cc) &&
               __builtin_isfinite(d)) {
      a = copysign_(__builtin_isinf(a) ? T(1) : T(0), a);
      b = copysign_(__builtin_isinf(b) ? T(1) : T(0), b);
      re = inf_<T>() * (a * cc + b * d);
      im = inf_<T>() * (b * cc - a * d);
    } else if (__builtin_isinf(logbw) && logbw > T(0) && __builtin_isfinite(a) &&
               __builtin_isfinite(b)) {
      cc = copysign_(__builtin_isinf(cc) ? T(1) : T(0), cc);
      d = copysign_(__builtin_isinf(d) ? T(1) : T(0), d);
      re = T(0) * (a * cc + b * d);
      im = T(0) * (b * cc - a * d);
    }
  }
  return {re, im};
}
template <typename T> USYCL_CX_INLINE c<T> div(c<T> x, c<T> y) { return div(x.re, x.im, y.re, y.im); }

template <typename T> USYCL_CX_INLINE T abs(c<T> z) { return hypot_(z.re, z.im); }
template <typename T> USYCL_CX_INLINE T arg(c<T> z) { return atan2_(z.im, z.re); }

template <typename T> c<T> exp(c<T> z) {
  T e = exp_(z.re);
  if (z.im == T(0)) return {e, z.im}; // exact for real arguments, keeps the zero's sign
  return {e * cos_(z.im), e * sin_(z.im)};
}
template <typename T> c<T> log(c<T> z) { return {log_(abs(z)), arg(z)}; }

template <typename T> c<T> sqrt(c<T> z) {
  if (z.re == T(0) && z.im == T(0)) return {T(0), z.im};
  if (__builtin_isinf(z.im)) return {inf_<T>(), z.im};
  T t = sqrt_((fabs_(z.re) + abs(z)) * T(0.5));
  if (z.re >= T(0)) return {t, z.im / (T(2) * t)};
  return {fabs_(z.im) / (T(2) * t), copysign_(t, z.im)};
}

template <typename T> c<T> pow(c<T> x, c<T> y) {
  if (x.re == T(0) && x.im == T(0)) {
    if (y.im == T(0) && y.re > T(0)) return {T(0), T(0)};
  }
  return exp(mul(y, log(x)));
}

template <typename T> c<T> sinh(c<T> z) {
  return {sinh_(z.re) * cos_(z.im), cosh_(z.re) * sin_(z.im)};
}
template <typename T> c<T> cosh(c<T> z) {
  return {cosh_(z.re) * cos_(z.im), sinh_(z.re) * sin_(z.im)};
}
template <typename T> c<T> tanh(c<T> z) {
  // Large |re|: sinh and cosh overflow, the value is +-1 + 0i.
  if (fabs_(z.re) > T(sizeof(T) == 4 ? 40 : 360))
    return {copysign_(T(1), z.re), copysign_(T(0), sin_(T(2) * z.im))};
  T d = cosh_(T(2) * z.re) + cos_(T(2) * z.im);
  return {sinh_(T(2) * z.re) / d, sin_(T(2) * z.im) / d};
}
template <typename T> c<T> sin(c<T> z) { return times_neg_i(sinh(times_i(z))); }
template <typename T> c<T> cos(c<T> z) { return cosh(times_i(z)); }
template <typename T> c<T> tan(c<T> z) { return times_neg_i(tanh(times_i(z))); }

template <typename T> c<T> asinh(c<T> z) { // log(z + sqrt(z^2 + 1))
  c<T> w = sqrt(add(mul(z, z), c<T>{T(1), T(0)}));
  return log(add(z, w));
}
template <typename T> c<T> acosh(c<T> z) { // log(z + sqrt(z + 1) * sqrt(z - 1))
  c<T> w = mul(sqrt(add(z, c<T>{T(1), T(0)})), sqrt(sub(z, c<T>{T(1), T(0)})));
  return log(add(z, w));
}
template <typename T> c<T> atanh(c<T> z) { // (log(1 + z) - log(1 - z)) / 2
  c<T> one{T(1), T(0)};
  c<T> r = sub(log(add(one, z)), log(sub(one, z)));
  return {r.re * T(0.5), r.im * T(0.5)};
}
template <typename T> c<T> asin(c<T> z) { return times_neg_i(asinh(times_i(z))); }
template <typename T> c<T> acos(c<T> z) {
  c<T> s = asin(z);
  return {T(1.57079632679489661923) - s.re, -s.im};
}
template <typename T> c<T> atan(c<T> z) { return times_neg_i(atanh(times_i(z))); }
template <typename T> c<T> proj(c<T> z) {
  if (__builtin_isinf(z.re) || __builtin_isinf(z.im)) return {inf_<T>(), copysign_(T(0), z.im)};
  return z;
}

} // namespace cx
} // namespace detail
} // namespace _V1
} // namespace sycl

#define USYCL_CX_IN(T, z) (::sycl::detail::cx::c<T>{__real__(z), __imag__(z)})
#define USYCL_CX_OUT(v) __builtin_complex((v).re, (v).im)
#define USYCL_CX_FN1(NAME, FN)                                                               \
  USYCL_CX_INLINE _Complex float NAME##f(_Complex float z) noexcept {                        \
    auto r = ::sycl::detail::cx::FN(USYCL_CX_IN(float, z));                                  \
    return USYCL_CX_OUT(r);                                                                  \
  }                                                                                          \
  USYCL_CX_INLINE _Complex double NAME(_Complex double z) noexcept {                         \
    auto r = ::sycl::detail::cx::FN(USYCL_CX_IN(double, z));                                 \
    return USYCL_CX_OUT(r);                                                                  \
  }

extern "C" {
USYCL_CX_INLINE _Complex float __mulsc3(float a, float b, float c, float d) noexcept {
  auto r = ::sycl::detail::cx::mul(a, b, c, d);
  return USYCL_CX_OUT(r);
}
USYCL_CX_INLINE _Complex double __muldc3(double a, double b, double c, double d) noexcept {
  auto r = ::sycl::detail::cx::mul(a, b, c, d);
  return USYCL_CX_OUT(r);
}
USYCL_CX_INLINE _Complex float __divsc3(float a, float b, float c, float d) noexcept {
  auto r = ::sycl::detail::cx::div(a, b, c, d);
  return USYCL_CX_OUT(r);
}
USYCL_CX_INLINE _Complex double __divdc3(double a, double b, double c, double d) noexcept {
  auto r = ::sycl::detail::cx::div(a, b, c, d);
  return USYCL_CX_OUT(r);
}
USYCL_CX_INLINE float cabsf(_Complex float z) noexcept {
  return ::sycl::detail::cx::abs(USYCL_CX_IN(float, z));
}
USYCL_CX_INLINE double cabs(_Complex double z) noexcept {
  return ::sycl::detail::cx::abs(USYCL_CX_IN(double, z));
}
USYCL_CX_INLINE float cargf(_Complex float z) noexcept {
  return ::sycl::detail::cx::arg(USYCL_CX_IN(float, z));
}
USYCL_CX_INLINE double carg(_Complex double z) noexcept {
  return ::sycl::detail::cx::arg(USYCL_CX_IN(double, z));
}
USYCL_CX_INLINE _Complex float cpowf(_Complex float x, _Complex float y) noexcept {
  auto r = ::sycl::detail::cx::pow(USYCL_CX_IN(float, x), USYCL_CX_IN(float, y));
  return USYCL_CX_OUT(r);
}
USYCL_CX_INLINE _Complex double cpow(_Complex double x, _Complex double y) noexcept {
  auto r = ::sycl::detail::cx::pow(USYCL_CX_IN(double, x), USYCL_CX_IN(double, y));
  return USYCL_CX_OUT(r);
}
USYCL_CX_FN1(cexp, exp)
USYCL_CX_FN1(clog, log)
USYCL_CX_FN1(csqrt, sqrt)
USYCL_CX_FN1(csin, sin)
USYCL_CX_FN1(ccos, cos)
USYCL_CX_FN1(ctan, tan)
USYCL_CX_FN1(csinh, sinh)
USYCL_CX_FN1(ccosh, cosh)
USYCL_CX_FN1(ctanh, tanh)
USYCL_CX_FN1(casin, asin)
USYCL_CX_FN1(cacos, acos)
USYCL_CX_FN1(catan, atan)
USYCL_CX_FN1(casinh, asinh)
USYCL_CX_FN1(cacosh, acosh)
USYCL_CX_FN1(catanh, atanh)
USYCL_CX_FN1(cproj, proj)
} // extern "C"

#undef USYCL_CX_FN1
#undef USYCL_CX_IN
#undef USYCL_CX_OUT
#undef USYCL_CX_INLINE

#endif
