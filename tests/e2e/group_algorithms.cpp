// Group functions and algorithms (SYCL 2020 §4.17) on work-groups and
// sub-groups, checked against a host computation. Work-group sizes include
// 1, non-multiples of 32 and 1024 (capped at the device's maximum); the
// algorithms run back to back without barriers in between, as user code
// does. Sub-groups are discovered at run time (one work-item on the CPU, a
// warp on NVIDIA GPUs), so the same checks hold on every device.
// Exit code 0 = all checks passed.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

int failures = 0;

template <typename T> double as_double(T v) { return static_cast<double>(static_cast<float>(v)); }
template <> double as_double<double>(double v) { return v; }
template <> double as_double<long>(long v) { return static_cast<double>(v); }
template <> double as_double<unsigned>(unsigned v) { return static_cast<double>(v); }
template <> double as_double<int>(int v) { return static_cast<double>(v); }

template <typename T>
void check(const char *type, const std::string &what, size_t item, T got, T want) {
  if (got == want)
    return;
  if (++failures <= 25)
    std::fprintf(stderr, "FAIL [%s] %s: work-item %zu got %.17g, expected %.17g\n", type,
                 what.c_str(), item, as_double(got), as_double(want));
}

// Slots of the per-work-item result array.
enum slot : int {
  s_reduce_plus,
  s_reduce_min,
  s_reduce_max,
  s_reduce_plus_init,
  s_excl_plus,
  s_incl_plus,
  s_excl_max_init,
  s_incl_min_init,
  s_broadcast,
  s_broadcast_id,
  s_sg_reduce_plus,
  s_sg_reduce_max,
  s_sg_incl_plus,
  s_sg_excl_plus,
  s_sg_broadcast,
  s_shift_left,
  s_shift_right,
  s_permute_xor,
  s_select,
  s_count
};
enum bslot : int { b_any, b_all, b_none, b_any_pred, b_sg_any, b_sg_all, b_sg_none, b_count };
enum islot : int { i_sg_id, i_sg_lid, i_sg_size, i_count };

template <typename T> T value_of(size_t i, bool small) {
  // Small integers: exact in every type, so float sums compare exactly.
  // For half ({0,1}) even a 1024-item sum stays exact.
  return small ? T((i * 7 + 3) % 2)
               : T(int((i * 2654435761u) % 19) -
                   (std::is_signed_v<T> || !std::is_integral_v<T> ? 9 : 0));
}

// The predicate pattern of group g: none / all / some work-items true.
bool pred_of(size_t g, size_t lid, size_t n) {
  size_t cut = g % 3 == 0 ? 0 : g % 3 == 1 ? n : n / 2;
  return lid < cut;
}

