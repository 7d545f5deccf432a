// SYCL 2020 group functions and algorithms (§4.17.3, §4.17.4) for
// sycl::group<D> (work-groups) and sycl::sub_group.
//
// Sub-group algorithms are written once, for any sub-group size, over one
// lane-exchange primitive (detail/sub_group_shuffle.hpp): shfl.sync on NVPTX,
// where a sub-group is a warp (plus redux.sync for 32-bit integers on sm_80+
// and vote for predicates); on the CPU, whose sub-groups have one work-item
// today, the exchange is the identity and the loops over lanes run zero times.
//
// NVPTX work-group steps reduce within each warp, pass one value per warp
// through the group scratch (detail/group_scratch.hpp) and finish in warp 0:
// two barriers per algorithm, none for a single-warp group. In a kernel's
// whole-warp entry point (compiler/passes/whole_warps.hpp) the masks are
// constants and a reduction has one barrier: every warp folds the totals.
//
// CPU work-group algorithms run between two work_group_barrier()s: every
// work-item stores its value into a per-thread buffer at its local id,
// work-item 0 folds or scans the buffer in one vectorised pass, every
// work-item reads the result (see "CPU work-groups" below).
//
// All functions must be reached by every work-item of the group in
// converged control flow, with the same arguments where SYCL requires it.
#pragma once

#include <sycl/detail/cpu_sub_group.hpp>
#include <sycl/detail/group_scratch.hpp>
#include <sycl/detail/sub_group_shuffle.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/functional.hpp>
#include <sycl/group.hpp>
#include <sycl/sub_group.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename T> struct is_group : std::bool_constant<detail::is_non_uniform_group_v<T>> {};
template <int Dims> struct is_group<group<Dims>> : std::true_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <typename T> inline constexpr bool is_group_v = is_group<T>::value;

