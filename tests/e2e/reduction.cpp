// sycl::reduction with handler::parallel_for (SYCL 2020 §4.9.2): sum, min,
// max, product and bit operations on USM and buffers, int/long/float/double,
// ranges that are not multiples of any work-group size (1-D, 2-D, 3-D),
// nd_ranges, several reductions in one kernel, identities given explicitly,
// operators without a known identity, and initialize_to_identity versus
// keeping the variable's previous value. Exit code 0 = all checks passed.
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

int failures = 0;

template <typename T> void check(const std::string &what, T got, T want) {
  if (got == want) {
    return;
  }
  ++failures;
  std::fprintf(stderr, "FAIL %s: got %.17g, expected %.17g\n", what.c_str(), double(got),
               double(want));
}

// Deterministic inputs in [-5, 5]: every partial sum of up to 3M of them
// stays below 2^24, so even float sums are exact in any combination order.
template <typename T> T input(size_t i) { return T(int64_t((i * 2654435761u) % 11) - 5); }

template <typename T> std::string name();
template <> std::string name<int>() { return "int"; }
template <> std::string name<long>() { return "long"; }
template <> std::string name<float>() { return "float"; }
template <> std::string name<double>() { return "double"; }

// sum / min / max over a 1-D range with USM, previous value respected.
template <typename T> void usm_range(sycl::queue &q, size_t n) {
  T *data = sycl::malloc_shared<T>(n, q);
  T *res = sycl::malloc_shared<T>(3, q);
  T sum = T(0), mn = std::numeric_limits<T>::max(), mx = std::numeric_limits<T>::lowest();
  for (size_t i = 0; i < n; ++i) {
    data[i] = input<T>(i);
    sum += data[i];
    mn = std::min(mn, data[i]);
    mx = std::max(mx, data[i]);
  }
  res[0] = T(10); // previous values take part in the result
  res[1] = T(1000);
  res[2] = T(2);
  q.parallel_for(sycl::range<1>(n), sycl::reduction(res + 0, sycl::plus<T>()),
                 sycl::reduction(res + 1, sycl::minimum<T>()),
                 sycl::reduction(res + 2, sycl::maximum<>()),
                 [=](sycl::id<1> i, auto &s, auto &lo, auto &hi) {
                   s += data[i];
                   lo.combine(data[i]);
                   hi.combine(data[i]);
                 })
      .wait_and_throw();
  const std::string w = name<T>() + " USM range " + std::to_string(n);
  check(w + " sum", res[0], T(sum + T(10)));
  check(w + " min", res[1], n ? std::min(mn, T(1000)) : T(1000));
  check(w + " max", res[2], n ? std::max(mx, T(2)) : T(2));
  sycl::free(data, q);
  sycl::free(res, q);
}

// initialize_to_identity on device USM (not host-writable), buffer in/out.
template <typename T> void buffer_range(sycl::queue &q, size_t n) {
  std::vector<T> v(n);
  T sum = T(0), mx = std::numeric_limits<T>::lowest();
  for (size_t i = 0; i < n; ++i) {
    v[i] = input<T>(i);
    sum += v[i];
    mx = std::max(mx, v[i]);
  }
  T sum_out = T(12345), max_out = T(999999), prev = T(7);
  {
    sycl::buffer<T> in(v.data(), sycl::range<1>(n));
    sycl::buffer<T> s(&sum_out, sycl::range<1>(1));
    sycl::buffer<T> m(&max_out, sycl::range<1>(1));
    sycl::buffer<T> p(&prev, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(in, h, sycl::read_only);
      auto rs =
          sycl::reduction(s, h, sycl::plus<T>(),
                          sycl::property_list{sycl::property::reduction::initialize_to_identity{}});
      auto rm =
          sycl::reduction(m, h, sycl::maximum<T>(),
                          sycl::property_list{sycl::property::reduction::initialize_to_identity{}});
      auto rp = sycl::reduction(p, h, sycl::plus<T>());
      h.parallel_for(sycl::range<1>(n), rs, rm, rp,
                     [=](sycl::item<1> it, auto &r1, auto &r2, auto &r3) {
                       r1 += a[it];
                       r2.combine(a[it]);
                       r3 += T(1);
                     });
    });
  }
  const std::string w = name<T>() + " buffer range " + std::to_string(n);
  check(w + " sum (initialize_to_identity)", sum_out, sum);
  check(w + " max (initialize_to_identity)", max_out, n ? mx : std::numeric_limits<T>::lowest());
  check(w + " count (previous value kept)", prev, T(T(7) + T(n)));
}

