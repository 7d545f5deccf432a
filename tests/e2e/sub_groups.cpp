// Sub-groups and every sub-group collective, at every sub-group size the
// device offers: on the CPU sub-groups of 4, 8, 16, 32 and 64 work-items
// (issue 18 part 2; docs/runtime.md, "CPU backend"), on CUDA warps of 32.
//
// Each kernel runs once per size S in {4, 8, 16, 32, 64} that
// info::device::sub_group_sizes lists, as a [[sycl::reqd_sub_group_size(S)]]
// kernel, and once without the attribute, where the width is the one the
// device picks (sub_group::get_max_local_range(); on the CPU 16 with
// AVX-512F, 8 with AVX, else 4, or USYCL_CPU_SUB_GROUP_SIZE). Every result
// is compared with a value the host computes from its own model of the
// decomposition: sub-group s of a work-group holds the work-items whose local
// linear id (last dimension fastest) lies in [s*W, (s+1)*W), the last one
// partial when the work-group size is not a multiple of W. Results SYCL
// leaves unspecified (shifts and xor-permutes whose source lies outside the
// sub-group) are computed but never checked.
//
// Kernels:
//   collectives  every sub-group query and collective (group_broadcast,
//                select_from_group, permute_group_by_xor, shift_group_left/
//                right, reduce and inclusive/exclusive scans with and
//                without init over plus, multiplies, minimum, maximum and
//                the bit operations, any/all/none_of_group, joint_reduce,
//                joint_any/all/none_of, ext::oneapi::group_ballot) on int,
//                float and double (int only at width 64); 1-D and 2-D
//                nd_ranges, work-groups with a partial last sub-group and
//                smaller than one sub-group
//   shuffle_pod  broadcast and shuffles of a struct
//   divergent    sub-groups taking different branches with different
//                collectives, loops whose trip count differs per sub-group,
//                a loop ended by any_of_group, a collective in a function
//                not inlined, a sub-group returning early, a collective
//                only some sub-groups run
//   block_reduce the classic two-level reduction: sub-groups reduce, leaders
//                write to local memory, group_barrier, sub-group 0 reduces
//                the partials; then a work-group reduction (also with many
//                work-groups at once)
//   barrier_mix  sub_group::barrier / group_barrier(sub_group) with a local
//                memory exchange, work-group barriers and sub-group
//                collectives in a loop, int/float/double/struct values live
//                across all of them
//
// The same program serves the CPU and CUDA (sizes the device lacks are
// reported and skipped). Exit code 0 = every check passed.
#include "e2e_common.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using namespace sycl;

namespace {

// ============================ host model ==================================

struct work_item_pos {
  size_t grp; // work-group linear id
  size_t lin; // local linear id
};

// The decomposition of an nd_range into work-groups and sub-groups of width
// W, indexed by global linear id.
struct layout {
  size_t W = 0, L = 0, groups = 0, total = 0;
  std::vector<work_item_pos> pos;                       // [gid]
  std::vector<std::vector<std::vector<size_t>>> members; // [grp][s][lane] -> gid
  size_t nsg() const { return (L + W - 1) / W; }
  size_t total_sg() const { return groups * nsg(); }
  size_t sg(size_t gid) const { return pos[gid].lin / W; }
  size_t lane(size_t gid) const { return pos[gid].lin % W; }
  const std::vector<size_t> &mates(size_t gid) const { return members[pos[gid].grp][sg(gid)]; }
  size_t n(size_t gid) const { return mates(gid).size(); }
  // Global index of the work-item's sub-group (the order the kernels use).
  size_t qsg(size_t gid) const { return pos[gid].grp * nsg() + sg(gid); }
};

template <int D> layout make_layout(range<D> global, range<D> local, size_t W) {
  layout lo;
  lo.W = W;
  lo.L = local.size();
  lo.total = global.size();
  lo.groups = lo.total / lo.L;
  lo.pos.resize(lo.total);
  lo.members.assign(lo.groups, std::vector<std::vector<size_t>>(lo.nsg()));
  size_t ngr[3] = {1, 1, 1};
  for (int d = 0; d < D; ++d) ngr[d] = global[d] / local[d];
  for (size_t gid = 0; gid < lo.total; ++gid) {
    size_t idx[3] = {0, 0, 0};
    size_t rest = gid;
    for (int d = D - 1; d >= 0; --d) {
      idx[d] = rest % global[d];
      rest /= global[d];
    }
    size_t grp = 0, lin = 0;
    for (int d = 0; d < D; ++d) {
      grp = grp * ngr[d] + idx[d] / local[d];
      lin = lin * local[d] + idx[d] % local[d];
    }
    lo.pos[gid] = {grp, lin};
  }
  // Members in lane order: walk the local linear ids of each group in order.
  std::vector<std::vector<size_t>> by_lin(lo.groups, std::vector<size_t>(lo.L));
  for (size_t gid = 0; gid < lo.total; ++gid) by_lin[lo.pos[gid].grp][lo.pos[gid].lin] = gid;
  for (size_t g = 0; g < lo.groups; ++g)
    for (size_t lin = 0; lin < lo.L; ++lin) lo.members[g][lin / W].push_back(by_lin[g][lin]);
  return lo;
}

template <typename T> const char *type_name() {
  if constexpr (std::is_same_v<T, int>)
    return "int";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else
    return "double";
}

// Input values: small numbers (multiples of 1/4 for floating point) whose
// sums and products are exact in every type, so the order in which the
// device combines them does not matter.
template <typename T> constexpr T unit() { return std::is_integral_v<T> ? T(1) : T(0.25); }
template <typename T> T val(size_t i) { return T(int((i * 37 + 11) % 41) - 20) * unit<T>(); }
template <typename T> T mval(size_t i) { return T(i % 5 == 0 ? 2 : (i % 7 == 3 ? -1 : 1)); }
inline int bval(size_t i) { return int(1u << ((i * 7) % 30)); }
// A predicate per work-item: whole sub-groups true, one lane true, none.
inline int pval(const layout &lo, size_t gid) {
  switch ((lo.pos[gid].grp + lo.sg(gid)) % 3) {
  case 0: return 1;
  case 1: return lo.lane(gid) + 1 == lo.n(gid);
  default: return 0;
  }
}

template <typename T> struct above {
  T t;
  bool operator()(T y) const { return y > t; }
};

// Failure reports: every failed check counts (e2e::failures()); the first
// few of each configuration (kernel, type, dimensions, width, work-group
// shape) are printed, then one line with that configuration's total, so a
// failure in one configuration does not hide the others.
constexpr int reports_per_config = 5;
int config_failures = 0;

void fail(const std::string &what) {
  ++e2e::failures();
  if (config_failures++ < reports_per_config) std::printf("FAIL: %s\n", what.c_str());
}
template <typename A, typename B> bool check_eq(const std::string &what, const A &got, const B &want) {
  if (got == want) return true;
  fail(what + ": expected " + e2e::str(want) + ", got " + e2e::str(got));
  return false;
}
bool check(const std::string &what, bool ok) {
  if (!ok) fail(what);
  return ok;
}
// Floating point within a relative tolerance (the inputs make every result
// exact, but SYCL does not promise an order of combination).
template <typename T> bool same(const std::string &what, T got, T want) {
  if (got == want) return true;
  if constexpr (std::is_floating_point_v<T>) {
    const double tol = (std::is_same_v<T, float> ? 1e-5 : 1e-12) * std::fmax(1.0, std::fabs(double(want)));
    if (std::fabs(double(got) - double(want)) <= tol) return true;
  }
  return check_eq(what, got, want);
}

std::string where(const std::string &cfg, const layout &lo, size_t gid, const char *what) {
  return cfg + ": " + what + " at work-group " + std::to_string(lo.pos[gid].grp) + " sub-group " +
         std::to_string(lo.sg(gid)) + " lane " + std::to_string(lo.lane(gid)) + " (of " +
         std::to_string(lo.n(gid)) + ")";
}

// ============================ launching ===================================

// Submits an nd_range kernel whose body `setup(h)` returns, with
// [[sycl::reqd_sub_group_size(N)]] (N > 0) or without (N == 0), and waits.
template <int N, int D, typename Setup> void submit_nd(queue &q, nd_range<D> r, Setup setup) {
  q.submit([&](handler &h) {
    auto body = setup(h);
    if constexpr (N == 0)
      h.parallel_for(r, [=](nd_item<D> it) { body(it); });
    else
      h.parallel_for(r, [=](nd_item<D> it) [[sycl::reqd_sub_group_size(N)]] { body(it); });
  });
  q.wait_and_throw();
}

// Runs one configuration's launch and checks.
template <typename F> void guarded(const std::string &cfg, F f) {
  config_failures = 0;
  try {
    f();
  } catch (const sycl::exception &e) {
    fail(cfg + ": sycl::exception: " + e.what());
  }
  if (config_failures > reports_per_config)
    std::printf("FAIL: %s: %d failed checks in all (first %d shown)\n", cfg.c_str(), config_failures,
                reports_per_config);
  config_failures = 0;
}

template <int D> std::string shape(range<D> local) {
  std::string s = std::to_string(local[0]);
  for (int d = 1; d < D; ++d) s += "x" + std::to_string(local[d]);
  return s;
}

template <int N> std::string cfg_name(const char *kernel, const std::string &extra, int dims,
                                      size_t W, const std::string &local) {
  return std::string(kernel) + extra + " " + std::to_string(dims) + "-D W=" + std::to_string(W) +
         (N ? " (reqd_sub_group_size)" : " (device default)") + " local " + local;
}

// ============================ collectives =================================

// Slots of the per-work-item results of type T.
enum : int {
  s_bcast0, s_bcast_lin, s_bcast_id, s_sel_fwd, s_sel_rev, s_xor1, s_xor_wm1, s_xor3,
  s_shl_def, s_shl3, s_shl_far, s_shr_def, s_shr3, s_shr_far,
  s_red_plus, s_red_plus_init, s_red_min, s_red_max, s_red_mul,
  s_incl_plus, s_incl_plus_init, s_excl_plus, s_excl_plus_init, s_incl_max, s_excl_min, s_incl_mul,
  s_jr_plus, s_jr_plus_init, s_jr_max,
  s_red_or, s_red_xor, s_red_and, s_incl_or, // integers only
  s_count
};
// Slots of the per-work-item int results.
enum : int {
  i_local_id, i_local_linear_id, i_local_range, i_local_linear_range, i_group_id,
  i_group_linear_id, i_group_range, i_group_linear_range, i_max_local_range, i_leader,
  i_any, i_all, i_none, i_any_v, i_all_v, i_none_v, i_joint_any, i_joint_all, i_joint_none,
  i_ballot_lo, i_ballot_hi, i_ballot_count, i_ballot_size, i_ballot_find_low,
  i_count
};
constexpr size_t seg_len = 67; // joint_reduce: elements per sub-group, not a multiple of any width

template <int N, int D, typename T>
void collectives(queue &q, range<D> global, range<D> local, size_t W) {
  const std::string cfg = cfg_name<N>("collectives<", std::string(type_name<T>()) + ">", D, W,
                                      shape(local));
  const layout lo = make_layout(global, local, W);
  const size_t total = lo.total, total_sg = lo.total_sg();
  T *x = malloc_shared<T>(total, q), *m = malloc_shared<T>(total, q);
  T *seg = malloc_shared<T>(total_sg * seg_len, q);
  int *bits = malloc_shared<int>(total, q), *pred = malloc_shared<int>(total, q);
  T *out = malloc_shared<T>(total * s_count, q);
  int *iout = malloc_shared<int>(total * i_count, q);
  for (size_t i = 0; i < total; ++i) {
    x[i] = val<T>(i);
    m[i] = mval<T>(i);
    bits[i] = bval(i);
    pred[i] = pval(lo, i);
  }
  for (size_t i = 0; i < total_sg * seg_len; ++i) seg[i] = val<T>(i * 3 + 1);
  std::fill(out, out + total * s_count, T(-77));
  std::fill(iout, iout + total * i_count, -77);
  const T big = T(16) * unit<T>(), rare = T(19) * unit<T>();

  guarded(cfg, [&] {
    submit_nd<N>(q, nd_range<D>(global, local), [=](handler &) {
      return [=](nd_item<D> it) {
        const sub_group sg = it.get_sub_group();
        const size_t gid = it.get_global_linear_id();
        const uint32_t lane = sg.get_local_linear_id(), n = sg.get_local_linear_range();
        const uint32_t w = uint32_t(sg.get_max_local_range()[0]), s = sg.get_group_linear_id();
        const T v = x[gid];
        T *o = out + gid * s_count;
        int *io = iout + gid * i_count;
        o[s_bcast0] = group_broadcast(sg, v);
        o[s_bcast_lin] = group_broadcast(sg, v, uint32_t((s * 3 + 1) % n));
        o[s_bcast_id] = group_broadcast(sg, v, id<1>(n - 1));
        o[s_sel_fwd] = select_from_group(sg, v, id<1>((lane * 5 + 3) % n));
        o[s_sel_rev] = select_from_group(sg, v, id<1>(n - 1 - lane));
        o[s_xor1] = permute_group_by_xor(sg, v, 1);
        o[s_xor_wm1] = permute_group_by_xor(sg, v, w - 1);
        o[s_xor3] = permute_group_by_xor(sg, v, 3);
        o[s_shl_def] = shift_group_left(sg, v);
        o[s_shl3] = shift_group_left(sg, v, 3);
        o[s_shl_far] = shift_group_left(sg, v, w + 2);
        o[s_shr_def] = shift_group_right(sg, v);
        o[s_shr3] = shift_group_right(sg, v, 3);
        o[s_shr_far] = shift_group_right(sg, v, w + 2);
        o[s_red_plus] = reduce_over_group(sg, v, plus<T>());
        o[s_red_plus_init] = reduce_over_group(sg, v, T(10), plus<>());
        o[s_red_min] = reduce_over_group(sg, v, minimum<T>());
        o[s_red_max] = reduce_over_group(sg, v, maximum<>());
        o[s_red_mul] = reduce_over_group(sg, m[gid], multiplies<T>());
        o[s_incl_plus] = inclusive_scan_over_group(sg, v, plus<T>());
        o[s_incl_plus_init] = inclusive_scan_over_group(sg, v, plus<T>(), T(10));
        o[s_excl_plus] = exclusive_scan_over_group(sg, v, plus<T>());
        o[s_excl_plus_init] = exclusive_scan_over_group(sg, v, T(10), plus<T>());
        o[s_incl_max] = inclusive_scan_over_group(sg, v, maximum<T>());
        o[s_excl_min] = exclusive_scan_over_group(sg, v, minimum<T>());
        o[s_incl_mul] = inclusive_scan_over_group(sg, m[gid], multiplies<T>());
        // joint algorithms over this sub-group's own segment (the modulo
        // keeps a wrong query from reading out of bounds).
        const size_t qs = (it.get_group_linear_id() * sg.get_group_linear_range() + s) % total_sg;
        const T *sp = seg + qs * seg_len;
        o[s_jr_plus] = joint_reduce(sg, sp, sp + seg_len, plus<T>());
        o[s_jr_plus_init] = joint_reduce(sg, sp, sp + seg_len, T(10), plus<T>());
        o[s_jr_max] = joint_reduce(sg, sp, sp + seg_len, maximum<T>());
        if constexpr (std::is_integral_v<T>) {
          const T b = T(bits[gid]);
          o[s_red_or] = reduce_over_group(sg, b, bit_or<T>());
          o[s_red_xor] = reduce_over_group(sg, v, bit_xor<T>());
          o[s_red_and] = reduce_over_group(sg, T(~b), bit_and<T>());
          o[s_incl_or] = inclusive_scan_over_group(sg, b, bit_or<T>());
        }
        io[i_local_id] = int(sg.get_local_id()[0]);
        io[i_local_linear_id] = int(lane);
        io[i_local_range] = int(sg.get_local_range()[0]);
        io[i_local_linear_range] = int(n);
        io[i_group_id] = int(sg.get_group_id()[0]);
        io[i_group_linear_id] = int(s);
        io[i_group_range] = int(sg.get_group_range()[0]);
        io[i_group_linear_range] = int(sg.get_group_linear_range());
        io[i_max_local_range] = int(w);
        io[i_leader] = sg.leader();
        const bool p = pred[gid] != 0;
        io[i_any] = any_of_group(sg, p);
        io[i_all] = all_of_group(sg, p);
        io[i_none] = none_of_group(sg, p);
        io[i_any_v] = any_of_group(sg, v, above<T>{big});
        io[i_all_v] = all_of_group(sg, v, above<T>{T(-big)});
        io[i_none_v] = none_of_group(sg, v, above<T>{big});
        io[i_joint_any] = joint_any_of(sg, sp, sp + seg_len, above<T>{rare});
        io[i_joint_all] = joint_all_of(sg, sp, sp + seg_len, above<T>{T(-rare)});
        io[i_joint_none] = joint_none_of(sg, sp, sp + seg_len, above<T>{rare});
#ifdef SYCL_EXT_ONEAPI_SUB_GROUP_MASK
        const auto mask = ext::oneapi::group_ballot(sg, p);
        uint64_t mb = 0;
        for (uint32_t k = 0; k < 64 && k < mask.size(); ++k)
          if (mask.test(id<1>(k))) mb |= uint64_t(1) << k;
        io[i_ballot_lo] = int(uint32_t(mb));
        io[i_ballot_hi] = int(uint32_t(mb >> 32));
        io[i_ballot_count] = int(mask.count());
        io[i_ballot_size] = int(mask.size());
        io[i_ballot_find_low] = int(mask.find_low()[0]);
#endif
      };
    });

    for (size_t gid = 0; gid < total; ++gid) {
      const auto &mates = lo.mates(gid);
      const size_t n = mates.size(), lane = lo.lane(gid), s = lo.sg(gid);
      auto X = [&](size_t k) { return x[mates[k]]; };
      auto M = [&](size_t k) { return m[mates[k]]; };
      auto B = [&](size_t k) { return bits[mates[k]]; };
      const T *o = out + gid * s_count;
      const int *io = iout + gid * i_count;
      auto ck = [&](const char *what, T got, T want) { return same(where(cfg, lo, gid, what), got, want); };
      auto cki = [&](const char *what, long long got, long long want) {
        return check_eq(where(cfg, lo, gid, what), got, want);
      };
      // Queries first: if they are wrong, the rest is noise.
      bool ok = true;
      ok &= cki("get_local_id", io[i_local_id], lane);
      ok &= cki("get_local_linear_id", io[i_local_linear_id], lane);
      ok &= cki("get_local_range", io[i_local_range], n);
      ok &= cki("get_local_linear_range", io[i_local_linear_range], n);
      ok &= cki("get_group_id", io[i_group_id], s);
      ok &= cki("get_group_linear_id", io[i_group_linear_id], s);
      ok &= cki("get_group_range", io[i_group_range], lo.nsg());
      ok &= cki("get_group_linear_range", io[i_group_linear_range], lo.nsg());
      ok &= cki("get_max_local_range", io[i_max_local_range], lo.W);
      ok &= cki("leader()", io[i_leader], lane == 0);
      if (!ok) continue;

      ck("group_broadcast(sg, x)", o[s_bcast0], X(0));
      ck("group_broadcast(sg, x, linear id)", o[s_bcast_lin], X((s * 3 + 1) % n));
      ck("group_broadcast(sg, x, id<1>(n-1))", o[s_bcast_id], X(n - 1));
      ck("select_from_group((lane*5+3)%n)", o[s_sel_fwd], X((lane * 5 + 3) % n));
      ck("select_from_group(n-1-lane)", o[s_sel_rev], X(n - 1 - lane));
      if ((lane ^ 1) < n) ck("permute_group_by_xor(1)", o[s_xor1], X(lane ^ 1));
      if ((lane ^ (lo.W - 1)) < n) ck("permute_group_by_xor(W-1)", o[s_xor_wm1], X(lane ^ (lo.W - 1)));
      if ((lane ^ 3) < n) ck("permute_group_by_xor(3)", o[s_xor3], X(lane ^ 3));
      if (lane + 1 < n) ck("shift_group_left(default 1)", o[s_shl_def], X(lane + 1));
      if (lane + 3 < n) ck("shift_group_left(3)", o[s_shl3], X(lane + 3));
      if (lane >= 1) ck("shift_group_right(default 1)", o[s_shr_def], X(lane - 1));
      if (lane >= 3) ck("shift_group_right(3)", o[s_shr3], X(lane - 3));
      // (s_shl_far / s_shr_far: delta W+2, source always outside: unspecified)

      T sum = 0, mn = X(0), mx = X(0), prod = 1, incl = 0, excl = 0, imax = X(0), emin = 0, iprod = 1;
      for (size_t k = 0; k < n; ++k) {
        sum += X(k);
        mn = std::min(mn, X(k));
        mx = std::max(mx, X(k));
        prod *= M(k);
      }
      for (size_t k = 0; k <= lane; ++k) {
        incl += X(k);
        imax = std::max(imax, X(k));
        iprod *= M(k);
      }
      emin = sycl::known_identity_v<minimum<T>, T>;
      for (size_t k = 0; k < lane; ++k) {
        excl += X(k);
        emin = std::min(emin, X(k));
      }
      ck("reduce_over_group(plus)", o[s_red_plus], sum);
      ck("reduce_over_group(init 10, plus)", o[s_red_plus_init], T(T(10) + sum));
      ck("reduce_over_group(minimum)", o[s_red_min], mn);
      ck("reduce_over_group(maximum)", o[s_red_max], mx);
      ck("reduce_over_group(multiplies)", o[s_red_mul], prod);
      ck("inclusive_scan_over_group(plus)", o[s_incl_plus], incl);
      ck("inclusive_scan_over_group(plus, init 10)", o[s_incl_plus_init], T(T(10) + incl));
      ck("exclusive_scan_over_group(plus)", o[s_excl_plus], excl);
      ck("exclusive_scan_over_group(init 10, plus)", o[s_excl_plus_init], T(T(10) + excl));
      ck("inclusive_scan_over_group(maximum)", o[s_incl_max], imax);
      ck("exclusive_scan_over_group(minimum) (lane 0: identity)", o[s_excl_min], emin);
      ck("inclusive_scan_over_group(multiplies)", o[s_incl_mul], iprod);

      const T *sp = seg + lo.qsg(gid) * seg_len;
      T jsum = 0, jmax = sp[0];
      bool jany = false, jall = true;
      for (size_t k = 0; k < seg_len; ++k) {
        jsum += sp[k];
        jmax = std::max(jmax, sp[k]);
        jany |= above<T>{rare}(sp[k]);
        jall &= above<T>{T(-rare)}(sp[k]);
      }
      ck("joint_reduce(plus)", o[s_jr_plus], jsum);
      ck("joint_reduce(init 10, plus)", o[s_jr_plus_init], T(T(10) + jsum));
      ck("joint_reduce(maximum)", o[s_jr_max], jmax);
      cki("joint_any_of", io[i_joint_any], jany);
      cki("joint_all_of", io[i_joint_all], jall);
      cki("joint_none_of", io[i_joint_none], !jany);

      if constexpr (std::is_integral_v<T>) {
        T bor = 0, bxor = 0, band = ~T(0), ior = 0;
        for (size_t k = 0; k < n; ++k) {
          bor |= T(B(k));
          bxor ^= X(k);
          band &= T(~B(k));
        }
        for (size_t k = 0; k <= lane; ++k) ior |= T(B(k));
        ck("reduce_over_group(bit_or)", o[s_red_or], bor);
        ck("reduce_over_group(bit_xor)", o[s_red_xor], bxor);
        ck("reduce_over_group(bit_and)", o[s_red_and], band);
        ck("inclusive_scan_over_group(bit_or)", o[s_incl_or], ior);
      }

      bool any = false, all = true, anyv = false, allv = true;
      uint64_t ballot = 0;
      for (size_t k = 0; k < n; ++k) {
        const bool p = pred[mates[k]] != 0;
        any |= p;
        all &= p;
        anyv |= above<T>{big}(X(k));
        allv &= above<T>{T(-big)}(X(k));
        if (p) ballot |= uint64_t(1) << k;
      }
      cki("any_of_group(sg, pred)", io[i_any], any);
      cki("all_of_group(sg, pred)", io[i_all], all);
      cki("none_of_group(sg, pred)", io[i_none], !any);
      cki("any_of_group(sg, x, pred)", io[i_any_v], anyv);
      cki("all_of_group(sg, x, pred)", io[i_all_v], allv);
      cki("none_of_group(sg, x, pred)", io[i_none_v], !anyv);
#ifdef SYCL_EXT_ONEAPI_SUB_GROUP_MASK
      cki("group_ballot bits 0-31", uint32_t(io[i_ballot_lo]), uint32_t(ballot));
      cki("group_ballot bits 32-63", uint32_t(io[i_ballot_hi]), uint32_t(ballot >> 32));
      cki("group_ballot count()", io[i_ballot_count], __builtin_popcountll(ballot));
      cki("group_ballot size() (= max local range)", io[i_ballot_size], lo.W);
      cki("group_ballot find_low()", io[i_ballot_find_low], ballot ? __builtin_ctzll(ballot) : lo.W);
#endif
    }
  });
  free(x, q), free(m, q), free(seg, q), free(bits, q), free(pred, q), free(out, q), free(iout, q);
}

// ============================ a struct ====================================

struct pod {
  int a;
  float b;
  double c;
  short d;
};
inline pod make_pod(size_t i) { return {int(i * 3 + 1), float(i) * 0.5f, double(i) * -1.25, short(i % 1000)}; }
inline bool operator==(const pod &x, const pod &y) {
  return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d;
}
inline std::string pod_str(const pod &p) {
  return "{" + std::to_string(p.a) + ", " + std::to_string(p.b) + ", " + std::to_string(p.c) +
         ", " + std::to_string(p.d) + "}";
}

template <int N, int D> void shuffle_pod(queue &q, range<D> global, range<D> local, size_t W) {
  const std::string cfg = cfg_name<N>("shuffle_pod", "", D, W, shape(local));
  const layout lo = make_layout(global, local, W);
  constexpr int slots = 6;
  pod *in = malloc_shared<pod>(lo.total, q), *out = malloc_shared<pod>(lo.total * slots, q);
  for (size_t i = 0; i < lo.total; ++i) in[i] = make_pod(i);
  std::fill(out, out + lo.total * slots, pod{-1, -1, -1, -1});
  guarded(cfg, [&] {
    submit_nd<N>(q, nd_range<D>(global, local), [=](handler &) {
      return [=](nd_item<D> it) {
        const sub_group sg = it.get_sub_group();
        const size_t gid = it.get_global_linear_id();
        const uint32_t lane = sg.get_local_linear_id(), n = sg.get_local_linear_range();
        const pod p = in[gid];
        pod *o = out + gid * slots;
        o[0] = group_broadcast(sg, p);
        o[1] = group_broadcast(sg, p, uint32_t(n / 2));
        o[2] = select_from_group(sg, p, id<1>((lane + 2) % n));
        o[3] = permute_group_by_xor(sg, p, 2);
        o[4] = shift_group_left(sg, p, 2);
        o[5] = shift_group_right(sg, p, 1);
      };
    });
    for (size_t gid = 0; gid < lo.total; ++gid) {
      const auto &mates = lo.mates(gid);
      const size_t n = mates.size(), lane = lo.lane(gid);
      const pod *o = out + gid * slots;
      auto ck = [&](const char *what, const pod &got, size_t src) {
        const pod want = in[mates[src]];
        if (!(got == want))
          fail(where(cfg, lo, gid, what) + ": expected " + pod_str(want) + ", got " + pod_str(got));
      };
      ck("group_broadcast(sg, struct)", o[0], 0);
      ck("group_broadcast(sg, struct, n/2)", o[1], n / 2);
      ck("select_from_group(sg, struct, (lane+2)%n)", o[2], (lane + 2) % n);
      if ((lane ^ 2) < n) ck("permute_group_by_xor(sg, struct, 2)", o[3], lane ^ 2);
      if (lane + 2 < n) ck("shift_group_left(sg, struct, 2)", o[4], lane + 2);
      if (lane >= 1) ck("shift_group_right(sg, struct, 1)", o[5], lane - 1);
    }
  });
  free(in, q), free(out, q);
}

// ============================ divergence ==================================

// A sub-group collective in a function the optimiser keeps out of line.
template <typename T> [[gnu::noinline]] T sg_sum_outlined(sub_group sg, T v) {
  return reduce_over_group(sg, v, plus<T>());
}

// Sub-groups of one work-group take different branches (each sub-group
// uniformly), loop a number of times that depends on the sub-group, leave a
// loop on a collective's answer, call a collective kept out of line, and
// sub-group 1 returns early; then only every third sub-group runs one more
// collective (no work-group barrier anywhere).
template <int N, int D> void divergent(queue &q, range<D> global, range<D> local, size_t W) {
  const std::string cfg = cfg_name<N>("divergent", "", D, W, shape(local));
  const layout lo = make_layout(global, local, W);
  const size_t total = lo.total;
  constexpr int slots = 6;
  int *xi = malloc_shared<int>(total, q), *oi = malloc_shared<int>(total * slots, q);
  float *xf = malloc_shared<float>(total, q), *of = malloc_shared<float>(total, q);
  double *xd = malloc_shared<double>(total, q), *od = malloc_shared<double>(total, q);
  for (size_t i = 0; i < total; ++i) {
    xi[i] = val<int>(i);
    xf[i] = val<float>(i + 5);
    xd[i] = val<double>(i * 11);
  }
  std::fill(oi, oi + total * slots, -77);
  guarded(cfg, [&] {
    submit_nd<N>(q, nd_range<D>(global, local), [=](handler &) {
      return [=](nd_item<D> it) {
        const sub_group sg = it.get_sub_group();
        const size_t gid = it.get_global_linear_id();
        const uint32_t lane = sg.get_local_linear_id(), n = sg.get_local_linear_range();
        const uint32_t s = sg.get_group_linear_id();
        const int iv = xi[gid];
        const float fv = xf[gid];
        const double dv = xd[gid];
        int ri;
        double rd;
        if (sg.get_group_id()[0] % 2 == 0) {
          ri = reduce_over_group(sg, iv, plus<int>());
          rd = reduce_over_group(sg, dv, maximum<double>());
        } else {
          ri = inclusive_scan_over_group(sg, iv, plus<int>());
          rd = group_broadcast(sg, dv, n - 1);
        }
        float acc = fv;
        for (uint32_t k = 0; k <= s % 3; ++k)
          acc = acc * 0.5f + select_from_group(sg, acc, id<1>((lane + 1) % n));
        int t = iv, cnt = 0;
        while (any_of_group(sg, t > 0) && cnt < 64) {
          t -= 7;
          ++cnt;
        }
        int *o = oi + gid * slots;
        o[0] = ri;
        o[1] = cnt;
        o[4] = sg_sum_outlined(sg, iv * 3);
        of[gid] = acc;
        od[gid] = rd;
        if (s == 1) {
          o[2] = -1;
          o[3] = -1;
          return;
        }
        o[2] = reduce_over_group(sg, t, minimum<int>());
        o[3] = group_broadcast(sg, cnt + int(s) + int(lane), n / 2);
        if (s % 3 == 2) o[5] = reduce_over_group(sg, iv, maximum<int>());
      };
    });
    for (size_t gid = 0; gid < total; ++gid) {
      const auto &mates = lo.mates(gid);
      const size_t n = mates.size(), lane = lo.lane(gid), s = lo.sg(gid);
      int ri = 0, tmax = std::numeric_limits<int>::min();
      double rd = xd[mates[0]];
      if (s % 2 == 0) {
        for (size_t k = 0; k < n; ++k) ri += xi[mates[k]], rd = std::max(rd, xd[mates[k]]);
      } else {
        for (size_t k = 0; k <= lane; ++k) ri += xi[mates[k]];
        rd = xd[mates[n - 1]];
      }
      std::vector<float> acc(n);
      for (size_t k = 0; k < n; ++k) acc[k] = xf[mates[k]];
      for (size_t r = 0; r <= s % 3; ++r) {
        std::vector<float> next(n);
        for (size_t k = 0; k < n; ++k) next[k] = acc[k] * 0.5f + acc[(k + 1) % n];
        acc = next;
      }
      for (size_t k = 0; k < n; ++k) tmax = std::max(tmax, xi[mates[k]]);
      const int cnt = tmax > 0 ? (tmax + 6) / 7 : 0;
      int tmin = std::numeric_limits<int>::max();
      for (size_t k = 0; k < n; ++k) tmin = std::min(tmin, xi[mates[k]] - 7 * cnt);
      const int *o = oi + gid * slots;
      int sum3 = 0, imax = std::numeric_limits<int>::min();
      for (size_t k = 0; k < n; ++k) sum3 += 3 * xi[mates[k]], imax = std::max(imax, xi[mates[k]]);
      auto cki = [&](const char *what, long long got, long long want) {
        return check_eq(where(cfg, lo, gid, what), got, want);
      };
      cki(s % 2 == 0 ? "even sub-group: reduce_over_group(plus)" : "odd sub-group: inclusive_scan_over_group(plus)",
          o[0], ri);
      same(where(cfg, lo, gid, s % 2 == 0 ? "even sub-group: reduce_over_group(maximum)" : "odd sub-group: group_broadcast(n-1)"),
           od[gid], rd);
      same(where(cfg, lo, gid, "select_from_group in a loop of (s % 3 + 1) trips"), of[gid], acc[lane]);
      cki("trips of a loop ended by any_of_group", o[1], cnt);
      cki("reduce_over_group(plus) in a function not inlined", o[4], sum3);
      if (s == 1) {
        cki("sub-group 1 returned early", o[2], -1);
      } else {
        cki("reduce_over_group(minimum) after the loop", o[2], tmin);
        cki("group_broadcast(n/2) after sub-group 1 left", o[3], cnt + int(s) + int(n / 2));
        cki(s % 3 == 2 ? "reduce_over_group(maximum) in every third sub-group only" : "(no collective here)",
            o[5], s % 3 == 2 ? imax : -77);
      }
    }
  });
  free(xi, q), free(oi, q), free(xf, q), free(of, q), free(xd, q), free(od, q);
}

// ============================ block reduction =============================

template <int N, typename T> void block_reduce(queue &q, size_t L, size_t groups, size_t W) {
  const std::string cfg = cfg_name<N>("block_reduce<", std::string(type_name<T>()) + ">", 1, W,
                                      std::to_string(L));
  const range<1> global(L * groups), local(L);
  const layout lo = make_layout(global, local, W);
  const size_t total = lo.total;
  T *x = malloc_shared<T>(total, q), *per_group = malloc_shared<T>(groups, q);
  T *wg = malloc_shared<T>(total, q);
  for (size_t i = 0; i < total; ++i) x[i] = val<T>(i * 5 + 2);
  std::fill(per_group, per_group + groups, T(-77));
  guarded(cfg, [&] {
    submit_nd<N>(q, nd_range<1>(global, local), [=](handler &h) {
      // One slot per sub-group; sized for the smallest width so a wrong
      // sub-group id cannot write out of bounds.
      local_accessor<T, 1> part(range<1>(L), h);
      return [=](nd_item<1> it) {
        const sub_group sg = it.get_sub_group();
        const size_t gid = it.get_global_linear_id();
        const uint32_t sid = sg.get_group_linear_id();
        const T v = x[gid];
        const T mine = reduce_over_group(sg, v, plus<T>());
        if (sg.leader()) part[sid] = mine;
        group_barrier(it.get_group());
        if (sid == 0) {
          T acc = T(0);
          for (size_t k = sg.get_local_linear_id(); k < sg.get_group_linear_range();
               k += sg.get_local_linear_range())
            acc += part[k];
          const T tot = reduce_over_group(sg, acc, plus<T>());
          if (sg.leader()) per_group[it.get_group_linear_id()] = tot;
        }
        wg[gid] = reduce_over_group(it.get_group(), v, plus<T>());
      };
    });
    for (size_t g = 0; g < groups; ++g) {
      T want = 0;
      for (size_t i = g * L; i < (g + 1) * L; ++i) want += x[i];
      same(cfg + ": two-level sum of work-group " + std::to_string(g), per_group[g], want);
      for (size_t i = g * L; i < (g + 1) * L; ++i)
        if (!same(where(cfg, lo, i, "reduce_over_group(work-group) after the sub-group phase"), wg[i], want))
          break;
    }
  });
  free(x, q), free(per_group, q), free(wg, q);
}

// ============================ barriers mixed ==============================

template <int N, int D> void barrier_mix(queue &q, range<D> global, range<D> local, size_t W) {
  const std::string cfg = cfg_name<N>("barrier_mix", "", D, W, shape(local));
  const layout lo = make_layout(global, local, W);
  const size_t total = lo.total, L = lo.L;
  constexpr int rounds = 3;
  int *xi = malloc_shared<int>(total, q), *oi = malloc_shared<int>(total, q);
  float *xf = malloc_shared<float>(total, q), *of = malloc_shared<float>(total, q);
  double *xd = malloc_shared<double>(total, q), *od = malloc_shared<double>(total, q);
  pod *op = malloc_shared<pod>(total, q);
  for (size_t i = 0; i < total; ++i) {
    xi[i] = val<int>(i + 3);
    xf[i] = val<float>(i * 2);
    xd[i] = val<double>(i + 17);
  }
  guarded(cfg, [&] {
    submit_nd<N>(q, nd_range<D>(global, local), [=](handler &h) {
      local_accessor<int, 1> loc(range<1>(L), h);
      return [=](nd_item<D> it) {
        const sub_group sg = it.get_sub_group();
        const size_t gid = it.get_global_linear_id(), lin = it.get_local_linear_id();
        const uint32_t lane = sg.get_local_linear_id(), n = sg.get_local_linear_range();
        const size_t base = size_t(sg.get_group_linear_id()) * sg.get_max_local_range()[0];
        const size_t w = sg.get_max_local_range()[0];
        int iv = xi[gid];
        float fv = xf[gid];
        double dv = xd[gid];
        pod pv = make_pod(gid);
        for (int r = 0; r < rounds; ++r) {
          loc[lin] = iv;
          if (r % 2 == 0)
            sg.barrier();
          else
            group_barrier(sg);
          const int nb = loc[(base + (lane + 1) % n) % L];
          group_barrier(it.get_group());
          const int other = loc[(lin + w) % L];
          group_barrier(it.get_group());
          iv = iv + 2 * nb - other;
          fv = fv * 0.5f + reduce_over_group(sg, fv, maximum<float>());
          dv = dv + exclusive_scan_over_group(sg, dv, plus<double>());
          pv = select_from_group(sg, pv, id<1>((lane + r + 1) % n));
          pv.a += r;
        }
        oi[gid] = iv;
        of[gid] = fv;
        od[gid] = dv;
        op[gid] = pv;
      };
    });
    // Host: the same rounds, work-group by work-group.
    for (size_t g = 0; g < lo.groups; ++g) {
      std::vector<size_t> by_lin(L);
      for (const auto &sgm : lo.members[g])
        for (size_t gid : sgm) by_lin[lo.pos[gid].lin] = gid;
      std::vector<int> iv(L);
      std::vector<float> fv(L);
      std::vector<double> dv(L);
      std::vector<pod> pv(L);
      for (size_t l = 0; l < L; ++l) {
        iv[l] = xi[by_lin[l]];
        fv[l] = xf[by_lin[l]];
        dv[l] = xd[by_lin[l]];
        pv[l] = make_pod(by_lin[l]);
      }
      for (int r = 0; r < rounds; ++r) {
        std::vector<int> ni(L);
        std::vector<float> nf(L);
        std::vector<double> nd(L);
        std::vector<pod> np(L);
        for (size_t l = 0; l < L; ++l) {
          const size_t base = l / W * W, n = std::min(W, L - base), lane = l - base;
          float mx = fv[base];
          double ex = 0;
          for (size_t k = 0; k < n; ++k) mx = std::max(mx, fv[base + k]);
          for (size_t k = 0; k < lane; ++k) ex += dv[base + k];
          ni[l] = iv[l] + 2 * iv[base + (lane + 1) % n] - iv[(l + W) % L];
          nf[l] = fv[l] * 0.5f + mx;
          nd[l] = dv[l] + ex;
          np[l] = pv[base + (lane + r + 1) % n];
          np[l].a += r;
        }
        iv = ni, fv = nf, dv = nd, pv = np;
      }
      for (size_t l = 0; l < L; ++l) {
        const size_t gid = by_lin[l];
        check_eq(where(cfg, lo, gid, "int through local memory and barriers"), oi[gid], iv[l]);
        same(where(cfg, lo, gid, "float through reduce_over_group(maximum)"), of[gid], fv[l]);
        same(where(cfg, lo, gid, "double through exclusive_scan_over_group(plus)"), od[gid], dv[l]);
        if (!(op[gid] == pv[l]))
          fail(where(cfg, lo, gid, "struct through select_from_group") + ": expected " +
                    pod_str(pv[l]) + ", got " + pod_str(op[gid]));
      }
    }
  });
  free(xi, q), free(oi, q), free(xf, q), free(of, q), free(xd, q), free(od, q), free(op, q);
}

// ============================ one width ===================================

// Every kernel with [[sycl::reqd_sub_group_size(N)]], or (N == 0) without,
// at width W.
template <int N> void run_width(queue &q, size_t W, size_t max_wg) {
  const size_t half = W / 2 + 1;
  auto fits = [&](size_t l) { return l <= max_wg; };
  // 1-D: a partial last sub-group, whole sub-groups only, work-groups
  // smaller than one sub-group (one of a single work-item).
  for (size_t L : {3 * W + 3, 2 * W, half, size_t(1)}) {
    if (!fits(L)) continue;
    collectives<N, 1, int>(q, range<1>(3 * L), range<1>(L), W);
    if constexpr (N != 64) {
      collectives<N, 1, float>(q, range<1>(3 * L), range<1>(L), W);
      collectives<N, 1, double>(q, range<1>(3 * L), range<1>(L), W);
    }
  }
  // 2-D: sub-groups cross rows; a partial last sub-group.
  const range<2> l2(3, half), g2(6, 2 * half);
  if (fits(l2.size())) {
    collectives<N, 2, int>(q, g2, l2, W);
    if constexpr (N != 64) {
      collectives<N, 2, float>(q, g2, l2, W);
      collectives<N, 2, double>(q, g2, l2, W);
    }
    shuffle_pod<N, 2>(q, g2, l2, W);
  }
  if (fits(3 * W + 3)) shuffle_pod<N, 1>(q, range<1>(2 * (3 * W + 3)), range<1>(3 * W + 3), W);

  const range<2> d2(2, W + 3);
  if (fits(4 * W + 1)) divergent<N, 1>(q, range<1>(2 * (4 * W + 1)), range<1>(4 * W + 1), W);
  if (fits(d2.size())) divergent<N, 2>(q, range<2>(4, 2 * (W + 3)), d2, W);

  for (size_t L : {8 * W + 5, 4 * W}) {
    if (!fits(L)) continue;
    block_reduce<N, int>(q, L, 3, W);
    block_reduce<N, float>(q, L, 3, W);
    block_reduce<N, double>(q, L, 3, W);
  }
  // Many work-groups at once (the CPU runs them on all its threads).
  if (fits(4 * W)) block_reduce<N, int>(q, 4 * W, 61, W);

  if (fits(3 * W + 1)) barrier_mix<N, 1>(q, range<1>(2 * (3 * W + 1)), range<1>(3 * W + 1), W);
  if (fits(d2.size())) barrier_mix<N, 2>(q, range<2>(4, 2 * (W + 3)), d2, W);
}

// The width a kernel without reqd_sub_group_size gets.
size_t default_width(queue &q) {
  uint32_t *w = malloc_shared<uint32_t>(1, q);
  *w = 0;
  q.parallel_for(nd_range<1>(64, 64), [=](nd_item<1> it) {
     if (it.get_local_linear_id() == 0) *w = uint32_t(it.get_sub_group().get_max_local_range()[0]);
   }).wait_and_throw();
  const size_t r = *w;
  free(w, q);
  return r;
}

// What the CPU device's default width must be (docs/runtime.md): the
// override, else one lane per 32-bit element of the widest vector register.
size_t expected_cpu_default() {
  if (const char *e = std::getenv("USYCL_CPU_SUB_GROUP_SIZE"); e && *e) return std::strtoul(e, nullptr, 10);
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__SYCL_DEVICE_ONLY__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return 16;
  if (__builtin_cpu_supports("avx")) return 8;
#endif
  return 4;
}

} // namespace

