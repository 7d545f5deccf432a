// sycl::vec<T, N> (SYCL 2020 §4.14.2), elem and the vector type aliases
// (float4, int2, ...). Swizzles (x(), xyzw(), lo(), swizzle<...>()) are in
// detail/swizzle.hpp, element conversions in detail/vec_convert.hpp.
//
// Layout: N elements of T, aligned to sizeof(T) * N; vec<T, 3> has the size
// and alignment of vec<T, 4> (element 3 is padding). The layout is the same on
// the host and on the device, so kernel objects holding vecs copy byte-wise.
#pragma once

#include <sycl/bit_cast.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/detail/swizzle.hpp>
#include <sycl/detail/vec_convert.hpp>
#include <sycl/half.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

struct elem {
  static constexpr int x = 0, y = 1, z = 2, w = 3;
  static constexpr int r = 0, g = 1, b = 2, a = 3;
  static constexpr int s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7;
  static constexpr int s8 = 8, s9 = 9, sA = 10, sB = 11, sC = 12, sD = 13, sE = 14, sF = 15;
};

template <typename DataT, int NumElements> class vec;

namespace detail {

template <std::size_t Size> struct fixed_signed;
template <> struct fixed_signed<1> { using type = std::int8_t; };
template <> struct fixed_signed<2> { using type = std::int16_t; };
template <> struct fixed_signed<4> { using type = std::int32_t; };
template <> struct fixed_signed<8> { using type = std::int64_t; };
template <std::size_t Size> struct fixed_unsigned;
template <> struct fixed_unsigned<1> { using type = std::uint8_t; };
template <> struct fixed_unsigned<2> { using type = std::uint16_t; };
template <> struct fixed_unsigned<4> { using type = std::uint32_t; };
template <> struct fixed_unsigned<8> { using type = std::uint64_t; };

// Element type of the result of vec comparisons: signed integer of the same
// size as the operand element (true = -1, false = 0).
template <typename T> using rel_t = typename fixed_signed<sizeof(T)>::type;

template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<vec<T, N>> : std::true_type {};
template <typename T> inline constexpr bool is_vec_v = is_vec<std::remove_cv_t<T>>::value;

template <typename T>
inline constexpr bool is_vec_elem_v = std::is_arithmetic_v<T> || std::is_same_v<T, half> ||
                                      std::is_same_v<T, std::byte> || is_bfloat16_v<T>;

// Elements a vec constructor argument contributes: a vec or swizzle its
// size, anything else one.
template <typename T> constexpr int vec_count_elems() {
  if constexpr (is_vec_v<T> || is_swizzle_v<T>)
    return int(T::size());
  else
    return 1;
}

// Raw pointer out of a raw pointer or a multi_ptr-like object.
template <typename T> USYCL_INLINE T *to_raw_ptr(T *p) noexcept { return p; }
template <typename P, typename = decltype(std::declval<P &>().get())>
USYCL_INLINE auto to_raw_ptr(const P &p) noexcept {
  return to_raw_ptr(p.get());
}

} // namespace detail

template <typename DataT, int NumElements>
class vec : public detail::swizzle_accessors<vec<DataT, NumElements>, NumElements> {
  static_assert(NumElements == 1 || NumElements == 2 || NumElements == 3 ||
                    NumElements == 4 || NumElements == 8 || NumElements == 16,
                "sycl::vec: NumElements must be 1, 2, 3, 4, 8 or 16");
  static_assert(detail::is_vec_elem_v<DataT> && !std::is_const_v<DataT> &&
                    !std::is_volatile_v<DataT>,
                "sycl::vec: invalid element type");

  static constexpr int N = NumElements;
  static constexpr int StorageN = N == 3 ? 4 : N;
  using rel_elem_t = detail::rel_t<DataT>;
  using rel_vec_t = vec<rel_elem_t, N>;

  template <typename, int> friend class vec;
  template <typename, int...> friend class detail::swizzled_vec;
  friend class detail::swizzle_accessors<vec, N>;

  alignas(sizeof(DataT) * StorageN) DataT m_data[StorageN]{};

  template <typename Arg> static constexpr int arg_count() {
    return detail::vec_count_elems<std::remove_cv_t<std::remove_reference_t<Arg>>>();
  }
  template <typename Arg> static constexpr bool valid_arg() {
    using A = std::remove_cv_t<std::remove_reference_t<Arg>>;
    if constexpr (detail::is_vec_v<A> || detail::is_swizzle_v<A>)
      return std::is_same_v<typename A::element_type, DataT>;
    else
      return std::is_convertible_v<A, DataT>;
  }
  template <typename Arg> constexpr void put(int &i, const Arg &a) noexcept {
    if constexpr (detail::is_vec_v<Arg> || detail::is_swizzle_v<Arg>) {
      for (int k = 0; k < static_cast<int>(Arg::size()); ++k)
        m_data[i++] = a[k];
    } else {
      m_data[i++] = static_cast<DataT>(a);
    }
  }