template <typename T> void nd_range_case(sycl::queue &q, size_t groups, size_t local) {
  const size_t n = groups * local;
  T *data = sycl::malloc_device<T>(n, q);
  T *res = sycl::malloc_device<T>(2, q);
  std::vector<T> host(n);
  T sum = T(0), mn = std::numeric_limits<T>::max();
  for (size_t i = 0; i < n; ++i) {
    host[i] = input<T>(i);
    sum += host[i];
    mn = std::min(mn, host[i]);
  }
  q.memcpy(data, host.data(), n * sizeof(T)).wait();
  const T junk[2] = {T(-77), T(-12345)};
  q.memcpy(res, junk, sizeof(junk)).wait();
  const sycl::property_list init{sycl::property::reduction::initialize_to_identity{}};
  q.parallel_for(sycl::nd_range<1>(n, local), sycl::reduction(res, sycl::plus<T>(), init),
                 sycl::reduction(res + 1, sycl::minimum<T>(), init),
                 [=](sycl::nd_item<1> it, auto &s, auto &m) {
                   // A barrier inside the kernel: reducers live across it.
                   sycl::group_barrier(it.get_group());
                   s += data[it.get_global_id(0)];
                   m.combine(data[it.get_global_id(0)]);
                 })
      .wait_and_throw();
  T out[2];
  q.memcpy(out, res, sizeof(out)).wait();
  const std::string w =
      name<T>() + " nd_range " + std::to_string(groups) + "x" + std::to_string(local);
  check(w + " sum", out[0], sum);
  check(w + " min", out[1], mn);
  sycl::free(data, q);
  sycl::free(res, q);
}

// A 2-D nd_range reduction through local memory: values that live across a
// barrier, a sub-group collective, two reductions (on the CPU the group runs
// as work-item loops sharing the group's reducers, not one per work-item).
template <typename T> void nd_range_local_memory_case(sycl::queue &q) {
  constexpr size_t rows = 16, cols = 48, lr = 4, lc = 16, items = lr * lc;
  const size_t n = rows * cols;
  T *data = sycl::malloc_device<T>(n, q);
  T *res = sycl::malloc_device<T>(2, q);
  std::vector<T> host(n);
  T sum = T(0), mx = std::numeric_limits<T>::lowest();
  for (size_t i = 0; i < n; ++i) {
    host[i] = input<T>(i);
    sum += T(3) * host[i];
    mx = std::max(mx, host[i]);
  }
  q.memcpy(data, host.data(), n * sizeof(T)).wait();
  const sycl::property_list init{sycl::property::reduction::initialize_to_identity{}};
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<T, 1> tile(sycl::range<1>(items), h);
     h.parallel_for(sycl::nd_range<2>({rows, cols}, {lr, lc}),
                    sycl::reduction(res, sycl::plus<T>(), init),
                    sycl::reduction(res + 1, sycl::maximum<T>(), init),
                    [=](sycl::nd_item<2> it, auto &s, auto &m) {
                      const size_t l = it.get_local_linear_id();
                      const T mine = data[it.get_global_id(0) * cols + it.get_global_id(1)];
                      tile[l] = mine;
                      sycl::group_barrier(it.get_group());
                      // Another work-item's value (a permutation of the group's).
                      const T other = tile[items - 1 - l];
                      sycl::group_barrier(it.get_group());
                      s += other + mine; // mine lives across both barriers
                      m.combine(other);
                      const auto sg = it.get_sub_group();
                      const T part = sycl::reduce_over_group(sg, mine, sycl::plus<T>());
                      if (sg.leader())
                        s += part;
                    });
   }).wait_and_throw();
  T out[2];
  q.memcpy(out, res, sizeof(out)).wait();
  check(name<T>() + " nd_range 2-D local memory sum", out[0], sum);
  check(name<T>() + " nd_range 2-D local memory max", out[1], mx);
  sycl::free(data, q);
  sycl::free(res, q);
}