template <typename T, int Dims>
void run_nd(sycl::queue &q, const char *type, sycl::range<Dims> local, size_t groups0) {
  sycl::range<Dims> global = local;
  global[0] *= groups0;
  const size_t n = local.size(), total = global.size(), ngroups = groups0;
  const bool small = std::is_same_v<T, sycl::half>;
  std::vector<T> in(total);
  for (size_t i = 0; i < total; ++i)
    in[i] = value_of<T>(i, small);

  T *x = sycl::malloc_shared<T>(total, q);
  T *out = sycl::malloc_shared<T>(total * s_count, q);
  int *bout = sycl::malloc_shared<int>(total * b_count, q);
  int *iout = sycl::malloc_shared<int>(total * i_count, q);
  std::copy(in.begin(), in.end(), x);
  const T init = T(5);

  q.parallel_for(sycl::nd_range<Dims>(global, local), [=](sycl::nd_item<Dims> it) {
     auto g = it.get_group();
     auto sg = it.get_sub_group();
     const size_t i = it.get_global_linear_id();
     const size_t lid = it.get_local_linear_id();
     const T v = x[i];
     T *o = out + i * s_count;
     o[s_reduce_plus] = sycl::reduce_over_group(g, v, sycl::plus<T>());
     o[s_reduce_min] = sycl::reduce_over_group(g, v, sycl::minimum<>());
     o[s_reduce_max] = sycl::reduce_over_group(g, v, sycl::maximum<T>());
     o[s_reduce_plus_init] = sycl::reduce_over_group(g, v, init, sycl::plus<>());
     o[s_excl_plus] = sycl::exclusive_scan_over_group(g, v, sycl::plus<T>());
     o[s_incl_plus] = sycl::inclusive_scan_over_group(g, v, sycl::plus<T>());
     o[s_excl_max_init] = sycl::exclusive_scan_over_group(g, v, init, sycl::maximum<T>());
     o[s_incl_min_init] = sycl::inclusive_scan_over_group(g, v, sycl::minimum<T>(), init);
     o[s_broadcast] = sycl::group_broadcast(g, v, (g.get_group_linear_id() * 7 + 3) % n);
     o[s_broadcast_id] = sycl::group_broadcast(g, v);
     o[s_sg_reduce_plus] = sycl::reduce_over_group(sg, v, sycl::plus<T>());
     o[s_sg_reduce_max] = sycl::reduce_over_group(sg, v, sycl::maximum<T>());
     o[s_sg_incl_plus] = sycl::inclusive_scan_over_group(sg, v, sycl::plus<T>());
     o[s_sg_excl_plus] = sycl::exclusive_scan_over_group(sg, v, sycl::plus<T>());
     o[s_sg_broadcast] = sycl::group_broadcast(sg, v);
     o[s_shift_left] = sycl::shift_group_left(sg, v, 1);
     o[s_shift_right] = sycl::shift_group_right(sg, v, 1);
     o[s_permute_xor] = sycl::permute_group_by_xor(sg, v, 1);
     const uint32_t sgn = sg.get_local_linear_range();
     o[s_select] =
         sycl::select_from_group(sg, v, sycl::id<1>((sg.get_local_linear_id() + 3) % sgn));

     const bool p = pred_of(g.get_group_linear_id(), lid, n);
     int *b = bout + i * b_count;
     b[b_any] = sycl::any_of_group(g, p);
     b[b_all] = sycl::all_of_group(g, p);
     b[b_none] = sycl::none_of_group(g, p);
     b[b_any_pred] = sycl::any_of_group(g, v, [](T y) { return y > T(8); });
     b[b_sg_any] = sycl::any_of_group(sg, p);
     b[b_sg_all] = sycl::all_of_group(sg, p);
     b[b_sg_none] = sycl::none_of_group(sg, p);
     int *io = iout + i * i_count;
     io[i_sg_id] = int(sg.get_group_linear_id());
     io[i_sg_lid] = int(sg.get_local_linear_id());
     io[i_sg_size] = int(sgn);
   }).wait_and_throw();

  std::string cfg = "local " + std::to_string(n) + " (" + std::to_string(Dims) + "-D)";
  // Host reference. Work-group g holds global linear ids whose dimension-0
  // index lies in [g*local[0], (g+1)*local[0]) -- contiguous because only
  // dimension 0 has several groups.
  for (size_t gi = 0; gi < ngroups; ++gi) {
    const size_t base = gi * n;
    T sum = T(0), mn = in[base], mx = in[base];
    bool any = false, all = true, anybig = false;
    for (size_t l = 0; l < n; ++l) {
      T v = in[base + l];
      sum = T(sum + v);
      mn = std::min(mn, v);
      mx = std::max(mx, v);
      any |= pred_of(gi, l, n);
      all &= pred_of(gi, l, n);
      anybig |= v > T(8);
    }
    T run = T(0), runmin = init, runmax = init;
    for (size_t l = 0; l < n; ++l) {
      const size_t i = base + l;
      const T *o = out + i * s_count;
      const T v = in[i];
      check(type, cfg + " reduce plus", i, o[s_reduce_plus], sum);
      check(type, cfg + " reduce minimum", i, o[s_reduce_min], mn);
      check(type, cfg + " reduce maximum", i, o[s_reduce_max], mx);
      check(type, cfg + " reduce plus init", i, o[s_reduce_plus_init], T(init + sum));
      check(type, cfg + " exclusive scan plus", i, o[s_excl_plus], run);
      check(type, cfg + " exclusive scan maximum init", i, o[s_excl_max_init], runmax);
      run = T(run + v);
      runmax = std::max(runmax, v);
      runmin = std::min(runmin, v);
      check(type, cfg + " inclusive scan plus", i, o[s_incl_plus], run);
      check(type, cfg + " inclusive scan minimum init", i, o[s_incl_min_init], runmin);
      check(type, cfg + " broadcast", i, o[s_broadcast], in[base + (gi * 7 + 3) % n]);
      check(type, cfg + " broadcast leader", i, o[s_broadcast_id], in[base]);
      const int *b = bout + i * b_count;
      check(type, cfg + " any_of_group", i, b[b_any], int(any));
      check(type, cfg + " all_of_group", i, b[b_all], int(all));
      check(type, cfg + " none_of_group", i, b[b_none], int(!any));
      check(type, cfg + " any_of_group(pred)", i, b[b_any_pred], int(anybig));
    }
    // Sub-groups: members share (group, sub-group id) and are ordered by
    // their sub-group local id.
    for (size_t l = 0; l < n; ++l) {
      const size_t i = base + l;
      const int *io = iout + i * i_count;
      const int sgid = io[i_sg_id], sgl = io[i_sg_lid], sgn = io[i_sg_size];
      std::vector<size_t> members(sgn, SIZE_MAX);
      for (size_t m = 0; m < n; ++m)
        if (iout[(base + m) * i_count + i_sg_id] == sgid) {
          int ml = iout[(base + m) * i_count + i_sg_lid];
          if (ml < 0 || ml >= sgn) {
            check(type, cfg + " sub-group local id in range", base + m, ml, 0);
            continue;
          }
          members[ml] = base + m;
        }
      if (std::count(members.begin(), members.end(), SIZE_MAX)) {
        check(type, cfg + " sub-group membership", i, 0, 1);
        continue;
      }
      T ssum = T(0), smax = in[members[0]], pre = T(0), incl = T(0);
      bool sany = false, sall = true;
      for (int m = 0; m < sgn; ++m) {
        T v = in[members[m]];
        ssum = T(ssum + v);
        smax = std::max(smax, v);
        if (m < sgl)
          pre = T(pre + v);
        if (m <= sgl)
          incl = T(incl + v);
        bool pm = pred_of(gi, members[m] - base, n);
        sany |= pm;
        sall &= pm;
      }
      const T *o = out + i * s_count;
      check(type, cfg + " sub-group reduce plus", i, o[s_sg_reduce_plus], ssum);
      check(type, cfg + " sub-group reduce maximum", i, o[s_sg_reduce_max], smax);
      check(type, cfg + " sub-group inclusive scan", i, o[s_sg_incl_plus], incl);
      check(type, cfg + " sub-group exclusive scan", i, o[s_sg_excl_plus], pre);
      check(type, cfg + " sub-group broadcast", i, o[s_sg_broadcast], in[members[0]]);
      if (sgl + 1 < sgn)
        check(type, cfg + " shift_group_left", i, o[s_shift_left], in[members[sgl + 1]]);
      if (sgl >= 1)
        check(type, cfg + " shift_group_right", i, o[s_shift_right], in[members[sgl - 1]]);
      if ((sgl ^ 1) < sgn)
        check(type, cfg + " permute_group_by_xor", i, o[s_permute_xor], in[members[sgl ^ 1]]);
      check(type, cfg + " select_from_group", i, o[s_select], in[members[(sgl + 3) % sgn]]);
      const int *b = bout + i * b_count;
      check(type, cfg + " sub-group any_of", i, b[b_sg_any], int(sany));
      check(type, cfg + " sub-group all_of", i, b[b_sg_all], int(sall));
      check(type, cfg + " sub-group none_of", i, b[b_sg_none], int(!sany));
    }
  }
  sycl::free(x, q);
  sycl::free(out, q);
  sycl::free(bout, q);
  sycl::free(iout, q);
}

// joint_* over a per-group slice longer than the group (and not a multiple
// of it), for work-groups and sub-groups.
template <typename T> void run_joint(sycl::queue &q, const char *type, size_t n, size_t groups) {
  const size_t len = 3 * n + 5;
  const bool small = std::is_same_v<T, sycl::half>;
  std::vector<T> in(groups * len);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = value_of<T>(i, small);
  T *x = sycl::malloc_shared<T>(in.size(), q);
  T *excl = sycl::malloc_shared<T>(in.size(), q);
  T *incl = sycl::malloc_shared<T>(in.size(), q);
  T *red = sycl::malloc_shared<T>(groups * 4, q);
  int *flags = sycl::malloc_shared<int>(groups * 3, q);
  std::copy(in.begin(), in.end(), x);
  const T init = T(2);
  q.parallel_for(sycl::nd_range<1>(n * groups, n), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t gi = g.get_group_linear_id();
     const T *first = x + gi * len, *last = first + len;
     T r0 = sycl::joint_reduce(g, first, last, sycl::plus<T>());
     T r1 = sycl::joint_reduce(g, first, last, init, sycl::maximum<T>());
     sycl::joint_exclusive_scan(g, first, last, excl + gi * len, init, sycl::plus<T>());
     sycl::joint_inclusive_scan(g, first, last, incl + gi * len, sycl::plus<T>());
     bool a = sycl::joint_any_of(g, first, last, [](T v) { return v > T(8); });
     bool al = sycl::joint_all_of(g, first, last, [](T v) { return v < T(100); });
     bool no = sycl::joint_none_of(g, first, last, [](T v) { return v == T(77); });
     // Sub-group 0 of each group reduces the same slice.
     auto sg = it.get_sub_group();
     T r2 = sycl::joint_reduce(sg, first, last, sycl::plus<T>());
     if (g.leader()) {
       red[gi * 4 + 0] = r0;
       red[gi * 4 + 1] = r1;
       red[gi * 4 + 2] = r2;
       flags[gi * 3 + 0] = a;
       flags[gi * 3 + 1] = al;
       flags[gi * 3 + 2] = no;
     }
   }).wait_and_throw();
  std::string cfg = "joint, local " + std::to_string(n);
  for (size_t gi = 0; gi < groups; ++gi) {
    T sum = T(0), mx = init, run = init, run2 = T(0);
    bool any = false;
    for (size_t k = 0; k < len; ++k) {
      const size_t i = gi * len + k;
      check(type, cfg + " joint_exclusive_scan", i, excl[i], run);
      run = T(run + in[i]);
      run2 = T(run2 + in[i]);
      check(type, cfg + " joint_inclusive_scan", i, incl[i], run2);
      sum = T(sum + in[i]);
      mx = std::max(mx, in[i]);
      any |= in[i] > T(8);
    }
    check(type, cfg + " joint_reduce plus", gi, red[gi * 4 + 0], sum);
    check(type, cfg + " joint_reduce maximum init", gi, red[gi * 4 + 1], mx);
    check(type, cfg + " joint_reduce plus (sub-group)", gi, red[gi * 4 + 2], sum);
    check(type, cfg + " joint_any_of", gi, flags[gi * 3 + 0], int(any));
    check(type, cfg + " joint_all_of", gi, flags[gi * 3 + 1], 1);
    check(type, cfg + " joint_none_of", gi, flags[gi * 3 + 2], 1);
  }
  sycl::free(x, q);
  sycl::free(excl, q);
  sycl::free(incl, q);
  sycl::free(red, q);
  sycl::free(flags, q);
}