namespace detail {

template <typename G>
inline constexpr bool is_sub_group_v = std::is_same_v<std::decay_t<G>, sub_group>;

// Applies op and converts back: logical_and/or return bool, transparent
// operators may promote (short + short is int).
template <typename T, typename Op> USYCL_INLINE T op_apply(const Op &op, const T &a, const T &b) {
  return static_cast<T>(op(a, b));
}

// A value that may be absent, for operators without a known identity:
// work-items that hold no element contribute "nothing".
template <typename T> struct optional_value {
  T value;
  bool has;
};
template <typename Op> struct optional_op {
  Op op;
  template <typename T>
  USYCL_INLINE optional_value<T> operator()(const optional_value<T> &a,
                                            const optional_value<T> &b) const {
    if (!a.has)
      return b;
    if (!b.has)
      return a;
    return optional_value<T>{op_apply(op, a.value, b.value), true};
  }
};

// Results of one group scan: the inclusive value, the exclusive value
// (absent for the first work-item) and the group's total. A scan computes
// the parts it is asked for (the others hold the inclusive value): on NVPTX
// each is a shuffle, which nothing deletes once emitted (it is convergent).
enum scan_parts : unsigned { scan_incl = 1, scan_excl = 2, scan_total = 4, scan_all = 7 };
template <typename T> struct scan_result {
  T incl;
  T excl;
  bool has_excl;
  T total;
};

// ============================== sub-groups (any size) ==============================
// Written over lane_shuffle (detail/sub_group_shuffle.hpp), so they hold for
// every sub-group size; NVPTX adds redux.sync where it applies. `lane`: the
// caller's sub-group local id, `n`: the lanes taking part, `mask`: them as a
// warp lane mask.

// The largest shuffle distance a sub-group of `max_size` lanes can need.
inline constexpr uint32_t widest_lane_step = sub_group::max_size / 2;

// redux.sync (sm_80+) reduces a 32-bit integer over a warp in one
// instruction.
template <typename T, typename Op> USYCL_INLINE constexpr bool use_redux() {
#if USYCL_DEVICE_NVPTX && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) == 4 &&
         (is_op_v<plus, Op, T> || is_op_v<minimum, Op, T> || is_op_v<maximum, Op, T> ||
          is_op_v<bit_and, Op, T> || is_op_v<bit_or, Op, T> || is_op_v<bit_xor, Op, T>);
#else
  return false;
#endif
}

template <typename T, typename Op> USYCL_INLINE T redux(uint32_t mask, T x) {
#if USYCL_DEVICE_NVPTX && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const int v = static_cast<int>(x);
  constexpr bool sgn = std::is_signed_v<T>;
  if constexpr (is_op_v<plus, Op, T>)
    return static_cast<T>(__nvvm_redux_sync_add(v, mask));
  else if constexpr (is_op_v<minimum, Op, T>)
    return sgn ? static_cast<T>(__nvvm_redux_sync_min(v, mask))
               : static_cast<T>(__nvvm_redux_sync_umin(static_cast<unsigned>(x), mask));
  else if constexpr (is_op_v<maximum, Op, T>)
    return sgn ? static_cast<T>(__nvvm_redux_sync_max(v, mask))
               : static_cast<T>(__nvvm_redux_sync_umax(static_cast<unsigned>(x), mask));
  else if constexpr (is_op_v<bit_and, Op, T>)
    return static_cast<T>(__nvvm_redux_sync_and(v, mask));
  else if constexpr (is_op_v<bit_or, Op, T>)
    return static_cast<T>(__nvvm_redux_sync_or(v, mask));
  else
    return static_cast<T>(__nvvm_redux_sync_xor(v, mask));
#else
  (void)mask;
  return x;
#endif
}

// Reduction over the first n lanes; the result is valid in lane 0 (in every
// lane when redux.sync does it). Lanes in `mask` past n (warp 0 folding
// fewer than 32 warp totals) hold junk: redux.sync, which reduces every lane
// of the mask, gets the identity from them instead.
template <typename T, typename Op>
USYCL_INLINE T sg_reduce_lane0(T x, const Op &op, uint32_t lane, uint32_t n, uint32_t mask) {
  if constexpr (use_redux<T, Op>()) {
    if (lane >= n)
      x = known_identity_v<Op, T>;
    return redux<T, Op>(mask, x);
  } else {
    if (n == sub_group::max_size) {
      // A whole sub-group: the lanes whose source is past the end combine
      // junk, which never reaches lane 0 (CUDA's unguarded __shfl_down_sync
      // tree).
      for (uint32_t off = widest_lane_step; off > 0; off >>= 1)
        x = op_apply(op, x, lane_shuffle<shfl_kind::down>(mask, n, x, off));
      return x;
    }
    for (uint32_t off = widest_lane_step; off > 0; off >>= 1) {
      if (off < n) { // uniform within the sub-group
        T y = lane_shuffle<shfl_kind::down>(mask, n, x, off);
        if (lane + off < n)
          x = op_apply(op, x, y);
      }
    }
    return x;
  }
}

// Reduction over the first n lanes with the result in every lane: a
// butterfly for full sub-groups (every lane computes the same operations, so
// floating-point results agree bit for bit), else a tree and a broadcast.
template <typename T, typename Op>
USYCL_INLINE T sg_allreduce(T x, const Op &op, uint32_t lane, uint32_t n, uint32_t mask) {
  if constexpr (use_redux<T, Op>()) {
    return redux<T, Op>(mask, x);
  } else {
    if (n == sub_group::max_size) {
      for (uint32_t off = widest_lane_step; off > 0; off >>= 1)
        x = op_apply(op, x, lane_shuffle<shfl_kind::bfly>(mask, n, x, off));
      return x;
    }
    x = sg_reduce_lane0(x, op, lane, n, mask);
    return lane_shuffle<shfl_kind::idx>(mask, n, x, 0);
  }
}

// Inclusive scan over the first n lanes (Kogge-Stone).
template <typename T, typename Op>
USYCL_INLINE T sg_inclusive_scan_lanes(T x, const Op &op, uint32_t lane, uint32_t n,
                                       uint32_t mask) {
  for (uint32_t off = 1; off < n; off <<= 1) {
    T y = lane_shuffle<shfl_kind::up>(mask, n, x, off);
    if (lane >= off)
      x = op_apply(op, y, x);
  }
  return x;
}
template <typename T, typename Op>
USYCL_INLINE T sg_inclusive_scan(T x, const Op &op, uint32_t lane, uint32_t n, uint32_t mask) {
#if USYCL_DEVICE_NVPTX
  // A whole warp: five steps, unrolled, with constant operands.
  if (n == sub_group::max_size)
    return sg_inclusive_scan_lanes(x, op, lane, sub_group::max_size, 0xffffffffu);
#endif
  return sg_inclusive_scan_lanes(x, op, lane, n, mask);
}

// ============================== NVPTX work-groups ==============================
#if USYCL_DEVICE_NVPTX

// Where a work-item sits in its work-group's warps. In a kernel's whole-warp
// entry point (compiler/passes/whole_warps.hpp) every warp has 32 lanes and
// the masks are constants.
struct warp_pos {
  uint32_t lane, warp, nwarps, width, mask; // width: lanes in this warp
  bool whole;                               // every warp of the group has 32 lanes
  USYCL_INLINE warp_pos(uint32_t lid, uint32_t n)
      : lane(lid & 31u), warp(lid >> 5), nwarps((n + 31u) >> 5),
        width(__usycl_nvptx_whole_warps() || warp + 1 != nwarps ? 32u : n - 32u * warp),
        mask(lanes_mask(width)), whole(__usycl_nvptx_whole_warps()) {}
};

// Work-groups of up to this many warps (256 work-items, the most common
// size) fold and scan their warp totals in three shuffle steps, as CUDA code
// written for 8 warps does, instead of five.
inline constexpr uint32_t few_warps = 8;

// Steps From, 2 From, ... below To of an inclusive scan of a whole warp's
// values (From = 1, To = 32: all of it; lanes take what is From or more
// lanes below them).
template <uint32_t From, uint32_t To, typename T, typename Op>
USYCL_INLINE T warp_scan_steps(T t, const Op &op, uint32_t lane) {
  for (uint32_t off = From; off < To; off <<= 1) {
    const T y = lane_shuffle<shfl_kind::up>(0xffffffffu, 32, t, off);
    if (lane >= off)
      t = op_apply(op, y, t);
  }
  return t;
}

// The fold of the warp totals (nwarps of them at `totals`), in every lane of
// a whole warp. With a known identity, the lanes past nwarps take it and a
// full butterfly runs without a branch, as CUDA's `warp_sum(lane < warps ?
// totals[lane] : 0)` does (every lane computes the same operations, so
// floating-point results agree bit for bit); else a butterfly over copies of
// the totals when nwarps is a power of two, or a tree and a broadcast.
template <typename T, typename Op>
USYCL_INLINE T fold_warp_totals(T t, const Op &op, uint32_t lane, uint32_t nwarps,
                                const char *totals) {
  constexpr uint32_t all = 0xffffffffu;
  if constexpr (use_redux<T, Op>()) {
    return redux<T, Op>(all, lane < nwarps ? scratch_load(totals + lane * sizeof(T), t)
                                           : known_identity_v<Op, T>);
  } else if constexpr (has_known_identity_v<Op, T>) {
    // Up to 8 warps (groups of up to 256): each 8-lane slice of the warp
    // holds all the totals, and three butterfly steps leave the result in
    // every lane; more warps: a total per lane and two more steps. The
    // slot is a select, not a branch, so the load's address is computed
    // before the barrier: behind a branch its computation (an S2R among
    // it) waited for the barrier, 7% of a work-group reduction on the H200
    // (measured in CUDA: 1373 vs 1282 GB/s).
    const uint32_t slot = nwarps <= few_warps ? lane % few_warps : lane;
    t = slot < nwarps ? scratch_load(totals + slot * sizeof(T), t) : known_identity_v<Op, T>;
    for (uint32_t off = few_warps / 2; off > 0; off >>= 1)
      t = op_apply(op, t, lane_shuffle<shfl_kind::bfly>(all, 32, t, off));
    if (nwarps > few_warps)
      for (uint32_t off = widest_lane_step; off >= few_warps; off >>= 1)
        t = op_apply(op, t, lane_shuffle<shfl_kind::bfly>(all, 32, t, off));
    return t;
  } else {
    if ((nwarps & (nwarps - 1)) == 0) {
      t = scratch_load(totals + (lane & (nwarps - 1)) * sizeof(T), t);
      for (uint32_t off = widest_lane_step; off > 0; off >>= 1)
        if (off < nwarps)
          t = op_apply(op, t, lane_shuffle<shfl_kind::bfly>(all, 32, t, off));
      return t;
    }
    t = scratch_load(totals + (lane < nwarps ? lane : 0) * sizeof(T), t);
    t = sg_reduce_lane0(t, op, lane, nwarps, all);
    return lane_shuffle<shfl_kind::idx>(all, 32, t, 0);
  }
}

// Values per scratch region: one per warp on the fast path.
template <typename T>
inline constexpr uint32_t region_slots = uint32_t(scratch_region_bytes / sizeof(T));
template <typename T> inline constexpr bool fast_path_v = region_slots<T> >= 32;

// ToAll = false: only work-item 0 needs the result (sycl::reduction's
// commit), which warp 0 computes while the other warps go on.
template <bool ToAll = true, typename T, typename Op>
USYCL_INLINE T wg_reduce_nvptx(uint32_t lid, uint32_t n, T x, const Op &op,
                               char *scratch = group_scratch()) {
  static_assert(2 * sizeof(T) <= scratch_region_bytes,
                "work-group algorithms support types of up to 128 bytes");
  const warp_pos p(lid, n);
  T v;
  if constexpr (use_redux<T, Op>()) {
    // One redux.sync ahead of the branch, whose result serves both a
    // single warp and the warp totals: with two of them, one on each side
    // (the same operation on the same value), ptxas (CUDA 13.0, sm_90)
    // merged them into one REDUX under the wrong predicate, so a group of
    // one whole warp got garbage (e2e group_algorithms, joint_reduce over
    // 32 work-items, on the H200).
    v = redux<T, Op>(p.mask, x);
    if (!p.whole && p.nwarps == 1)
      return v;
  } else {
    if (!p.whole && p.nwarps == 1)
      return sg_allreduce(x, op, p.lane, p.width, p.mask);
    v = sg_reduce_lane0(x, op, p.lane, p.width, p.mask);
  }
  // A group of one whole warp takes the path of the others (a barrier more
  // for it): the early return was a branch ahead of the barrier, whose code
  // after it then waited for the barrier (the same 7%, measured in CUDA:
  // 1278 vs 1373 GB/s for groups of 256). A partial warp cannot: its
  // lanes are too few for the full-mask shuffles below.
  char *A = scratch, *B = scratch + scratch_region_bytes;
  if constexpr (fast_path_v<T>) {
    if (p.lane == 0)
      scratch_store(A + p.warp * sizeof(T), v);
    work_group_barrier();
    if constexpr (!ToAll) {
      if (p.warp == 0) {
        v = scratch_load(A + (p.lane < p.nwarps ? p.lane : 0) * sizeof(T), v);
        v = sg_reduce_lane0(v, op, p.lane, p.nwarps, 0xffffffffu);
      }
      __usycl_nvptx_scratch_release();
      return v;
    }
    // Whole warps: every warp folds the totals itself, one barrier (the
    // scratch release keeps the next algorithm from overwriting region A
    // while a slower warp reads it, and usually goes: nothing follows).
    if (p.whole) {
      v = fold_warp_totals(v, op, p.lane, p.nwarps, A);
      __usycl_nvptx_scratch_release();
      return v;
    }
    // A partial last warp may lack the lanes to read every total: warp 0
    // folds them and hands the result over through region B.
    if (p.warp == 0) {
      T t = scratch_load(A + (p.lane < p.nwarps ? p.lane : 0) * sizeof(T), v);
      t = sg_reduce_lane0(t, op, p.lane, p.nwarps, 0xffffffffu);
      if (p.lane == 0)
        scratch_store(B, t);
    }
    work_group_barrier();
    return scratch_load(B, v);
  } else {
    // Large T: warp totals pass through region A a chunk at a time; work-item
    // 0 folds each chunk into the running total in region B.
    constexpr uint32_t K = region_slots<T>;
    const uint32_t rounds = (p.nwarps + K - 1) / K;
    for (uint32_t r = 0; r < rounds; ++r) {
      if (p.lane == 0 && p.warp / K == r)
        scratch_store(A + (p.warp - r * K) * sizeof(T), v);
      work_group_barrier();
      if (lid == 0) {
        const uint32_t cnt = p.nwarps - r * K < K ? p.nwarps - r * K : K;
        T acc = scratch_load(A, v);
        if (r > 0)
          acc = op_apply(op, scratch_load(B, v), acc);
        for (uint32_t j = 1; j < cnt; ++j)
          acc = op_apply(op, acc, scratch_load(A + j * sizeof(T), v));
        scratch_store(B, acc);
      }
      work_group_barrier();
    }
    return scratch_load(B, v);
  }
}

template <unsigned Parts, typename T, typename Op>
USYCL_INLINE scan_result<T> wg_scan_nvptx(uint32_t lid, uint32_t n, T x, const Op &op,
                                          char *scratch = group_scratch()) {
  static_assert(2 * sizeof(T) <= scratch_region_bytes,
                "work-group algorithms support types of up to 128 bytes");
  const warp_pos p(lid, n);
  T v = sg_inclusive_scan(x, op, p.lane, p.width, p.mask);
  T before = v; // the lane below's inclusive value (lane > 0)
  if constexpr ((Parts & scan_excl) != 0)
    before = lane_shuffle<shfl_kind::up>(p.mask, p.width, v, 1);
  // A single whole warp takes the general path, as in wg_reduce_nvptx
  // (measured in CUDA: the early return cost 2.5% of a group-of-256 scan).
  if (!p.whole && p.nwarps == 1) {
    T total = v;
    if constexpr ((Parts & scan_total) != 0)
      total = lane_shuffle<shfl_kind::idx>(p.mask, p.width, v, p.width - 1);
    return {v, before, p.lane > 0, total};
  }
  char *A = scratch, *B = scratch + scratch_region_bytes;
  bool has_prefix = false;
  T prefix = v;
  T total = v;
  if constexpr (fast_path_v<T>) {
    if (p.lane == p.width - 1) // the warp's total
      scratch_store(A + p.warp * sizeof(T), v);
    work_group_barrier();
    if (p.warp == 0) {
      // Lanes past nwarps scan stale data; they only feed higher lanes. The
      // steps themselves are unconditional: skipping those past nwarps put
      // each shuffle behind a branch ptxas cannot prove uniform (a
      // divergence check and a WARPSYNC per step; H200: 1990-1997 GB/s vs
      // 2032-2040 with five steps). Up to 8 warps, three steps, as CUDA
      // code written for 8 warps takes; two more after them otherwise.
      T t = scratch_load(A + p.lane * sizeof(T), v);
      t = warp_scan_steps<1, few_warps>(t, op, p.lane);
      if (p.nwarps > few_warps)
        t = warp_scan_steps<few_warps, 32>(t, op, p.lane);
      if (p.lane < p.nwarps)
        scratch_store(B + p.lane * sizeof(T), t);
    }
    work_group_barrier();
    if (p.warp > 0) {
      prefix = scratch_load(B + (p.warp - 1) * sizeof(T), v);
      has_prefix = true;
    }
    total = scratch_load(B + (p.nwarps - 1) * sizeof(T), v);
  } else {
    // Large T: chunks of K warp totals through region A; the running prefix
    // of earlier chunks alternates between two slots of region B so the last
    // warp of a chunk can publish the next one while others still read.
    const T wtotal = lane_shuffle<shfl_kind::idx>(p.mask, p.width, v, p.width - 1);
    constexpr uint32_t K = region_slots<T>;
    const uint32_t rounds = (p.nwarps + K - 1) / K;
    for (uint32_t r = 0; r < rounds; ++r) {
      if (p.lane == 0 && p.warp / K == r)
        scratch_store(A + (p.warp - r * K) * sizeof(T), wtotal);
      work_group_barrier();
      if (p.warp / K == r) {
        if (r > 0) {
          prefix = scratch_load(B + (r % 2) * sizeof(T), v);
          has_prefix = true;
        }
        for (uint32_t j = 0; j < p.warp - r * K; ++j) {
          T t = scratch_load(A + j * sizeof(T), v);
          prefix = has_prefix ? op_apply(op, prefix, t) : t;
          has_prefix = true;
        }
        const uint32_t last = (r + 1) * K < p.nwarps ? (r + 1) * K - 1 : p.nwarps - 1;
        if (p.warp == last && p.lane == 0)
          scratch_store(B + ((r + 1) % 2) * sizeof(T),
                        has_prefix ? op_apply(op, prefix, wtotal) : wtotal);
      }
      work_group_barrier();
    }
    total = scratch_load(B + (rounds % 2) * sizeof(T), v);
  }
  if (has_prefix) {
    before = p.lane > 0 ? op_apply(op, prefix, before) : prefix;
    v = op_apply(op, prefix, v);
  }
  return {v, before, lid > 0, total};
}

template <typename T>
USYCL_INLINE T wg_broadcast_nvptx(uint32_t lid, uint32_t n, T x, uint32_t src,
                                  char *scratch = group_scratch()) {
  const warp_pos p(lid, n);
  if (p.nwarps == 1)
    return lane_shuffle<shfl_kind::idx>(p.mask, p.width, x, src);
  static_assert(sizeof(T) <= scratch_region_bytes,
                "group_broadcast supports types of up to 256 bytes");
  char *B = scratch + scratch_region_bytes;
  work_group_barrier(); // region B is written before the first barrier here
  if (lid == src)
    scratch_store(B, x);
  work_group_barrier();
  return scratch_load(B, x);
}

#endif // USYCL_DEVICE_NVPTX

// ============================== CPU sub-groups ==============================
#if !USYCL_DEVICE_NVPTX && !defined(__SYCL_DEVICE_ONLY__)
// Over the exchange of detail/cpu_sub_group.hpp: one sub-group barrier per
// collective, whose step folds (or scans) the lanes' values once for the
// sub-group, in lane order (every lane gets the same bits). The steps build
// the operation from its type, so they take the function objects of SYCL
// (and captureless lambdas); an operation with state, or a value of more than
// 64 bytes, is folded by every lane from a copy of all the values instead.
template <typename T, typename Op>
inline constexpr bool cpu_sg_step_op_v = std::is_empty_v<Op> &&
                                         std::is_default_constructible_v<Op> &&
                                         sizeof(T) <= cpu_sg_slot_bytes;

// A whole sub-group of N lanes (N a power of two) folds as a balanced tree,
// unrolled: a dependent chain of log2(N) operations instead of N - 1, which
// the SLP vectoriser packs. (SYCL's reductions are generalized sums: any
// order and grouping is allowed; this one keeps the lanes' order anyway.)
template <uint32_t N, typename T, typename Op>
USYCL_INLINE T cpu_sg_tree(const char *values, const Op &op) {
  if constexpr (N == 1)
    return cpu_sg_load<T>(values);
  else
    return op_apply(op, cpu_sg_tree<N / 2, T>(values, op),
                    cpu_sg_tree<N / 2, T>(values + size_t(N / 2) * sizeof(T), op));
}

// SYCL's function objects on arithmetic scalars (the operations group
// algorithms are specified for): a whole sub-group folds and scans as
// operations on vectors of its values, one element per lane.
template <typename Op, template <typename> class Fn, typename T>
inline constexpr bool cpu_sg_is_op_v = std::is_same_v<Op, Fn<T>> || std::is_same_v<Op, Fn<void>>;
template <typename T, typename Op>
inline constexpr bool cpu_sg_vector_op_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
    (cpu_sg_is_op_v<Op, plus, T> || cpu_sg_is_op_v<Op, multiplies, T> ||
     cpu_sg_is_op_v<Op, minimum, T> || cpu_sg_is_op_v<Op, maximum, T> ||
     (std::is_integral_v<T> && (cpu_sg_is_op_v<Op, bit_and, T> || cpu_sg_is_op_v<Op, bit_or, T> ||
                                cpu_sg_is_op_v<Op, bit_xor, T>)));

template <typename T, uint32_t N> using cpu_sg_vec = T __attribute__((ext_vector_type(N)));

// Op element-wise (no promotion: char and short wrap as Op's cast does).
template <typename Op, typename T, typename V> USYCL_INLINE V cpu_sg_vector_apply(V a, V b) {
  if constexpr (cpu_sg_is_op_v<Op, plus, T>)
    return a + b;
  else if constexpr (cpu_sg_is_op_v<Op, multiplies, T>)
    return a * b;
  else if constexpr (cpu_sg_is_op_v<Op, minimum, T>)
    return a < b ? a : b;
  else if constexpr (cpu_sg_is_op_v<Op, maximum, T>)
    return a > b ? a : b;
  else if constexpr (cpu_sg_is_op_v<Op, bit_and, T>)
    return a & b;
  else if constexpr (cpu_sg_is_op_v<Op, bit_or, T>)
    return a | b;
  else
    return a ^ b;
}

template <uint32_t N, typename T> USYCL_INLINE cpu_sg_vec<T, N> cpu_sg_vector_load(const char *p) {
  cpu_sg_vec<T, N> v;
  __builtin_memcpy(&v, p, sizeof(T) * N);
  return v;
}

// Halves combined until one value remains: log2(N) vector operations.
template <uint32_t N, typename T, typename Op> USYCL_INLINE T cpu_sg_vector_fold(cpu_sg_vec<T, N> v) {
  if constexpr (N == 2) {
    const T first = v.x, second = v.y; // (Op<void> binds references)
    return static_cast<T>(Op{}(first, second));
  } else {
    return cpu_sg_vector_fold<N / 2, T, Op>(cpu_sg_vector_apply<Op, T>(v.lo, v.hi));
  }
}

// Inclusive scan (Hillis and Steele) in registers: at step K every lane
// i >= K combines lane i - K's partial with its own, earlier operand first.
template <uint32_t K, typename V, size_t... I>
USYCL_INLINE V cpu_sg_lanes_up(V v, std::index_sequence<I...>) {
  return __builtin_shufflevector(v, v, (I < K ? int(I) : int(I - K))...);
}
template <uint32_t K, uint32_t N, typename V, size_t... I>
USYCL_INLINE V cpu_sg_lanes_from_k(V below, V from, std::index_sequence<I...>) {
  return __builtin_shufflevector(below, from, (I < K ? int(I) : int(N + I))...);
}
template <uint32_t N, typename T, typename Op, uint32_t K = 1>
USYCL_INLINE cpu_sg_vec<T, N> cpu_sg_vector_scan(cpu_sg_vec<T, N> v) {
  if constexpr (K >= N) {
    return v;
  } else {
    constexpr auto lanes = std::make_index_sequence<N>{};
    const cpu_sg_vec<T, N> combined = cpu_sg_vector_apply<Op, T>(cpu_sg_lanes_up<K>(v, lanes), v);
    return cpu_sg_vector_scan<N, T, Op, 2 * K>(cpu_sg_lanes_from_k<K, N>(v, combined, lanes));
  }
}

// (Inline all the way: the work-item-loop pass inlines the step into the
// loops, and nothing inlines after it.)
template <typename T, typename Op>
USYCL_INLINE T cpu_sg_fold(const char *values, uint32_t n, const Op &op) {
  if constexpr (cpu_sg_vector_op_v<T, Op>) {
    switch (n) { // the CPU's widths
    case 4: return cpu_sg_vector_fold<4, T, Op>(cpu_sg_vector_load<4, T>(values));
    case 8: return cpu_sg_vector_fold<8, T, Op>(cpu_sg_vector_load<8, T>(values));
    case 16: return cpu_sg_vector_fold<16, T, Op>(cpu_sg_vector_load<16, T>(values));
    case 32: return cpu_sg_vector_fold<32, T, Op>(cpu_sg_vector_load<32, T>(values));
    case 64: return cpu_sg_vector_fold<64, T, Op>(cpu_sg_vector_load<64, T>(values));
    default: break;
    }
  } else {
    switch (n) {
    case 4: return cpu_sg_tree<4, T>(values, op);
    case 8: return cpu_sg_tree<8, T>(values, op);
    case 16: return cpu_sg_tree<16, T>(values, op);
    case 32: return cpu_sg_tree<32, T>(values, op);
    case 64: return cpu_sg_tree<64, T>(values, op);
    default: break;
    }
  }
  // A partial sub-group folds in a loop.
  T acc = cpu_sg_load<T>(values);
  for (uint32_t i = 1; i < n; ++i)
    acc = op_apply(op, acc, cpu_sg_load<T>(values + size_t(i) * sizeof(T)));
  return acc;
}

template <typename T, typename Op> void cpu_sg_reduce_step(void *block, uint32_t n) {
  cpu_sg_store(static_cast<char *>(block) + size_t(n) * cpu_sg_slot_bytes,
               cpu_sg_fold<T>(static_cast<const char *>(block), n, Op{}));
}

template <uint32_t N, typename T, typename Op>
USYCL_INLINE void cpu_sg_vector_scan_step(const char *in, char *out) {
  const cpu_sg_vec<T, N> prefix = cpu_sg_vector_scan<N, T, Op>(cpu_sg_vector_load<N, T>(in));
  __builtin_memcpy(out, &prefix, sizeof(T) * N);
}

template <typename T, typename Op> void cpu_sg_scan_step(void *block, uint32_t n) {
  char *b = static_cast<char *>(block);
  char *out = b + size_t(n) * cpu_sg_slot_bytes;
  if constexpr (cpu_sg_vector_op_v<T, Op>) {
    switch (n) {
    case 4: return cpu_sg_vector_scan_step<4, T, Op>(b, out);
    case 8: return cpu_sg_vector_scan_step<8, T, Op>(b, out);
    case 16: return cpu_sg_vector_scan_step<16, T, Op>(b, out);
    case 32: return cpu_sg_vector_scan_step<32, T, Op>(b, out);
    case 64: return cpu_sg_vector_scan_step<64, T, Op>(b, out);
    default: break;
    }
  }
  const Op op{};
  T acc = cpu_sg_load<T>(b);
  cpu_sg_store(out, acc);
  for (uint32_t i = 1; i < n; ++i) {
    acc = op_apply(op, acc, cpu_sg_load<T>(b + size_t(i) * sizeof(T)));
    cpu_sg_store(out + size_t(i) * sizeof(T), acc);
  }
}

template <typename T, typename Op>
USYCL_INLINE T cpu_sg_reduce(const sub_group &sg, T x, const Op &op) {
  const cpu_sg_view v(sg);
  if constexpr (cpu_sg_step_op_v<T, Op>) {
    cpu_sg_exchange(v, x, &cpu_sg_reduce_step<T, Op>);
    return cpu_sg_load<T>(v.results());
  } else if constexpr (sizeof(T) <= cpu_sg_slot_bytes) {
    cpu_sg_exchange(v, x, &cpu_sg_copy_step<sizeof(T)>);
    T acc = cpu_sg_load<T>(v.results());
    for (uint32_t i = 1; i < v.n; ++i)
      acc = op_apply(op, acc, cpu_sg_load<T>(v.results() + size_t(i) * sizeof(T)));
    return acc;
  } else {
    T acc = cpu_sg_read_lane(v, x, 0, true);
    for (uint32_t i = 1; i < v.n; ++i)
      acc = op_apply(op, acc, cpu_sg_read_lane(v, x, i, true));
    return acc;
  }
}

template <typename T, typename Op>
USYCL_INLINE scan_result<T> cpu_sg_scan(const sub_group &sg, T x, const Op &op) {
  const cpu_sg_view v(sg);
  if constexpr (cpu_sg_step_op_v<T, Op>) {
    cpu_sg_exchange(v, x, &cpu_sg_scan_step<T, Op>);
    const char *out = v.results();
    return {cpu_sg_load<T>(out + size_t(v.lane) * sizeof(T)),
            v.lane > 0 ? cpu_sg_load<T>(out + size_t(v.lane - 1) * sizeof(T)) : x, v.lane > 0,
            cpu_sg_load<T>(out + size_t(v.n - 1) * sizeof(T))};
  } else {
    T incl = x, before = x, total = x;
    for (uint32_t i = 0; i < v.n; ++i) {
      T y = cpu_sg_read_lane(v, x, i, true);
      total = i == 0 ? y : op_apply(op, total, y);
      if (i + 1 == v.lane)
        before = total;
      if (i == v.lane)
        incl = total;
    }
    return {incl, before, v.lane > 0, total};
  }
}
#endif

// ============================== CPU work-groups ==============================
#if !USYCL_DEVICE_NVPTX
// A CPU work-group runs on one thread (as the work-item loops of
// usycl-work-item-loops, or as fibers), so its work-items exchange values
// through a per-thread buffer: every work-item stores its value at its local
// linear id, one barrier, work-item 0 folds (or scans) the values in one pass
// -- a loop over contiguous memory that vectorises for SYCL's function
// objects on arithmetic types -- and leaves the result in the group scratch
// (the scan's in the buffer), one barrier, every work-item reads it. In the
// work-item loops that is a store loop, a region of one work-item (the pass
// runs a region that begins `if (lid == 0)` for work-item 0 alone) and a read
// loop: nothing is kept per work-item across the barriers.
//
// The buffer follows the two-region discipline of detail/group_scratch.hpp:
// the values half is written only before an algorithm's first barrier and
// read only before its last; the results half (and the scratch's region B)
// is written only between its first and last barrier and read only after its
// last. So consecutive algorithms need no barrier between them.
//
// 32 KiB of values: 4096 work-items (the CPU device's max_work_group_size,
// runtime/backends/cpu/cpu_backend.cpp) of up to 8 bytes at once. Larger
// values in groups that do not fit pass in rounds of as many work-items as
// fit, two barriers each.
inline constexpr size_t cpu_wg_values_bytes = 32768;
inline constexpr size_t cpu_wg_max_items = 4096;
// Results: one slot ahead of the values' (the carry of a round) for values
// of up to 256 bytes.
inline constexpr size_t cpu_wg_results_bytes = cpu_wg_values_bytes + 256;

// Region B of the group scratch, where a reduction's or broadcast's result
// passes. Asked for where it is used: a pointer loaded before a barrier and
// used after it would be kept per work-item by the work-item loops.
USYCL_INLINE char *cpu_wg_result() { return group_scratch() + scratch_region_bytes; }

#if !defined(__SYCL_DEVICE_ONLY__)
// (__thread: no TLS wrapper call; zero-initialised, so it costs a thread
// nothing until a work-group algorithm touches it.)
inline __thread __attribute__((aligned(64))) char
    cpu_wg_exchange[cpu_wg_values_bytes + cpu_wg_results_bytes];
USYCL_INLINE char *cpu_wg_values() { return cpu_wg_exchange; }
#else
USYCL_INLINE char *cpu_wg_values() { return local_memory_base(); } // checks only
#endif
USYCL_INLINE char *cpu_wg_results() { return cpu_wg_values() + cpu_wg_values_bytes; }

// Whether n values of T fit the buffer at once (always, for types of up to
// 8 bytes, in the groups the CPU device accepts).
template <typename T> USYCL_INLINE bool cpu_wg_fits(size_t n) {
  if constexpr (cpu_wg_max_items * sizeof(T) <= cpu_wg_values_bytes)
    return true;
  else
    return n * sizeof(T) <= cpu_wg_values_bytes;
}
template <typename T> inline constexpr size_t cpu_wg_round_items = cpu_wg_values_bytes / sizeof(T);

template <typename T> USYCL_INLINE T cpu_wg_load(const char *p, size_t i, const T &like) {
  return scratch_load(p + i * sizeof(T), like);
}
template <typename T> USYCL_INLINE void cpu_wg_store(char *p, size_t i, const T &v) {
  scratch_store(p + i * sizeof(T), v);
}

#if !defined(__SYCL_DEVICE_ONLY__)
// any_of / all_of (logical_or / logical_and over bool, and bit_or / bit_and)
// fold the bools' bytes as unsigned char.
template <typename T, typename Op>
inline constexpr bool cpu_wg_bool_or_v =
    std::is_same_v<T, bool> && (is_op_v<logical_or, Op, bool> || is_op_v<bit_or, Op, bool>);
template <typename T, typename Op>
inline constexpr bool cpu_wg_bool_and_v =
    std::is_same_v<T, bool> && (is_op_v<logical_and, Op, bool> || is_op_v<bit_and, Op, bool>);
template <typename T, typename Op>
inline constexpr bool cpu_wg_vector_v = cpu_sg_vector_op_v<T, Op> || cpu_wg_bool_or_v<T, Op> ||
                                        cpu_wg_bool_and_v<T, Op>;
// The element type and operation the vectors use.
template <typename T, typename Op> struct cpu_wg_lanes {
  using type = T;
  using op = Op;
};
template <typename Op> struct cpu_wg_lanes<bool, Op> {
  using type = unsigned char;
  using op = std::conditional_t<cpu_wg_bool_or_v<bool, Op>, bit_or<unsigned char>,
                                bit_and<unsigned char>>;
};
#endif

// The fold of n >= 1 values at `in`. SYCL's function objects on arithmetic
// types: 64-byte vectors, one element per work-item, combined element-wise
// over the group, then halves (the order of a generalized sum, which SYCL
// leaves open: every work-item reads the same bits); other operations: a
// left-to-right fold.
template <typename T, typename Op>
USYCL_INLINE T cpu_wg_fold(const char *in, size_t n, const Op &op, const T &like) {
#if !defined(__SYCL_DEVICE_ONLY__)
  if constexpr (cpu_wg_vector_v<T, Op>) {
    using E = typename cpu_wg_lanes<T, Op>::type;
    using VOp = typename cpu_wg_lanes<T, Op>::op;
    constexpr uint32_t L = 64 / sizeof(E);
    if (n >= L) {
      cpu_sg_vec<E, L> acc = cpu_sg_vector_load<L, E>(in);
      size_t i = L;
      for (; i + L <= n; i += L)
        acc = cpu_sg_vector_apply<VOp, E>(acc, cpu_sg_vector_load<L, E>(in + i * sizeof(E)));
      E r = cpu_sg_vector_fold<L, E, VOp>(acc);
      for (; i < n; ++i)
        r = op_apply(VOp{}, r, cpu_sg_load<E>(in + i * sizeof(E)));
      return static_cast<T>(r);
    }
  }
#endif
  T acc = cpu_wg_load(in, 0, like);
  for (size_t i = 1; i < n; ++i)
    acc = op_apply(op, acc, cpu_wg_load(in, i, like));
  return acc;
}

// The inclusive scan of n >= 1 values at `in` into `out`, after `carry`
// where one is given. Vectors of 64 bytes as in cpu_wg_fold, each scanned in
// registers (cpu_sg_vector_scan) and combined with the carry of the ones
// before; other operations: one pass left to right.
template <typename T, typename Op>
USYCL_INLINE void cpu_wg_scan(const char *in, char *out, size_t n, const Op &op, const T &like,
                              const T *carry) {
  size_t i = 0;
  T acc = carry ? *carry : like;
#if !defined(__SYCL_DEVICE_ONLY__)
  if constexpr (cpu_sg_vector_op_v<T, Op>) {
    constexpr uint32_t L = 64 / sizeof(T);
    using V = cpu_sg_vec<T, L>;
    if (!carry && n >= L) { // the first vector has nothing before it
      const V s = cpu_sg_vector_scan<L, T, Op>(cpu_sg_vector_load<L, T>(in));
      __builtin_memcpy(out, &s, sizeof(V));
      acc = s[L - 1];
      i = L;
    }
    if (i || carry)
      for (; i + L <= n; i += L) {
        V s = cpu_sg_vector_scan<L, T, Op>(cpu_sg_vector_load<L, T>(in + i * sizeof(T)));
        s = cpu_sg_vector_apply<Op, T>(V(acc), s);
        __builtin_memcpy(out + i * sizeof(T), &s, sizeof(V));
        acc = s[L - 1];
      }
  }
#endif
  if (!carry && i == 0) {
    acc = cpu_wg_load(in, 0, like);
    cpu_wg_store(out, 0, acc);
    i = 1;
  }
  for (; i < n; ++i) {
    acc = op_apply(op, acc, cpu_wg_load(in, i, like));
    cpu_wg_store(out, i, acc);
  }
}

template <typename T, typename Op> T wg_reduce_cpu(size_t lid, size_t n, T x, const Op &op) {
  static_assert(sizeof(T) <= scratch_region_bytes,
                "work-group algorithms support types of up to 256 bytes");
  char *values = cpu_wg_values();
  if (cpu_wg_fits<T>(n)) {
    cpu_wg_store(values, lid, x);
    work_group_barrier();
    if (lid == 0)
      scratch_store(cpu_wg_result(), cpu_wg_fold(values, n, op, x));
    work_group_barrier();
    return scratch_load(cpu_wg_result(), x);
  }
  // Rounds of K work-items; work-item 0 keeps the running fold in region B.
  constexpr size_t K = cpu_wg_round_items<T>;
  for (size_t first = 0; first < n; first += K) {
    if (lid - first < K)
      cpu_wg_store(values, lid - first, x);
    work_group_barrier();
    if (lid == 0) {
      const T part = cpu_wg_fold(values, n - first < K ? n - first : K, op, x);
      scratch_store(cpu_wg_result(),
                    first ? op_apply(op, scratch_load(cpu_wg_result(), x), part) : part);
    }
    work_group_barrier();
  }
  return scratch_load(cpu_wg_result(), x);
}

// Results: slot 0 is the carry of the values before the round (none in the
// first), slot j + 1 the inclusive value of its work-item j; so a work-item
// reads its exclusive value one slot below its inclusive one.
template <typename T, typename Op>
scan_result<T> wg_scan_cpu(size_t lid, size_t n, T x, const Op &op) {
  static_assert(sizeof(T) <= scratch_region_bytes,
                "work-group algorithms support types of up to 256 bytes");
  static_assert(sizeof(T) * (cpu_wg_round_items<T> + 1) <= cpu_wg_results_bytes);
  char *values = cpu_wg_values(), *results = cpu_wg_results();
  if (cpu_wg_fits<T>(n)) {
    cpu_wg_store(values, lid, x);
    work_group_barrier();
    if (lid == 0)
      cpu_wg_scan(values, results + sizeof(T), n, op, x, static_cast<const T *>(nullptr));
    work_group_barrier();
    return {cpu_wg_load(results, lid + 1, x), lid > 0 ? cpu_wg_load(results, lid, x) : x, lid > 0,
            cpu_wg_load(results, n, x)};
  }
  constexpr size_t K = cpu_wg_round_items<T>;
  T incl = x, excl = x;
  size_t last = 0; // the results' slot of the total after the last round
  for (size_t first = 0; first < n; first += K) {
    const size_t j = lid - first, count = n - first < K ? n - first : K;
    if (j < K)
      cpu_wg_store(values, j, x);
    work_group_barrier();
    if (lid == 0) {
      if (first) { // the round before was a full one: its total is slot K
        const T carry = cpu_wg_load(results, K, x);
        cpu_wg_store(results, 0, carry);
        cpu_wg_scan(values, results + sizeof(T), count, op, x, &carry);
      } else {
        cpu_wg_scan(values, results + sizeof(T), count, op, x, static_cast<const T *>(nullptr));
      }
    }
    work_group_barrier();
    if (j < K) {
      incl = cpu_wg_load(results, j + 1, x);
      if (lid > 0)
        excl = cpu_wg_load(results, j, x);
    }
    last = count;
  }
  return {incl, excl, lid > 0, cpu_wg_load(results, last, x)};
}

// Every work-item stores its value (a loop that vectorises, where they fit;
// else only the source's is stored), work-item 0 copies the source's into
// region B between the barriers.
template <typename T> T wg_broadcast_cpu(size_t lid, size_t n, T x, size_t src) {
  static_assert(sizeof(T) <= scratch_region_bytes,
                "group_broadcast supports types of up to 256 bytes");
  char *values = cpu_wg_values();
  const bool fits = cpu_wg_fits<T>(n);
  if (fits)
    cpu_wg_store(values, lid, x);
  else if (lid == src)
    cpu_wg_store(values, 0, x);
  work_group_barrier();
  if (lid == 0)
    scratch_store(cpu_wg_result(), cpu_wg_load(values, fits ? src : 0, x));
  work_group_barrier();
  return scratch_load(cpu_wg_result(), x);
}

#endif // !USYCL_DEVICE_NVPTX

// ============================== dispatch ==============================

template <typename Group> USYCL_INLINE size_t group_lid(const Group &g) {
  return g.get_local_linear_id();
}
template <typename Group> USYCL_INLINE size_t group_size(const Group &g) {
  return g.get_local_linear_range();
}

template <typename Group, typename T, typename Op>
USYCL_INLINE T group_reduce(Group g, T x, const Op &op) {
  if constexpr (is_non_uniform_group_v<Group>) {
    return Group::usycl_reduce(g, x, op);
  } else if constexpr (is_sub_group_v<Group>) {
#if USYCL_DEVICE_NVPTX || defined(__SYCL_DEVICE_ONLY__)
    return sg_allreduce(x, op, g.get_local_linear_id(), g.get_local_linear_range(),
                        g.active_mask());
#else
    return cpu_sg_reduce(g, x, op);
#endif
  } else {
#if USYCL_DEVICE_NVPTX
    return wg_reduce_nvptx(uint32_t(group_lid(g)), uint32_t(group_size(g)), x, op);
#else
    return wg_reduce_cpu(group_lid(g), group_size(g), x, op);
#endif
  }
}

template <unsigned Parts = scan_all, typename Group, typename T, typename Op>
USYCL_INLINE scan_result<T> group_scan(Group g, T x, const Op &op) {
  if constexpr (is_non_uniform_group_v<Group>) {
    return Group::usycl_scan(g, x, op);
  } else if constexpr (is_sub_group_v<Group>) {
#if USYCL_DEVICE_NVPTX || defined(__SYCL_DEVICE_ONLY__)
    const uint32_t lane = g.get_local_linear_id(), n = g.get_local_linear_range();
    const uint32_t mask = g.active_mask();
    T v = sg_inclusive_scan(x, op, lane, n, mask);
    T before = v, total = v;
    if constexpr ((Parts & scan_excl) != 0)
      before = lane_shuffle<shfl_kind::up>(mask, n, v, 1); // valid for lane > 0
    if constexpr ((Parts & scan_total) != 0)
      total = lane_shuffle<shfl_kind::idx>(mask, n, v, n - 1);
    return {v, before, lane > 0, total};
#else
    return cpu_sg_scan(g, x, op);
#endif
  } else {
#if USYCL_DEVICE_NVPTX
    return wg_scan_nvptx<Parts>(uint32_t(group_lid(g)), uint32_t(group_size(g)), x, op);
#else
    return wg_scan_cpu(group_lid(g), group_size(g), x, op);
#endif
  }
}

template <typename Group, typename T> USYCL_INLINE T group_bcast(Group g, T x, size_t src) {
  if constexpr (is_non_uniform_group_v<Group>) {
    return Group::usycl_broadcast(g, x, uint32_t(src));
  } else if constexpr (is_sub_group_v<Group>) {
#if USYCL_DEVICE_NVPTX || defined(__SYCL_DEVICE_ONLY__)
    return lane_shuffle<shfl_kind::idx>(g.active_mask(), g.get_local_linear_range(), x,
                                        uint32_t(src));
#else
    return cpu_sg_shuffle<shfl_kind::idx>(g, x, uint32_t(src));
#endif
  } else {
#if USYCL_DEVICE_NVPTX
    return wg_broadcast_nvptx(uint32_t(group_lid(g)), uint32_t(group_size(g)), x, uint32_t(src));
#else
    return wg_broadcast_cpu(group_lid(g), group_size(g), x, src);
#endif
  }
}

template <typename Group> USYCL_INLINE bool group_any(Group g, bool pred) {
#if USYCL_DEVICE_NVPTX
  if constexpr (is_non_uniform_group_v<Group>)
    return __nvvm_vote_any_sync(g.usycl_mask(), pred);
  else if constexpr (is_sub_group_v<Group>)
    return __nvvm_vote_any_sync(g.active_mask(), pred);
  else
    return __nvvm_bar0_or(pred) != 0; // bar.red.or: a barrier that reduces
#else
  return group_reduce(g, pred, logical_or<bool>());
#endif
}

template <typename Group> USYCL_INLINE bool group_all(Group g, bool pred) {
#if USYCL_DEVICE_NVPTX
  if constexpr (is_non_uniform_group_v<Group>)
    return __nvvm_vote_all_sync(g.usycl_mask(), pred);
  else if constexpr (is_sub_group_v<Group>)
    return __nvvm_vote_all_sync(g.active_mask(), pred);
  else
    return __nvvm_bar0_and(pred) != 0;
#else
  return group_reduce(g, pred, logical_and<bool>());
#endif
}

template <typename Group, typename T>
inline constexpr bool group_arg_v =
    is_group_v<std::decay_t<Group>> &&std::is_trivially_copyable_v<T>;

} // namespace detail

// ---------------------------------------------------------------- broadcast

template <typename Group, typename T, std::enable_if_t<(detail::group_arg_v<Group, T>), int> = 0>
T group_broadcast(Group g, T x) {
  return detail::group_bcast(g, x, 0);
}
template <typename Group, typename T, std::enable_if_t<(detail::group_arg_v<Group, T>), int> = 0>
T group_broadcast(Group g, T x, typename Group::linear_id_type local_linear_id) {
  return detail::group_bcast(g, x, size_t(local_linear_id));
}
template <typename Group, typename T, std::enable_if_t<(detail::group_arg_v<Group, T>), int> = 0>
T group_broadcast(Group g, T x, typename Group::id_type local_id) {
  return detail::group_bcast(g, x, detail::linearize(local_id, g.get_local_range()));
}

// ---------------------------------------------------------------- predicates

template <typename Group, std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool any_of_group(Group g, bool pred) {
  return detail::group_any(g, pred);
}
template <typename Group, typename T, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>> &&
                            std::is_invocable_v<const Predicate &, const T &>),
                           int> = 0>
bool any_of_group(Group g, T x, Predicate pred) {
  return detail::group_any(g, static_cast<bool>(pred(x)));
}
template <typename Group, std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool all_of_group(Group g, bool pred) {
  return detail::group_all(g, pred);
}
template <typename Group, typename T, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>> &&
                            std::is_invocable_v<const Predicate &, const T &>),
                           int> = 0>
bool all_of_group(Group g, T x, Predicate pred) {
  return detail::group_all(g, static_cast<bool>(pred(x)));
}
template <typename Group, std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool none_of_group(Group g, bool pred) {
  return !detail::group_any(g, pred);
}
template <typename Group, typename T, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>> &&
                            std::is_invocable_v<const Predicate &, const T &>),
                           int> = 0>
bool none_of_group(Group g, T x, Predicate pred) {
  return !detail::group_any(g, static_cast<bool>(pred(x)));
}

template <typename Group, typename Ptr, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  const size_t n = size_t(last - first), lid = detail::group_lid(g), step = detail::group_size(g);
  bool any = false;
  for (size_t i = lid; i < n && !any; i += step)
    any = static_cast<bool>(pred(first[i]));
  return detail::group_any(g, any);
}
template <typename Group, typename Ptr, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  const size_t n = size_t(last - first), lid = detail::group_lid(g), step = detail::group_size(g);
  bool all = true;
  for (size_t i = lid; i < n && all; i += step)
    all = static_cast<bool>(pred(first[i]));
  return detail::group_all(g, all);
}
template <typename Group, typename Ptr, typename Predicate,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
bool joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

// ---------------------------------------------------------------- sub-group shuffles

// Values from other work-items of the sub-group (SYCL 2020 §4.17.3.4, for
// Group = sub_group). Out-of-range sources give an unspecified value; here
// the caller's own.
namespace detail {
template <typename Group, typename T>
inline constexpr bool shuffle_arg_v = is_sub_group_v<Group> && std::is_trivially_copyable_v<T>;
template <shfl_kind K, typename T> USYCL_INLINE T sg_shuffle(const sub_group &sg, const T &x, uint32_t arg) {
#if USYCL_DEVICE_NVPTX || defined(__SYCL_DEVICE_ONLY__)
  return lane_shuffle<K>(sg.active_mask(), sg.get_local_linear_range(), x, arg);
#else
  return cpu_sg_shuffle<K>(sg, x, arg);
#endif
}
} // namespace detail

template <typename Group, typename T,
          std::enable_if_t<(detail::shuffle_arg_v<Group, T>), int> = 0>
T shift_group_left(Group g, T x, typename Group::linear_id_type delta = 1) {
  return detail::sg_shuffle<detail::shfl_kind::down>(g, x, delta);
}
template <typename Group, typename T,
          std::enable_if_t<(detail::shuffle_arg_v<Group, T>), int> = 0>
T shift_group_right(Group g, T x, typename Group::linear_id_type delta = 1) {
  return detail::sg_shuffle<detail::shfl_kind::up>(g, x, delta);
}
template <typename Group, typename T,
          std::enable_if_t<(detail::shuffle_arg_v<Group, T>), int> = 0>
T permute_group_by_xor(Group g, T x, typename Group::linear_id_type mask) {
  return detail::sg_shuffle<detail::shfl_kind::bfly>(g, x, mask);
}
template <typename Group, typename T,
          std::enable_if_t<(detail::shuffle_arg_v<Group, T>), int> = 0>
T select_from_group(Group g, T x, typename Group::id_type remote_local_id) {
  return detail::sg_shuffle<detail::shfl_kind::idx>(g, x, uint32_t(remote_local_id[0]));
}

// ---------------------------------------------------------------- reduce

template <typename Group, typename T, typename BinaryOperation,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<T>), int> = 0>
T reduce_over_group(Group g, T x, BinaryOperation binary_op) {
  return detail::group_reduce(g, x, binary_op);
}
template <typename Group, typename V, typename T, typename BinaryOperation,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<V>), int> = 0>
T reduce_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return detail::op_apply(binary_op, init, detail::group_reduce(g, static_cast<T>(x), binary_op));
}

// Each work-item folds a strided share of [first, last), then the group
// combines the shares.
template <typename Group, typename Ptr, typename T, typename BinaryOperation,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
T joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation binary_op) {
  const size_t n = size_t(last - first), lid = detail::group_lid(g), step = detail::group_size(g);
  if constexpr (has_known_identity_v<BinaryOperation, T>) {
    T acc = known_identity_v<BinaryOperation, T>;
    for (size_t i = lid; i < n; i += step)
      acc = detail::op_apply(binary_op, acc, static_cast<T>(first[i]));
    return detail::op_apply(binary_op, init, detail::group_reduce(g, acc, binary_op));
  } else {
    detail::optional_value<T> acc{init, false};
    for (size_t i = lid; i < n; i += step) {
      T v = static_cast<T>(first[i]);
      acc = {acc.has ? detail::op_apply(binary_op, acc.value, v) : v, true};
    }
    acc = detail::group_reduce(g, acc, detail::optional_op<BinaryOperation>{binary_op});
    return acc.has ? detail::op_apply(binary_op, init, acc.value) : init;
  }
}
template <typename Group, typename Ptr, typename BinaryOperation,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
typename std::iterator_traits<Ptr>::value_type joint_reduce(Group g, Ptr first, Ptr last,
                                                            BinaryOperation binary_op) {
  using T = std::remove_cv_t<typename std::iterator_traits<Ptr>::value_type>;
  const size_t n = size_t(last - first), lid = detail::group_lid(g), step = detail::group_size(g);
  if constexpr (has_known_identity_v<BinaryOperation, T>) {
    T acc = known_identity_v<BinaryOperation, T>;
    for (size_t i = lid; i < n; i += step)
      acc = detail::op_apply(binary_op, acc, static_cast<T>(first[i]));
    return detail::group_reduce(g, acc, binary_op);
  } else {
    // Without an identity an empty range has no defined result.
    if (n == 0)
      return T{};
    detail::optional_value<T> acc{static_cast<T>(first[0]), false};
    for (size_t i = lid; i < n; i += step) {
      T v = static_cast<T>(first[i]);
      acc = {acc.has ? detail::op_apply(binary_op, acc.value, v) : v, true};
    }
    return detail::group_reduce(g, acc, detail::optional_op<BinaryOperation>{binary_op}).value;
  }
}

// ---------------------------------------------------------------- scans

template <typename Group, typename T, typename BinaryOperation,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<T> &&
                            has_known_identity_v<BinaryOperation, T>),
                           int> = 0>
T exclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  auto s = detail::group_scan<detail::scan_excl>(g, x, binary_op);
  return s.has_excl ? s.excl : known_identity_v<BinaryOperation, T>;
}
template <typename Group, typename V, typename T, typename BinaryOperation,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<V>), int> = 0>
T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  auto s = detail::group_scan<detail::scan_excl>(g, static_cast<T>(x), binary_op);
  return s.has_excl ? detail::op_apply(binary_op, init, s.excl) : init;
}
template <typename Group, typename T, typename BinaryOperation,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<T>), int> = 0>
T inclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  return detail::group_scan<detail::scan_incl>(g, x, binary_op).incl;
}
template <typename Group, typename V, typename BinaryOperation, typename T,
          std::enable_if_t<(detail::group_arg_v<Group, T> && !std::is_pointer_v<V>), int> = 0>
T inclusive_scan_over_group(Group g, V x, BinaryOperation binary_op, T init) {
  return detail::op_apply(binary_op, init,
                          detail::group_scan<detail::scan_incl>(g, static_cast<T>(x), binary_op).incl);
}

namespace detail {
// Scans [first, last) one group-sized chunk at a time, carrying the total of
// earlier chunks. Work-items past the end of the last chunk feed a copy of
// the last element: they sit above every real element, so they only change
// the final total, which nobody uses.
template <bool Inclusive, typename T, typename Group, typename InPtr, typename OutPtr, typename Op>
OutPtr joint_scan(Group g, InPtr first, InPtr last, OutPtr result, bool has_init, T init,
                  const Op &op) {
  const size_t n = size_t(last - first), lid = group_lid(g), step = group_size(g);
  bool has_carry = has_init;
  T carry = init;
  for (size_t base = 0; base < n; base += step) {
    const size_t i = base + lid;
    const T x = static_cast<T>(first[i < n ? i : n - 1]);
    scan_result<T> s = group_scan<scan_total | (Inclusive ? scan_incl : scan_excl)>(g, x, op);
    if (i < n) {
      if constexpr (Inclusive)
        result[i] = has_carry ? op_apply(op, carry, s.incl) : s.incl;
      else
        result[i] = s.has_excl ? (has_carry ? op_apply(op, carry, s.excl) : s.excl) : carry;
    }
    carry = has_carry ? op_apply(op, carry, s.total) : s.total;
    has_carry = true;
  }
  return result + n;
}
} // namespace detail

template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, T init,
                            BinaryOperation binary_op) {
  return detail::joint_scan<false, T>(g, first, last, result, true, init, binary_op);
}
template <
    typename Group, typename InPtr, typename OutPtr, typename BinaryOperation,
    std::enable_if_t<
        (is_group_v<std::decay_t<Group>> &&
         has_known_identity_v<BinaryOperation,
                              std::remove_cv_t<typename std::iterator_traits<OutPtr>::value_type>>),
        int> = 0>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binary_op) {
  using T = std::remove_cv_t<typename std::iterator_traits<OutPtr>::value_type>;
  return detail::joint_scan<false, T>(g, first, last, result, true,
                                      known_identity_v<BinaryOperation, T>, binary_op);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binary_op, T init) {
  return detail::joint_scan<true, T>(g, first, last, result, true, init, binary_op);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation,
          std::enable_if_t<(is_group_v<std::decay_t<Group>>), int> = 0>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binary_op) {
  using T = std::remove_cv_t<typename std::iterator_traits<OutPtr>::value_type>;
  if (first == last)
    return result;
  return detail::joint_scan<true, T>(g, first, last, result, false, static_cast<T>(first[0]),
                                     binary_op);
}

} // namespace _V1
} // namespace sycl
