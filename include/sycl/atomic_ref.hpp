// sycl::atomic_ref (SYCL 2020 §4.15.3.3).
//
// Supported T: int, unsigned int, long, unsigned long, long long,
// unsigned long long, float, double and pointers. Always lock-free.
//
// Device (NVPTX, sm_70+), see atomic_fence.hpp for why:
//  * relaxed read-modify-writes at a scope narrower than system use the
//    __atomic_* builtins on a pointer cast to the atomic_ref's address space,
//    which LLVM lowers to atom{.global,.shared}.add.f32/... (PTX's default
//    .relaxed.gpu; work_group scope is thereby widened to .gpu, which is
//    correct, and the backend can still optimise the access);
//  * every other operation is inline PTX with the exact semantics and scope
//    (atom.acq_rel.gpu.add.u32, ld.acquire.sys.b64, atom.relaxed.cta.cas.b32,
//    ...), seq_cst adding a leading fence.sc.<scope>;
//  * float/double fetch_min/fetch_max are compare-and-swap loops (PTX has no
//    atom.min.f32).
// Host: GCC/Clang __atomic_* builtins; the scope is ignored, min/max and floating
// add/sub are compare-and-swap loops. NVPTX before sm_70: relaxed LLVM atomics
// between full fences (membar.sys).
#pragma once

#include <sycl/atomic_fence.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/detail/attributes.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/memory_enums.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

template <typename T>
inline constexpr bool is_atomic_int_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> ||
    std::is_same_v<T, unsigned long long>;
template <typename T>
inline constexpr bool is_atomic_fp_v = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename T>
inline constexpr bool is_atomic_type_v =
    is_atomic_int_v<T> || is_atomic_fp_v<T> || std::is_pointer_v<T>;

namespace atomic_impl {

// Integer of T's size used to move T's bits.
template <typename T>
using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <typename T> USYCL_INLINE bits_t<T> to_bits(T v) noexcept {
  return __builtin_bit_cast(bits_t<T>, v);
}
template <typename T> USYCL_INLINE T from_bits(bits_t<T> b) noexcept {
  return __builtin_bit_cast(T, b);
}

#if USYCL_PTX_ATOMICS

// ---------------------------- inline PTX -----------------------------------
// sem index: 0 relaxed, 1 acquire, 2 release, 3 acq_rel. A seq_cst operation
// issues fence.sc first and then uses the acq_rel (rmw), acquire (load) or
// relaxed (store) form.
USYCL_INLINE int rmw_sem(memory_order o, int sc) noexcept {
  switch (o) {
  case memory_order::relaxed:
    return 0;
  case memory_order::acquire:
    return 1;
  case memory_order::release:
    return 2;
  case memory_order::acq_rel:
    return 3;
  default:
    ptx::fence_sc(sc);
    return 3;
  }
}

#define USYCL_PTX_BY_SCOPE(M, SEM, ...)                                                  \
  switch (sc) {                                                                          \
  case 0:                                                                                \
    M(SEM, ".cta", __VA_ARGS__);                                                         \
    break;                                                                               \
  case 1:                                                                                \
    M(SEM, ".gpu", __VA_ARGS__);                                                         \
    break;                                                                               \
  default:                                                                               \
    M(SEM, ".sys", __VA_ARGS__);                                                         \
    break;                                                                               \
  }
#define USYCL_PTX_DISPATCH4(M, ...)                                                      \
  switch (sm) {                                                                          \
  case 0:                                                                                \
    USYCL_PTX_BY_SCOPE(M, ".relaxed", __VA_ARGS__)                                       \
    break;                                                                               \
  case 1:                                                                                \
    USYCL_PTX_BY_SCOPE(M, ".acquire", __VA_ARGS__)                                       \
    break;                                                                               \
  case 2:                                                                                \
    USYCL_PTX_BY_SCOPE(M, ".release", __VA_ARGS__)                                       \
    break;                                                                               \
  default:                                                                               \
    USYCL_PTX_BY_SCOPE(M, ".acq_rel", __VA_ARGS__)                                       \
    break;                                                                               \
  }

#define USYCL_PTX_RMW(SEM, SCOPE, OP, TY, C)                                             \
  asm volatile("atom" SEM SCOPE "." OP "." TY " %0, [%1], %2;"                           \
               : "=" C(r)                                                                \
               : "l"(p), C(v)                                                            \
               : "memory")
#define USYCL_PTX_CAS(SEM, SCOPE, TY, C)                                                 \
  asm volatile("atom" SEM SCOPE ".cas." TY " %0, [%1], %2, %3;"                          \
               : "=" C(r)                                                                \
               : "l"(p), C(cmp), C(val)                                                  \
               : "memory")
#define USYCL_PTX_LD(SEM, SCOPE, TY, C)                                                  \
  asm volatile("ld" SEM SCOPE "." TY " %0, [%1];" : "=" C(r) : "l"(p) : "memory")
#define USYCL_PTX_ST(SEM, SCOPE, TY, C)                                                  \
  asm volatile("st" SEM SCOPE "." TY " [%0], %1;" ::"l"(p), C(v) : "memory")

// One PTX read-modify-write; U is the operand type the instruction works on.
#define USYCL_PTX_RMW_FN(NAME, OP, ...)                                                  \
  template <typename U> USYCL_INLINE U NAME(U *p, U v, memory_order o, int sc) noexcept { \
    const int sm = rmw_sem(o, sc);                                                       \
    U r;                                                                                 \
    __VA_ARGS__                                                                          \
    return r;                                                                            \
  }

USYCL_PTX_RMW_FN(
    ptx_add, "add",
    if constexpr (std::is_integral_v<U> && sizeof(U) == 4) {
      USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, "add", "u32", "r")
    } else if constexpr (std::is_integral_v<U> && sizeof(U) == 8) {
      USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, "add", "u64", "l")
    } else if constexpr (std::is_same_v<U, float>) {
      USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, "add", "f32", "f")
    } else {
      static_assert(std::is_same_v<U, double>);
      USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, "add", "f64", "d")
    })

