// Storage and arithmetic shared by sycl::id and sycl::range.
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

} // namespace detail
} // namespace _V1
} // namespace sycl

// Element-wise operators for id/range, generated once for both.
#define USYCL_INDEX_BINARY_OPS(Type)                                           \
  friend constexpr Type operator+(const Type &a, const Type &b) {              \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] + b[i];                         \
    return r;                                                                  \
  }                                                                            \
  friend constexpr Type operator-(const Type &a, const Type &b) {              \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] - b[i];                         \
    return r;                                                                  \
  }                                                                            \
  friend constexpr Type operator*(const Type &a, const Type &b) {              \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] * b[i];                         \
    return r;                                                                  \
  }                                                                            \
  friend constexpr Type operator/(const Type &a, const Type &b) {              \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] / b[i];                         \
    return r;                                                                  \
  }                                                                            \
  friend constexpr Type operator%(const Type &a, const Type &b) {              \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] % b[i];                         \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator+(const Type &a, T b) {                   \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] + b;                            \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator-(const Type &a, T b) {                   \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] - b;                            \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator*(const Type &a, T b) {                   \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] * b;                            \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator/(const Type &a, T b) {                   \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] / b;                            \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator%(const Type &a, T b) {                   \
    Type r;                                                                    \
    for (int i = 0; i < Dims; ++i) r[i] = a[i] % b;                            \
    return r;                                                                  \
  }                                                                            \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator*(T a, const Type &b) { return b * a; }   \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> friend constexpr Type operator+(T a, const Type &b) { return b + a; }   \
  constexpr Type &operator+=(const Type &o) { return *this = *this + o; }      \
  constexpr Type &operator-=(const Type &o) { return *this = *this - o; }      \
  constexpr Type &operator*=(const Type &o) { return *this = *this * o; }      \
  constexpr Type &operator/=(const Type &o) { return *this = *this / o; }      \
  constexpr Type &operator%=(const Type &o) { return *this = *this % o; }      \
  constexpr Type &operator+=(size_t o) { return *this = *this + o; }           \
  constexpr Type &operator-=(size_t o) { return *this = *this - o; }           \
  constexpr Type &operator*=(size_t o) { return *this = *this * o; }           \
  constexpr Type &operator/=(size_t o) { return *this = *this / o; }           \
  friend constexpr bool operator==(const Type &a, const Type &b) {             \
    for (int i = 0; i < Dims; ++i)                                             \
      if (a[i] != b[i]) return false;                                          \
    return true;                                                               \
  }                                                                            \
  friend constexpr bool operator!=(const Type &a, const Type &b) {             \
    return !(a == b);                                                          \
  }
