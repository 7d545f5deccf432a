// The generic-type rules of the SYCL 2020 built-in functions (§4.17): which
// argument types a builtin accepts and what it returns, plus the element-wise
// application of a scalar implementation to vec, marray and swizzle
// arguments. <sycl/math.hpp> declares every builtin as one constrained
// template whose return type is computed here; a combination of arguments
// that the specification does not allow has no result type, so the template
// drops out of overload resolution.
//
// Scalars follow the specification's non-template overloads (float, double
// and half for the math functions, float for native::): the result type is
// the one overload resolution among those overloads picks, so arguments that
// merely convert to one of them (SYCL-CTS passes a class with a conversion
// operator) work. Being templates, the builtins still lose to an exact
// non-template ::sqrt(float) from <math.h>, so `using namespace sycl;` next
// to <cmath> stays unambiguous.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/swizzle.hpp>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/vec.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace math {

template <typename T> using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

// What an argument reads as: a swizzle its vec, anything else itself.
template <typename T>
using operand_t = std::conditional_t<is_swizzle_v<T>, vec_operand_t<T>, remove_cvref_t<T>>;

template <typename T> struct elem_type { using type = T; };
template <typename T, int N> struct elem_type<vec<T, N>> { using type = T; };
template <typename T, std::size_t N> struct elem_type<marray<T, N>> { using type = T; };
// Element type of a vec/marray/swizzle; a scalar's own type.
template <typename T> using elem_t = typename elem_type<operand_t<T>>::type;

// vec, marray or swizzle: the specification's "NonScalar" arguments.
template <typename T>
inline constexpr bool is_nonscalar_v = is_vec_v<operand_t<T>> || is_marray_v<operand_t<T>>;

