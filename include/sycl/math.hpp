// SYCL 2020 built-in functions (§4.17.5-§4.17.9): math (with native:: and
// half_precision::), integer, common, geometric and relational functions for
// float, double, sycl::half, every integer type, and element-wise for
// sycl::vec, sycl::marray and vec swizzles.
//
// Every builtin is one constrained template per form the specification
// declares; its explicit template arguments are the specification's (e.g.
// sycl::fmin<float4, float4>(a, b), sycl::clamp<float4>(v, lo, hi),
// sycl::fract<multi_ptr<...>>(x, p) for the scalar pointer forms). The
// argument rules and result types are in <sycl/detail/math_traits.hpp>, the
// scalar implementations (libdevice on NVPTX, <cmath> elsewhere) in
// <sycl/detail/math_scalar.hpp>.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/math_scalar.hpp>
#include <sycl/detail/math_traits.hpp>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>
#include <sycl/vec.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {

// ======================== element-wise forms ===============================
// NAME(x...) applies detail::math::m::IMPL to each element, the arguments
// converted to the result type R of RULE (scalars: the overload the
// specification's scalar set picks; vec/marray/swizzle: the vec/marray).

#define USYCL_ELEMENTWISE1(NAME, RULE, IMPL)                                             \
  template <typename T>                                                                  \
  USYCL_INLINE auto NAME(T x) noexcept->detail::math::allowed_t<detail::math::RULE<T>> {   \
    using R = detail::math::RULE<T>;                                                     \
    return detail::math::map<R>([](auto a) { return detail::math::m::IMPL(a); }, R(x));  \
  }
#define USYCL_ELEMENTWISE2(NAME, RULE, IMPL)                                             \
  template <typename T0, typename T1>                                                    \
  USYCL_INLINE auto NAME(T0 x, T1 y) noexcept                                            \
      ->detail::math::allowed_t<detail::math::RULE<T0, T1>> {                              \
    using R = detail::math::RULE<T0, T1>;                                                \
    return detail::math::map<R>([](auto a, auto b) { return detail::math::m::IMPL(a, b); }, \
                                R(x), R(y));                                             \
  }
#define USYCL_ELEMENTWISE3(NAME, RULE, IMPL)                                             \
  template <typename T0, typename T1, typename T2>                                       \
  USYCL_INLINE auto NAME(T0 x, T1 y, T2 z) noexcept                                      \
      ->detail::math::allowed_t<detail::math::RULE<T0, T1, T2>> {                          \
    using R = detail::math::RULE<T0, T1, T2>;                                            \
    return detail::math::map<R>(                                                         \
        [](auto a, auto b, auto c) { return detail::math::m::IMPL(a, b, c); }, R(x), R(y), \
        R(z));                                                                           \
  }
// NAME(non-scalar x, scalar y of its element type): fmin, fmax, min, max.
#define USYCL_NONSCALAR_SCALAR(NAME, RULE, IMPL)                                         \
  template <typename NonScalar>                                                          \
  USYCL_INLINE auto NAME(NonScalar x, detail::math::nonscalar_elem_t<NonScalar> y) noexcept \
      ->detail::math::allowed_t<detail::math::RULE<NonScalar>> {                           \
    using R = detail::math::RULE<NonScalar>;                                             \
    return detail::math::map<R>([](auto a, auto b) { return detail::math::m::IMPL(a, b); }, \
                                R(x), y);                                                \
  }

// ============================ math functions ===============================

#define USYCL_GENFLOAT1(NAME) USYCL_ELEMENTWISE1(NAME, genfloat_t, NAME)
#define USYCL_GENFLOAT2(NAME) USYCL_ELEMENTWISE2(NAME, genfloat_t, NAME)