#define USYCL_PTX_BITS_FN(NAME, OP)                                                      \
  USYCL_PTX_RMW_FN(                                                                      \
      NAME, OP, if constexpr (sizeof(U) == 4) {                                          \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "b32", "r")                               \
      } else {                                                                           \
        static_assert(std::is_integral_v<U> && sizeof(U) == 8);                          \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "b64", "l")                               \
      })
USYCL_PTX_BITS_FN(ptx_and, "and")
USYCL_PTX_BITS_FN(ptx_or, "or")
USYCL_PTX_BITS_FN(ptx_xor, "xor")
USYCL_PTX_BITS_FN(ptx_exch, "exch")
#undef USYCL_PTX_BITS_FN

#define USYCL_PTX_MINMAX_FN(NAME, OP)                                                    \
  USYCL_PTX_RMW_FN(                                                                      \
      NAME, OP, if constexpr (std::is_unsigned_v<U> && sizeof(U) == 4) {                 \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "u32", "r")                               \
      } else if constexpr (std::is_signed_v<U> && sizeof(U) == 4) {                      \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "s32", "r")                               \
      } else if constexpr (std::is_unsigned_v<U> && sizeof(U) == 8) {                    \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "u64", "l")                               \
      } else {                                                                           \
        static_assert(std::is_signed_v<U> && sizeof(U) == 8);                            \
        USYCL_PTX_DISPATCH4(USYCL_PTX_RMW, OP, "s64", "l")                               \
      })
USYCL_PTX_MINMAX_FN(ptx_min, "min")
USYCL_PTX_MINMAX_FN(ptx_max, "max")
#undef USYCL_PTX_MINMAX_FN
#undef USYCL_PTX_RMW_FN

// Returns the previous value (bits).
template <typename U>
USYCL_INLINE U ptx_cas(U *p, U cmp, U val, memory_order o, int sc) noexcept {
  const int sm = rmw_sem(o, sc);
  U r;
  if constexpr (std::is_same_v<U, std::uint32_t>) {
    USYCL_PTX_DISPATCH4(USYCL_PTX_CAS, "b32", "r")
  } else {
    static_assert(std::is_same_v<U, std::uint64_t>);
    USYCL_PTX_DISPATCH4(USYCL_PTX_CAS, "b64", "l")
  }
  return r;
}