  // Elements K... of this vec as a swizzle; K may reach the padding element
  // of a 3-element vec (hi() and odd()).
  template <int... K> USYCL_INLINE constexpr auto select() noexcept {
    return detail::swizzled_vec<vec, K...>(*this);
  }
  template <int... K> USYCL_INLINE constexpr auto select() const noexcept {
    return detail::swizzled_vec<const vec, K...>(*this);
  }

  template <typename S>
  static constexpr bool scalar_operand_v = detail::is_vec_scalar_operand_v<S, vec>;

public:
  using element_type = DataT;
  using value_type = DataT;

  constexpr vec() = default;
  constexpr vec(const vec &) = default;
  constexpr vec(vec &&) = default;
  constexpr vec &operator=(const vec &) = default;
  constexpr vec &operator=(vec &&) = default;

  // Broadcast: implicit for vec<T, 1>, explicit otherwise.
  template <int M = N, std::enable_if_t<M == 1, int> = 0>
  constexpr vec(const DataT &arg) noexcept : m_data{arg} {}
  template <int M = N, std::enable_if_t<M != 1, int> = 0>
  explicit constexpr vec(const DataT &arg) noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = arg;
  }
  // vec<T, 1> from another scalar type, converted inside (SYCL's element-wise
  // constructor with one argument): `vec<float, 1>{an_int}` is not a
  // narrowing list-initialisation of the element, as in DPC++.
  template <typename S, int M = N,
            std::enable_if_t<M == 1 && scalar_operand_v<S> && !std::is_same_v<S, DataT>, int> = 0>
  constexpr vec(const S &arg) noexcept : m_data{static_cast<DataT>(arg)} {}

  // From a swizzle of N elements of the same type (what __swizzled_vec__'s
  // conversion to vec is in SYCL: one conversion path, so vec<T, 1> from a
  // one-element swizzle is not ambiguous with the broadcast).
  template <typename Swizzle,
            std::enable_if_t<std::is_same_v<detail::vec_operand_t<Swizzle>, vec> &&
                                 detail::is_swizzle_v<Swizzle>,
                             int> = 0>
  constexpr vec(const Swizzle &s) noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = s[i];
  }

  // Element-wise from scalars, vecs and swizzles of the same element type
  // whose element counts add up to N.
  template <typename... ArgTN,
            std::enable_if_t<(sizeof...(ArgTN) >= 2) && ((arg_count<ArgTN>() + ...) == N) &&
                                 (valid_arg<ArgTN>() && ...),
                             int> = 0>
  constexpr vec(const ArgTN &...args) noexcept {
    int i = 0;
    (put(i, args), ...);
  }

  template <typename S, std::enable_if_t<scalar_operand_v<S>, int> = 0>
  constexpr vec &operator=(const S &rhs) noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = static_cast<DataT>(rhs);
    return *this;
  }

  // vec<T, 1> reads as its element (only then: see no_scalar_conversion).
  constexpr operator detail::scalar_conversion_t<DataT, N>() const noexcept {
    if constexpr (N == 1)
      return m_data[0];
    else
      return detail::no_scalar_conversion{};
  }

  static constexpr std::size_t size() noexcept { return N; }
  static constexpr std::size_t byte_size() noexcept { return sizeof(DataT) * StorageN; }
  [[deprecated("use size()")]] static constexpr std::size_t get_count() noexcept { return N; }
  [[deprecated("use byte_size()")]] static constexpr std::size_t get_size() noexcept {
    return byte_size();
  }

  // ---- element access ----
  constexpr DataT &operator[](int i) noexcept { return m_data[i]; }
  constexpr const DataT &operator[](int i) const noexcept { return m_data[i]; }

  // Named swizzles (x(), xyzw(), s3(), lo(), ...) come from swizzle_accessors.
  template <int... Indexes> USYCL_INLINE constexpr auto swizzle() noexcept {
    static_assert(sizeof...(Indexes) >= 1, "sycl::vec::swizzle: no indexes");
    static_assert(((Indexes >= 0 && Indexes < N) && ...), "sycl::vec::swizzle: index out of range");
    return select<Indexes...>();
  }
  template <int... Indexes> USYCL_INLINE constexpr auto swizzle() const noexcept {
    static_assert(sizeof...(Indexes) >= 1, "sycl::vec::swizzle: no indexes");
    static_assert(((Indexes >= 0 && Indexes < N) && ...), "sycl::vec::swizzle: index out of range");
    return select<Indexes...>();
  }

  // ---- conversion / reinterpretation ----
  template <typename ConvertT, rounding_mode RoundingMode = rounding_mode::automatic>
  USYCL_INLINE vec<ConvertT, N> convert() const noexcept {
    vec<ConvertT, N> r;
    for (int i = 0; i < N; ++i)
      r.m_data[i] = detail::convert_scalar<ConvertT, RoundingMode>(m_data[i]);
    return r;
  }

  template <typename AsT> constexpr AsT as() const noexcept {
    static_assert(detail::is_vec_v<AsT>, "sycl::vec::as: target must be a sycl::vec");
    static_assert(sizeof(AsT) == sizeof(vec), "sycl::vec::as: sizes differ");
    return sycl::bit_cast<AsT>(*this);
  }

  // ---- load/store: N elements at ptr + offset * N ----
  USYCL_INLINE void load(std::size_t offset, const DataT *ptr) noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = ptr[offset * N + i];
  }
  template <typename MultiPtr,
            typename = decltype(detail::to_raw_ptr(std::declval<const MultiPtr &>()))>
  USYCL_INLINE void load(std::size_t offset, const MultiPtr &ptr) noexcept {
    const DataT *p = detail::to_raw_ptr(ptr);
    load(offset, p);
  }
  USYCL_INLINE void store(std::size_t offset, DataT *ptr) const noexcept {
    for (int i = 0; i < N; ++i)
      ptr[offset * N + i] = m_data[i];
  }
  template <typename MultiPtr,
            typename = decltype(detail::to_raw_ptr(std::declval<const MultiPtr &>()))>
  USYCL_INLINE void store(std::size_t offset, const MultiPtr &ptr) const noexcept {
    DataT *p = detail::to_raw_ptr(ptr);
    store(offset, p);
  }

  // ---- operators ----
  // The scalar operand is any type convertible to DataT (SYCL 2020 rev. 8's
  // `const T&` overloads), except vecs of this type and swizzles: those go
  // through the vec overloads (and detail/swizzle.hpp's).