int main() {
  queue q;
  e2e::print_device(q, "sub_groups");
  const device dev = q.get_device();
  const auto sizes = dev.get_info<info::device::sub_group_sizes>();
  const size_t max_wg = dev.get_info<info::device::max_work_group_size>();
  auto has = [&](size_t s) { return std::find(sizes.begin(), sizes.end(), s) != sizes.end(); };
  std::string list;
  for (size_t s : sizes) list += " " + std::to_string(s);
  std::printf("sub_groups: device sub_group_sizes:%s\n", list.c_str());

  std::string ran, skipped;
  auto width = [&](auto tag) {
    constexpr int N = decltype(tag)::value;
    if (!has(N)) {
      skipped += " " + std::to_string(N);
      return;
    }
    const int before = e2e::failures();
    run_width<N>(q, N, max_wg);
    ran += " " + std::to_string(N) + (e2e::failures() != before ? "(FAILED)" : "");
  };
  width(std::integral_constant<int, 4>());
  width(std::integral_constant<int, 8>());
  width(std::integral_constant<int, 16>());
  width(std::integral_constant<int, 32>());
  width(std::integral_constant<int, 64>());

  size_t dw = 0;
  guarded("default width probe", [&] { dw = default_width(q); });
  check("default sub-group width " + std::to_string(dw) + " is one of info::device::sub_group_sizes",
             has(dw));
  // The CPU's rule, once the device offers more than one size (a device that
  // lists only {1} runs every sub-group as one work-item).
  if (dev.is_cpu() && sizes.size() > 1)
    check_eq("CPU default sub-group width (AVX-512F 16, AVX 8, else 4, or USYCL_CPU_SUB_GROUP_SIZE)",
                  dw, expected_cpu_default());
  if (dw > 0 && dw <= 64) {
    const int before = e2e::failures();
    run_width<0>(q, dw, max_wg);
    std::printf("sub_groups: without reqd_sub_group_size: width %zu%s\n", dw,
                e2e::failures() != before ? " (FAILED)" : "");
  }
  std::printf("sub_groups: reqd_sub_group_size ran:%s; skipped (not in sub_group_sizes):%s\n",
              ran.empty() ? " none" : ran.c_str(), skipped.empty() ? " none" : skipped.c_str());
  return e2e::finish("sub_groups");
}