USYCL_GENFLOAT1(acos)
USYCL_GENFLOAT1(acosh)
USYCL_GENFLOAT1(acospi)
USYCL_GENFLOAT1(asin)
USYCL_GENFLOAT1(asinh)
USYCL_GENFLOAT1(asinpi)
USYCL_GENFLOAT1(atan)
USYCL_GENFLOAT1(atanh)
USYCL_GENFLOAT1(atanpi)
USYCL_GENFLOAT1(cbrt)
USYCL_GENFLOAT1(ceil)
USYCL_GENFLOAT1(cos)
USYCL_GENFLOAT1(cosh)
USYCL_GENFLOAT1(cospi)
USYCL_GENFLOAT1(erf)
USYCL_GENFLOAT1(erfc)
USYCL_GENFLOAT1(exp)
USYCL_GENFLOAT1(exp2)
USYCL_GENFLOAT1(exp10)
USYCL_GENFLOAT1(expm1)
USYCL_GENFLOAT1(fabs)
USYCL_GENFLOAT1(floor)
USYCL_GENFLOAT1(lgamma)
USYCL_GENFLOAT1(log)
USYCL_GENFLOAT1(log2)
USYCL_GENFLOAT1(log10)
USYCL_GENFLOAT1(log1p)
USYCL_GENFLOAT1(logb)
USYCL_GENFLOAT1(rint)
USYCL_GENFLOAT1(round)
USYCL_GENFLOAT1(rsqrt)
USYCL_GENFLOAT1(sin)
USYCL_GENFLOAT1(sinh)
USYCL_GENFLOAT1(sinpi)
USYCL_GENFLOAT1(sqrt)
USYCL_GENFLOAT1(tan)
USYCL_GENFLOAT1(tanh)
USYCL_GENFLOAT1(tanpi)
USYCL_GENFLOAT1(tgamma)
USYCL_GENFLOAT1(trunc)

USYCL_GENFLOAT2(atan2)
USYCL_GENFLOAT2(atan2pi)
USYCL_GENFLOAT2(copysign)
USYCL_GENFLOAT2(fdim)
USYCL_GENFLOAT2(fmax)
USYCL_GENFLOAT2(fmin)
USYCL_GENFLOAT2(fmod)
USYCL_GENFLOAT2(hypot)
USYCL_GENFLOAT2(maxmag)
USYCL_GENFLOAT2(minmag)
USYCL_GENFLOAT2(nextafter)
USYCL_GENFLOAT2(pow)
USYCL_GENFLOAT2(powr)
USYCL_GENFLOAT2(remainder)
USYCL_NONSCALAR_SCALAR(fmax, nonscalar_genfloat_t, fmax)
USYCL_NONSCALAR_SCALAR(fmin, nonscalar_genfloat_t, fmin)

USYCL_ELEMENTWISE3(fma, genfloat_t, fma)
USYCL_ELEMENTWISE3(mad, genfloat_t, mad)

// ldexp / pown / rootn: (genfloat, its intN); also (non-scalar, int).
#define USYCL_GENFLOAT_INT(NAME)                                                         \
  template <typename T, typename I>                                                      \
  USYCL_INLINE auto NAME(T x, I k) noexcept                                              \
      ->detail::math::allowed_t<detail::math::genfloat_int_t<T, I>> {                      \
    using R = detail::math::genfloat_int_t<T, I>;                                        \
    using K = detail::math::int_of_t<R>;                                                 \
    return detail::math::map<R>([](auto a, int b) { return detail::math::m::NAME(a, b); }, \
                                R(x), K(k));                                             \
  }                                                                                      \
  template <typename NonScalar>                                                          \
  USYCL_INLINE auto NAME(NonScalar x, int k) noexcept                                    \
      ->detail::math::allowed_t<detail::math::nonscalar_genfloat_t<NonScalar>> {           \
    using R = detail::math::nonscalar_genfloat_t<NonScalar>;                             \
    return detail::math::map<R>([](auto a, int b) { return detail::math::m::NAME(a, b); }, \
                                R(x), k);                                                \
  }
USYCL_GENFLOAT_INT(ldexp)
USYCL_GENFLOAT_INT(pown)
USYCL_GENFLOAT_INT(rootn)
#undef USYCL_GENFLOAT_INT

template <typename T>
USYCL_INLINE auto ilogb(T x) noexcept -> detail::math::allowed_t<
    std::conditional_t<std::is_void_v<detail::math::genfloat_t<T>>, void,
                       detail::math::int_of_t<detail::math::genfloat_t<T>>>> {
  using R = detail::math::genfloat_t<T>;
  return detail::math::map<detail::math::int_of_t<R>>(
      [](auto a) { return detail::math::m::ilogb(a); }, R(x));
}

// nan(nancode): a quiet NaN carrying nancode in its low significand bits.
template <typename T>
USYCL_INLINE auto nan(T nancode) noexcept -> detail::math::allowed_t<detail::math::nan_t<T>> {
  using R = detail::math::nan_t<T>;
  using Code = typename detail::fixed_unsigned<sizeof(detail::math::elem_t<R>)>::type;
  using Arg =
      std::conditional_t<detail::math::is_nonscalar_v<T>, detail::math::operand_t<T>, Code>;
  return detail::math::map<R>(
      [](auto code) { return detail::math::m::nan_of(static_cast<Code>(code)); }, Arg(nancode));
}