// A 16-byte type with a user operator (no known identity): one value per
// warp no longer fits the scratch, so the chunked paths run, and operators
// without an identity go through the "optional value" wrapper.
struct p16 {
  long a, b;
  bool operator==(const p16 &o) const { return a == o.a && b == o.b; }
};
struct p16_op {
  p16 operator()(const p16 &x, const p16 &y) const { return {x.a + y.a, x.b > y.b ? x.b : y.b}; }
};

void check16(const std::string &what, size_t i, const p16 &got, const p16 &want) {
  check("p16", what + " .a", i, got.a, want.a);
  check("p16", what + " .b", i, got.b, want.b);
}

void run_big(sycl::queue &q, size_t n, size_t groups) {
  const size_t total = n * groups;
  p16 *x = sycl::malloc_shared<p16>(total, q);
  p16 *out = sycl::malloc_shared<p16>(total * 4, q);
  long *jr = sycl::malloc_shared<long>(groups, q);
  for (size_t i = 0; i < total; ++i)
    x[i] = {long(i % 13) - 6, long((i * 7919) % 1000)};
  const p16 init{100, -1};
  q.parallel_for(sycl::nd_range<1>(total, n), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t i = it.get_global_linear_id();
     p16 *o = out + i * 4;
     o[0] = sycl::reduce_over_group(g, x[i], p16_op());
     o[1] = sycl::inclusive_scan_over_group(g, x[i], p16_op());
     o[2] = sycl::exclusive_scan_over_group(g, x[i], init, p16_op());
     o[3] = sycl::group_broadcast(g, x[i], n - 1);
     // joint_reduce with an operator without identity over longs.
     const long *first = &x[g.get_group_linear_id() * n].a;
     long r = sycl::joint_reduce(g, first, first + 2 * (n / 2), [](long u, long v) { return u + v; });
     if (g.leader())
       jr[g.get_group_linear_id()] = r;
   }).wait_and_throw();
  const std::string cfg = "local " + std::to_string(n) + " (16-byte type)";
  p16_op op;
  for (size_t gi = 0; gi < groups; ++gi) {
    const size_t base = gi * n;
    p16 all = x[base];
    for (size_t l = 1; l < n; ++l)
      all = op(all, x[base + l]);
    p16 incl = x[base], excl = init;
    long jsum = 0;
    for (size_t l = 0; l < 2 * (n / 2); ++l) // every other long is .a, then .b
      jsum += l % 2 ? x[base + l / 2].b : x[base + l / 2].a;
    check("p16", cfg + " joint_reduce (lambda)", gi, jr[gi], jsum);
    for (size_t l = 0; l < n; ++l) {
      const size_t i = base + l;
      if (l)
        incl = op(incl, x[i]);
      check16(cfg + " reduce", i, out[i * 4 + 0], all);
      check16(cfg + " inclusive scan", i, out[i * 4 + 1], incl);
      check16(cfg + " exclusive scan init", i, out[i * 4 + 2], excl);
      check16(cfg + " broadcast", i, out[i * 4 + 3], x[base + n - 1]);
      excl = op(excl, x[i]);
    }
  }
  sycl::free(x, q);
  sycl::free(out, q);
  sycl::free(jr, q);
}