// 2-D and 3-D ranges: every id visited exactly once.
void multi_dim(sycl::queue &q) {
  long *r = sycl::malloc_shared<long>(3, q);
  r[0] = r[1] = 0;
  r[2] = 0;
  const size_t a = 37, b = 53, c = 7;
  q.parallel_for(sycl::range<2>(a, b), sycl::reduction(r, sycl::plus<long>()),
                 sycl::reduction(r + 1, sycl::bit_xor<long>()),
                 [=](sycl::item<2> it, auto &s, auto &x) {
                   s += long(it[0] * 1000 + it[1]);
                   x ^= long(it.get_linear_id() * 2654435761u);
                 })
      .wait_and_throw();
  long want = 0, wantx = 0;
  for (size_t i = 0; i < a; ++i)
    for (size_t j = 0; j < b; ++j) {
      want += long(i * 1000 + j);
      wantx ^= long((i * b + j) * 2654435761u);
    }
  check("2-D range sum of ids", r[0], want);
  check("2-D range xor", r[1], wantx);
  q.parallel_for(sycl::range<3>(a, b, c), sycl::reduction(r + 2, sycl::plus<long>()),
                 [=](sycl::id<3> i, auto &s) { s += long(i[0] * 100000 + i[1] * 100 + i[2]); })
      .wait_and_throw();
  long want3 = 0;
  for (size_t i = 0; i < a; ++i)
    for (size_t j = 0; j < b; ++j)
      for (size_t k = 0; k < c; ++k)
        want3 += long(i * 100000 + j * 100 + k);
  check("3-D range sum of ids", r[2], want3);
  sycl::free(r, q);
}

// Product, bit operations, ++, explicit identity, an operator without a
// known identity, and a KernelName.
class named_reduction;
void operators(sycl::queue &q) {
  const auto add = [](int a, int b) { return a + b; };
  int *r = sycl::malloc_shared<int>(6, q);
  unsigned *u = sycl::malloc_shared<unsigned>(1, q);
  r[0] = 1;   // product
  r[1] = 0;   // bit_or
  r[2] = -1;  // bit_and
  r[3] = 3;   // count via ++
  r[4] = 0;   // custom operator (a lambda: no known identity)
  r[5] = 100; // explicit identity, maximum
  *u = 0;
  const size_t n = 1000;
  q.parallel_for<named_reduction>(
       sycl::range<1>(n), sycl::reduction(r + 0, sycl::multiplies<int>()),
       sycl::reduction(r + 1, sycl::bit_or<int>()), sycl::reduction(r + 2, sycl::bit_and<int>()),
       sycl::reduction(r + 3, sycl::plus<int>()), sycl::reduction(r + 4, add),
       sycl::reduction(r + 5, std::numeric_limits<int>::min(), sycl::maximum<int>()),
       sycl::reduction(u, sycl::plus<unsigned>()),
       [=](sycl::id<1> id, auto &prod, auto &bor, auto &band, auto &cnt, auto &custom, auto &mx,
           auto &usum) {
         const size_t i = id[0];
         prod *= (i % 100 == 0) ? 2 : 1;
         bor |= 1 << (i % 31);
         band &= ~(1 << (i % 7));
         ++cnt;
         custom.combine(int(i));
         mx.combine(int(i % 517));
         usum += unsigned(i);
       })
      .wait_and_throw();
  check("multiplies", r[0], 1 << 10);
  check("bit_or", r[1], int(0x7fffffff));
  check("bit_and", r[2], ~0x7f);
  check("operator++", r[3], 3 + int(n));
  check("custom operator (no known identity)", r[4], int(n * (n - 1) / 2));
  check("maximum with explicit identity", r[5], 516);
  check("unsigned sum", *u, unsigned(n * (n - 1) / 2));
  sycl::free(r, q);
  sycl::free(u, q);
}

// Types without native atomics: 1-byte bool (logical_and/or) and, where the
// device has fp16, 2-byte half; both combine through a compare-and-swap on
// their bits.
void small_types(sycl::queue &q, bool fp16) {
  bool *b = sycl::malloc_shared<bool>(3, q);
  b[0] = false; // logical_or: becomes true
  b[1] = true;  // logical_and: becomes false
  b[2] = true;  // logical_and over all-true inputs: stays true
  const size_t n = 5000;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(b + 0, sycl::logical_or<bool>()),
                 sycl::reduction(b + 1, sycl::logical_and<bool>()),
                 sycl::reduction(b + 2, sycl::logical_and<>()),
                 [=](sycl::id<1> id, auto &any, auto &all, auto &all_true) {
                   any.combine(id[0] == 4321);
                   all.combine(id[0] != 17);
                   all_true.combine(true);
                 })
      .wait_and_throw();
  check("logical_or (bool)", int(b[0]), 1);
  check("logical_and (bool)", int(b[1]), 0);
  check("logical_and all true (bool)", int(b[2]), 1);
  sycl::free(b, q);
  if (!fp16)
    return;
  sycl::half *h = sycl::malloc_shared<sycl::half>(2, q);
  h[0] = sycl::half(3.0f);
  h[1] = sycl::half(0.0f);
  q.parallel_for(sycl::range<1>(1000), sycl::reduction(h, sycl::plus<sycl::half>()),
                 sycl::reduction(h + 1, sycl::maximum<sycl::half>()),
                 [=](sycl::id<1> id, auto &s, auto &m) {
                   s += sycl::half(1.0f);
                   m.combine(sycl::half(float(id[0] % 300)));
                 })
      .wait_and_throw();
  check("half sum", float(h[0]), 1003.0f);
  check("half maximum", float(h[1]), 299.0f);
  sycl::free(h, q);
}