// Pointer outputs (raw pointer or multi_ptr of a writable address space).
// The scalar form's first template argument is the pointer type, the
// non-scalar form's the argument type (SYCL 2020).
#define USYCL_PTR_OUT(NAME, INT_OUT)                                                     \
  template <typename Ptr, typename T>                                                    \
  USYCL_INLINE auto NAME(T x, Ptr out) noexcept                                          \
      ->detail::math::allowed_t<detail::math::ptr_out_t<false, INT_OUT, Ptr, T>> {         \
    using R = detail::math::ptr_out_t<false, INT_OUT, Ptr, T>;                           \
    return detail::math::map_out<R, detail::math::out_elem_t<Ptr>>(                      \
        [](auto a, auto *o) { return detail::math::m::NAME(a, o); }, out, R(x));         \
  }                                                                                      \
  template <typename NonScalar, typename Ptr>                                            \
  USYCL_INLINE auto NAME(NonScalar x, Ptr out) noexcept                                  \
      ->detail::math::allowed_t<detail::math::ptr_out_t<true, INT_OUT, Ptr, NonScalar>> {  \
    using R = detail::math::ptr_out_t<true, INT_OUT, Ptr, NonScalar>;                    \
    return detail::math::map_out<R, detail::math::out_elem_t<Ptr>>(                      \
        [](auto a, auto *o) { return detail::math::m::NAME(a, o); }, out, R(x));         \
  }
USYCL_PTR_OUT(fract, false)
USYCL_PTR_OUT(modf, false)
USYCL_PTR_OUT(sincos, false)
USYCL_PTR_OUT(frexp, true)
USYCL_PTR_OUT(lgamma_r, true)
#undef USYCL_PTR_OUT

template <typename Ptr, typename T0, typename T1>
USYCL_INLINE auto remquo(T0 x, T1 y, Ptr quo) noexcept
    -> detail::math::allowed_t<detail::math::ptr_out_t<false, true, Ptr, T0, T1>> {
  using R = detail::math::ptr_out_t<false, true, Ptr, T0, T1>;
  return detail::math::map_out<R, detail::math::out_elem_t<Ptr>>(
      [](auto a, auto b, int *q) { return detail::math::m::remquo(a, b, q); }, quo, R(x), R(y));
}
template <typename NonScalar1, typename NonScalar2, typename Ptr>
USYCL_INLINE auto remquo(NonScalar1 x, NonScalar2 y, Ptr quo) noexcept
    -> detail::math::allowed_t<detail::math::ptr_out_t<true, true, Ptr, NonScalar1, NonScalar2>> {
  using R = detail::math::ptr_out_t<true, true, Ptr, NonScalar1, NonScalar2>;
  return detail::math::map_out<R, detail::math::out_elem_t<Ptr>>(
      [](auto a, auto b, int *q) { return detail::math::m::remquo(a, b, q); }, quo, R(x), R(y));
}

// ================== native:: and half_precision:: (float) ==================

#define USYCL_NATIVE_SET                                                                 \
  USYCL_ELEMENTWISE1(cos, genfloatf_t, fast::cos)                                        \
  USYCL_ELEMENTWISE1(sin, genfloatf_t, fast::sin)                                        \
  USYCL_ELEMENTWISE1(tan, genfloatf_t, fast::tan)                                        \
  USYCL_ELEMENTWISE1(exp, genfloatf_t, fast::exp)                                        \
  USYCL_ELEMENTWISE1(exp2, genfloatf_t, fast::exp2)                                      \
  USYCL_ELEMENTWISE1(exp10, genfloatf_t, fast::exp10)                                    \
  USYCL_ELEMENTWISE1(log, genfloatf_t, fast::log)                                        \
  USYCL_ELEMENTWISE1(log2, genfloatf_t, fast::log2)                                      \
  USYCL_ELEMENTWISE1(log10, genfloatf_t, fast::log10)                                    \
  USYCL_ELEMENTWISE1(recip, genfloatf_t, fast::recip)                                    \
  USYCL_ELEMENTWISE1(rsqrt, genfloatf_t, fast::rsqrt)                                    \
  USYCL_ELEMENTWISE1(sqrt, genfloatf_t, fast::sqrt)                                      \
  USYCL_ELEMENTWISE2(divide, genfloatf_t, fast::divide)                                  \
  USYCL_ELEMENTWISE2(powr, genfloatf_t, fast::powr)
