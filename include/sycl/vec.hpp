// sycl::vec<T, N> (SYCL 2020 §4.14.2), rounding_mode, elem and the vector
// type aliases (float4, int2, ...).
//
// Layout: N elements of T, aligned to sizeof(T) * N; vec<T, 3> has the size
// and alignment of vec<T, 4> (element 3 is padding). The layout is the same on
// the host and on the device, so kernel objects holding vecs copy byte-wise.
//
// Simplifications (see docs/device-library.md): element accessors (x(), s3(),
// operator[]) return plain references, and swizzle<...>() returns a vec by
// value; there are no swizzle proxy objects and no named multi-element
// swizzles (xyzw()...).
#pragma once

#include <sycl/bit_cast.hpp>
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
inline constexpr bool is_vec_fp_v =
    std::is_floating_point_v<T> || std::is_same_v<std::remove_cv_t<T>, half>;

template <typename T>
inline constexpr bool is_vec_elem_v = std::is_arithmetic_v<T> || std::is_same_v<T, half> ||
                                      std::is_same_v<T, std::byte>;

template <typename T> inline constexpr bool vec_always_true_v = true;
template <typename T> inline constexpr bool vec_not_byte_v = !std::is_same_v<T, std::byte>;

template <typename T> constexpr int vec_count_elems() {
  if constexpr (is_vec_v<T>)
    return T::size();
  else
    return 1;
}

