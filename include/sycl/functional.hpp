// SYCL 2020 function objects (§4.17.2) and the known-identity traits
// (§4.9.2.2) that reductions and group algorithms use to start a combination
// without a user-supplied value.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/half.hpp>

#include <functional>
#include <limits>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

// Each function object comes as a typed form (both operands and the result
// are T) and a transparent <void> form that deduces the operand types, like
// <functional>'s std::plus<void>.
#define USYCL_BINARY_FUNCTOR(NAME, EXPR)                                                           \
  template <typename T = void> struct NAME {                                                       \
    constexpr T operator()(const T &x, const T &y) const { return static_cast<T>(EXPR); }          \
  };                                                                                               \
  template <> struct NAME<void> {                                                                  \
    using is_transparent = void;                                                                   \
    template <typename T, typename U>                                                              \
    constexpr auto operator()(T &&x, U &&y) const -> decltype(EXPR) {                              \
      return EXPR;                                                                                 \
    }                                                                                              \
  };

USYCL_BINARY_FUNCTOR(plus, x + y)
USYCL_BINARY_FUNCTOR(multiplies, x *y)
USYCL_BINARY_FUNCTOR(bit_and, x &y)
USYCL_BINARY_FUNCTOR(bit_or, x | y)
USYCL_BINARY_FUNCTOR(bit_xor, x ^ y)
#undef USYCL_BINARY_FUNCTOR

// logical_and/logical_or: the typed forms yield bool (SYCL 2020 §4.17.2), as
// std::logical_and.
template <typename T = void> struct logical_and {
  constexpr bool operator()(const T &x, const T &y) const { return x && y; }
};
template <> struct logical_and<void> {
  using is_transparent = void;
  // The built-in operator's type: bool for scalars, the element-wise result
  // for vec and marray operands.
  template <typename T, typename U>
  constexpr auto operator()(T &&x, U &&y) const
      -> decltype(std::forward<T>(x) && std::forward<U>(y)) {
    return std::forward<T>(x) && std::forward<U>(y);
  }
};
template <typename T = void> struct logical_or {
  constexpr bool operator()(const T &x, const T &y) const { return x || y; }
};
template <> struct logical_or<void> {
  using is_transparent = void;
  // The built-in operator's type: bool for scalars, the element-wise result
  // for vec and marray operands.
  template <typename T, typename U>
  constexpr auto operator()(T &&x, U &&y) const
      -> decltype(std::forward<T>(x) || std::forward<U>(y)) {
    return std::forward<T>(x) || std::forward<U>(y);
  }
};

// minimum/maximum compare with < and > only (as DPC++), so they work for
// any ordered type, sycl::half included.
template <typename T = void> struct minimum {
  constexpr T operator()(const T &x, const T &y) const { return (x < y) ? x : y; }
};
template <> struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  constexpr std::common_type_t<std::decay_t<T>, std::decay_t<U>> operator()(T &&x, U &&y) const {
    return (x < y) ? x : y;
  }
};
template <typename T = void> struct maximum {
  constexpr T operator()(const T &x, const T &y) const { return (x > y) ? x : y; }
};
template <> struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  constexpr std::common_type_t<std::decay_t<T>, std::decay_t<U>> operator()(T &&x, U &&y) const {
    return (x > y) ? x : y;
  }
};

