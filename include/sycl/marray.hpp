// sycl::marray<T, N> (SYCL 2020 §4.14.3): an array of N elements with
// element-wise operators. Layout: exactly T[N] (no padding, alignment of T).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/half.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename DataT, std::size_t NumElements> class marray;

namespace detail {
template <typename T> struct is_marray : std::false_type {};
template <typename T, std::size_t N> struct is_marray<marray<T, N>> : std::true_type {};
template <typename T>
inline constexpr bool is_marray_v = is_marray<std::remove_cv_t<T>>::value;
} // namespace detail

template <typename DataT, std::size_t NumElements> class marray {
  static_assert(NumElements >= 1, "sycl::marray: NumElements must be at least 1");
  static constexpr std::size_t N = NumElements;

  template <typename, std::size_t> friend class marray;

  DataT m_data[N]{};

  template <typename Arg> static constexpr std::size_t arg_count() {
    if constexpr (detail::is_marray_v<Arg>)
      return Arg::size();
    else
      return 1;
  }
  template <typename Arg> static constexpr bool valid_arg() {
    if constexpr (detail::is_marray_v<Arg>)
      return std::is_convertible_v<typename Arg::value_type, DataT>;
    else
      return std::is_convertible_v<Arg, DataT>;
  }
  template <typename Arg> constexpr void put(std::size_t &i, const Arg &a) noexcept {
    if constexpr (detail::is_marray_v<Arg>) {
      for (std::size_t k = 0; k < Arg::size(); ++k)
        m_data[i++] = static_cast<DataT>(a.m_data[k]);
    } else {
      m_data[i++] = static_cast<DataT>(a);
    }
  }

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  using iterator = DataT *;
  using const_iterator = const DataT *;

  constexpr marray() = default;
  constexpr marray(const marray &) = default;
  constexpr marray(marray &&) = default;
  constexpr marray &operator=(const marray &) = default;
  constexpr marray &operator=(marray &&) = default;

  explicit constexpr marray(const DataT &arg) noexcept {
    for (std::size_t i = 0; i < N; ++i)
      m_data[i] = arg;
  }

  template <typename... ArgTN,
            std::enable_if_t<(sizeof...(ArgTN) >= 2) && ((arg_count<ArgTN>() + ...) == N) &&
                                 (valid_arg<ArgTN>() && ...),
                             int> = 0>
  constexpr marray(const ArgTN &...args) noexcept {
    std::size_t i = 0;
    (put(i, args), ...);
  }

  constexpr marray &operator=(const DataT &rhs) noexcept {
    for (std::size_t i = 0; i < N; ++i)
      m_data[i] = rhs;
    return *this;
  }

  template <std::size_t M = N, std::enable_if_t<M == 1, int> = 0>
  constexpr operator DataT() const noexcept {
    return m_data[0];
  }

  static constexpr std::size_t size() noexcept { return N; }

  constexpr reference operator[](std::size_t i) noexcept { return m_data[i]; }
  constexpr const_reference operator[](std::size_t i) const noexcept { return m_data[i]; }

  constexpr iterator begin() noexcept { return m_data; }
  constexpr const_iterator begin() const noexcept { return m_data; }
  constexpr iterator end() noexcept { return m_data + N; }
  constexpr const_iterator end() const noexcept { return m_data + N; }

  // SYCL 2020 §4.14.3: +, -, * and / exist for every element type, %, the
  // bitwise operators and the shifts for every one but float, double and half
  // (bool and class types meeting NumericType included). Each one also needs
  // the element expression to be well-formed (std::byte has no +), so an
  // operator the element type lacks is absent instead of failing inside.
  // (SFINAE, not requires: SYCL-CTS and users compile as C++17.)
#define USYCL_MARRAY_BINOP(OP, FLOATING_TOO)                                             \
  template <typename T_ = DataT,                                                         \
            std::enable_if_t<FLOATING_TOO || !detail::is_sycl_floating_point_v<T_>, int> = 0, \
            typename = decltype(std::declval<const T_ &>() OP std::declval<const T_ &>())> \
  friend constexpr marray operator OP(const marray &l, const marray &r) noexcept {       \
    marray res;                                                                          \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                    \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT,                                                         \
            std::enable_if_t<FLOATING_TOO || !detail::is_sycl_floating_point_v<T_>, int> = 0, \
            typename = decltype(std::declval<const T_ &>() OP std::declval<const T_ &>())> \
  friend constexpr marray operator OP(const marray &l, const DataT &r) noexcept {        \
    marray res;                                                                          \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res.m_data[i] = static_cast<DataT>(l.m_data[i] OP r);                              \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT,                                                         \
            std::enable_if_t<FLOATING_TOO || !detail::is_sycl_floating_point_v<T_>, int> = 0, \
            typename = decltype(std::declval<const T_ &>() OP std::declval<const T_ &>())> \
  friend constexpr marray operator OP(const DataT &l, const marray &r) noexcept {        \
    marray res;                                                                          \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res.m_data[i] = static_cast<DataT>(l OP r.m_data[i]);                              \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT,                                                         \
            std::enable_if_t<FLOATING_TOO || !detail::is_sycl_floating_point_v<T_>, int> = 0, \
            typename = decltype(std::declval<const T_ &>() OP std::declval<const T_ &>())> \
  friend constexpr marray &operator OP##=(marray & l, const marray & r) noexcept {       \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      l.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                      \
    return l;                                                                            \
  }                                                                                      \
  template <typename T_ = DataT,                                                         \
            std::enable_if_t<FLOATING_TOO || !detail::is_sycl_floating_point_v<T_>, int> = 0, \
            typename = decltype(std::declval<const T_ &>() OP std::declval<const T_ &>())> \
  friend constexpr marray &operator OP##=(marray & l, const DataT & r) noexcept {        \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      l.m_data[i] = static_cast<DataT>(l.m_data[i] OP r);                                \
    return l;                                                                            \
  }

  USYCL_MARRAY_BINOP(+, true)
  USYCL_MARRAY_BINOP(-, true)
  USYCL_MARRAY_BINOP(*, true)
  USYCL_MARRAY_BINOP(/, true)
  USYCL_MARRAY_BINOP(%, false)
  USYCL_MARRAY_BINOP(&, false)
  USYCL_MARRAY_BINOP(|, false)
  USYCL_MARRAY_BINOP(^, false)
  USYCL_MARRAY_BINOP(<<, false)
  USYCL_MARRAY_BINOP(>>, false)
#undef USYCL_MARRAY_BINOP

  // Comparisons and logical && ||: marray<bool, N>.
#define USYCL_MARRAY_RELOP(OP)                                                           \
  friend constexpr marray<bool, N> operator OP(const marray &l, const marray &r) noexcept { \
    marray<bool, N> res;                                                                 \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res[i] = (l.m_data[i] OP r.m_data[i]);                                             \
    return res;                                                                          \
  }                                                                                      \
  friend constexpr marray<bool, N> operator OP(const marray &l, const DataT &r) noexcept { \
    marray<bool, N> res;                                                                 \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res[i] = (l.m_data[i] OP r);                                                       \
    return res;                                                                          \
  }                                                                                      \
  friend constexpr marray<bool, N> operator OP(const DataT &l, const marray &r) noexcept { \
    marray<bool, N> res;                                                                 \
    for (std::size_t i = 0; i < N; ++i)                                                  \
      res[i] = (l OP r.m_data[i]);                                                       \
    return res;                                                                          \
  }
  USYCL_MARRAY_RELOP(==)
  USYCL_MARRAY_RELOP(!=)
  USYCL_MARRAY_RELOP(<)
  USYCL_MARRAY_RELOP(>)
  USYCL_MARRAY_RELOP(<=)
  USYCL_MARRAY_RELOP(>=)
  USYCL_MARRAY_RELOP(&&)
  USYCL_MARRAY_RELOP(||)
#undef USYCL_MARRAY_RELOP

  template <typename T_ = DataT, typename = decltype(+std::declval<const T_ &>())>
  constexpr marray operator+() const noexcept {
    marray res;
    for (std::size_t i = 0; i < N; ++i)
      res.m_data[i] = static_cast<DataT>(+m_data[i]);
    return res;
  }
  template <typename T_ = DataT, typename = decltype(-std::declval<const T_ &>())>
  constexpr marray operator-() const noexcept {
    marray res;
    for (std::size_t i = 0; i < N; ++i)
      res.m_data[i] = static_cast<DataT>(-m_data[i]);
    return res;
  }
  template <typename T_ = DataT, std::enable_if_t<!detail::is_sycl_floating_point_v<T_>, int> = 0,
            typename = decltype(~std::declval<const T_ &>())>
  constexpr marray operator~() const noexcept {
    marray res;
    for (std::size_t i = 0; i < N; ++i)
      res.m_data[i] = static_cast<DataT>(~m_data[i]);
    return res;
  }
  constexpr marray<bool, N> operator!() const noexcept {
    marray<bool, N> res;
    for (std::size_t i = 0; i < N; ++i)
      res.m_data[i] = static_cast<bool>(!m_data[i]);
    return res;
  }
  // ++ and -- follow the element type: marray<bool> has none (C++17 removed
  // bool's).
  template <typename T_ = DataT, typename = decltype(++std::declval<T_ &>())>
  constexpr marray &operator++() noexcept {
    for (DataT &e : m_data)
      ++e;
    return *this;
  }
  template <typename T_ = DataT, typename = decltype(--std::declval<T_ &>())>
  constexpr marray &operator--() noexcept {
    for (DataT &e : m_data)
      --e;
    return *this;
  }
  template <typename T_ = DataT, typename = decltype(++std::declval<T_ &>())>
  constexpr marray operator++(int) noexcept {
    marray old = *this;
    ++*this;
    return old;
  }
  template <typename T_ = DataT, typename = decltype(--std::declval<T_ &>())>
  constexpr marray operator--(int) noexcept {
    marray old = *this;
    --*this;
    return old;
  }
};

// SYCL 2020 §4.14.3.1: marray m{1.f, 2.f} is a marray<float, 2>.
template <class T, class... U, class = std::enable_if_t<(std::is_same_v<T, U> && ...)>>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

// ---- type aliases (SYCL 2020 §4.14.3.2) ----
#define USYCL_MARRAY_ALIASES(N)                                                          \
  using mbool##N = marray<bool, N>;                                                      \
  using mchar##N = marray<std::int8_t, N>;                                               \
  using mschar##N = marray<std::int8_t, N>;                                              \
  using muchar##N = marray<std::uint8_t, N>;                                             \
  using mshort##N = marray<std::int16_t, N>;                                             \
  using mushort##N = marray<std::uint16_t, N>;                                           \
  using mint##N = marray<std::int32_t, N>;                                               \
  using muint##N = marray<std::uint32_t, N>;                                             \
  using mlong##N = marray<std::int64_t, N>;                                              \
  using mulong##N = marray<std::uint64_t, N>;                                            \
  using mlonglong##N = marray<long long, N>;                                             \
  using mulonglong##N = marray<unsigned long long, N>;                                   \
  using mhalf##N = marray<half, N>;                                                      \
  using mfloat##N = marray<float, N>;                                                    \
  using mdouble##N = marray<double, N>;
USYCL_MARRAY_ALIASES(2)
USYCL_MARRAY_ALIASES(3)
USYCL_MARRAY_ALIASES(4)
USYCL_MARRAY_ALIASES(8)
USYCL_MARRAY_ALIASES(16)
#undef USYCL_MARRAY_ALIASES

} // namespace _V1
} // namespace sycl
