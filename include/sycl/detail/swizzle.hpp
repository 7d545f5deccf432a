// Swizzles of sycl::vec (SYCL 2020 §4.14.2.5, the exposition-only class
// __swizzled_vec__): detail::swizzled_vec<VecT, Indexes...> names elements
// Indexes... of a vec (VecT is vec<T, M> or const vec<T, M>). It is a view,
// not a copy: it reads as a vec<T, sizeof...(Indexes)> and, over a non-const
// vec whose indexes do not repeat, writes through (v.xy() = ..., v.zw() += ...,
// ++v.x()). Indexes are template arguments, so every access compiles to plain
// element moves at constant offsets.
//
// Named swizzles (with SYCL_SIMPLE_SWIZZLES every xyzw/rgba combination of 2
// to 4 letters), the named elements (x() .. w(), r() .. a(), s0() .. sF(),
// references to the element as in DPC++) and lo()/hi()/even()/odd() are
// shared by vec and swizzled_vec through
// swizzle_accessors; a swizzle of a swizzle composes the indexes, so it is
// again a swizzled_vec of the original vec.
//
// Binary operators with a swizzle operand are the function templates at the
// end of this header (found by argument-dependent lookup): each operand
// becomes the vec it reads as (a scalar stays a scalar of the element type)
// and vec's own operator computes the result, so the result types are
// exactly vec's.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/vec_convert.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename DataT, int NumElements> class vec;

