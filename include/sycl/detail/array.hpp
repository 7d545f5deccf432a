// Storage and arithmetic shared by sycl::id and sycl::range (SYCL 2020 §4.9.1).
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

template <int Dims> class array {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL index spaces have 1 to 3 dimensions");

public:
  constexpr array() : values_{} {}
  template <typename... T,
            typename = std::enable_if_t<sizeof...(T) == Dims &&
                                        (std::is_convertible_v<T, size_t> && ...)>>
  constexpr array(T... v) : values_{static_cast<size_t>(v)...} {}

  constexpr size_t get(int d) const { return values_[d]; }
  constexpr size_t &operator[](int d) { return values_[d]; }
  constexpr const size_t &operator[](int d) const { return values_[d]; }

protected:
  size_t values_[Dims];
};

// Scalars that may stand on either side of an id/range operator: every
// integral type (bool, char, char16_t, long long, ...), as the CTS checks.
// A template on the scalar type matches exactly, so `id<1> OP int` never
// competes with the built-in operator reached through id<1>'s size_t conversion.
template <typename T>
using enable_if_index_scalar_t = std::enable_if_t<std::is_integral_v<T>, int>;

} // namespace detail
} // namespace _V1
} // namespace sycl

// One element-wise binary operator in its three forms: index OP index,
// index OP scalar, scalar OP index.
#define USYCL_INDEX_BINARY_OP(Type, OP)                                        \
  friend constexpr Type operator OP(const Type &a, const Type &b) {            \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = static_cast<size_t>(a[i] OP b[i]);   \
    return r;                                                                  \
  }                                                                            \
  template <typename T, ::sycl::detail::enable_if_index_scalar_t<T> = 0>       \
  friend constexpr Type operator OP(const Type &a, const T &b) {               \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i)                                             \
      r[i] = static_cast<size_t>(a[i] OP static_cast<size_t>(b));              \
    return r;                                                                  \
  }                                                                            \
  template <typename T, ::sycl::detail::enable_if_index_scalar_t<T> = 0>       \
  friend constexpr Type operator OP(const T &a, const Type &b) {               \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i)                                             \
      r[i] = static_cast<size_t>(static_cast<size_t>(a) OP b[i]);              \
    return r;                                                                  \
  }

// Compound assignment with an index or a scalar on the right.
#define USYCL_INDEX_COMPOUND_OP(Type, OP)                                      \
  friend constexpr Type &operator OP##=(Type & a, const Type &b) {             \
    for (int i = 0; i < Dims; ++i) a[i] OP## = b[i];                           \
    return a;                                                                  \
  }                                                                            \
  template <typename T, ::sycl::detail::enable_if_index_scalar_t<T> = 0>       \
  friend constexpr Type &operator OP##=(Type & a, const T &b) {                \
    for (int i = 0; i < Dims; ++i) a[i] OP## = static_cast<size_t>(b);         \
    return a;                                                                  \
  }

// Every operator SYCL 2020 gives id and range: arithmetic, shifts, bitwise,
// logical and relational (element-wise, yielding 0/1 per dimension), the
// compound assignments, unary +/-, ++/-- and ==/!=. A 1-D index also compares
// with a scalar (its value), so `id<1>{3} == 3` is not ambiguous.
#define USYCL_INDEX_BINARY_OPS(Type)                                           \
  USYCL_INDEX_BINARY_OP(Type, +)                                               \
  USYCL_INDEX_BINARY_OP(Type, -)                                               \
  USYCL_INDEX_BINARY_OP(Type, *)                                               \
  USYCL_INDEX_BINARY_OP(Type, /)                                               \
  USYCL_INDEX_BINARY_OP(Type, %)                                               \
  USYCL_INDEX_BINARY_OP(Type, <<)                                              \
  USYCL_INDEX_BINARY_OP(Type, >>)                                              \
  USYCL_INDEX_BINARY_OP(Type, &)                                               \
  USYCL_INDEX_BINARY_OP(Type, |)                                               \
  USYCL_INDEX_BINARY_OP(Type, ^)                                               \
  USYCL_INDEX_BINARY_OP(Type, &&)                                              \
  USYCL_INDEX_BINARY_OP(Type, ||)                                              \
  USYCL_INDEX_BINARY_OP(Type, <)                                               \
  USYCL_INDEX_BINARY_OP(Type, >)                                               \
  USYCL_INDEX_BINARY_OP(Type, <=)                                              \
  USYCL_INDEX_BINARY_OP(Type, >=)                                              \
  USYCL_INDEX_COMPOUND_OP(Type, +)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, -)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, *)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, /)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, %)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, <<)                                            \
  USYCL_INDEX_COMPOUND_OP(Type, >>)                                            \
  USYCL_INDEX_COMPOUND_OP(Type, &)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, |)                                             \
  USYCL_INDEX_COMPOUND_OP(Type, ^)                                             \
  friend constexpr Type operator+(const Type &a) { return a; }                 \
  friend constexpr Type operator-(const Type &a) {                             \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = -a[i];                               \
    return r;                                                                  \
  }                                                                            \
  friend constexpr Type &operator++(Type &a) { return a += 1; }                \
  friend constexpr Type &operator--(Type &a) { return a -= 1; }                \
  friend constexpr Type operator++(Type &a, int) {                             \
    Type old = a;                                                              \
    a += 1;                                                                    \
    return old;                                                                \
  }                                                                            \
  friend constexpr Type operator--(Type &a, int) {                             \
    Type old = a;                                                              \
    a -= 1;                                                                    \
    return old;                                                                \
  }                                                                            \
  friend constexpr bool operator==(const Type &a, const Type &b) {             \
    for (int i = 0; i < Dims; ++i)                                             \
      if (a[i] != b[i]) return false;                                          \
    return true;                                                               \
  }                                                                            \
  friend constexpr bool operator!=(const Type &a, const Type &b) {             \
    return !(a == b);                                                          \
  }                                                                            \
  template <typename T, int D = Dims,                                          \
            typename = std::enable_if_t<D == 1 && std::is_integral_v<T>>>      \
  friend constexpr bool operator==(const Type &a, const T &b) {                \
    return a[0] == static_cast<size_t>(b);                                     \
  }                                                                            \
  template <typename T, int D = Dims,                                          \
            typename = std::enable_if_t<D == 1 && std::is_integral_v<T>>>      \
  friend constexpr bool operator==(const T &a, const Type &b) {                \
    return b == a;                                                             \
  }                                                                            \
  template <typename T, int D = Dims,                                          \
            typename = std::enable_if_t<D == 1 && std::is_integral_v<T>>>      \
  friend constexpr bool operator!=(const Type &a, const T &b) {                \
    return !(a == b);                                                          \
  }                                                                            \
  template <typename T, int D = Dims,                                          \
            typename = std::enable_if_t<D == 1 && std::is_integral_v<T>>>      \
  friend constexpr bool operator!=(const T &a, const Type &b) {                \
    return !(b == a);                                                          \
  }