template <typename U> USYCL_INLINE U ptx_load(U *p, memory_order o, int sc) noexcept {
  U r;
  if (o == memory_order::seq_cst)
    ptx::fence_sc(sc);
  if (order_has_acquire(o)) {
    if constexpr (std::is_same_v<U, std::uint32_t>) {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_LD, ".acquire", "b32", "r")
    } else {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_LD, ".acquire", "b64", "l")
    }
  } else {
    if constexpr (std::is_same_v<U, std::uint32_t>) {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_LD, ".relaxed", "b32", "r")
    } else {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_LD, ".relaxed", "b64", "l")
    }
  }
  return r;
}

template <typename U> USYCL_INLINE void ptx_store(U *p, U v, memory_order o, int sc) noexcept {
  if (o == memory_order::seq_cst)
    ptx::fence_sc(sc);
  if (o == memory_order::release || o == memory_order::acq_rel) {
    if constexpr (std::is_same_v<U, std::uint32_t>) {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_ST, ".release", "b32", "r")
    } else {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_ST, ".release", "b64", "l")
    }
  } else {
    if constexpr (std::is_same_v<U, std::uint32_t>) {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_ST, ".relaxed", "b32", "r")
    } else {
      USYCL_PTX_BY_SCOPE(USYCL_PTX_ST, ".relaxed", "b64", "l")
    }
  }
}

#undef USYCL_PTX_BY_SCOPE
#undef USYCL_PTX_DISPATCH4
#undef USYCL_PTX_RMW
#undef USYCL_PTX_CAS
#undef USYCL_PTX_LD
#undef USYCL_PTX_ST

// Pointer in the atomic_ref's address space, so that LLVM emits
// atom.global / atom.shared for the builtin (relaxed) path.
template <access::address_space AS, typename U> USYCL_INLINE auto as_space(U *p) noexcept {
  if constexpr (AS == access::address_space::global_space)
    return (__attribute__((opencl_global)) U *)p;
  else if constexpr (AS == access::address_space::local_space)
    return (__attribute__((opencl_local)) U *)p;
  else
    return p;
}

// Relaxed RMW narrower than system scope: the LLVM atomic (PTX atom default
// .relaxed.gpu) is exactly right and optimisable.
USYCL_INLINE bool use_builtin_rmw(memory_order o, memory_scope s) noexcept {
  return o == memory_order::relaxed && s != memory_scope::system;
}

#endif // USYCL_PTX_ATOMICS