// Raw pointer out of a raw pointer or a multi_ptr-like object.
template <typename T> USYCL_INLINE T *to_raw_ptr(T *p) noexcept { return p; }
template <typename P, typename = decltype(std::declval<P &>().get())>
USYCL_INLINE auto to_raw_ptr(const P &p) noexcept {
  return to_raw_ptr(p.get());
}

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
  } else if constexpr (std::is_integral_v<To> && is_vec_fp_v<From>) {
    using W = std::conditional_t<std::is_same_v<From, double>, double, float>;
    constexpr rounding_mode R2 = R == rounding_mode::automatic ? rounding_mode::rtz : R;
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

template <typename DataT, int NumElements> class vec {
  static_assert(NumElements == 1 || NumElements == 2 || NumElements == 3 ||
                    NumElements == 4 || NumElements == 8 || NumElements == 16,
                "sycl::vec: NumElements must be 1, 2, 3, 4, 8 or 16");
  static_assert(detail::is_vec_elem_v<DataT> && !std::is_const_v<DataT> &&
                    !std::is_volatile_v<DataT>,
                "sycl::vec: invalid element type");

  static constexpr int N = NumElements;
  static constexpr int StorageN = N == 3 ? 4 : N;
  static constexpr int HalfN = N == 1 ? 1 : (N == 3 ? 2 : N / 2);
  using rel_elem_t = detail::rel_t<DataT>;
  using rel_vec_t = vec<rel_elem_t, N>;

  template <typename, int> friend class vec;

  alignas(sizeof(DataT) * StorageN) DataT m_data[StorageN]{};

  template <typename Arg> static constexpr int arg_count() {
    return detail::vec_count_elems<std::remove_cv_t<std::remove_reference_t<Arg>>>();
  }
  template <typename Arg> static constexpr bool valid_arg() {
    using A = std::remove_cv_t<std::remove_reference_t<Arg>>;
    if constexpr (detail::is_vec_v<A>)
      return std::is_same_v<typename A::element_type, DataT>;
    else
      return std::is_convertible_v<A, DataT>;
  }
  template <typename Arg> constexpr void put(int &i, const Arg &a) noexcept {
    if constexpr (detail::is_vec_v<Arg>) {
      for (int k = 0; k < static_cast<int>(Arg::size()); ++k)
        m_data[i++] = a.m_data[k];
    } else {
      m_data[i++] = static_cast<DataT>(a);
    }
  }

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

  // Element-wise from scalars and vecs of the same element type whose element
  // counts add up to N.
  template <typename... ArgTN,
            std::enable_if_t<(sizeof...(ArgTN) >= 2) && ((arg_count<ArgTN>() + ...) == N) &&
                                 (valid_arg<ArgTN>() && ...),
                             int> = 0>
  constexpr vec(const ArgTN &...args) noexcept {
    int i = 0;
    (put(i, args), ...);
  }

  constexpr vec &operator=(const DataT &rhs) noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = rhs;
    return *this;
  }

  template <int M = N, std::enable_if_t<M == 1, int> = 0>
  constexpr operator DataT() const noexcept {
    return m_data[0];
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

#define USYCL_VEC_ACCESSOR(NAME, IDX)                                                    \
  constexpr DataT &NAME() noexcept {                                                     \
    static_assert(IDX < N, "sycl::vec: element " #NAME "() out of range");               \
    return m_data[IDX];                                                                  \
  }                                                                                      \
  constexpr const DataT &NAME() const noexcept {                                         \
    static_assert(IDX < N, "sycl::vec: element " #NAME "() out of range");               \
    return m_data[IDX];                                                                  \
  }
  USYCL_VEC_ACCESSOR(x, 0)
  USYCL_VEC_ACCESSOR(y, 1)
  USYCL_VEC_ACCESSOR(z, 2)
  USYCL_VEC_ACCESSOR(w, 3)
  USYCL_VEC_ACCESSOR(r, 0)
  USYCL_VEC_ACCESSOR(g, 1)
  USYCL_VEC_ACCESSOR(b, 2)
  USYCL_VEC_ACCESSOR(a, 3)
  USYCL_VEC_ACCESSOR(s0, 0)
  USYCL_VEC_ACCESSOR(s1, 1)
  USYCL_VEC_ACCESSOR(s2, 2)
  USYCL_VEC_ACCESSOR(s3, 3)
  USYCL_VEC_ACCESSOR(s4, 4)
  USYCL_VEC_ACCESSOR(s5, 5)
  USYCL_VEC_ACCESSOR(s6, 6)
  USYCL_VEC_ACCESSOR(s7, 7)
  USYCL_VEC_ACCESSOR(s8, 8)
  USYCL_VEC_ACCESSOR(s9, 9)
  USYCL_VEC_ACCESSOR(sA, 10)
  USYCL_VEC_ACCESSOR(sB, 11)
  USYCL_VEC_ACCESSOR(sC, 12)
  USYCL_VEC_ACCESSOR(sD, 13)
  USYCL_VEC_ACCESSOR(sE, 14)
  USYCL_VEC_ACCESSOR(sF, 15)
#undef USYCL_VEC_ACCESSOR

  template <int... Indexes> constexpr vec<DataT, sizeof...(Indexes)> swizzle() const noexcept {
    static_assert(sizeof...(Indexes) >= 1, "sycl::vec::swizzle: no indexes");
    static_assert(((Indexes >= 0 && Indexes < N) && ...),
                  "sycl::vec::swizzle: index out of range");
    vec<DataT, sizeof...(Indexes)> r;
    int i = 0;
    ((r.m_data[i++] = m_data[Indexes]), ...);
    return r;
  }

  // lo/hi/odd/even. For vec<T, 3> they return vec<T, 2>; hi() and odd() then
  // carry the padding element as their second element.
  constexpr vec<DataT, HalfN> lo() const noexcept {
    static_assert(N > 1, "sycl::vec::lo requires more than one element");
    vec<DataT, HalfN> r;
    for (int i = 0; i < HalfN; ++i)
      r.m_data[i] = m_data[i];
    return r;
  }
  constexpr vec<DataT, HalfN> hi() const noexcept {
    static_assert(N > 1, "sycl::vec::hi requires more than one element");
    vec<DataT, HalfN> r;
    for (int i = 0; i < HalfN; ++i)
      r.m_data[i] = m_data[HalfN + i];
    return r;
  }
  constexpr vec<DataT, HalfN> odd() const noexcept {
    static_assert(N > 1, "sycl::vec::odd requires more than one element");
    vec<DataT, HalfN> r;
    for (int i = 0; i < HalfN; ++i)
      r.m_data[i] = m_data[2 * i + 1];
    return r;
  }
  constexpr vec<DataT, HalfN> even() const noexcept {
    static_assert(N > 1, "sycl::vec::even requires more than one element");
    vec<DataT, HalfN> r;
    for (int i = 0; i < HalfN; ++i)
      r.m_data[i] = m_data[2 * i];
    return r;
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
#define USYCL_VEC_BINOP(OP, COND)                                                        \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec operator OP(const vec &l, const vec &r) noexcept {                \
    vec res;                                                                             \
    for (int i = 0; i < N; ++i)                                                          \
      res.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                    \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec operator OP(const vec &l, const DataT &r) noexcept {              \
    vec res;                                                                             \
    for (int i = 0; i < N; ++i)                                                          \
      res.m_data[i] = static_cast<DataT>(l.m_data[i] OP r);                              \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec operator OP(const DataT &l, const vec &r) noexcept {              \
    vec res;                                                                             \
    for (int i = 0; i < N; ++i)                                                          \
      res.m_data[i] = static_cast<DataT>(l OP r.m_data[i]);                              \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec &operator OP##=(vec & l, const vec & r) noexcept {                \
    for (int i = 0; i < N; ++i)                                                          \
      l.m_data[i] = static_cast<DataT>(l.m_data[i] OP r.m_data[i]);                      \
    return l;                                                                            \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr vec &operator OP##=(vec & l, const DataT & r) noexcept {              \
    for (int i = 0; i < N; ++i)                                                          \
      l.m_data[i] = static_cast<DataT>(l.m_data[i] OP r);                                \
    return l;                                                                            \
  }

#define USYCL_ARITH (!std::is_same_v<T_, bool> && !std::is_same_v<T_, std::byte>)
#define USYCL_INTEGRAL (std::is_integral_v<T_> && !std::is_same_v<T_, bool>)
#define USYCL_BITWISE (std::is_integral_v<T_> || std::is_same_v<T_, std::byte>)
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
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr rel_vec_t operator OP(const vec &l, const DataT &r) noexcept {        \
    rel_vec_t res;                                                                       \
    for (int i = 0; i < N; ++i)                                                          \
      res[i] = (l.m_data[i] OP r) ? rel_elem_t(-1) : rel_elem_t(0);                      \
    return res;                                                                          \
  }                                                                                      \
  template <typename T_ = DataT, std::enable_if_t<COND, int> = 0>                        \
  friend constexpr rel_vec_t operator OP(const DataT &l, const vec &r) noexcept {        \
    rel_vec_t res;                                                                       \
    for (int i = 0; i < N; ++i)                                                          \
      res[i] = (l OP r.m_data[i]) ? rel_elem_t(-1) : rel_elem_t(0);                      \
    return res;                                                                          \
  }
  USYCL_VEC_RELOP(==, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(!=, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(<, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(>, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(<=, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(>=, detail::vec_always_true_v<T_>)
  USYCL_VEC_RELOP(&&, detail::vec_not_byte_v<T_>)
  USYCL_VEC_RELOP(||, detail::vec_not_byte_v<T_>)
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
  template <typename T_ = DataT, std::enable_if_t<!std::is_same_v<T_, std::byte>, int> = 0>
  constexpr rel_vec_t operator!() const noexcept {
    rel_vec_t res;
    for (int i = 0; i < N; ++i)
      res.m_data[i] = !static_cast<bool>(m_data[i]) ? rel_elem_t(-1) : rel_elem_t(0);
    return res;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec &operator++() noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = static_cast<DataT>(m_data[i] + DataT(1));
    return *this;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec &operator--() noexcept {
    for (int i = 0; i < N; ++i)
      m_data[i] = static_cast<DataT>(m_data[i] - DataT(1));
    return *this;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec operator++(int) noexcept {
    vec t = *this;
    ++*this;
    return t;
  }
  template <typename T_ = DataT, std::enable_if_t<USYCL_ARITH, int> = 0>
  constexpr vec operator--(int) noexcept {
    vec t = *this;
    --*this;
    return t;
  }
#undef USYCL_ARITH
#undef USYCL_INTEGRAL
#undef USYCL_BITWISE
};

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