namespace detail {

template <typename VecT, int... Indexes> class swizzled_vec;

template <typename T> struct is_swizzle : std::false_type {};
template <typename VecT, int... Indexes>
struct is_swizzle<swizzled_vec<VecT, Indexes...>> : std::true_type {};
template <typename T>
inline constexpr bool is_swizzle_v = is_swizzle<std::remove_cv_t<std::remove_reference_t<T>>>::value;

// The vec an operand reads as: a vec itself, a swizzle the vec of its
// elements; no `type` for anything else (scalars).
template <typename T> struct vec_operand {};
template <typename T, int N> struct vec_operand<vec<T, N>> {
  using type = vec<T, N>;
};
template <typename VecT, int... Indexes> struct vec_operand<swizzled_vec<VecT, Indexes...>> {
  using type = vec<typename std::remove_const_t<VecT>::element_type, int(sizeof...(Indexes))>;
};

template <typename T, typename = void> struct vec_operand_or_void {
  using type = void;
};
template <typename T>
struct vec_operand_or_void<T, std::void_t<typename vec_operand<T>::type>> {
  using type = typename vec_operand<T>::type;
};
template <typename T>
using vec_operand_t = typename vec_operand_or_void<std::remove_cv_t<std::remove_reference_t<T>>>::type;

// A scalar operand of a vec<T, N> operator: anything convertible to T that is
// not itself a vec of that type or a swizzle (those have their own
// overloads; admitting them here would make vec<T, 1> operations ambiguous).
template <typename S, typename VecT>
inline constexpr bool is_vec_scalar_operand_v =
    !is_swizzle_v<S> && !std::is_same_v<std::remove_cv_t<std::remove_reference_t<S>>, VecT> &&
    std::is_convertible_v<const S &, typename VecT::element_type>;

// What vec<T, N> and its swizzles convert to for N != 1 instead of T: a type
// no program names. The conversion to T is then an ordinary (non-template)
// member, so it composes with standard conversions (int i = float_vec1;
// static_cast<unsigned>(int_vec.x())), which a conversion function template
// would not.
struct no_scalar_conversion {
  explicit no_scalar_conversion() = default;
};
template <typename T, int N>
using scalar_conversion_t = std::conditional_t<N == 1, T, no_scalar_conversion>;

template <int... Indexes> constexpr int swizzle_max_index() noexcept {
  int m = 0;
  ((m = Indexes > m ? Indexes : m), ...);
  return m;
}

template <int... Indexes> constexpr bool swizzle_has_repeats() noexcept {
  constexpr int idx[] = {Indexes...};
  for (std::size_t i = 0; i < sizeof...(Indexes); ++i)
    for (std::size_t j = i + 1; j < sizeof...(Indexes); ++j)
      if (idx[i] == idx[j])
        return true;
  return false;
}

// ---------------- named swizzles, shared by vec and swizzled_vec ----------------
//
// Derived provides select<K...>() (a swizzled_vec of its elements K..., no
// range check: lo/hi/odd/even of 3 elements reach the padding element) and
// swizzle<I...>() (the checked, public form).

#define USYCL_SWZ_ID(...) __VA_ARGS__
// One member per letter of A B C D (indexes 0..3), each name prefixed by P and
// its index list by the parenthesised list IDX.
#define USYCL_SWZ_L1(M, K, A, B, C, D, P, IDX)                                            \
  M(K, P##A, USYCL_SWZ_ID IDX 0)                                                          \
  M(K, P##B, USYCL_SWZ_ID IDX 1)                                                          \
  M(K, P##C, USYCL_SWZ_ID IDX 2)                                                          \
  M(K, P##D, USYCL_SWZ_ID IDX 3)
#define USYCL_SWZ_L2(M, K, A, B, C, D, P, IDX)                                            \
  USYCL_SWZ_L1(M, K, A, B, C, D, P##A, (USYCL_SWZ_ID IDX 0, ))                            \
  USYCL_SWZ_L1(M, K, A, B, C, D, P##B, (USYCL_SWZ_ID IDX 1, ))                            \
  USYCL_SWZ_L1(M, K, A, B, C, D, P##C, (USYCL_SWZ_ID IDX 2, ))                            \
  USYCL_SWZ_L1(M, K, A, B, C, D, P##D, (USYCL_SWZ_ID IDX 3, ))
#define USYCL_SWZ_L3(M, K, A, B, C, D, P, IDX)                                            \
  USYCL_SWZ_L2(M, K, A, B, C, D, P##A, (USYCL_SWZ_ID IDX 0, ))                            \
  USYCL_SWZ_L2(M, K, A, B, C, D, P##B, (USYCL_SWZ_ID IDX 1, ))                            \
  USYCL_SWZ_L2(M, K, A, B, C, D, P##C, (USYCL_SWZ_ID IDX 2, ))                            \
  USYCL_SWZ_L2(M, K, A, B, C, D, P##D, (USYCL_SWZ_ID IDX 3, ))
#define USYCL_SWZ_L4(M, K, A, B, C, D, P, IDX)                                            \
  USYCL_SWZ_L3(M, K, A, B, C, D, P##A, (USYCL_SWZ_ID IDX 0, ))                            \
  USYCL_SWZ_L3(M, K, A, B, C, D, P##B, (USYCL_SWZ_ID IDX 1, ))                            \
  USYCL_SWZ_L3(M, K, A, B, C, D, P##C, (USYCL_SWZ_ID IDX 2, ))                            \
  USYCL_SWZ_L3(M, K, A, B, C, D, P##D, (USYCL_SWZ_ID IDX 3, ))

// Where each kind of name exists (SYCL 2020 §4.14.2.1): xyzw names for 1 to 4
// elements, rgba names for 4, sN names for element N.
#define USYCL_SWZ_OK_XYZW(...) (N <= 4 && swizzle_max_index<__VA_ARGS__>() < N)
#define USYCL_SWZ_OK_RGBA(...) (N == 4)
#define USYCL_SWZ_OK_INDEX(...) (swizzle_max_index<__VA_ARGS__>() < N)
#define USYCL_SWZ_MSG_XYZW(NAME)                                                          \
  "sycl::vec: " #NAME "() names an element this vec does not have (x, y, z, w exist for "  \
  "vecs of up to 4 elements, as far as the element count reaches)"
#define USYCL_SWZ_MSG_RGBA(NAME) "sycl::vec: " #NAME "() exists only for 4-element vecs"
#define USYCL_SWZ_MSG_INDEX(NAME) "sycl::vec: " #NAME "() names an element this vec does not have"

#define USYCL_SWZ_MEMBER(K, NAME, ...)                                                    \
  USYCL_INLINE constexpr auto NAME() noexcept {                                           \
    static_assert(USYCL_SWZ_OK_##K(__VA_ARGS__), USYCL_SWZ_MSG_##K(NAME));                \
    return self().template swizzle<__VA_ARGS__>();                                        \
  }                                                                                       \
  USYCL_INLINE constexpr auto NAME() const noexcept {                                     \
    static_assert(USYCL_SWZ_OK_##K(__VA_ARGS__), USYCL_SWZ_MSG_##K(NAME));                \
    return self().template swizzle<__VA_ARGS__>();                                        \
  }

// One named element (x(), r(), s3(), ...) is the element itself, a reference
// into the vec (const for a const vec), as DPC++ gives it: programs take its
// address (&v.x()), bind atomic_ref to it and pass it to T& parameters.
#define USYCL_SWZ_ELEMENT(K, NAME, ...)                                                   \
  USYCL_INLINE constexpr decltype(auto) NAME() noexcept {                                 \
    static_assert(USYCL_SWZ_OK_##K(__VA_ARGS__), USYCL_SWZ_MSG_##K(NAME));                \
    return self().template select<__VA_ARGS__>()[0];                                      \
  }                                                                                       \
  USYCL_INLINE constexpr decltype(auto) NAME() const noexcept {                           \
    static_assert(USYCL_SWZ_OK_##K(__VA_ARGS__), USYCL_SWZ_MSG_##K(NAME));                \
    return self().template select<__VA_ARGS__>()[0];                                      \
  }

template <typename Derived, int N> class swizzle_accessors {
  USYCL_INLINE constexpr Derived &self() noexcept { return static_cast<Derived &>(*this); }
  USYCL_INLINE constexpr const Derived &self() const noexcept {
    return static_cast<const Derived &>(*this);
  }

  // lo()/hi() split at half_n; 3 elements count as 4 (the 4th is padding).
  static constexpr int half_n = N == 1 ? 1 : (N == 3 ? 2 : N / 2);
  template <int Start, int Step, std::size_t... K>
  USYCL_INLINE constexpr auto pick(std::index_sequence<K...>) noexcept {
    return self().template select<(Start + Step * int(K))...>();
  }
  template <int Start, int Step, std::size_t... K>
  USYCL_INLINE constexpr auto pick(std::index_sequence<K...>) const noexcept {
    return self().template select<(Start + Step * int(K))...>();
  }

public:
  USYCL_SWZ_L1(USYCL_SWZ_ELEMENT, XYZW, x, y, z, w, , ())
  USYCL_SWZ_L1(USYCL_SWZ_ELEMENT, RGBA, r, g, b, a, , ())
  USYCL_SWZ_ELEMENT(INDEX, s0, 0)
  USYCL_SWZ_ELEMENT(INDEX, s1, 1)
  USYCL_SWZ_ELEMENT(INDEX, s2, 2)
  USYCL_SWZ_ELEMENT(INDEX, s3, 3)
  USYCL_SWZ_ELEMENT(INDEX, s4, 4)
  USYCL_SWZ_ELEMENT(INDEX, s5, 5)
  USYCL_SWZ_ELEMENT(INDEX, s6, 6)
  USYCL_SWZ_ELEMENT(INDEX, s7, 7)
  USYCL_SWZ_ELEMENT(INDEX, s8, 8)
  USYCL_SWZ_ELEMENT(INDEX, s9, 9)
  USYCL_SWZ_ELEMENT(INDEX, sA, 10)
  USYCL_SWZ_ELEMENT(INDEX, sB, 11)
  USYCL_SWZ_ELEMENT(INDEX, sC, 12)
  USYCL_SWZ_ELEMENT(INDEX, sD, 13)
  USYCL_SWZ_ELEMENT(INDEX, sE, 14)
  USYCL_SWZ_ELEMENT(INDEX, sF, 15)
#ifdef SYCL_SIMPLE_SWIZZLES
  // Thousands of members: only for programs that ask for them (as SYCL says).
  USYCL_SWZ_L2(USYCL_SWZ_MEMBER, XYZW, x, y, z, w, , ())
  USYCL_SWZ_L3(USYCL_SWZ_MEMBER, XYZW, x, y, z, w, , ())
  USYCL_SWZ_L4(USYCL_SWZ_MEMBER, XYZW, x, y, z, w, , ())
  USYCL_SWZ_L2(USYCL_SWZ_MEMBER, RGBA, r, g, b, a, , ())
  USYCL_SWZ_L3(USYCL_SWZ_MEMBER, RGBA, r, g, b, a, , ())
  USYCL_SWZ_L4(USYCL_SWZ_MEMBER, RGBA, r, g, b, a, , ())
#endif

#define USYCL_SWZ_HALF(NAME, START, STEP)                                                 \
  USYCL_INLINE constexpr auto NAME() noexcept {                                           \
    static_assert(N > 1, "sycl::vec: " #NAME "() needs at least 2 elements");             \
    return pick<START, STEP>(std::make_index_sequence<half_n>{});                         \
  }                                                                                       \
  USYCL_INLINE constexpr auto NAME() const noexcept {                                     \
    static_assert(N > 1, "sycl::vec: " #NAME "() needs at least 2 elements");             \
    return pick<START, STEP>(std::make_index_sequence<half_n>{});                         \
  }
  // For 3 elements hi() and odd() end with the padding element.
  USYCL_SWZ_HALF(lo, 0, 1)
  USYCL_SWZ_HALF(hi, half_n, 1)
  USYCL_SWZ_HALF(even, 0, 2)
  USYCL_SWZ_HALF(odd, 1, 2)
#undef USYCL_SWZ_HALF
};

#undef USYCL_SWZ_MEMBER
#undef USYCL_SWZ_ELEMENT
#undef USYCL_SWZ_OK_XYZW
#undef USYCL_SWZ_OK_RGBA
#undef USYCL_SWZ_OK_INDEX
#undef USYCL_SWZ_MSG_XYZW
#undef USYCL_SWZ_MSG_RGBA
#undef USYCL_SWZ_MSG_INDEX
#undef USYCL_SWZ_L1
#undef USYCL_SWZ_L2
#undef USYCL_SWZ_L3
#undef USYCL_SWZ_L4
#undef USYCL_SWZ_ID

template <typename T> struct type_tag {
  using type = T;
};
// The vec both operands become, or void when the pair is not a swizzle
// operation: a swizzle with a swizzle or vec of the same vec type, or with a
// scalar convertible to its element type.
template <typename L, typename R> constexpr auto swizzle_operation_vec() noexcept {
  using LV = vec_operand_t<L>;
  using RV = vec_operand_t<R>;
  if constexpr (!is_swizzle_v<L> && !is_swizzle_v<R>)
    return type_tag<void>{};
  else if constexpr (!std::is_void_v<LV> && !std::is_void_v<RV>)
    return type_tag<std::conditional_t<std::is_same_v<LV, RV>, LV, void>>{};
  else if constexpr (!std::is_void_v<LV>)
    return type_tag<std::conditional_t<
        std::is_convertible_v<const R &, typename LV::element_type>, LV, void>>{};
  else
    return type_tag<std::conditional_t<
        std::is_convertible_v<const L &, typename RV::element_type>, RV, void>>{};
}
template <typename L, typename R>
using swizzle_operation_vec_t = typename decltype(swizzle_operation_vec<L, R>())::type;

// Operand of a vec operator made from a swizzle (the vec it reads as), a vec
// (itself) or a scalar (converted to the element type).
template <typename V, typename T> USYCL_INLINE constexpr decltype(auto) as_vec_operand(const T &x) {
  if constexpr (is_swizzle_v<T>)
    return V(x);
  else if constexpr (std::is_same_v<T, V>)
    return x;
  else
    return static_cast<typename V::element_type>(x);
}

// ---------------- the swizzle itself ----------------

template <typename VecT, int... Indexes>
class swizzled_vec
    : public swizzle_accessors<swizzled_vec<VecT, Indexes...>, int(sizeof...(Indexes))> {
  using source_t = std::remove_const_t<VecT>;

public:
  using element_type = typename source_t::element_type;
  using value_type = element_type;

private:
  static constexpr int N = int(sizeof...(Indexes));
  using vec_t = vec<element_type, N>;
  static_assert(N >= 1, "sycl::vec::swizzle: needs at least one index");

  static constexpr int index_of[N] = {Indexes...};
  // Element k of this swizzle in the source vec. Past the end (lo/hi/odd/even
  // of 3 elements) it is the source's last stored element, whose value SYCL
  // leaves undefined there.
  static constexpr int source_index(int k) noexcept {
    return k < N ? index_of[k] : (source_t::size() == 3 ? 3 : int(source_t::size()) - 1);
  }

  VecT &m_vec;

  template <typename, int> friend class sycl::vec;
  template <typename, int...> friend class swizzled_vec;
  friend class swizzle_accessors<swizzled_vec, N>;

  explicit constexpr swizzled_vec(VecT &v) noexcept : m_vec(v) {}

  template <int... K> USYCL_INLINE constexpr auto select() const noexcept {
    return swizzled_vec<VecT, source_index(K)...>(m_vec);
  }

  USYCL_INLINE constexpr vec_t read() const noexcept {
    vec_t r;
    for (int k = 0; k < N; ++k)
      r[k] = m_vec[index_of[k]];
    return r;
  }
  USYCL_INLINE constexpr void write(const vec_t &v) const noexcept {
    static_assert(!std::is_const_v<VecT>, "sycl::vec: cannot assign through a swizzle of a const vec");
    static_assert(!swizzle_has_repeats<Indexes...>(),
                  "sycl::vec: cannot assign through a swizzle that repeats an element");
    for (int k = 0; k < N; ++k)
      m_vec[index_of[k]] = v[k];
  }

public:
  constexpr swizzled_vec(const swizzled_vec &) = default;

  // ---- assignment: element-wise into the viewed vec ----
  // The right-hand side is read completely before anything is written, so
  // v.xy() = v.yx() swaps.
  USYCL_INLINE constexpr const swizzled_vec &operator=(const swizzled_vec &rhs) const noexcept {
    write(rhs.read());
    return *this;
  }
  template <typename OtherVecT, int... OtherIndexes,
            std::enable_if_t<std::is_same_v<vec_operand_t<swizzled_vec<OtherVecT, OtherIndexes...>>,
                                            vec_t>,
                             int> = 0>
  USYCL_INLINE constexpr const swizzled_vec &
  operator=(const swizzled_vec<OtherVecT, OtherIndexes...> &rhs) const noexcept {
    write(rhs.read());
    return *this;
  }
  USYCL_INLINE constexpr const swizzled_vec &operator=(const vec_t &rhs) const noexcept {
    write(rhs);
    return *this;
  }
  USYCL_INLINE constexpr const swizzled_vec &operator=(const element_type &rhs) const noexcept {
    write(vec_t(rhs));
    return *this;
  }

  // ---- reading ----
  // One element reads as the element (SYCL: available only for 1 element).
  USYCL_INLINE constexpr operator scalar_conversion_t<element_type, N>() const noexcept {
    if constexpr (N == 1)
      return m_vec[index_of[0]];
    else
      return no_scalar_conversion{};
  }

  // A reference into the viewed vec (const for a swizzle of a const vec).
  USYCL_INLINE constexpr decltype(auto) operator[](int i) const noexcept { return m_vec[index_of[i]]; }

  static constexpr std::size_t size() noexcept { return N; }
  static constexpr std::size_t byte_size() noexcept { return vec_t::byte_size(); }
  [[deprecated("use size()")]] static constexpr std::size_t get_count() noexcept { return N; }
  [[deprecated("use byte_size()")]] static constexpr std::size_t get_size() noexcept {
    return byte_size();
  }

  template <typename ConvertT, rounding_mode RoundingMode = rounding_mode::automatic>
  USYCL_INLINE vec<ConvertT, N> convert() const noexcept {
    return read().template convert<ConvertT, RoundingMode>();
  }
  template <typename AsT> USYCL_INLINE constexpr AsT as() const noexcept {
    return read().template as<AsT>();
  }

  // A swizzle of this swizzle: again a view of the original vec.
  template <int... SwizzleIndexes> USYCL_INLINE constexpr auto swizzle() const noexcept {
    static_assert(sizeof...(SwizzleIndexes) >= 1, "sycl::vec::swizzle: no indexes");
    static_assert(((SwizzleIndexes >= 0 && SwizzleIndexes < N) && ...),
                  "sycl::vec::swizzle: index out of range of the swizzle");
    return select<SwizzleIndexes...>();
  }

  // ---- load/store: N elements at ptr + offset * N ----
  // Ptr by value: arrays decay to pointers as for vec's raw-pointer forms.
  template <typename Ptr> USYCL_INLINE void load(std::size_t offset, Ptr ptr) const noexcept {
    vec_t v;
    v.load(offset, ptr);
    write(v);
  }
  template <typename Ptr> USYCL_INLINE void store(std::size_t offset, Ptr ptr) const noexcept {
    read().store(offset, ptr);
  }

  // ---- unary operators (results as vec's) ----
  USYCL_INLINE constexpr auto operator+() const noexcept { return +read(); }
  USYCL_INLINE constexpr auto operator-() const noexcept { return -read(); }
  USYCL_INLINE constexpr auto operator~() const noexcept { return ~read(); }
  USYCL_INLINE constexpr auto operator!() const noexcept { return !read(); }
  USYCL_INLINE constexpr const swizzled_vec &operator++() const noexcept {
    vec_t v = read();
    write(++v);
    return *this;
  }
  USYCL_INLINE constexpr const swizzled_vec &operator--() const noexcept {
    vec_t v = read();
    write(--v);
    return *this;
  }
  USYCL_INLINE constexpr vec_t operator++(int) const noexcept {
    vec_t old = read(), v = old;
    write(++v);
    return old;
  }
  USYCL_INLINE constexpr vec_t operator--(int) const noexcept {
    vec_t old = read(), v = old;
    write(--v);
    return old;
  }

  // ---- compound assignment with a vec, a swizzle or a scalar ----
#define USYCL_SWZ_COMPOUND(OP)                                                            \
  template <typename R,                                                                   \
            std::enable_if_t<std::is_same_v<swizzle_operation_vec_t<swizzled_vec, R>, vec_t>, \
                             int> = 0,                                                    \
            typename = decltype(std::declval<vec_t &>() OP                                \
                                    as_vec_operand<vec_t>(std::declval<const R &>()))>    \
  USYCL_INLINE constexpr const swizzled_vec &operator OP(const R &rhs) const noexcept {   \
    vec_t v = read();                                                                     \
    v OP as_vec_operand<vec_t>(rhs);                                                      \
    write(v);                                                                             \
    return *this;                                                                         \
  }
  USYCL_SWZ_COMPOUND(+=)
  USYCL_SWZ_COMPOUND(-=)
  USYCL_SWZ_COMPOUND(*=)
  USYCL_SWZ_COMPOUND(/=)
  USYCL_SWZ_COMPOUND(%=)
  USYCL_SWZ_COMPOUND(&=)
  USYCL_SWZ_COMPOUND(|=)
  USYCL_SWZ_COMPOUND(^=)
  USYCL_SWZ_COMPOUND(<<=)
  USYCL_SWZ_COMPOUND(>>=)
#undef USYCL_SWZ_COMPOUND
};

// ---------------- binary operators with a swizzle operand ----------------

#define USYCL_SWZ_BINOP(OP)                                                               \
  template <typename L, typename R, typename V = swizzle_operation_vec_t<L, R>,          \
            std::enable_if_t<!std::is_void_v<V>, int> = 0>                                \
  USYCL_INLINE constexpr auto operator OP(const L &l, const R &r) noexcept                \
      -> decltype(as_vec_operand<V>(l) OP as_vec_operand<V>(r)) {                         \
    return as_vec_operand<V>(l) OP as_vec_operand<V>(r);                                  \
  }
USYCL_SWZ_BINOP(+)
USYCL_SWZ_BINOP(-)
USYCL_SWZ_BINOP(*)
USYCL_SWZ_BINOP(/)
USYCL_SWZ_BINOP(%)
USYCL_SWZ_BINOP(&)
USYCL_SWZ_BINOP(|)
USYCL_SWZ_BINOP(^)
USYCL_SWZ_BINOP(<<)
USYCL_SWZ_BINOP(>>)
USYCL_SWZ_BINOP(==)
USYCL_SWZ_BINOP(!=)
USYCL_SWZ_BINOP(<)
USYCL_SWZ_BINOP(>)
USYCL_SWZ_BINOP(<=)
USYCL_SWZ_BINOP(>=)
USYCL_SWZ_BINOP(&&)
USYCL_SWZ_BINOP(||)
#undef USYCL_SWZ_BINOP

} // namespace detail
} // namespace _V1
} // namespace sycl