// Pre-Volta NVPTX (no .acquire/.release forms): relaxed atomics bracketed by
// full fences. Elsewhere these are no-ops and the order is used directly.
#if USYCL_DEVICE_NVPTX && !USYCL_PTX_ATOMICS
USYCL_INLINE memory_order legacy_pre(memory_order o) noexcept {
  if (order_has_release(o))
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  return memory_order::relaxed;
}
USYCL_INLINE void legacy_post(memory_order o) noexcept {
  if (order_has_acquire(o))
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
#else
USYCL_INLINE constexpr memory_order legacy_pre(memory_order o) noexcept { return o; }
USYCL_INLINE constexpr void legacy_post(memory_order) noexcept {}
#endif

// ------------------------- type-generic operations -------------------------

template <typename T, access::address_space AS>
USYCL_INLINE T load(T *p, memory_order o, memory_scope s) noexcept {
  o = read_order(o);
#if USYCL_PTX_ATOMICS
  return from_bits<T>(ptx_load(reinterpret_cast<bits_t<T> *>(p), o, ptx::scope_index(s)));
#else
  (void)s;
  T r;
  __atomic_load(p, &r, gnu_load_order(legacy_pre(o)));
  legacy_post(o);
  return r;
#endif
}

template <typename T, access::address_space AS>
USYCL_INLINE void store(T *p, T v, memory_order o, memory_scope s) noexcept {
  o = write_order(o);
#if USYCL_PTX_ATOMICS
  ptx_store(reinterpret_cast<bits_t<T> *>(p), to_bits(v), o, ptx::scope_index(s));
#else
  (void)s;
  __atomic_store(p, &v, gnu_store_order(legacy_pre(o)));
  legacy_post(o);
#endif
}

template <typename T, access::address_space AS>
USYCL_INLINE T exchange(T *p, T v, memory_order o, memory_scope s) noexcept {
#if USYCL_PTX_ATOMICS
  using B = bits_t<T>;
  if (use_builtin_rmw(o, s))
    return from_bits<T>(
        __atomic_exchange_n(as_space<AS>(reinterpret_cast<B *>(p)), to_bits(v), __ATOMIC_RELAXED));
  return from_bits<T>(ptx_exch(reinterpret_cast<B *>(p), to_bits(v), o, ptx::scope_index(s)));
#else
  (void)s;
  T r;
  __atomic_exchange(p, &v, &r, gnu_order(legacy_pre(o)));
  legacy_post(o);
  return r;
#endif
}

// Strong compare-exchange; on failure expected receives the current value.
template <typename T, access::address_space AS>
USYCL_INLINE bool compare_exchange(T *p, T &expected, T desired, memory_order success,
                                   memory_order failure, bool weak, memory_scope s) noexcept {
  const memory_order merged = merge_orders(success, failure);
#if USYCL_PTX_ATOMICS
  (void)weak;
  using B = bits_t<T>;
  const B exp_bits = to_bits(expected);
  const B prev =
      ptx_cas(reinterpret_cast<B *>(p), exp_bits, to_bits(desired), merged, ptx::scope_index(s));
  if (prev == exp_bits)
    return true;
  expected = from_bits<T>(prev);
  return false;
#else
  (void)s;
  const memory_order eff = legacy_pre(merged);
  const bool ok = __atomic_compare_exchange(p, &expected, &desired, weak, gnu_order(eff),
                                            gnu_load_order(eff == merged ? failure : eff));
  legacy_post(merged);
  return ok;
#endif
}

// Compare-and-swap loop applying f(old) -> new; returns the old value. If
// skip(old) holds, nothing is written (min/max that would not change).
template <typename T, access::address_space AS, typename F, typename Skip>
USYCL_INLINE T cas_loop(T *p, F f, Skip skip, memory_order o, memory_scope s) noexcept {
  T old = load<T, AS>(p, read_order(o), s);
  while (true) {
    if (skip(old))
      return old;
    T expected = old;
    if (compare_exchange<T, AS>(p, expected, f(old), o, read_order(o), true, s))
      return old;
    old = expected;
  }
}

template <typename T, access::address_space AS>
USYCL_INLINE T fetch_add(T *p, T v, memory_order o, memory_scope s) noexcept {
#if USYCL_PTX_ATOMICS
  if constexpr (is_atomic_fp_v<T>) {
    if (use_builtin_rmw(o, s))
      return __atomic_fetch_add(as_space<AS>(p), v, __ATOMIC_RELAXED);
    return ptx_add(p, v, o, ptx::scope_index(s));
  } else {
    using B = std::make_unsigned_t<T>; // unsigned: wrap-around is well defined
    if (use_builtin_rmw(o, s))
      return static_cast<T>(__atomic_fetch_add(as_space<AS>(reinterpret_cast<B *>(p)),
                                               static_cast<B>(v), __ATOMIC_RELAXED));
    return static_cast<T>(ptx_add(reinterpret_cast<B *>(p), static_cast<B>(v), o,
                                  ptx::scope_index(s)));
  }
#else
  if constexpr (is_atomic_fp_v<T>) {
    return cas_loop<T, AS>(
        p, [v](T old) { return old + v; }, [](T) { return false; }, o, s);
  } else {
    (void)s;
    using B = std::make_unsigned_t<T>; // unsigned: wrap-around is well defined
    const T r = static_cast<T>(__atomic_fetch_add(reinterpret_cast<B *>(p), static_cast<B>(v),
                                                  gnu_order(legacy_pre(o))));
    legacy_post(o);
    return r;
  }
#endif
}

#define USYCL_ATOMIC_BITOP(NAME, PTXFN, BUILTIN)                                         \
  template <typename T, access::address_space AS>                                        \
  USYCL_INLINE T NAME(T *p, T v, memory_order o, memory_scope s) noexcept {              \
    using B = std::make_unsigned_t<T>;                                                   \
    USYCL_ATOMIC_BITOP_BODY(PTXFN, BUILTIN)                                              \
  }
#if USYCL_PTX_ATOMICS
#define USYCL_ATOMIC_BITOP_BODY(PTXFN, BUILTIN)                                          \
  if (use_builtin_rmw(o, s))                                                             \
    return static_cast<T>(BUILTIN(as_space<AS>(reinterpret_cast<B *>(p)), static_cast<B>(v), \
                                  __ATOMIC_RELAXED));                                    \
  return static_cast<T>(                                                                 \
      PTXFN(reinterpret_cast<B *>(p), static_cast<B>(v), o, ptx::scope_index(s)));
#else
#define USYCL_ATOMIC_BITOP_BODY(PTXFN, BUILTIN)                                          \
  (void)s;                                                                               \
  const T r = static_cast<T>(                                                            \
      BUILTIN(reinterpret_cast<B *>(p), static_cast<B>(v), gnu_order(legacy_pre(o))));   \
  legacy_post(o);                                                                        \
  return r;
#endif
USYCL_ATOMIC_BITOP(fetch_and, ptx_and, __atomic_fetch_and)
USYCL_ATOMIC_BITOP(fetch_or, ptx_or, __atomic_fetch_or)
USYCL_ATOMIC_BITOP(fetch_xor, ptx_xor, __atomic_fetch_xor)
#undef USYCL_ATOMIC_BITOP
#undef USYCL_ATOMIC_BITOP_BODY

template <typename T, access::address_space AS, bool IsMin>
USYCL_INLINE T fetch_minmax(T *p, T v, memory_order o, memory_scope s) noexcept {
#if USYCL_PTX_ATOMICS
  if constexpr (is_atomic_int_v<T>) {
    using B = T;
    B *bp = p;
    if (use_builtin_rmw(o, s)) {
      if constexpr (IsMin)
        return static_cast<T>(__atomic_fetch_min(as_space<AS>(bp), static_cast<B>(v),
                                                 __ATOMIC_RELAXED));
      else
        return static_cast<T>(__atomic_fetch_max(as_space<AS>(bp), static_cast<B>(v),
                                                 __ATOMIC_RELAXED));
    }
    if constexpr (IsMin)
      return static_cast<T>(ptx_min(bp, static_cast<B>(v), o, ptx::scope_index(s)));
    else
      return static_cast<T>(ptx_max(bp, static_cast<B>(v), o, ptx::scope_index(s)));
  } else
#endif
  {
    // floating point everywhere; integers on the host
    if constexpr (IsMin)
      return cas_loop<T, AS>(
          p, [v](T) { return v; }, [v](T old) { return !(v < old); }, o, s);
    else
      return cas_loop<T, AS>(
          p, [v](T) { return v; }, [v](T old) { return !(old < v); }, o, s);
  }
}

} // namespace atomic_impl

// The 8-byte atomic_refs are an optional kernel feature (aspect::atomic64),
// the others are not: atomic_ref derives from atomic_ref_impl<T, sizeof(T)>,
// and only its 8-byte partial specialisation carries the attribute (seed
// 002, "Appendix: Adding an attribute to 8-byte atomic_ref"). The pointer
// lives in the common base, so every atomic_ref's IR type contains the
// (non-empty) specialisation the compiler looks for.
template <typename T> class atomic_ref_impl_base {
protected:
  explicit atomic_ref_impl_base(T *ptr) noexcept : ptr_(ptr) {}
  T *ptr_;
};

template <typename T, std::size_t Size>
class atomic_ref_impl : public atomic_ref_impl_base<T> {
protected:
  using atomic_ref_impl_base<T>::atomic_ref_impl_base;
};

template <typename T>
class USYCL_USES_ASPECTS(::sycl::aspect::atomic64) atomic_ref_impl<T, 8>
    : public atomic_ref_impl_base<T> {
protected:
  using atomic_ref_impl_base<T>::atomic_ref_impl_base;
};

} // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace = access::address_space::generic_space>
class atomic_ref : public detail::atomic_ref_impl<T, sizeof(T)> {
  using impl_type = detail::atomic_ref_impl<T, sizeof(T)>;
  using impl_type::ptr_;

  static_assert(detail::is_atomic_type_v<T>,
                "sycl::atomic_ref: T must be int, unsigned int, long, unsigned long, long long, "
                "unsigned long long, float, double or a pointer");
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "sycl::atomic_ref: T must be 4 or 8 bytes");
  static_assert(DefaultOrder == memory_order::relaxed || DefaultOrder == memory_order::acq_rel ||
                    DefaultOrder == memory_order::seq_cst,
                "sycl::atomic_ref: DefaultOrder must be relaxed, acq_rel or seq_cst");
  static_assert(AddressSpace == access::address_space::generic_space ||
                    AddressSpace == access::address_space::global_space ||
                    AddressSpace == access::address_space::local_space,
                "sycl::atomic_ref: AddressSpace must be generic_space, global_space or "
                "local_space");

  static constexpr bool is_int = detail::is_atomic_int_v<T>;
  static constexpr bool is_fp = detail::is_atomic_fp_v<T>;
  static constexpr bool is_ptr = std::is_pointer_v<T>;
  static constexpr auto AS = AddressSpace;

  using storage_t = std::conditional_t<is_ptr, std::uintptr_t, T>;

  storage_t *sp() const noexcept { return reinterpret_cast<storage_t *>(ptr_); }

public:
  using value_type = T;
  using difference_type = std::conditional_t<is_ptr, std::ptrdiff_t, T>;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = true;
  static constexpr memory_order default_read_order = detail::read_order(DefaultOrder);
  static constexpr memory_order default_write_order = detail::write_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref(T &ref) noexcept : impl_type(&ref) {}
  atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete;

  bool is_lock_free() const noexcept { return true; }

  USYCL_INLINE void store(T operand, memory_order order = default_write_order,
                          memory_scope scope = default_scope) const noexcept {
    detail::atomic_impl::store<T, AS>(ptr_, operand, order, scope);
  }
  USYCL_INLINE T operator=(T desired) const noexcept {
    store(desired);
    return desired;
  }
  USYCL_INLINE T load(memory_order order = default_read_order,
                      memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::load<T, AS>(ptr_, order, scope);
  }
  USYCL_INLINE operator T() const noexcept { return load(); }

  USYCL_INLINE T exchange(T operand, memory_order order = default_read_modify_write_order,
                          memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::exchange<T, AS>(ptr_, operand, order, scope);
  }

  USYCL_INLINE bool compare_exchange_weak(T &expected, T desired, memory_order success,
                                          memory_order failure,
                                          memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::compare_exchange<T, AS>(ptr_, expected, desired, success,
                                                        failure, true, scope);
  }
  USYCL_INLINE bool compare_exchange_weak(T &expected, T desired,
                                          memory_order order = default_read_modify_write_order,
                                          memory_scope scope = default_scope) const noexcept {
    return compare_exchange_weak(expected, desired, order, detail::read_order(order), scope);
  }
  USYCL_INLINE bool compare_exchange_strong(T &expected, T desired, memory_order success,
                                            memory_order failure,
                                            memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::compare_exchange<T, AS>(ptr_, expected, desired, success,
                                                        failure, false, scope);
  }
  USYCL_INLINE bool compare_exchange_strong(T &expected, T desired,
                                            memory_order order = default_read_modify_write_order,
                                            memory_scope scope = default_scope) const noexcept {
    return compare_exchange_strong(expected, desired, order, detail::read_order(order), scope);
  }

  // ---- integral and floating point ----
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U> ||
                                                 detail::is_atomic_fp_v<U>,
                                             int> = 0>
  USYCL_INLINE T fetch_add(difference_type operand,
                           memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_add<T, AS>(ptr_, operand, order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U> ||
                                                 detail::is_atomic_fp_v<U>,
                                             int> = 0>
  USYCL_INLINE T fetch_sub(difference_type operand,
                           memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    if constexpr (is_fp)
      return detail::atomic_impl::fetch_add<T, AS>(ptr_, -operand, order, scope);
    else // two's complement negation in the unsigned domain
      return detail::atomic_impl::fetch_add<T, AS>(
          ptr_, static_cast<T>(-static_cast<std::make_unsigned_t<T>>(operand)), order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U> ||
                                                 detail::is_atomic_fp_v<U>,
                                             int> = 0>
  USYCL_INLINE T fetch_min(T operand, memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_minmax<T, AS, true>(ptr_, operand, order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U> ||
                                                 detail::is_atomic_fp_v<U>,
                                             int> = 0>
  USYCL_INLINE T fetch_max(T operand, memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_minmax<T, AS, false>(ptr_, operand, order, scope);
  }

  // ---- integral only ----
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T fetch_and(T operand, memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_and<T, AS>(ptr_, operand, order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T fetch_or(T operand, memory_order order = default_read_modify_write_order,
                          memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_or<T, AS>(ptr_, operand, order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T fetch_xor(T operand, memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return detail::atomic_impl::fetch_xor<T, AS>(ptr_, operand, order, scope);
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T operator&=(T operand) const noexcept {
    return fetch_and(operand) & operand;
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T operator|=(T operand) const noexcept {
    return fetch_or(operand) | operand;
  }
  template <typename U = T, std::enable_if_t<detail::is_atomic_int_v<U>, int> = 0>
  USYCL_INLINE T operator^=(T operand) const noexcept {
    return fetch_xor(operand) ^ operand;
  }

  // ---- pointers ----
  template <typename U = T, std::enable_if_t<std::is_pointer_v<U>, int> = 0>
  USYCL_INLINE T fetch_add(difference_type operand,
                           memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    using P = std::remove_pointer_t<T>;
    const std::uintptr_t delta = static_cast<std::uintptr_t>(operand) * sizeof(P);
    return reinterpret_cast<T>(
        detail::atomic_impl::fetch_add<std::uintptr_t, AS>(sp(), delta, order, scope));
  }
  template <typename U = T, std::enable_if_t<std::is_pointer_v<U>, int> = 0>
  USYCL_INLINE T fetch_sub(difference_type operand,
                           memory_order order = default_read_modify_write_order,
                           memory_scope scope = default_scope) const noexcept {
    return fetch_add(-operand, order, scope);
  }

  // ---- arithmetic operators (integral, floating, pointer) ----
  template <typename U = T, std::enable_if_t<!detail::is_atomic_fp_v<U>, int> = 0>
  USYCL_INLINE T operator++(int) const noexcept {
    return fetch_add(1);
  }
  template <typename U = T, std::enable_if_t<!detail::is_atomic_fp_v<U>, int> = 0>
  USYCL_INLINE T operator--(int) const noexcept {
    return fetch_sub(1);
  }
  template <typename U = T, std::enable_if_t<!detail::is_atomic_fp_v<U>, int> = 0>
  USYCL_INLINE T operator++() const noexcept {
    return fetch_add(1) + 1;
  }
  template <typename U = T, std::enable_if_t<!detail::is_atomic_fp_v<U>, int> = 0>
  USYCL_INLINE T operator--() const noexcept {
    return fetch_sub(1) - 1;
  }
  USYCL_INLINE T operator+=(difference_type operand) const noexcept {
    return fetch_add(operand) + operand;
  }
  USYCL_INLINE T operator-=(difference_type operand) const noexcept {
    return fetch_sub(operand) - operand;
  }
};

} // namespace _V1
} // namespace sycl