#define USYCL_VEC_BINOP(OP, COND)                                                        \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec operator OP(const vec &l, const vec &r) noexcept {                \
    vec res;                                                                             \
    for (int i = 0; i < N; ++i)                                                          \
      res.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                    \
    return res;                                                                          \
  }                                                                                      \
  template <typename S, typename T_ = DataT,                                             \
            std::enable_if_t<(COND) && scalar_operand_v<S>, int> = 0>                    \
  friend constexpr vec operator OP(const vec &l, const S &r) noexcept {                  \
    return l OP vec(static_cast<DataT>(r));                                              \
  }                                                                                      \
  template <typename S, typename T_ = DataT,                                             \
            std::enable_if_t<(COND) && scalar_operand_v<S>, int> = 0>                    \
  friend constexpr vec operator OP(const S &l, const vec &r) noexcept {                  \
    return vec(static_cast<DataT>(l)) OP r;                                              \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec &operator OP##=(vec & l, const vec & r) noexcept {                \
    for (int i = 0; i < N; ++i)                                                          \
      l.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                      \
    return l;                                                                            \
  }                                                                                      \
  template <typename S, typename T_ = DataT,                                             \
            std::enable_if_t<(COND) && scalar_operand_v<S>, int> = 0>                    \
  friend constexpr vec &operator OP##=(vec & l, const S & r) noexcept {                  \
    return l OP##= vec(static_cast<DataT>(r));                                           \
  }

// Arithmetic and bitwise operators exist for every element type but std::byte
// (which has only the bitwise ones) and the floating-point types (no %, bitwise
// or shifts); bool has all of them but ++ and --.
#define USYCL_ARITH (!std::is_same_v<T_, std::byte>)
#define USYCL_INTEGRAL (!detail::is_vec_fp_v<T_> && !std::is_same_v<T_, std::byte>)
#define USYCL_BITWISE (!detail::is_vec_fp_v<T_>)
#define USYCL_INCREMENT (!std::is_same_v<T_, bool> && !std::is_same_v<T_, std::byte>)
  USYCL_VEC_BINOP(+, USYCL_ARITH)
  USYCL_VEC_BINOP(-, USYCL_ARITH)
  USYCL_VEC_BINOP(*, USYCL_ARITH)
  USYCL_VEC_BINOP(/, USYCL_ARITH)
  USYCL_VEC_BINOP(%, USYCL_INTEGRAL)
  USYCL_VEC_BINOP(&, USYCL_BITWISE)
  USYCL_VEC_BINOP(|, USYCL_BITWISE)
  USYCL_VEC_BINOP(^, USYCL_BITWISE)
  USYCL_VEC_BINOP(<<, USYCL_INTEGRAL)
  USYCL_VEC_BINOP(>>, USYCL_INTEGRAL)
#undef USYCL_VEC_BINOP

  // Comparisons and logical && ||: vec of signed integers of the element's
  // size, -1 where true and 0 where false.