namespace native {
USYCL_NATIVE_SET
} // namespace native
namespace half_precision {
USYCL_NATIVE_SET
} // namespace half_precision
#undef USYCL_NATIVE_SET

// ========================= integer functions ==============================

// abs: integers (same type, SYCL 2020 rev 8) and, as an extension, floats.
template <typename T>
USYCL_INLINE auto abs(T x) noexcept -> detail::math::allowed_t<detail::math::gentype_t<T>> {
  using R = detail::math::gentype_t<T>;
  return detail::math::map<R>(
      [](auto a) {
        if constexpr (detail::math::is_sfloat_v<decltype(a)>)
          return detail::math::m::fabs(a);
        else
          return detail::math::m::iabs(a);
      },
      R(x));
}
USYCL_ELEMENTWISE2(abs_diff, geninteger_t, iabs_diff)
USYCL_ELEMENTWISE2(add_sat, geninteger_t, iadd_sat)
USYCL_ELEMENTWISE2(sub_sat, geninteger_t, isub_sat)
USYCL_ELEMENTWISE2(hadd, geninteger_t, ihadd)
USYCL_ELEMENTWISE2(rhadd, geninteger_t, irhadd)
USYCL_ELEMENTWISE2(mul_hi, geninteger_t, imul_hi)
USYCL_ELEMENTWISE2(rotate, geninteger_t, irotate)
USYCL_ELEMENTWISE1(clz, geninteger_t, iclz)
USYCL_ELEMENTWISE1(ctz, geninteger_t, ictz)
USYCL_ELEMENTWISE1(popcount, geninteger_t, ipopcount)
USYCL_ELEMENTWISE3(mad_sat, geninteger_t, imad_sat)
USYCL_ELEMENTWISE3(mad_hi, geninteger_t, imad_hi)
USYCL_ELEMENTWISE2(mul24, geninteger32_t, imul24)
USYCL_ELEMENTWISE3(mad24, geninteger32_t, imad24)

// upsample(hi, lo): (hi << bits) | lo in the integer type twice as wide.
template <typename T0, typename T1>
USYCL_INLINE auto upsample(T0 hi, T1 lo) noexcept
    -> detail::math::allowed_t<detail::math::upsample_t<T0, T1>> {
  using R = detail::math::upsample_t<T0, T1>;
  using W = detail::math::elem_t<R>;
  using UW = std::make_unsigned_t<W>;
  constexpr int bits = 4 * int(sizeof(W));
  return detail::math::map<R>(
      [](auto h, auto l) {
        return static_cast<W>(static_cast<UW>(static_cast<UW>(h) << bits) |
                              static_cast<UW>(l));
      },
      detail::math::operand_t<T0>(hi), detail::math::operand_t<T1>(lo));
}

// ======================== common functions ================================
// min/max/clamp serve both the integer and the common (float) versions.

USYCL_ELEMENTWISE2(min, gentype_t, min_of)
USYCL_ELEMENTWISE2(max, gentype_t, max_of)
USYCL_NONSCALAR_SCALAR(min, nonscalar_gentype_t, min_of)
USYCL_NONSCALAR_SCALAR(max, nonscalar_gentype_t, max_of)
USYCL_ELEMENTWISE3(clamp, gentype_t, clamp)
template <typename NonScalar>
USYCL_INLINE auto clamp(NonScalar x, detail::math::nonscalar_elem_t<NonScalar> minval,
                        detail::math::nonscalar_elem_t<NonScalar> maxval) noexcept
    -> detail::math::allowed_t<detail::math::nonscalar_gentype_t<NonScalar>> {
  using R = detail::math::nonscalar_gentype_t<NonScalar>;
  return detail::math::map<R>(
      [](auto a, auto lo, auto hi) { return detail::math::m::clamp(a, lo, hi); }, R(x), minval,
      maxval);
}

