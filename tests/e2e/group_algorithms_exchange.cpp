// Work-group reduce, scans and broadcast in the shapes the CPU device's
// exchange takes (sycl/group_algorithm.hpp, "CPU work-groups"): every
// work-item stores its value into a per-thread buffer, work-item 0 folds or
// scans it -- as 64-byte vectors for SYCL's function objects on arithmetic
// types, with a scalar tail past the last whole vector (group sizes that are
// not multiples of 16), left to right for other operations -- and types
// whose group does not fit the buffer at once (32 KiB) pass in rounds. So:
//
//  * each vectorised type/operation (char and short wrapping, unsigned
//    multiplies, bit operations, float minimum/maximum/multiplies,
//    plus<void>) and bool any/all folded as bytes, over group sizes around
//    the vector width and up to the device's maximum;
//  * a 48-byte type with a stateful user operation in groups of 1024 and
//    the maximum (several rounds on the CPU), and sycl::vec<float, 4>;
//  * algorithms back to back without a barrier between them (scan after
//    scan, broadcast after broadcast from another work-item, reduce after
//    scan), where the buffer's hand-over discipline matters;
//  * 2-D and 3-D groups.
//
// Runs on every device (on CUDA the same checks hold for the NVPTX paths).
// Exit code 0 = all checks passed.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace {

int failures = 0;

template <typename T> bool same(const T &a, const T &b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <typename T> double show(const T &v) {
  if constexpr (std::is_arithmetic_v<T>)
    return double(v);
  else
    return 0;
}
template <typename T>
void check(const std::string &what, size_t item, const T &got, const T &want) {
  if (same(got, want))
    return;
  if (++failures <= 25)
    std::fprintf(stderr, "FAIL %s: work-item %zu got %.17g, expected %.17g\n", what.c_str(), item,
                 show(got), show(want));
}

// Results per work-item.
enum slot : int {
  s_reduce,
  s_reduce_init,
  s_incl,
  s_excl_init,
  s_incl_again, // a second inclusive scan right after the first
  s_bcast_a,
  s_bcast_b,    // a broadcast right after another, from another work-item
  s_reduce_after,
  s_count
};

// Runs every algorithm with `op` over groups of `local` (3 of them along
// dimension 0) on values gen(global linear id), checks against the host.
template <typename T, int Dims, typename Op, typename Gen>
void run(sycl::queue &q, const std::string &name, sycl::range<Dims> local, Op op, Gen gen,
         T init) {
  sycl::range<Dims> global = local;
  global[0] *= 3;
  const size_t n = local.size(), total = global.size();
  T *x = sycl::malloc_shared<T>(total, q);
  T *out = sycl::malloc_shared<T>(total * s_count, q);
  for (size_t i = 0; i < total; ++i)
    x[i] = gen(i);
  q.parallel_for(sycl::nd_range<Dims>(global, local), [=](sycl::nd_item<Dims> it) {
     auto g = it.get_group();
     const size_t i = it.get_global_linear_id();
     const size_t gid = g.get_group_linear_id();
     const T v = x[i];
     T *o = out + i * s_count;
     o[s_reduce] = sycl::reduce_over_group(g, v, op);
     o[s_reduce_init] = sycl::reduce_over_group(g, v, init, op);
     o[s_incl] = sycl::inclusive_scan_over_group(g, v, op);
     o[s_excl_init] = sycl::exclusive_scan_over_group(g, v, init, op);
     o[s_incl_again] = sycl::inclusive_scan_over_group(g, o[s_incl], op);
     o[s_bcast_a] = sycl::group_broadcast(g, v, (gid * 5 + 1) % n);
     o[s_bcast_b] = sycl::group_broadcast(g, o[s_incl], n - 1 - (gid * 5 + 1) % n);
     o[s_reduce_after] = sycl::reduce_over_group(g, o[s_incl], op);
   }).wait_and_throw();

  const std::string cfg = name + ", local " + std::to_string(n) + " (" + std::to_string(Dims) + "-D)";
  for (size_t gi = 0; gi < 3; ++gi) {
    const size_t base = gi * n;
    std::vector<T> incl(n), incl2(n);
    for (size_t l = 0; l < n; ++l)
      incl[l] = l ? T(op(incl[l - 1], x[base + l])) : x[base];
    for (size_t l = 0; l < n; ++l)
      incl2[l] = l ? T(op(incl2[l - 1], incl[l])) : incl[0];
    const T all = incl[n - 1], all2 = incl2[n - 1];
    T excl = init;
    for (size_t l = 0; l < n; ++l) {
      const size_t i = base + l;
      const T *o = out + i * s_count;
      check(cfg + " reduce", i, o[s_reduce], all);
      check(cfg + " reduce init", i, o[s_reduce_init], T(op(init, all)));
      check(cfg + " inclusive scan", i, o[s_incl], incl[l]);
      check(cfg + " exclusive scan init", i, o[s_excl_init], excl);
      check(cfg + " inclusive scan after a scan", i, o[s_incl_again], incl2[l]);
      check(cfg + " broadcast", i, o[s_bcast_a], x[base + (gi * 5 + 1) % n]);
      check(cfg + " broadcast after a broadcast", i, o[s_bcast_b], incl[n - 1 - (gi * 5 + 1) % n]);
      check(cfg + " reduce after a scan", i, o[s_reduce_after], all2);
      excl = T(op(excl, x[i]));
    }
  }
  sycl::free(x, q);
  sycl::free(out, q);
}

// Predicates and bool folds: none, all, one (the last work-item), some.
void run_bool(sycl::queue &q, size_t n) {
  const size_t total = 4 * n;
  int *out = sycl::malloc_shared<int>(total * 7, q);
  q.parallel_for(sycl::nd_range<1>(total, n), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t gid = g.get_group_linear_id(), lid = it.get_local_linear_id();
     const bool p = gid == 0 ? false : gid == 1 ? true : gid == 2 ? lid == n - 1 : lid % 3 == 1;
     int *o = out + it.get_global_linear_id() * 7;
     o[0] = sycl::any_of_group(g, p);
     o[1] = sycl::all_of_group(g, p);
     o[2] = sycl::none_of_group(g, p);
     o[3] = sycl::reduce_over_group(g, p, sycl::logical_or<bool>());
     o[4] = sycl::reduce_over_group(g, p, sycl::logical_and<>());
     o[5] = sycl::reduce_over_group(g, p, sycl::bit_or<bool>());
     o[6] = sycl::reduce_over_group(g, p, sycl::bit_and<bool>());
   }).wait_and_throw();
  for (size_t gi = 0; gi < 4; ++gi) {
    bool any = false, all = true;
    for (size_t l = 0; l < n; ++l) {
      const bool p = gi == 0 ? false : gi == 1 ? true : gi == 2 ? l == n - 1 : l % 3 == 1;
      any |= p;
      all &= p;
    }
    const int want[7] = {any, all, !any, any, all, any, all};
    for (size_t l = 0; l < n; ++l)
      for (int k = 0; k < 7; ++k)
        check("bool, local " + std::to_string(n) + " predicate " + std::to_string(k), gi * n + l,
              out[(gi * n + l) * 7 + k], want[k]);
  }
  sycl::free(out, q);
}