namespace detail {

// The <functional> object a SYCL function object stands for: DPC++ gives
// std::plus, std::multiplies, ... the reductions, identities and group
// algorithms of their sycl:: twins (minimum and maximum have none).
template <template <typename> class F> struct std_twin {
  template <typename T> using type = F<T>;
};
#define USYCL_STD_TWIN(NAME)                                                                       \
  template <> struct std_twin<NAME> {                                                              \
    template <typename T> using type = std::NAME<T>;                                               \
  };
USYCL_STD_TWIN(plus)
USYCL_STD_TWIN(multiplies)
USYCL_STD_TWIN(bit_and)
USYCL_STD_TWIN(bit_or)
USYCL_STD_TWIN(bit_xor)
USYCL_STD_TWIN(logical_and)
USYCL_STD_TWIN(logical_or)
#undef USYCL_STD_TWIN

// Whether Op is the function object F, typed for T or transparent, or its
// <functional> twin.
template <template <typename> class F, typename Op, typename T>
inline constexpr bool is_op_v =
    std::is_same_v<std::remove_cv_t<Op>, F<T>> || std::is_same_v<std::remove_cv_t<Op>, F<void>> ||
    std::is_same_v<std::remove_cv_t<Op>, typename std_twin<F>::template type<T>> ||
    std::is_same_v<std::remove_cv_t<Op>, typename std_twin<F>::template type<void>>;

// The type classes of SYCL 2020's known-identity table (§4.9.2.2):
// "arithmetic" includes bool and sycl::half, "integral" includes bool.
template <typename T>
inline constexpr bool is_arith_v = std::is_arithmetic_v<T> || std::is_same_v<T, half>;
template <typename T>
inline constexpr bool is_floating_v = std::is_floating_point_v<T> || std::is_same_v<T, half>;

// The identity of Op over T where SYCL 2020 names one; `known` is false
// otherwise. Floating-point minimum/maximum start at +-infinity so that every
// finite value (and the infinities) combine correctly.
template <typename Op, typename T, typename = void> struct identity_of {
  static constexpr bool known = false;
};

#define USYCL_IDENTITY(COND, VALUE)                                                                \
  template <typename Op, typename T> struct identity_of<Op, T, std::enable_if_t<COND>> {           \
    static constexpr bool known = true;                                                            \
    static constexpr T value() noexcept { return VALUE; }                                          \
  };

USYCL_IDENTITY((is_op_v<plus, Op, T> && is_arith_v<T>), T(0))
USYCL_IDENTITY((is_op_v<multiplies, Op, T> && is_arith_v<T>), T(1))
USYCL_IDENTITY((is_op_v<bit_and, Op, T> && std::is_integral_v<T>),
               static_cast<T>(~static_cast<std::make_unsigned_t<
                                  std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>>>(0)))
USYCL_IDENTITY(((is_op_v<bit_or, Op, T> || is_op_v<bit_xor, Op, T>)&&std::is_integral_v<T>), T(0))
// SYCL 2020 names bool; other integral types get the same values (as
// before, group algorithms' scans rely on it).
USYCL_IDENTITY((is_op_v<logical_and, Op, T> && std::is_integral_v<T>), T(true))
USYCL_IDENTITY((is_op_v<logical_or, Op, T> && std::is_integral_v<T>), T(false))
USYCL_IDENTITY((is_op_v<minimum, Op, T> && is_floating_v<T>), std::numeric_limits<T>::infinity())
USYCL_IDENTITY((is_op_v<minimum, Op, T> && std::is_integral_v<T>), std::numeric_limits<T>::max())
USYCL_IDENTITY((is_op_v<maximum, Op, T> && is_floating_v<T>), -std::numeric_limits<T>::infinity())
USYCL_IDENTITY((is_op_v<maximum, Op, T> && std::is_integral_v<T>), std::numeric_limits<T>::lowest())
#undef USYCL_IDENTITY

} // namespace detail

template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<detail::identity_of<std::remove_cv_t<BinaryOperation>,
                                             std::remove_cv_t<AccumulatorT>>::known> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;

namespace detail {
template <typename Op, typename T, bool = identity_of<Op, T>::known> struct known_identity_base {};
template <typename Op, typename T> struct known_identity_base<Op, T, true> {
  static constexpr T value = identity_of<Op, T>::value();
};
} // namespace detail

// Only has `value` where the identity is known (SYCL 2020 §4.9.2.2).
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity : detail::known_identity_base<std::remove_cv_t<BinaryOperation>,
                                                    std::remove_cv_t<AccumulatorT>> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;

// DPC++'s names from before SYCL 2020 (sycl::ext::oneapi::plus, ...), which
// CUDA-ported code still passes to reduce_over_group and reductions.
namespace ext::oneapi {
template <typename T = void> using plus = sycl::plus<T>;
template <typename T = void> using multiplies = sycl::multiplies<T>;
template <typename T = void> using bit_and = sycl::bit_and<T>;
template <typename T = void> using bit_or = sycl::bit_or<T>;
template <typename T = void> using bit_xor = sycl::bit_xor<T>;
template <typename T = void> using minimum = sycl::minimum<T>;
template <typename T = void> using maximum = sycl::maximum<T>;
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl
