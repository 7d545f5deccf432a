// SYCL 2020 reductions (§4.9.2): sycl::reduction, sycl::reducer and
// handler::parallel_for(range | nd_range, reduction..., kernel).
//
// Strategy (one kernel, one atomic per work-group or CPU chunk):
//  * Every work-item accumulates into private reducers (registers).
//  * NVPTX, range: the launch is a 1-D grid of at most max_reduction_threads
//    work-items that walk the user's range with a grid stride, so a large
//    range costs ~1000 atomics, not one per 256 elements. Each CUDA block
//    then reduces its reducers (warp shuffles, one value per warp through
//    the group scratch) and its first thread combines the block's value into
//    the reduction variable with one atomic (atom.add where PTX has it, a
//    compare-and-swap loop otherwise).
//  * NVPTX, nd_range: the user's geometry; the work-group reduces after the
//    kernel returns and its leader does the atomic.
//  * CPU, range: custom launchers keep one private partial per chunk the
//    backend hands them and combine it once, atomically.
//  * CPU, nd_range: the work-group runs as work-item loops (the host pass
//    usycl-work-item-loops); each work-item's reducers end in the partial
//    of its thread's chunk of groups, combined once per chunk, atomically. Where the pass cannot
//    make loops of the kernel, its work-items run as fibers, each combining
//    its own partial.
// The reduction variable's value before the kernel takes part in the result
// (atomics combine into it), unless property::reduction::initialize_to_identity
// is given: then a fill command writing the identity is submitted just ahead
// of the kernel (device memory cannot be written by the host at submit
// time).
#pragma once

#include <sycl/accessor.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/buffer.hpp>
#include <sycl/detail/kernel_entry.hpp>
#include <sycl/functional.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/handler.hpp>
#include <sycl/property_list.hpp>
#include <sycl/queue.hpp>
#include <sycl/span.hpp>

#include <cstdint>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename T, typename BinaryOperation, int Dimensions = 0, bool HasIdentity = true>
class reducer;

namespace detail {

template <typename T> struct type_identity { using type = T; };
// std::type_identity_t (C++20): keeps a parameter out of deduction.
template <typename T> using type_identity_t = typename type_identity<T>::type;

// Values a reducer starts from, made by the reduction on either pass.
template <typename T, typename Op> struct reducer_init {
  T identity;
  Op op;
};

struct reducer_access {
  template <typename R> USYCL_INLINE static auto &value(R &r) { return r.value_; }
  template <typename R> USYCL_INLINE static bool has(const R &r) {
    if constexpr (R::has_identity)
      return true;
    else
      return r.has_;
  }
};

} // namespace detail

// A work-item's private view of one reduction variable. Not copyable: the
// kernel receives it by reference (`auto &sum`).
template <typename T, typename BinaryOperation, int Dimensions, bool HasIdentity> class reducer {
  static_assert(Dimensions == 0, "usycl supports scalar reductions (reducer dimensions 0)");

public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = Dimensions;
  static constexpr bool has_identity = HasIdentity;

  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;

  USYCL_INLINE reducer &combine(const T &partial) {
    if constexpr (HasIdentity && std::is_floating_point_v<T> &&
                  (detail::is_op_v<plus, BinaryOperation, T> ||
                   detail::is_op_v<multiplies, BinaryOperation, T>)) {
      combine_reassociable(partial);
    } else if constexpr (HasIdentity) {
      value_ = static_cast<T>(op_(value_, partial));
    } else {
      value_ = has_ ? static_cast<T>(op_(value_, partial)) : partial;
      has_ = true;
    }
    return *this;
  }

  // Available where the identity is known or was given to sycl::reduction.
  template <bool H = HasIdentity, std::enable_if_t<H, int> = 0> USYCL_INLINE T identity() const {
    return identity_;
  }

  // Implementation: built by the reduction kernels.
  USYCL_INLINE explicit reducer(const detail::reducer_init<T, BinaryOperation> &init)
      : value_(init.identity), identity_(init.identity), op_(init.op) {}

private:
  // SYCL 2020 leaves the order in which a reduction combines its values
  // unspecified, so the work-item loop's running sum may be split: CPU
  // launchers vectorise it (a strict left-to-right chain runs at one add per
  // FP latency).
  USYCL_INLINE void combine_reassociable(const T &partial) {
#pragma clang fp reassociate(on)
    if constexpr (detail::is_op_v<plus, BinaryOperation, T>)
      value_ = value_ + partial;
    else
      value_ = value_ * partial;
  }

  friend struct detail::reducer_access;
  T value_;
  T identity_;
  BinaryOperation op_;
  bool has_ = false;
};

// Shorthand operators of SYCL 2020 §4.9.2.3, each for its function object.
#define USYCL_REDUCER_OP(OPSYM, FUNC, COND)                                                        \
  template <typename T, typename Op, int D, bool I,                                                \
            std::enable_if_t<detail::is_op_v<FUNC, Op, T> && (COND), int> = 0>                     \
  USYCL_INLINE reducer<T, Op, D, I> &operator OPSYM(reducer<T, Op, D, I> &r,                       \
                                                    const detail::type_identity_t<T> &v) {         \
    return r.combine(v);                                                                           \
  }
USYCL_REDUCER_OP(+=, plus, true)
USYCL_REDUCER_OP(*=, multiplies, true)
USYCL_REDUCER_OP(&=, bit_and, std::is_integral_v<T>)
USYCL_REDUCER_OP(|=, bit_or, std::is_integral_v<T>)
USYCL_REDUCER_OP(^=, bit_xor, std::is_integral_v<T>)
#undef USYCL_REDUCER_OP

namespace detail {
template <typename T, typename Op>
inline constexpr bool counts_v =
    is_op_v<plus, Op, T> &&std::is_integral_v<T> && !std::is_same_v<T, bool>;
} // namespace detail
template <typename T, typename Op, int D, bool I,
          std::enable_if_t<detail::counts_v<T, Op>, int> = 0>
USYCL_INLINE reducer<T, Op, D, I> &operator++(reducer<T, Op, D, I> &r) {
  return r.combine(T(1));
}
template <typename T, typename Op, int D, bool I,
          std::enable_if_t<detail::counts_v<T, Op>, int> = 0>
USYCL_INLINE void operator++(reducer<T, Op, D, I> &r, int) {
  r.combine(T(1));
}

namespace detail {
template <typename T, typename Op>
USYCL_INLINE void atomic_combine(T *p, const T &v, const Op &op);
template <typename T, typename Op> struct span_reducer_init {
  T *data;
  size_t size;
  T identity;
  Op op;
};

// reducer<T, Op, 1>[i]: one element of a span reduction. Each combination
// goes straight to the element with one atomic (a work-item's partials for
// N elements would not fit in registers for a dynamic extent), so the
// element reducer is a small value; its operators are members so that
// `red[i] += v` works on the value operator[] returns.
template <typename T, typename BinaryOperation, bool HasIdentity> class span_element_reducer {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 0;
  static constexpr bool has_identity = HasIdentity;

  USYCL_INLINE span_element_reducer &combine(const T &partial) {
    atomic_combine(element_, partial, op_);
    return *this;
  }
  template <bool H = HasIdentity, std::enable_if_t<H, int> = 0> USYCL_INLINE T identity() const {
    return identity_;
  }

#define USYCL_SPAN_REDUCER_OP(OPSYM, FUNC, COND)                                                   \
  template <typename U = T,                                                                        \
            std::enable_if_t<detail::is_op_v<FUNC, BinaryOperation, U> && (COND), int> = 0>        \
  USYCL_INLINE span_element_reducer &operator OPSYM(const T &v) {                                  \
    return combine(v);                                                                             \
  }
  USYCL_SPAN_REDUCER_OP(+=, plus, true)
  USYCL_SPAN_REDUCER_OP(*=, multiplies, true)
  USYCL_SPAN_REDUCER_OP(&=, bit_and, std::is_integral_v<U>)
  USYCL_SPAN_REDUCER_OP(|=, bit_or, std::is_integral_v<U>)
  USYCL_SPAN_REDUCER_OP(^=, bit_xor, std::is_integral_v<U>)
#undef USYCL_SPAN_REDUCER_OP
  template <typename U = T, std::enable_if_t<is_op_v<plus, BinaryOperation, U> &&
                                                 std::is_integral_v<U> && !std::is_same_v<U, bool>,
                                             int> = 0>
  USYCL_INLINE span_element_reducer &operator++() {
    return combine(T(1));
  }
  template <typename U = T, std::enable_if_t<is_op_v<plus, BinaryOperation, U> &&
                                                 std::is_integral_v<U> && !std::is_same_v<U, bool>,
                                             int> = 0>
  USYCL_INLINE void operator++(int) {
    combine(T(1));
  }

  // Implementation: made by reducer<T, Op, 1>::operator[].
  USYCL_INLINE span_element_reducer(T *element, const T &identity, const BinaryOperation &op)
      : element_(element), identity_(identity), op_(op) {}

private:
  T *element_;
  T identity_;
  BinaryOperation op_;
};
} // namespace detail

// The reducer of a span reduction (sycl::reduction(span, ...)): one element
// reducer per element of the span.
template <typename T, typename BinaryOperation, bool HasIdentity>
class reducer<T, BinaryOperation, 1, HasIdentity> {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 1;
  static constexpr bool has_identity = HasIdentity;

  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;

  USYCL_INLINE detail::span_element_reducer<T, BinaryOperation, HasIdentity>
  operator[](size_t index) {
    return {data_ + index, identity_, op_};
  }
  template <bool H = HasIdentity, std::enable_if_t<H, int> = 0> USYCL_INLINE T identity() const {
    return identity_;
  }

  // Implementation: built by the reduction kernels.
  USYCL_INLINE explicit reducer(const detail::span_reducer_init<T, BinaryOperation> &init)
      : data_(init.data), identity_(init.identity), op_(init.op) {}

private:
  T *data_;
  T identity_;
  BinaryOperation op_;
};

namespace detail {

// ---------------------------------------------------------------- descriptors

// What sycl::reduction returns: where the variable lives, its identity and
// operator. Copied into the kernel object, so it has the same layout on both
// passes (a USM pointer, or a device accessor the runtime patches).
template <typename T, typename Op, bool HasIdentity, bool IsBuffer> struct reduction_desc {
  using value_type = T;
  using op_type = Op;
  using reducer_type = reducer<T, Op, 0, HasIdentity>;
  using storage_type =
      std::conditional_t<IsBuffer, accessor<T, 1, access_mode::read_write, target::device>, T *>;
  static constexpr bool has_identity = HasIdentity;
  static constexpr bool is_buffer = IsBuffer;

  storage_type storage;
  T identity;
  Op op;
  bool initialize_to_identity;

  USYCL_INLINE T *data() const {
    if constexpr (IsBuffer)
      return storage.get_pointer();
    else
      return storage;
  }
  USYCL_INLINE reducer_init<T, Op> init() const { return {identity, op}; }
};

template <typename T, typename Op, bool H, bool B>
struct is_reduction<reduction_desc<T, Op, H, B>> : std::true_type {};

// sycl::reduction(span, ...): the elements live in USM memory the kernel
// combines into directly (see span_element_reducer).
template <typename T, typename Op, bool HasIdentity> struct span_reduction_desc {
  using value_type = T;
  using op_type = Op;
  using reducer_type = reducer<T, Op, 1, HasIdentity>;
  static constexpr bool has_identity = HasIdentity;
  static constexpr bool is_buffer = false;
  static constexpr bool is_span = true;

  T *storage;
  size_t size;
  T identity;
  Op op;
  bool initialize_to_identity;

  USYCL_INLINE span_reducer_init<T, Op> init() const { return {storage, size, identity, op}; }
};
template <typename T, typename Op, bool H>
struct is_reduction<span_reduction_desc<T, Op, H>> : std::true_type {};

// ---------------------------------------------------------------- atomics

template <size_t N> struct uint_of_size;
template <> struct uint_of_size<1> { using type = uint8_t; };
template <> struct uint_of_size<2> { using type = uint16_t; };
template <> struct uint_of_size<4> { using type = uint32_t; };
template <> struct uint_of_size<8> { using type = uint64_t; };

// Combines v into *p atomically at device scope. sycl::atomic_ref covers the
// 4- and 8-byte arithmetic types (native add/min/max/and/or/xor, its CAS
// otherwise); other types (half, bool, 1- and 2-byte integers) use a
// compare-and-swap on their bits.
template <typename T, typename Op>
USYCL_INLINE void atomic_combine(T *p, const T &v, const Op &op) {
  if constexpr (is_atomic_int_v<T> || is_atomic_fp_v<T>) {
    atomic_ref<T, memory_order::relaxed, memory_scope::device, access::address_space::global_space>
        a(*p);
    if constexpr (is_op_v<plus, Op, T>) {
      a.fetch_add(v);
    } else if constexpr (is_op_v<minimum, Op, T>) {
      a.fetch_min(v);
    } else if constexpr (is_op_v<maximum, Op, T>) {
      a.fetch_max(v);
    } else if constexpr (is_atomic_int_v<T> && is_op_v<bit_and, Op, T>) {
      a.fetch_and(v);
    } else if constexpr (is_atomic_int_v<T> && is_op_v<bit_or, Op, T>) {
      a.fetch_or(v);
    } else if constexpr (is_atomic_int_v<T> && is_op_v<bit_xor, Op, T>) {
      a.fetch_xor(v);
    } else {
      T old = a.load();
      while (true) {
        T desired = static_cast<T>(op(old, v));
        if (__builtin_bit_cast(typename uint_of_size<sizeof(T)>::type, desired) ==
            __builtin_bit_cast(typename uint_of_size<sizeof(T)>::type, old))
          return; // nothing would change (min/max-like operators)
        if (a.compare_exchange_weak(old, desired))
          return;
      }
    }
  } else {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "reduction variables must be 1, 2, 4 or 8 bytes");
    static_assert(is_device_copyable_v<T>,
                  "reduction variables must be device copyable (trivially copyable, or "
                  "std::pair/std::tuple of such types)");
    using U = typename uint_of_size<sizeof(T)>::type;
    // Through memcpy, not bit_cast: std::pair is device copyable but not
    // trivially copyable.
    auto bits_of = [](const T &x) {
      U u;
      __builtin_memcpy(&u, &x, sizeof(T));
      return u;
    };
    U *up = reinterpret_cast<U *>(p);
    U old = __scoped_atomic_load_n(up, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
    while (true) {
      T current = v;
      __builtin_memcpy(&current, &old, sizeof(T));
      const U desired = bits_of(static_cast<T>(op(current, v)));
      if (desired == old)
        return;
      if (__scoped_atomic_compare_exchange_n(up, &old, desired, true, __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
        return;
    }
  }
}

// Adds a finished partial (a reducer's value) to the variable.
template <typename Desc, typename R> USYCL_INLINE void commit(const Desc &d, R &r) {
  if (reducer_access::has(r))
    atomic_combine(d.data(), reducer_access::value(r), d.op);
}
// A span reduction's reducer combined into memory as it went.
template <typename T, typename Op, bool H, typename R>
USYCL_INLINE void commit(const span_reduction_desc<T, Op, H> &, R &) {}

// ---------------------------------------------------------------- kernels

#if USYCL_DEVICE_NVPTX
// The work-group's combined partial goes to the variable in one atomic by
// work-item 0. Reducers without an identity carry a "has value" flag.
template <typename Desc, typename R>
USYCL_INLINE void group_commit(const Desc &d, R &r, uint32_t lid, uint32_t n, char *scratch) {
  using T = typename Desc::value_type;
  if constexpr (Desc::has_identity) {
    const T v = wg_reduce_nvptx<false>(lid, n, reducer_access::value(r), d.op, scratch);
    if (lid == 0)
      atomic_combine(d.data(), v, d.op);
  } else {
    optional_value<T> m{reducer_access::value(r), reducer_access::has(r)};
    m = wg_reduce_nvptx<false>(lid, n, m, optional_op<typename Desc::op_type>{d.op}, scratch);
    if (lid == 0 && m.has)
      atomic_combine(d.data(), m.value, d.op);
  }
}
template <typename T, typename Op, bool H, typename R>
USYCL_INLINE void group_commit(const span_reduction_desc<T, Op, H> &, R &, uint32_t, uint32_t,
                               char *) {}
#endif

// Largest grid of a range reduction: the CUDA backend trims a grid-stride
// launch to one full wave of the device (occupancy), so this only has to be
// above any device's wave (H100: 132 SMs x 2048 threads = 270 336). A cap at
// or below the wave leaves SMs idle (2^18 left 4 of an H100's 132 without a
// block: dot ran at 0.98 x CUDA).
inline constexpr uint64_t max_reduction_threads = uint64_t(1) << 20;

template <typename Name> struct reduction_kernel_name;

template <typename Desc> using reducer_of = typename Desc::reducer_type;

// The work-item argument is an lvalue so that `auto &` parameters bind to it
// (as in invoke_range_kernel, detail/kernel_entry.hpp).
template <typename K, typename Item, typename... Rs>
USYCL_INLINE void invoke_with_reducers(const K &k, const Item &it, Rs &...rs) {
  static_assert(std::is_invocable_v<const K &, Item &, Rs &...>,
                "a reduction kernel must accept (item/id/nd_item, reducer&...) with one reducer "
                "per reduction, in order");
  Item arg = it;
  k(arg, rs...);
}

template <int Dims, typename K, typename... Rs>
USYCL_INLINE void invoke_range_with_reducers(const K &k, const item<Dims, true> &it, Rs &...rs) {
  if constexpr (std::is_invocable_v<const K &, item<Dims, true> &, Rs &...>) {
    item<Dims, true> arg = it;
    k(arg, rs...);
  } else if constexpr (std::is_invocable_v<const K &, item<Dims, false> &, Rs &...>) {
    item<Dims, false> arg(it.get_id(), it.get_range(), id<Dims>());
    k(arg, rs...);
  } else if constexpr (std::is_invocable_v<const K &, id<Dims> &, Rs &...>) {
    id<Dims> arg = it.get_id();
    k(arg, rs...);
  } else {
    static_assert(std::is_invocable_v<const K &, item<Dims, true> &, Rs &...>,
                  "a parallel_for(range, reduction...) kernel must accept (sycl::item<Dims> or "
                  "sycl::id<Dims>, reducer&...) with one reducer per reduction, in order");
  }
}

// Row-major id of linear index i in r. 32-bit arithmetic where it suffices:
// 64-bit division is a long instruction sequence on NVPTX.
template <int Dims>
USYCL_INLINE id<Dims> delinearize(uint64_t i, const range<Dims> &r, bool small) {
  id<Dims> x;
  if constexpr (Dims == 1) {
    x[0] = i;
  } else if (small) {
    uint32_t rest = uint32_t(i);
    for (int d = Dims - 1; d > 0; --d) {
      x[d] = rest % uint32_t(r[d]);
      rest /= uint32_t(r[d]);
    }
    x[0] = rest;
  } else {
    for (int d = Dims - 1; d > 0; --d) {
      x[d] = i % r[d];
      i /= r[d];
    }
    x[0] = i;
  }
  return x;
}

// parallel_for(range, reductions..., kernel): the kernel object.
template <typename K, int Dims, typename... Descs> struct reduction_range_kernel {
  K kernel;
  range<Dims> user_range;
  uint64_t total;   // user_range.size()
  uint64_t nominal; // work-items of the launch (<= max_reduction_threads)
  std::tuple<Descs...> descs;

  template <size_t... I> USYCL_INLINE auto make_reducers(std::index_sequence<I...>) const {
    return std::tuple<reducer_of<Descs>...>(std::get<I>(descs).init()...);
  }

  template <typename Rs, size_t... I>
  USYCL_INLINE void commit_all(Rs &rs, std::index_sequence<I...>) const {
    (commit(std::get<I>(descs), std::get<I>(rs)), ...);
  }

#if USYCL_DEVICE_NVPTX
  USYCL_INLINE void run_nvptx() const {
    constexpr auto idx = std::index_sequence_for<Descs...>{};
    const uint32_t lid = __nvvm_read_ptx_sreg_tid_x(), bs = __nvvm_read_ptx_sreg_ntid_x();
    const uint64_t stride = uint64_t(__nvvm_read_ptx_sreg_nctaid_x()) * bs;
    const bool small = total <= 0xffffffffu;
    auto rs = make_reducers(idx);
    std::apply(
        [&](auto &...r) {
          auto call = [&](uint64_t i) {
            invoke_range_with_reducers<Dims>(
                kernel,
                item<Dims, true>(delinearize<Dims>(i, user_range, small), user_range, id<Dims>()),
                r...);
          };
          uint64_t i = uint64_t(__nvvm_read_ptx_sreg_ctaid_x()) * bs + lid;
          // A plain grid-stride loop. Unrolling it by hand (four work-items
          // per trip) took 40 registers: 75% occupancy, and dot at 0.985 x
          // CUDA on an H100; this loop takes 25, every SM is full, and it
          // matches CUDA (1408 vs 1408-1415 us for 2^28 doubles).
          for (; i < total; i += stride)
            call(i);
        },
        rs);
    finish_group(rs, lid, bs, idx);
  }

  template <typename Rs, size_t... I>
  USYCL_INLINE void finish_group(Rs &rs, uint32_t lid, uint32_t n,
                                 std::index_sequence<I...>) const {
    // Range launches have no dynamic shared memory: use the static scratch.
    (group_commit(std::get<I>(descs), std::get<I>(rs), lid, n, (char *)range_group_scratch), ...);
  }
#elif USYCL_DEVICE_SPIRV
  // The requirements body (defines.hpp): never run.
  USYCL_INLINE void run_requirements() const {
    constexpr auto idx = std::index_sequence_for<Descs...>{};
    auto rs = make_reducers(idx);
    std::apply(
        [&](auto &...r) {
          invoke_range_with_reducers<Dims>(
              kernel, item<Dims, true>(id<Dims>(), user_range, id<Dims>()), r...);
        },
        rs);
    commit_all(rs, idx);
  }
#endif
};

// parallel_for(nd_range, reductions..., kernel): the kernel object.
template <typename K, int Dims, typename... Descs> struct reduction_nd_kernel {
  K kernel;
  std::tuple<Descs...> descs;

  template <size_t... I> USYCL_INLINE auto make_reducers(std::index_sequence<I...>) const {
    return std::tuple<reducer_of<Descs>...>(std::get<I>(descs).init()...);
  }
  template <typename Rs, size_t... I>
  USYCL_INLINE void commit_all(Rs &rs, std::index_sequence<I...>) const {
    (commit(std::get<I>(descs), std::get<I>(rs)), ...);
  }

#if USYCL_DEVICE_NVPTX
  USYCL_INLINE void run_nvptx(const kernel_dims &dims) const {
    constexpr auto idx = std::index_sequence_for<Descs...>{};
    id<Dims> gid, lid, grp, off;
    range<Dims> lr, gr;
    for (int d = 0; d < Dims; ++d) {
      const int cd = Dims - 1 - d; // SYCL's fastest dimension is CUDA's x
      lid[d] = nvptx_tid(cd);
      grp[d] = nvptx_ctaid(cd);
      lr[d] = nvptx_ntid(cd);
      off[d] = dims.offset[d];
      gr[d] = dims.global[d];
      gid[d] = grp[d] * lr[d] + lid[d] + off[d];
    }
    auto rs = make_reducers(idx);
    std::apply(
        [&](auto &...r) {
          invoke_with_reducers(kernel, nd_item<Dims>(gid, lid, grp, gr, lr, off, 32), r...);
        },
        rs);
    finish_group(rs, uint32_t(linearize(lid, lr)), uint32_t(lr.size()), idx);
  }

  template <typename Rs, size_t... I>
  USYCL_INLINE void finish_group(Rs &rs, uint32_t lid, uint32_t n,
                                 std::index_sequence<I...>) const {
    (group_commit(std::get<I>(descs), std::get<I>(rs), lid, n, group_scratch()), ...);
  }
#elif USYCL_DEVICE_SPIRV
  // The requirements body (defines.hpp): never run.
  USYCL_INLINE void run_requirements(const kernel_dims &dims) const {
    constexpr auto idx = std::index_sequence_for<Descs...>{};
    id<Dims> off;
    range<Dims> gr;
    for (int d = 0; d < Dims; ++d) {
      off[d] = dims.offset[d];
      gr[d] = dims.global[d];
    }
    auto rs = make_reducers(idx);
    std::apply(
        [&](auto &...r) {
          invoke_with_reducers(kernel, nd_item<Dims>(off, id<Dims>(), id<Dims>(), gr, gr, off, 32),
                               r...);
        },
        rs);
    commit_all(rs, idx);
  }
#endif
};

// ---- device entry points (see kernel_entry.hpp; the body only forwards:
// clang 22 miscompiles a kernel entry point whose local variable
// initialisers name its parameters, so the work happens in a callee).

template <typename Name, typename W>
[[clang::sycl_kernel_entry_point(Name)]] void reduction_range_entry(W w, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  w.run_nvptx();
#elif USYCL_DEVICE_SPIRV
  (void)dims;
  w.run_requirements();
#else
  (void)w;
  (void)dims;
#endif
}

template <typename Name, typename W>
[[clang::sycl_kernel_entry_point(Name)]] void reduction_nd_entry(W w, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  w.run_nvptx(dims);
#elif USYCL_DEVICE_SPIRV
  w.run_requirements(dims);
#else
  (void)w;
  (void)dims;
#endif
}

// ---- CPU launchers (host code)
#ifndef __SYCL_DEVICE_ONLY__

// The backend splits the launch's nominal range [0, nominal) into chunks;
// chunk [begin, end) covers the user's linear indices
// [begin * total / nominal, end * total / nominal): contiguous, disjoint and
// complete, whatever the chunking.
// Device-side assert (device_assert.hpp): the items run through
// __usycl_cpu_assert_run_* in the user's index space, so a failing
// work-item is reported with its own ids and stops alone (the partials of
// the items before it in that call are dropped: the kernel failed).
template <typename W, int Dims>
void cpu_reduction_range_items(const void *object, const kernel_dims &, uint64_t first,
                               uint64_t last) {
  const W &w = *static_cast<const W *>(object);
  const auto k = w.kernel; // local copy: captures stay in registers
  const range<Dims> r = w.user_range;
  constexpr auto idx = std::make_index_sequence<std::tuple_size_v<decltype(w.descs)>>{};
  auto rs = w.make_reducers(idx);
  std::apply(
      [&](auto &...red) {
        if constexpr (Dims == 1) {
          for (uint64_t i = first; i < last; ++i) {
            __usycl_cpu_assert_item = i;
            invoke_range_with_reducers<1>(k, item<1, true>(id<1>(i), r, id<1>()), red...);
          }
        } else {
          // Walk the ids incrementally: no division per work-item.
          id<Dims> x = delinearize<Dims>(first, r, false);
          for (uint64_t i = first; i < last; ++i) {
            __usycl_cpu_assert_item = i;
            invoke_range_with_reducers<Dims>(k, item<Dims, true>(x, r, id<Dims>()), red...);
            for (int d = Dims - 1; d >= 0; --d) {
              if (++x[d] < r[d] || d == 0)
                break;
              x[d] = 0;
            }
          }
        }
      },
      rs);
  w.commit_all(rs, idx);
}

template <typename W, int Dims>
void cpu_reduction_range_launcher(const void *object, const kernel_dims &, uint64_t begin,
                                  uint64_t end) {
  const W &w = *static_cast<const W *>(object);
  using u128 = unsigned __int128;
  const uint64_t first = uint64_t(u128(begin) * w.total / w.nominal);
  const uint64_t last = uint64_t(u128(end) * w.total / w.nominal);
  if (first >= last)
    return;
  kernel_dims user{}; // the user's range (ids of a failed assert)
  for (int d = 0; d < 3; ++d) user.global[d] = d < Dims ? w.user_range[d] : 1;
  __usycl_cpu_assert_run_range(&cpu_reduction_range_items<W, Dims>, object, user, first, last);
}

// Runs work-items [begin, end) of one work-group (the backend calls it per
// work-item fiber when the kernel uses barriers, per group otherwise).
template <typename W, int Dims>
void cpu_reduction_nd_items(const void *object, const cpu_group_ctx &g, uint64_t begin,
                            uint64_t end) {
  const W &w = *static_cast<const W *>(object);
  const cpu_group_geometry<Dims> geometry(g);
  constexpr auto idx = std::make_index_sequence<std::tuple_size_v<decltype(w.descs)>>{};
  auto rs = w.make_reducers(idx);
  std::apply(
      [&](auto &...red) {
        for (uint64_t lin = begin; lin < end; ++lin) {
          __usycl_cpu_assert_item = lin;
          invoke_with_reducers(w.kernel, geometry.item(geometry.local_id(lin)), red...);
        }
      },
      rs);
  w.commit_all(rs, idx);
}

template <typename W, int Dims>
void cpu_reduction_nd_launcher(const void *object, const cpu_group_ctx &g, uint64_t begin,
                               uint64_t end) {
  __usycl_cpu_assert_run_nd(&cpu_reduction_nd_items<W, Dims>, object, g, begin, end);
}

// Adds a work-item's finished reducer into the partial of its chunk.
template <typename T, typename Op, bool H>
USYCL_INLINE void merge_partial(reducer<T, Op, 0, H> &group, reducer<T, Op, 0, H> &mine) {
  if (reducer_access::has(mine))
    group.combine(reducer_access::value(mine));
}
template <typename R> USYCL_INLINE void merge_partial(R &, R &) {} // span: combined as it went

// The whole work-group as loops over its work-items (the host pass
// usycl-work-item-loops rewrites it, as cpu_nd_group_loops in
// detail/kernel_entry.hpp): ONE work-item. Its reducers are its own, as
// SYCL defines them (the pass keeps a copy per work-item where they live
// across a barrier: in the one-work-item code the optimiser may carry a
// reducer's value across a barrier in a register, so a reducer shared by
// the group would lose the other work-items' updates there); the last
// thing the work-item does is add them into the partial of the thread's
// chunk of groups, which the caller owns. Not inlined into the caller, so
// the pass sees that partial as this pointer; restrict (only that final
// merge touches it, after every barrier of the kernel) lets each loop keep
// the partial in registers and vectorise it.
template <typename W, int Dims, typename Rs>
[[gnu::noinline]] bool cpu_reduction_nd_group_items(const void *object, const cpu_group_ctx &g,
                                                    Rs *__restrict group_partial) {
  if (!__usycl_cpu_work_item_loops())
    return false;
  __builtin_assume(!__usycl_check_enabled); // (never called under USYCL_CHECK=1)
  const W &w = *static_cast<const W *>(object);
  constexpr auto idx = std::make_index_sequence<std::tuple_size_v<Rs>>{};
  const uint32_t width = __usycl_cpu_launch_sub_group_width(g.sub_group_width);
  const nd_item<Dims> item = cpu_group_loops_item<Dims>(g, width);
  auto mine = w.make_reducers(idx);
  std::apply(
      [&](auto &...red) {
        invoke_with_reducers(w.kernel, item, red...);
      },
      mine);
  [&]<size_t... I>(std::index_sequence<I...>) {
    (merge_partial(std::get<I>(*group_partial), std::get<I>(mine)), ...);
  }(idx);
  return true;
}

// The partial of the groups a CPU thread runs back to back (a chunk), for
// reduction kernel W: the group launcher adds each group into it, the
// runtime's chunk end (kernel_launch::cpu_nd_chunk_end) combines it into the
// variables, once per chunk: per-group atomics on one variable from every
// thread contend (2^26 floats on 16 cores: 14 GB/s with one per group).
// A thread runs one chunk at a time, and every chunk ends with the flush.
template <typename W> struct cpu_reduction_chunk_partial {
  using reducers = decltype(std::declval<const W &>().make_reducers(
      std::make_index_sequence<std::tuple_size_v<decltype(W::descs)>>{}));
  static std::optional<reducers> &get() {
    static thread_local std::optional<reducers> partial;
    return partial;
  }
};

// One work-group; false, having run nothing, where the pass could not make
// loops of the kernel (the runtime then runs cpu_reduction_nd_launcher's
// fibers, whose work-items combine their own partials).
template <typename W, int Dims> bool cpu_reduction_nd_group_loops(const void *object,
                                                                  const cpu_group_ctx &g) {
  // (A query runs no work-item: no partial to start.)
  if (g.item_end == work_item_range_query)
    return cpu_reduction_nd_group_items<W, Dims>(
        object, g, static_cast<typename cpu_reduction_chunk_partial<W>::reducers *>(nullptr));
  const W &w = *static_cast<const W *>(object);
  auto &partial = cpu_reduction_chunk_partial<W>::get();
  if (!partial)
    std::apply([&](const auto &...d) { partial.emplace(d.init()...); }, w.descs);
  return cpu_reduction_nd_group_items<W, Dims>(object, g, &*partial);
}

template <typename W> void cpu_reduction_nd_chunk_end(const void *object) {
  auto &partial = cpu_reduction_chunk_partial<W>::get();
  if (!partial)
    return;
  const W &w = *static_cast<const W *>(object);
  w.commit_all(*partial, std::make_index_sequence<std::tuple_size_v<decltype(w.descs)>>{});
  partial.reset();
}

#endif // !__SYCL_DEVICE_ONLY__

// ---------------------------------------------------------------- submission

// Reaches handler internals (handler befriends this struct).
struct handler_access {
  template <typename Name, typename K, int Dims>
  USYCL_RAISE_INLINE static void set_kernel(handler &h, const K &k, const uint64_t *global,
                                            const uint64_t *local, const uint64_t *offset) {
    h.template set_kernel<Name, K, Dims>(k, global, local, offset);
  }
  static command_group &cg(handler &h) { return h.cg_; }
  template <typename Acc> static std::shared_ptr<buffer_impl> buffer_of(const Acc &a) {
    return handler::buffer_of(a);
  }
  template <typename Acc> static buffer_region region_of(const Acc &a) {
    return handler::region_of(a);
  }
};

template <typename KernelName, typename W>
using reduction_name_t =
    std::conditional_t<std::is_same_v<KernelName, auto_name>, W, reduction_kernel_name<KernelName>>;

template <typename R> USYCL_INLINE auto as_launch_range(const R &r) {
  if constexpr (std::is_integral_v<R>)
    return range<1>(size_t(r));
  else
    return r;
}
template <typename R> inline constexpr bool is_nd_range_v = false;
template <int D> inline constexpr bool is_nd_range_v<nd_range<D>> = true;

template <typename Desc> inline constexpr bool is_span_desc_v = false;
template <typename T, typename Op, bool H>
inline constexpr bool is_span_desc_v<span_reduction_desc<T, Op, H>> = true;

#ifndef __SYCL_DEVICE_ONLY__
// initialize_to_identity: the kernel's command writes the identity on its
// queue right before the kernel (command_group::fills_before_kernel), as CUDA
// code sets its result ahead of the launch: a command of its own cost a
// submission, an event and a dependency per reduction. A buffer the handler
// does not list (none should reach here) gets a fill command instead.
template <typename Desc> void submit_identity_fill(handler &h, const Desc &d) {
  if (!d.initialize_to_identity)
    return;
  if constexpr (!Desc::has_identity) {
    throw exception(make_error_code(errc::invalid),
                    "sycl::reduction: property::reduction::initialize_to_identity needs an "
                    "identity, but the operator has no known identity and none was given");
  } else {
    using T = typename Desc::value_type;
    command_group &cg = handler_access::cg(h);
    fill_before_kernel f;
    const auto *bytes = reinterpret_cast<const unsigned char *>(&d.identity);
    f.pattern.assign(bytes, bytes + sizeof(T));
    f.count = 1;
    if constexpr (Desc::is_buffer) {
      const std::shared_ptr<buffer_impl> b = handler_access::buffer_of(d.storage);
      for (size_t r = 0; r < cg.requirements.size(); ++r)
        if (cg.requirements[r].buffer == b) f.requirement = uint32_t(r);
      f.offset_bytes = handler_access::region_of(d.storage).offset_bytes;
    } else if constexpr (is_span_desc_v<Desc>) {
      f.dst = d.storage;
      f.count = d.size;
    } else {
      f.dst = d.storage;
    }
    if (!Desc::is_buffer || f.requirement != UINT32_MAX) {
      cg.fills_before_kernel.push_back(std::move(f));
      return;
    }
    handler fill(h.queue_impl());
    handler_access::cg(fill).dependencies = handler_access::cg(h).dependencies;
    if constexpr (Desc::is_buffer)
      fill.fill(d.storage, d.identity);
    else if constexpr (is_span_desc_v<Desc>)
      fill.fill(d.storage, d.identity, d.size);
    else
      fill.fill(d.storage, d.identity, 1);
    h.depends_on(submit_command_group(h.queue_impl(), fill));
  }
}
template <typename... Descs, size_t... I>
void submit_identity_fills(handler &h, const std::tuple<Descs...> &descs,
                           std::index_sequence<I...>) {
  (submit_identity_fill(h, std::get<I>(descs)), ...);
}

// Where each USM reduction's result pointer sits in the wrapper kernel
// object `w` (the command's kernel object is a copy of it: same layout).
template <typename Desc, typename W>
void note_usm_reduction_target(command_group &cg, const W &w, const Desc &d) {
  if constexpr (!Desc::is_buffer) {
    using T = typename Desc::value_type;
    usm_reduction_target t;
    t.pointer_offset = uint32_t(reinterpret_cast<const char *>(&d.storage) -
                                reinterpret_cast<const char *>(&w));
    size_t elements = 1;
    if constexpr (is_span_desc_v<Desc>)
      elements = d.size;
    t.bytes = uint32_t(elements * sizeof(T));
    t.alignment = uint32_t(alignof(T));
    t.initialize_to_identity = d.initialize_to_identity;
    cg.usm_reduction_targets.push_back(t);
  }
}
template <typename W, size_t... I>
void note_usm_reduction_targets(handler &h, const W &w, std::index_sequence<I...>) {
  (note_usm_reduction_target(handler_access::cg(h), w, std::get<I>(w.descs)), ...);
}
#endif

// Builds and records the reduction kernel for launch range LR (a range or
// an nd_range) over the reductions Descs. The __SYCL_ANNOTATE markers and
// USYCL_RAISE_INLINE serve the MLIR host raising (docs/mlir.md: the user's
// kernel object, the user's range, and the wrapper object launched, whose
// form the wrapper's marker names); they change no code.
template <typename KernelName, typename K, typename LR, typename... Descs>
USYCL_RAISE_INLINE void set_reduction_kernel(handler &h,
                                             const K &kernel __SYCL_ANNOTATE(reduction_kernel),
                                             const LR &lr __SYCL_ANNOTATE(reduction_range),
                                             const std::tuple<Descs...> &descs) {
  constexpr int Dims = LR::dimensions;
  constexpr auto idx = std::index_sequence_for<Descs...>{};
  if constexpr (is_nd_range_v<LR>) {
    using W = reduction_nd_kernel<K, Dims, Descs...>;
    using Name = reduction_name_t<KernelName, W>;
    W w __SYCL_ANNOTATE(reduction_nd_wrapper){kernel, descs};
#ifdef __SYCL_DEVICE_ONLY__
    (void)h;
    (void)lr;
    (void)idx;
    reduction_nd_entry<Name, W>(w, kernel_dims{});
#else
    uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) {
      g[d] = lr.get_global_range()[d];
      l[d] = lr.get_local_range()[d];
      o[d] = lr.get_offset()[d];
    }
    submit_identity_fills(h, descs, idx);
    note_usm_reduction_targets(h, w, idx);
    handler_access::set_kernel<Name, W, Dims>(h, w, g, l, o);
    handler_access::cg(h).launch.cpu_nd = &cpu_reduction_nd_launcher<W, Dims>;
    handler_access::cg(h).launch.cpu_nd_group = &cpu_reduction_nd_group_loops<W, Dims>;
    handler_access::cg(h).launch.cpu_nd_chunk_end = &cpu_reduction_nd_chunk_end<W>;
#endif
  } else {
    using W = reduction_range_kernel<K, Dims, Descs...>;
    using Name = reduction_name_t<KernelName, W>;
    const uint64_t total = lr.size();
    const uint64_t nominal = total < max_reduction_threads ? total : max_reduction_threads;
    W w __SYCL_ANNOTATE(reduction_wrapper){kernel, lr, total, nominal, descs};
#ifdef __SYCL_DEVICE_ONLY__
    (void)h;
    (void)idx;
    reduction_range_entry<Name, W>(w, kernel_dims{});
#else
    // The launch is 1-D, so the runtime never sees the user's range: a
    // size that wraps (2^66 work-items) is caught here, not run as nothing.
    uint64_t exact = 1;
    for (int d = 0; d < Dims; ++d)
      if (__builtin_mul_overflow(exact, uint64_t(lr[d]), &exact))
        throw exception(make_error_code(errc::invalid),
                        "parallel_for with a reduction: the range has more work-items than fit "
                        "in 64 bits; split the work into several launches");
    // A 1-D launch of `nominal` work-items, whatever the user's Dims.
    const uint64_t g[3] = {nominal, 1, 1}, o[3] = {0, 0, 0};
    submit_identity_fills(h, descs, idx);
    note_usm_reduction_targets(h, w, idx);
    handler_access::set_kernel<Name, W, 1>(h, w, g, nullptr, o);
    handler_access::cg(h).launch.cpu_range = &cpu_reduction_range_launcher<W, Dims>;
    handler_access::cg(h).launch.grid_stride = true; // run_nvptx strides by the grid
#endif
  }
}

template <typename Tuple, size_t... I>
auto take_reductions(const Tuple &args, std::index_sequence<I...>) {
  static_assert((is_reduction_v<std::tuple_element_t<I, Tuple>> && ...),
                "parallel_for: every argument between the range and the kernel must be a "
                "sycl::reduction");
  return std::tuple<std::decay_t<std::tuple_element_t<I, Tuple>>...>(std::get<I>(args)...);
}

// The last argument of a pack (the kernel of parallel_for(range,
// reduction..., kernel)). Not std::get of the tuple: inlined when raising,
// so that the host raising follows the reference to the user's kernel
// object (an -O0 call of std::get hides it).
template <typename T> USYCL_RAISE_INLINE T &&last_arg(T &&t) { return static_cast<T &&>(t); }
template <typename T, typename... Ts>
USYCL_RAISE_INLINE decltype(auto) last_arg(T &&, Ts &&...ts) {
  return last_arg(static_cast<Ts &&>(ts)...);
}

template <typename KernelName, typename R, typename... Rest>
USYCL_RAISE_INLINE void reduction_parallel_for(handler &h, R r, Rest &&...rest) {
  static_assert(sizeof...(Rest) >= 2, "parallel_for(range, reduction..., kernel)");
  constexpr size_t NR = sizeof...(Rest) - 1;
  const auto args = std::forward_as_tuple(std::forward<Rest>(rest)...);
  using K = std::decay_t<std::tuple_element_t<NR, std::tuple<Rest...>>>;
  set_reduction_kernel<KernelName, K>(h, last_arg(std::forward<Rest>(rest)...),
                                      as_launch_range(r),
                                      take_reductions(args, std::make_index_sequence<NR>{}));
}

} // namespace detail

// ---------------------------------------------------------------- sycl::reduction

template <typename T, typename BinaryOperation>
auto reduction(T *var, BinaryOperation combiner, const property_list &props = {}) {
  constexpr bool known = has_known_identity_v<BinaryOperation, T>;
  T identity{};
  if constexpr (known)
    identity = known_identity_v<BinaryOperation, T>;
  return detail::reduction_desc<T, BinaryOperation, known, false>{
      var, identity, combiner, props.has_property<property::reduction::initialize_to_identity>()};
}

template <typename T, typename BinaryOperation>
auto reduction(T *var, const detail::type_identity_t<T> &identity, BinaryOperation combiner,
               const property_list &props = {}) {
  return detail::reduction_desc<T, BinaryOperation, true, false>{
      var, identity, combiner, props.has_property<property::reduction::initialize_to_identity>()};
}

// Buffer reductions reduce into element 0 of `vars`, through a read_write
// accessor that makes the scheduler order the kernel after earlier users.
template <typename T, typename AllocatorT, typename BinaryOperation>
auto reduction(buffer<T, 1, AllocatorT> vars, handler &cgh, BinaryOperation combiner,
               const property_list &props = {}) {
  constexpr bool known = has_known_identity_v<BinaryOperation, T>;
  T identity{};
  if constexpr (known)
    identity = known_identity_v<BinaryOperation, T>;
  return detail::reduction_desc<T, BinaryOperation, known, true>{
      accessor<T, 1, access_mode::read_write, target::device>(vars, cgh), identity, combiner,
      props.has_property<property::reduction::initialize_to_identity>()};
}

template <typename T, typename AllocatorT, typename BinaryOperation>
auto reduction(buffer<T, 1, AllocatorT> vars, handler &cgh,
               const detail::type_identity_t<T> &identity, BinaryOperation combiner,
               const property_list &props = {}) {
  return detail::reduction_desc<T, BinaryOperation, true, true>{
      accessor<T, 1, access_mode::read_write, target::device>(vars, cgh), identity, combiner,
      props.has_property<property::reduction::initialize_to_identity>()};
}

// Span reductions reduce each element of `vars` independently
// (reducer<T, Op, 1>, indexed by the kernel).
template <typename T, size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> vars, BinaryOperation combiner, const property_list &props = {}) {
  constexpr bool known = has_known_identity_v<BinaryOperation, T>;
  T identity{};
  if constexpr (known)
    identity = known_identity_v<BinaryOperation, T>;
  return detail::span_reduction_desc<T, BinaryOperation, known>{
      vars.data(), vars.size(), identity, combiner,
      props.has_property<property::reduction::initialize_to_identity>()};
}

template <typename T, size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> vars, const detail::type_identity_t<T> &identity,
               BinaryOperation combiner, const property_list &props = {}) {
  return detail::span_reduction_desc<T, BinaryOperation, true>{
      vars.data(), vars.size(), identity, combiner,
      props.has_property<property::reduction::initialize_to_identity>()};
}

} // namespace _V1
} // namespace sycl