USYCL_GENFLOAT1(degrees)
USYCL_GENFLOAT1(radians)
USYCL_GENFLOAT1(sign)
USYCL_GENFLOAT2(step)
USYCL_ELEMENTWISE3(mix, genfloat_t, mix)
USYCL_ELEMENTWISE3(smoothstep, genfloat_t, smoothstep)
// mix(x, y, scalar a), step(scalar edge, x), smoothstep(scalar, scalar, x).
template <typename NonScalar1, typename NonScalar2>
USYCL_INLINE auto mix(NonScalar1 x, NonScalar2 y, detail::math::nonscalar_elem_t<NonScalar1> a) noexcept
    -> detail::math::allowed_t<detail::math::genfloat_t<NonScalar1, NonScalar2>> {
  using R = detail::math::genfloat_t<NonScalar1, NonScalar2>;
  return detail::math::map<R>(
      [](auto p, auto q, auto s) { return detail::math::m::mix(p, q, s); }, R(x), R(y), a);
}
template <typename NonScalar>
USYCL_INLINE auto step(detail::math::nonscalar_elem_t<NonScalar> edge, NonScalar x) noexcept
    -> detail::math::allowed_t<detail::math::nonscalar_genfloat_t<NonScalar>> {
  using R = detail::math::nonscalar_genfloat_t<NonScalar>;
  return detail::math::map<R>([](auto e, auto v) { return detail::math::m::step(e, v); }, edge,
                              R(x));
}
template <typename NonScalar>
USYCL_INLINE auto smoothstep(detail::math::nonscalar_elem_t<NonScalar> edge0,
                             detail::math::nonscalar_elem_t<NonScalar> edge1, NonScalar x) noexcept
    -> detail::math::allowed_t<detail::math::nonscalar_genfloat_t<NonScalar>> {
  using R = detail::math::nonscalar_genfloat_t<NonScalar>;
  return detail::math::map<R>(
      [](auto e0, auto e1, auto v) { return detail::math::m::smoothstep(e0, e1, v); }, edge0,
      edge1, R(x));
}

// ======================== geometric functions =============================

template <typename T0, typename T1>
USYCL_INLINE auto dot(T0 x, T1 y) noexcept
    -> detail::math::allowed_t<detail::math::elem_t<detail::math::geo_t<T0, T1>>> {
  using R = detail::math::geo_t<T0, T1>;
  return detail::math::elem_t<R>(detail::math::m::dot_acc(R(x), R(y)));
}
template <typename T0, typename T1>
USYCL_INLINE auto cross(T0 x, T1 y) noexcept -> detail::math::allowed_t<detail::math::cross_t<T0, T1>> {
  using R = detail::math::cross_t<T0, T1>;
  using E = detail::math::elem_t<R>;
  using C = detail::math::calc_t<E>;
  const R p0(x), p1(y);
  auto a = [&](int i) { return static_cast<C>(p0[i]); };
  auto b = [&](int i) { return static_cast<C>(p1[i]); };
  R r;
  r[0] = E(a(1) * b(2) - a(2) * b(1));
  r[1] = E(a(2) * b(0) - a(0) * b(2));
  r[2] = E(a(0) * b(1) - a(1) * b(0));
  if constexpr (detail::math::num_elems<R>() == 4)
    r[3] = E(0.0f);
  return r;
}
template <typename T>
USYCL_INLINE auto length(T p) noexcept
    -> detail::math::allowed_t<detail::math::elem_t<detail::math::geo_t<T>>> {
  using R = detail::math::geo_t<T>;
  return detail::math::elem_t<R>(detail::math::m::length_c(R(p)));
}
template <typename T0, typename T1>
USYCL_INLINE auto distance(T0 p0, T1 p1) noexcept
    -> detail::math::allowed_t<detail::math::elem_t<detail::math::geo_t<T0, T1>>> {
  using R = detail::math::geo_t<T0, T1>;
  return detail::math::elem_t<R>(detail::math::m::length_c(R(R(p0) - R(p1))));
}
template <typename T>
USYCL_INLINE auto normalize(T p) noexcept -> detail::math::allowed_t<detail::math::geo_t<T>> {
  using R = detail::math::geo_t<T>;
  using C = detail::math::calc_t<detail::math::elem_t<R>>;
  const R v(p);
  const C len = detail::math::m::length_c(v);
  if (len == C(0))
    return v;
  return detail::math::map<R>([len](auto a) { return decltype(a)(static_cast<C>(a) / len); }, v);
}
template <typename T>
USYCL_INLINE auto fast_length(T p) noexcept -> detail::math::allowed_t<detail::math::elem_t<detail::math::fast_geo_t<T>>> {
  using R = detail::math::fast_geo_t<T>;
  return detail::math::m::fast::sqrt(detail::math::m::dot_acc(R(p), R(p)));
}
template <typename T0, typename T1>
USYCL_INLINE auto fast_distance(T0 p0, T1 p1) noexcept
    -> detail::math::allowed_t<detail::math::elem_t<detail::math::fast_geo_t<detail::math::geo_t<T0, T1>>>> {
  using R = detail::math::geo_t<T0, T1>;
  return fast_length(R(R(p0) - R(p1)));
}
template <typename T>
USYCL_INLINE auto fast_normalize(T p) noexcept -> detail::math::allowed_t<detail::math::fast_geo_t<T>> {
  using R = detail::math::fast_geo_t<T>;
  const R v(p);
  const float d = detail::math::m::dot_acc(v, v);
  if (d == 0.0f)
    return v;
  const float s = detail::math::m::fast::rsqrt(d);
  return detail::math::map<R>([s](float a) { return a * s; }, v);
}