#define USYCL_VEC_RELOP(OP, COND)                                                        \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr rel_vec_t operator OP(const vec &l, const vec &r) noexcept {          \
    rel_vec_t res;                                                                       \
    for (int i = 0; i < N; ++i)                                                          \
      res[i] = (l.m_data[i] OP r.m_data[i]) ? rel_elem_t(-1) : rel_elem_t(0);            \
    return res;                                                                          \
  }                                                                                      \
  template <typename S, typename T_ = DataT,                                             \
            std::enable_if_t<(COND) && scalar_operand_v<S>, int> = 0>                    \
  friend constexpr rel_vec_t operator OP(const vec &l, const S &r) noexcept {            \
    return l OP vec(static_cast<DataT>(r));                                              \
  }                                                                                      \
  template <typename S, typename T_ = DataT,                                             \
            std::enable_if_t<(COND) && scalar_operand_v<S>, int> = 0>                    \
  friend constexpr rel_vec_t operator OP(const S &l, const vec &r) noexcept {            \
    return vec(static_cast<DataT>(l)) OP r;                                              \
  }
  USYCL_VEC_RELOP(==, true)
  USYCL_VEC_RELOP(!=, true)
  USYCL_VEC_RELOP(<, true)
  USYCL_VEC_RELOP(>, true)
  USYCL_VEC_RELOP(<=, true)
  USYCL_VEC_RELOP(>=, true)
  USYCL_VEC_RELOP(&&, USYCL_ARITH)
  USYCL_VEC_RELOP(||, USYCL_ARITH)
#undef USYCL_VEC_RELOP

  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec operator+() const noexcept {
    return *this;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec operator-() const noexcept {
    vec res;
    for (int i = 0; i < N; ++i)
      res.m_data[i] = static_cast<DataT>(-m_data[i]);
    return res;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_BITWISE, int> = 0>
  constexpr vec operator~() const noexcept {
    vec res;
    for (int i = 0; i < N; ++i)
      res.m_data[i] = static_cast<DataT>(~m_data[i]);
    return res;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr rel_vec_t operator!() const noexcept {
    rel_vec_t res;
    for (int i = 0; i < N; ++i)
      res.m_data[i] = !static_cast<bool>(m_data[i]) ? rel_elem_t(-1) : rel_elem_t(0);
    return res;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_INCREMENT, int> = 0>
  constexpr vec &operator++() noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = static_cast<DataT>(m_data[i] + DataT(1));
    return *this;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_INCREMENT, int> = 0>
  constexpr vec &operator--() noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = static_cast<DataT>(m_data[i] - DataT(1));
    return *this;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_INCREMENT, int> = 0>
  constexpr vec operator++(int) noexcept {
    vec t = *this;
    ++*this;
    return t;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_INCREMENT, int> = 0>
  constexpr vec operator--(int) noexcept {
    vec t = *this;
    --*this;
    return t;
  }
#undef USYCL_ARITH
#undef USYCL_INTEGRAL
#undef USYCL_BITWISE
#undef USYCL_INCREMENT
};

// Deduction guide (SYCL 2020 §4.14.2.1): vec(1.0f, 2.0f) is a vec<float, 2>;
// the arguments must all have the same type.
template <class T, class... U, std::enable_if_t<(std::is_same_v<T, U> && ...), int> = 0>
vec(T, U...) -> vec<T, sizeof...(U) + 1>;

// ---- type aliases (SYCL 2020 §4.14.2.2, plus DPC++'s schar/longlong) ----
using schar = signed char;
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
using ulong = unsigned long;
using longlong = long long;
using ulonglong = unsigned long long;

#define USYCL_VEC_ALIASES(N)                                                             \
  using char##N = vec<std::int8_t, N>;                                                   \
  using schar##N = vec<std::int8_t, N>;                                                  \
  using uchar##N = vec<std::uint8_t, N>;                                                 \
  using short##N = vec<std::int16_t, N>;                                                 \
  using ushort##N = vec<std::uint16_t, N>;                                               \
  using int##N = vec<std::int32_t, N>;                                                   \
  using uint##N = vec<std::uint32_t, N>;                                                 \
  using long##N = vec<std::int64_t, N>;                                                  \
  using ulong##N = vec<std::uint64_t, N>;                                                \
  using longlong##N = vec<long long, N>;                                                 \
  using ulonglong##N = vec<unsigned long long, N>;                                       \
  using half##N = vec<half, N>;                                                          \
  using float##N = vec<float, N>;                                                        \
  using double##N = vec<double, N>;
USYCL_VEC_ALIASES(2)
USYCL_VEC_ALIASES(3)
USYCL_VEC_ALIASES(4)
USYCL_VEC_ALIASES(8)
USYCL_VEC_ALIASES(16)
#undef USYCL_VEC_ALIASES

} // namespace _V1
} // namespace sycl