template <typename T> constexpr int num_elems() {
  if constexpr (is_nonscalar_v<T>)
    return static_cast<int>(operand_t<T>::size());
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

template <typename T, typename U> struct rebind { using type = U; };
template <typename T, int N, typename U> struct rebind<vec<T, N>, U> { using type = vec<U, N>; };
template <typename T, std::size_t N, typename U> struct rebind<marray<T, N>, U> {
  using type = marray<U, N>;
};
// T with its element type replaced by U (scalar -> U).
template <typename T, typename U> using rebind_t = typename rebind<operand_t<T>, U>::type;

// intN matching a genfloat (ilogb, frexp, ldexp, pown, rootn, remquo, lgamma_r).
template <typename T> using int_of_t = rebind_t<T, std::int32_t>;

// Computation type of a scalar float type (half is computed in float).
template <typename T> using calc_t = std::conditional_t<std::is_same_v<T, half>, float, T>;

// ---------------------------------------------------------------------------
// Result-type rules. Each is a type, `void` where the arguments are not
// allowed; allowed_t<R> has no type for void (the SFINAE point, named so that
// a compiler's "no type named 'type' in ..." note says why).

template <typename T> struct type_tag { using type = T; };
template <typename R> struct if_sycl_allows_these_argument_types { using type = R; };
template <> struct if_sycl_allows_these_argument_types<void> {};
template <typename R> using allowed_t = typename if_sycl_allows_these_argument_types<R>::type;

// All arguments read as one vec (vecs and swizzles mix) or one marray type.
template <typename T0, typename... Ts>
inline constexpr bool same_operand_v = (std::is_same_v<operand_t<T0>, operand_t<Ts>> && ...);
template <typename... Ts> inline constexpr bool any_nonscalar_v = (is_nonscalar_v<Ts> || ...);

// The specification's scalar overload sets, declared only for overload
// resolution in unevaluated operands.
namespace scalar_overloads {
float genfloat(float);
double genfloat(double);
half genfloat(half);
float genfloat(float, float);
double genfloat(double, double);
half genfloat(half, half);
float genfloat(float, float, float);
double genfloat(double, double, double);
half genfloat(half, half, half);
float genfloat_int(float, int); // ldexp, pown, rootn
double genfloat_int(double, int);
half genfloat_int(half, int);
float genfloatf(float); // native::, half_precision::
float genfloatf(float, float);
float nan(std::uint32_t);
double nan(std::uint64_t);
half nan(std::uint16_t);
} // namespace scalar_overloads

template <typename... Ts>
auto scalar_genfloat(int) -> decltype(scalar_overloads::genfloat(std::declval<Ts>()...));
template <typename... Ts> void scalar_genfloat(...);
template <typename... Ts>
auto scalar_genfloat_int(int) -> decltype(scalar_overloads::genfloat_int(std::declval<Ts>()...));
template <typename... Ts> void scalar_genfloat_int(...);
template <typename... Ts>
auto scalar_genfloatf(int) -> decltype(scalar_overloads::genfloatf(std::declval<Ts>()...));
template <typename... Ts> void scalar_genfloatf(...);
template <typename T> auto scalar_nan(int) -> decltype(scalar_overloads::nan(std::declval<T>()));
template <typename T> void scalar_nan(...);

// Math/common/relational functions on genfloat: scalars resolve like the
// float/double/half overloads, non-scalars must all read as one vec/marray of
// float, double or half.
template <typename T0, typename... Ts> constexpr auto genfloat_rule() {
  if constexpr (is_nonscalar_v<T0>) {
    if constexpr (is_genfloat_v<T0> && same_operand_v<T0, Ts...>)
      return type_tag<operand_t<T0>>{};
    else
      return type_tag<void>{};
  } else if constexpr (any_nonscalar_v<Ts...>) {
    return type_tag<void>{};
  } else {
    return type_tag<decltype(scalar_genfloat<T0, Ts...>(0))>{};
  }
}
template <typename... Ts> using genfloat_t = typename decltype(genfloat_rule<Ts...>())::type;

// native:: and half_precision:: (float elements only).
template <typename T0, typename... Ts> constexpr auto genfloatf_rule() {
  if constexpr (is_nonscalar_v<T0>) {
    if constexpr (is_genfloatf_v<T0> && same_operand_v<T0, Ts...>)
      return type_tag<operand_t<T0>>{};
    else
      return type_tag<void>{};
  } else if constexpr (any_nonscalar_v<Ts...>) {
    return type_tag<void>{};
  } else {
    return type_tag<decltype(scalar_genfloatf<T0, Ts...>(0))>{};
  }
}
template <typename... Ts> using genfloatf_t = typename decltype(genfloatf_rule<Ts...>())::type;

// Integer functions: all arguments of one integer type, or reading as one
// vec/marray of integers.
template <typename T0, typename... Ts> constexpr auto geninteger_rule() {
  if constexpr (is_geninteger_v<T0> && same_operand_v<T0, Ts...>)
    return type_tag<operand_t<T0>>{};
  else
    return type_tag<void>{};
}
template <typename... Ts> using geninteger_t = typename decltype(geninteger_rule<Ts...>())::type;

// min/max/clamp serve both the integer and the common (float) functions.
template <typename T0, typename... Ts> constexpr auto gentype_rule() {
  if constexpr (is_geninteger_v<T0>)
    return geninteger_rule<T0, Ts...>();
  else
    return genfloat_rule<T0, Ts...>();
}
template <typename... Ts> using gentype_t = typename decltype(gentype_rule<Ts...>())::type;

// A non-scalar genfloat or gentype argument alone (the forms that take a
// scalar of its element type as another argument).
template <typename T>
using nonscalar_genfloat_t = std::conditional_t<is_nonscalar_genfloat_v<T>, operand_t<T>, void>;
template <typename T>
using nonscalar_gentype_t =
    std::conditional_t<is_nonscalar_v<T> && is_gentype_v<T>, operand_t<T>, void>;

// Element type of a non-scalar argument; no type for scalars, so a parameter
// of this type is never deduced and drops the overload for scalars.
template <typename T, bool = is_nonscalar_v<T>> struct nonscalar_elem {};
template <typename T> struct nonscalar_elem<T, true> { using type = elem_t<T>; };
template <typename T> using nonscalar_elem_t = typename nonscalar_elem<T>::type;

// (genfloat, intN): ldexp, pown, rootn. Scalars resolve like (float, int),
// (double, int), (half, int); non-scalars pair with the intN of their shape.
template <typename T, typename I> constexpr auto genfloat_int_rule() {
  if constexpr (is_nonscalar_v<T>) {
    if constexpr (is_genfloat_v<T> && std::is_same_v<operand_t<I>, int_of_t<T>>)
      return type_tag<operand_t<T>>{};
    else
      return type_tag<void>{};
  } else if constexpr (is_nonscalar_v<I>) {
    return type_tag<void>{};
  } else {
    return type_tag<decltype(scalar_genfloat_int<T, I>(0))>{};
  }
}
template <typename T, typename I>
using genfloat_int_t = typename decltype(genfloat_int_rule<T, I>())::type;

// nan(nancode): uint32_t -> float, uint64_t -> double, uint16_t -> half, and
// element-wise for unsigned vec/marray of those sizes.
template <typename T> constexpr auto nan_rule() {
  if constexpr (is_nonscalar_v<T>) {
    using E = elem_t<T>;
    if constexpr (std::is_integral_v<E> && std::is_unsigned_v<E> && !std::is_same_v<E, bool> &&
                  (sizeof(E) == 2 || sizeof(E) == 4 || sizeof(E) == 8))
      return type_tag<rebind_t<T, std::conditional_t<sizeof(E) == 2, half,
                                                     std::conditional_t<sizeof(E) == 4, float,
                                                                        double>>>>{};
    else
      return type_tag<void>{};
  } else {
    return type_tag<decltype(scalar_nan<T>(0))>{};
  }
}
template <typename T> using nan_t = typename decltype(nan_rule<T>())::type;

// mul24/mad24: 32-bit integers only.
template <typename... Ts> constexpr auto geninteger32_rule() {
  using R = geninteger_t<Ts...>;
  if constexpr (std::is_void_v<R>)
    return type_tag<void>{};
  else if constexpr (sizeof(elem_t<R>) == 4)
    return type_tag<R>{};
  else
    return type_tag<void>{};
}
template <typename... Ts>
using geninteger32_t = typename decltype(geninteger32_rule<Ts...>())::type;

// upsample(hi, lo): 8/16/32-bit hi with an unsigned lo of the same size and
// shape -> the integer twice as wide, signed like hi.
template <typename H, typename L> constexpr auto upsample_rule() {
  if constexpr (!is_geninteger_v<H> || !is_geninteger_v<L> ||
                is_vec_v<operand_t<H>> != is_vec_v<operand_t<L>> ||
                is_marray_v<operand_t<H>> != is_marray_v<operand_t<L>>) {
    return type_tag<void>{};
  } else {
    using EH = elem_t<H>;
    using EL = elem_t<L>;
    constexpr std::size_t S = sizeof(EH);
    if constexpr (std::is_unsigned_v<EL> && sizeof(EL) == S && S <= 4 &&
                  num_elems<H>() == num_elems<L>())
      return type_tag<rebind_t<H, std::conditional_t<std::is_signed_v<EH>,
                                                     typename fixed_signed<2 * S>::type,
                                                     typename fixed_unsigned<2 * S>::type>>>{};
    else
      return type_tag<void>{};
  }
}
template <typename H, typename L> using upsample_t = typename decltype(upsample_rule<H, L>())::type;

// Geometric functions: genfloat scalars or vec/marray/swizzle of 2-4
// elements (cross: 3 or 4, float/double/half; fast_*: float).
template <int MinElems, int MaxElems, typename... Ts> constexpr auto geo_rule() {
  using R = genfloat_t<Ts...>;
  if constexpr (std::is_void_v<R>)
    return type_tag<void>{};
  else if constexpr (num_elems<R>() >= MinElems && num_elems<R>() <= MaxElems)
    return type_tag<R>{};
  else
    return type_tag<void>{};
}
template <typename... Ts> using geo_t = typename decltype(geo_rule<1, 4, Ts...>())::type;
template <typename... Ts> using cross_t = typename decltype(geo_rule<3, 4, Ts...>())::type;
template <typename T>
using fast_geo_t = std::conditional_t<is_genfloatf_v<T>, geo_t<T>, void>;

// any/all: signed integers (vec/swizzle -> int, scalar and marray -> bool);
// bool and marray<bool> -> bool as well.
template <typename T> constexpr auto any_all_rule() {
  if constexpr (std::is_same_v<elem_t<T>, bool> && !is_vec_v<operand_t<T>>)
    return type_tag<bool>{};
  else if constexpr (is_geninteger_v<T> && std::is_signed_v<elem_t<T>>)
    return type_tag<std::conditional_t<is_vec_v<operand_t<T>>, int, bool>>{};
  else
    return type_tag<void>{};
}
template <typename T> using any_all_t = typename decltype(any_all_rule<T>())::type;

// select(a, b, c) on non-scalars: vec a, b with a vec c of integers of the
// element size (its MSB picks b); marray a, b with marray<bool, N> c.
template <typename T0, typename T1, typename T2> constexpr auto select_rule() {
  using R = operand_t<T0>;
  using C = operand_t<T2>;
  if constexpr (!is_nonscalar_v<R> || !is_gentype_v<R> || !same_operand_v<T0, T1>) {
    return type_tag<void>{};
  } else if constexpr (is_vec_v<R>) {
    if constexpr (is_vec_v<C> && is_geninteger_v<C> && num_elems<C>() == num_elems<R>() &&
                  sizeof(elem_t<C>) == sizeof(elem_t<R>))
      return type_tag<R>{};
    else
      return type_tag<void>{};
  } else if constexpr (std::is_same_v<C, marray<bool, R::size()>>) {
    return type_tag<R>{};
  } else {
    return type_tag<void>{};
  }
}
template <typename T0, typename T1, typename T2>
using select_t = typename decltype(select_rule<T0, T1, T2>())::type;

// Relational results: scalar -> bool, vec -> vec<intK_t, N> (-1/0),
// marray -> marray<bool, N>.
template <typename T> struct rel_result { using type = bool; };
template <typename T, int N> struct rel_result<vec<T, N>> { using type = vec<rel_t<T>, N>; };
template <typename T, std::size_t N> struct rel_result<marray<T, N>> {
  using type = marray<bool, N>;
};
template <> struct rel_result<void> { using type = void; };
template <typename T> using rel_result_t = typename rel_result<T>::type;

// Element type a pointer argument (raw pointer or multi_ptr) writes; void
// when it is neither.
template <typename P>
auto out_elem(int) -> std::remove_pointer_t<decltype(detail::raw_pointer(std::declval<const P &>()))>;
template <typename P> void out_elem(...);
template <typename P> using out_elem_t = decltype(out_elem<P>(0));

// Functions with a pointer output (fract, modf, sincos: the argument type;
// frexp, lgamma_r, remquo: its intN). Scalar and non-scalar forms are
// separate templates (their explicit template arguments differ: the scalar
// form's first one is the pointer), so each accepts only its kind.
template <bool NonScalar, bool IntOut, typename Ptr, typename... Ts> constexpr auto ptr_out_rule() {
  if constexpr (any_nonscalar_v<Ts...> != NonScalar ||
                (NonScalar && !(is_nonscalar_v<Ts> && ...))) {
    return type_tag<void>{};
  } else {
    using R = genfloat_t<Ts...>;
    if constexpr (std::is_void_v<R>)
      return type_tag<void>{};
    else if constexpr (std::is_same_v<out_elem_t<Ptr>, std::conditional_t<IntOut, int_of_t<R>, R>>)
      return type_tag<R>{};
    else
      return type_tag<void>{};
  }
}
template <bool NonScalar, bool IntOut, typename Ptr, typename... Ts>
using ptr_out_t = typename decltype(ptr_out_rule<NonScalar, IntOut, Ptr, Ts...>())::type;

// ---------------------------------------------------------------------------
// Element-wise application.

// Element i of a vec/marray, or the scalar itself (broadcast).
template <typename T> USYCL_INLINE constexpr const auto &el(const T &x, int i) noexcept {
  if constexpr (is_nonscalar_v<T>)
    return x[i];
  else {
    (void)i;
    return x;
  }
}

// Apply f element-wise; R is the result type (scalar or vec/marray). The
// arguments are vec/marray (not swizzles) or scalars.
template <typename R, typename F, typename... Ts>
USYCL_INLINE R map(F f, const Ts &...xs) noexcept {
  if constexpr (!is_nonscalar_v<R>) {
    return static_cast<R>(f(xs...));
  } else {
    R r;
    for (int i = 0; i < num_elems<R>(); ++i)
      r[i] = static_cast<elem_t<R>>(f(el(xs, i)...));
    return r;
  }
}

// Apply a predicate element-wise with the relational result convention.
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

// Apply f(x_i..., &out_i) element-wise, writing the outputs through a raw
// pointer or multi_ptr in one store.
template <typename R, typename Out, typename F, typename Ptr, typename... Ts>
USYCL_INLINE R map_out(F f, Ptr p, const Ts &...xs) noexcept {
  Out *out = detail::raw_pointer(p);
  if constexpr (!is_nonscalar_v<R>) {
    Out o{};
    const R r = f(xs..., &o);
    *out = o;
    return r;
  } else {
    R r;
    Out o;
    for (int i = 0; i < num_elems<R>(); ++i) {
      elem_t<Out> oi{};
      r[i] = f(el(xs, i)..., &oi);
      o[i] = oi;
    }
    *out = o;
    return r;
  }
}

} // namespace math
} // namespace detail
} // namespace _V1
} // namespace sycl