struct big {
  long v[6];
};
// A user operation with state (not a SYCL function object), associative
// as SYCL requires: sums and maxima (with a floor k).
struct big_op {
  long k;
  big operator()(const big &a, const big &b) const {
    big r;
    for (int j = 0; j < 6; ++j) {
      const long m = a.v[j] > b.v[j] ? a.v[j] : b.v[j];
      r.v[j] = j % 2 ? (m > k ? m : k) : a.v[j] + b.v[j];
    }
    return r;
  }
};

} // namespace

int main() {
  try {
    sycl::queue q;
    const auto dev = q.get_device();
    const size_t max_wg = dev.get_info<sycl::info::device::max_work_group_size>();
    std::printf("device: %s (max work-group size %zu)\n",
                dev.get_info<sycl::info::device::name>().c_str(), max_wg);
    std::vector<size_t> sizes;
    for (size_t n : {1, 3, 15, 16, 17, 31, 48, 100, 256, 257, 1000, 1024, 4096})
      if (n <= max_wg)
        sizes.push_back(n);
    for (size_t n : sizes) {
      const auto small = [](size_t i) { return float(int(i * 2654435761u % 13) - 6); };
      run<float, 1>(q, "float plus", sycl::range<1>(n), sycl::plus<float>(), small, 2.0f);
      run<float, 1>(q, "float plus<void>", sycl::range<1>(n), sycl::plus<>(), small, 2.0f);
      run<float, 1>(q, "float minimum", sycl::range<1>(n), sycl::minimum<float>(), small, 0.0f);
      run<float, 1>(q, "float maximum", sycl::range<1>(n), sycl::maximum<>(), small, 0.0f);
      // Powers of two not below 1: every partial product is exact or, where
      // the whole one overflows (a scan of the scan of 4096 values), inf, in
      // any order of evaluation. (With factors of 1/2, a tree's partial
      // product may overflow where the sequential one does not.)
      run<float, 1>(q, "float multiplies", sycl::range<1>(n), sycl::multiplies<float>(),
                    [](size_t i) { return i % 17 == 3 ? 2.0f : 1.0f; }, 1.0f);
      run<signed char, 1>(q, "signed char plus (wraps)", sycl::range<1>(n),
                          sycl::plus<signed char>(),
                          [](size_t i) { return (signed char)(i * 37 % 251); }, (signed char)3);
      run<short, 1>(q, "short plus<void> (wraps)", sycl::range<1>(n), sycl::plus<>(),
                    [](size_t i) { return short(i * 7919 % 30011); }, short(-4));
      run<unsigned char, 1>(q, "unsigned char bit_or", sycl::range<1>(n),
                            sycl::bit_or<unsigned char>(),
                            [](size_t i) { return (unsigned char)(1u << (i * 5 % 8)); },
                            (unsigned char)0);
      run<unsigned, 1>(q, "unsigned multiplies", sycl::range<1>(n), sycl::multiplies<unsigned>(),
                       [](size_t i) { return unsigned(i * 2 + 1); }, 3u);
      run<int, 1>(q, "int bit_xor", sycl::range<1>(n), sycl::bit_xor<int>(),
                  [](size_t i) { return int(i * 2654435761u); }, 7);
      run<long, 1>(q, "long minimum", sycl::range<1>(n), sycl::minimum<long>(),
                   [](size_t i) { return long(i * 2654435761u % 1000003) - 500000; }, 0L);
      if (dev.has(sycl::aspect::fp64))
        run<double, 1>(q, "double plus", sycl::range<1>(n), sycl::plus<double>(),
                       [](size_t i) { return double(i % 11) * 0.25; }, 1.0);
      run<int, 1>(q, "int lambda", sycl::range<1>(n), [](int a, int b) { return a + b; },
                  [](size_t i) { return int(i % 5) - 2; }, 1);
      run_bool(q, n);
    }
    // sycl::vec: element-wise plus, a 16-byte value per work-item.
    for (size_t n : {size_t(5), size_t(256), max_wg < 1024 ? max_wg : size_t(1024)})
      run<sycl::float4, 1>(q, "float4 plus", sycl::range<1>(n), sycl::plus<sycl::float4>(),
                           [](size_t i) { return sycl::float4(float(i % 3), 1.0f, float(i % 5), -1.0f); },
                           sycl::float4(1.0f));
    // 48 bytes: groups of 1024 and 4096 exchange in rounds on the CPU.
    for (size_t n : {size_t(7), size_t(700), size_t(1024), max_wg})
      if (n <= max_wg)
        run<big, 1>(q, "48-byte type, user operation", sycl::range<1>(n), big_op{-5},
                    [](size_t i) {
                      big b;
                      for (int j = 0; j < 6; ++j)
                        b.v[j] = long((i * 31 + j * 7) % 23) - 11;
                      return b;
                    },
                    big{{1, 2, 3, 4, 5, 6}});
    // Several dimensions.
    const auto ints = [](size_t i) { return int(i * 2654435761u % 100) - 50; };
    if (max_wg >= 264)
      run<int, 2>(q, "int plus", sycl::range<2>(8, 33), sycl::plus<int>(), ints, 4);
    run<int, 3>(q, "int maximum", sycl::range<3>(2, 5, 7), sycl::maximum<int>(), ints, 0);
    run<float, 2>(q, "float plus", sycl::range<2>(16, 16), sycl::plus<float>(),
                  [](size_t i) { return float(i % 9); }, 0.0f);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "FAIL: sycl::exception: %s\n", e.what());
    return 2;
  }
  if (failures) {
    std::fprintf(stderr, "group_algorithms_exchange: %d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("group_algorithms_exchange: all checks passed\n");
  return 0;
}