// ======================== relational functions ============================
// Scalars -> bool, vec -> vec<intK_t, N> (-1/0), marray -> marray<bool, N>.

#define USYCL_REL2(NAME, EXPR)                                                           \
  template <typename T0, typename T1>                                                    \
  USYCL_INLINE auto NAME(T0 x, T1 y) noexcept                                            \
      ->detail::math::allowed_t<detail::math::rel_result_t<detail::math::genfloat_t<T0, T1>>> { \
    using R = detail::math::genfloat_t<T0, T1>;                                          \
    return detail::math::rel_map(                                                        \
        [](auto a_, auto b_) {                                                           \
          using C = detail::math::calc_t<decltype(a_)>;                                  \
          const C a = static_cast<C>(a_), b = static_cast<C>(b_);                        \
          return EXPR;                                                                   \
        },                                                                               \
        R(x), R(y));                                                                     \
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
  template <typename T>                                                                  \
  USYCL_INLINE auto NAME(T x) noexcept                                                   \
      ->detail::math::allowed_t<detail::math::rel_result_t<detail::math::genfloat_t<T>>> { \
    using R = detail::math::genfloat_t<T>;                                               \
    return detail::math::rel_map([](auto a) { return detail::math::m::IMPL(a); }, R(x)); \
  }
USYCL_REL1(isfinite, isfinite_s)
USYCL_REL1(isinf, isinf_s)
USYCL_REL1(isnan, isnan_s)
USYCL_REL1(isnormal, isnormal_s)
USYCL_REL1(signbit, signbit_s)
#undef USYCL_REL1

// any/all: signed integers test the most significant bit (vec -> int 1/0,
// scalar and marray -> bool); bool and marray<bool> test the values.
template <typename T>
USYCL_INLINE auto any(T x) noexcept -> detail::math::allowed_t<detail::math::any_all_t<T>> {
  const detail::math::operand_t<T> v(x);
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (detail::math::m::msb_or_value(detail::math::el(v, i)))
      return detail::math::any_all_t<T>(1);
  return detail::math::any_all_t<T>(0);
}
template <typename T>
USYCL_INLINE auto all(T x) noexcept -> detail::math::allowed_t<detail::math::any_all_t<T>> {
  const detail::math::operand_t<T> v(x);
  for (int i = 0; i < detail::math::num_elems<T>(); ++i)
    if (!detail::math::m::msb_or_value(detail::math::el(v, i)))
      return detail::math::any_all_t<T>(0);
  return detail::math::any_all_t<T>(1);
}

// bitselect: each result bit is the bit of b where c has a 1, else of a.
USYCL_ELEMENTWISE3(bitselect, gentype_t, bitselect)

// select(a, b, c): scalars c ? b : a; vec: per element, the MSB of c picks b;
// marray: c is marray<bool, N>.
template <typename T>
USYCL_INLINE auto select(T a, T b, bool c) noexcept
    -> detail::math::allowed_t<std::conditional_t<detail::math::is_gentype_v<T> &&
                                                    !detail::math::is_nonscalar_v<T>,
                                                T, void>> {
  return c ? b : a;
}
template <typename T0, typename T1, typename T2>
USYCL_INLINE auto select(T0 a, T1 b, T2 c) noexcept
    -> detail::math::allowed_t<detail::math::select_t<T0, T1, T2>> {
  using R = detail::math::select_t<T0, T1, T2>;
  return detail::math::map<R>(
      [](auto x, auto y, auto pick) { return detail::math::m::msb_or_value(pick) ? y : x; },
      R(a), R(b), detail::math::operand_t<T2>(c));
}

#undef USYCL_GENFLOAT1
#undef USYCL_GENFLOAT2
#undef USYCL_ELEMENTWISE1
#undef USYCL_ELEMENTWISE2
#undef USYCL_ELEMENTWISE3
#undef USYCL_NONSCALAR_SCALAR

} // namespace _V1
} // namespace sycl