template <typename T> void run_type(sycl::queue &q, const char *type, size_t max_wg) {
  const int before = failures;
  for (size_t n : {1, 7, 32, 33, 64, 100, 255, 256, 1000, 1024}) {
    if (n > max_wg)
      continue;
    run_nd<T, 1>(q, type, sycl::range<1>(n), 4);
  }
  for (sycl::range<2> l : {sycl::range<2>(4, 9), sycl::range<2>(8, 32), sycl::range<2>(16, 64)})
    if (l.size() <= max_wg)
      run_nd<T, 2>(q, type, l, 3);
  if (max_wg >= 96)
    run_nd<T, 3>(q, type, sycl::range<3>(2, 3, 16), 3);
  for (size_t n : {1, 32, 100, 256})
    if (n <= max_wg)
      run_joint<T>(q, type, n, 3);
  std::printf("%-8s %s\n", type, failures == before ? "ok" : "FAILED");
}

} // namespace

int main() {
  try {
    sycl::queue q;
    const auto dev = q.get_device();
    const size_t max_wg = dev.get_info<sycl::info::device::max_work_group_size>();
    std::printf("device: %s (max work-group size %zu)\n",
                dev.get_info<sycl::info::device::name>().c_str(), max_wg);
    run_type<int>(q, "int", max_wg);
    run_type<unsigned>(q, "unsigned", max_wg);
    run_type<long>(q, "long", max_wg);
    run_type<float>(q, "float", max_wg);
    if (dev.has(sycl::aspect::fp64))
      run_type<double>(q, "double", max_wg);
    if (dev.has(sycl::aspect::fp16))
      run_type<sycl::half>(q, "half", max_wg);
    const int before = failures;
    for (size_t n : {1, 33, 100, 512, 1024})
      if (n <= max_wg)
        run_big(q, n, 3);
    std::printf("%-8s %s\n", "p16", failures == before ? "ok" : "FAILED");
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "FAIL: sycl::exception: %s\n", e.what());
    return 2;
  }
  if (failures) {
    std::fprintf(stderr, "group_algorithms: %d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("group_algorithms: all checks passed\n");
  return 0;
}