// Results in host USM and several side by side in shared USM, with and
// without initialize_to_identity, twice each (on a GPU these run through the
// queue's staging memory: the result copied in or its identity written
// there, copied back after the kernel), then read and reused by a kernel.
void host_and_shared_results(sycl::queue &q) {
  const size_t n = 100'003;
  const sycl::property_list init{sycl::property::reduction::initialize_to_identity{}};
  int *h = sycl::malloc_host<int>(2, q);
  float *s = sycl::malloc_shared<float>(3, q);
  long want = 0;
  for (size_t i = 0; i < n; ++i) want += long(i % 13);
  h[0] = 7;
  h[1] = -1;
  for (int round = 0; round < 2; ++round) {
    q.parallel_for(sycl::range<1>(n), sycl::reduction(h, sycl::plus<int>()),
                   sycl::reduction(h + 1, sycl::maximum<int>(), init),
                   [=](sycl::id<1> i, auto &sum, auto &mx) {
                     sum += int(i[0] % 13);
                     mx.combine(int(i[0] % 101));
                   })
        .wait_and_throw();
    check("host USM sum onto 7 (round " + std::to_string(round) + ")", long(h[0]),
          7 + (round + 1) * want);
    check("host USM maximum (initialize_to_identity)", h[1], 100);
    s[0] = 0.5f;
    s[1] = 123.0f;
    s[2] = -5.0f;
    q.parallel_for(sycl::nd_range<1>(1024, 128), sycl::reduction(s, sycl::plus<float>(), init),
                   sycl::reduction(s + 1, sycl::minimum<float>()),
                   sycl::reduction(s + 2, sycl::maximum<float>(), init),
                   [=](sycl::nd_item<1> it, auto &sum, auto &lo, auto &hi) {
                     const float v = float(it.get_global_id(0) % 8);
                     sum += v;
                     lo.combine(v + 200.0f);
                     hi.combine(-v);
                   })
        .wait_and_throw();
    check("shared USM sum (initialize_to_identity)", s[0], 3584.0f);
    check("shared USM minimum onto 123", s[1], 123.0f);
    check("shared USM maximum (initialize_to_identity)", s[2], 0.0f);
  }
  // The results are ordinary USM afterwards: a kernel reads them.
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *out = h[0] + int(s[0]); }).wait();
  check("kernel reads the results", long(*out), 7 + 2 * want + 3584);
  sycl::free(out, q);
  sycl::free(h, q);
  sycl::free(s, q);
}

template <typename T> void run_type(sycl::queue &q) {
  for (size_t n :
       {size_t(0), size_t(1), size_t(7), size_t(1000), size_t(1 << 16) + 3, size_t(3'000'001)})
    usm_range<T>(q, n);
  for (size_t n : {size_t(1), size_t(257), size_t(100'000)})
    buffer_range<T>(q, n);
  nd_range_case<T>(q, 1, 1);
  nd_range_case<T>(q, 5, 96);
  nd_range_case<T>(q, 40, 256);
  nd_range_local_memory_case<T>(q);
}

} // namespace

int main() {
  try {
    sycl::queue q;
    const auto dev = q.get_device();
    std::printf("device: %s\n", dev.get_info<sycl::info::device::name>().c_str());
    run_type<int>(q);
    run_type<long>(q);
    run_type<float>(q);
    if (dev.has(sycl::aspect::fp64))
      run_type<double>(q);
    multi_dim(q);
    host_and_shared_results(q);
    operators(q);
    small_types(q, dev.has(sycl::aspect::fp16));
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "FAIL: sycl::exception: %s\n", e.what());
    return 2;
  }
  if (failures) {
    std::fprintf(stderr, "reduction: %d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("reduction: all checks passed\n");
  return 0;
}
