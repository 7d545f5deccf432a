// Sub-group operations inside real kernels, each timed on its own (issue 20:
// "real-program patterns at CUDA speed"). N floats `in` (integers 0..63,
// generated on the host); five kernels, nd_range with work-groups of 256:
//
//   vote:       N / 8 work-items, each a loop of 64 steps; step k tests
//               in[(i + k * W) mod N] > k (W: the sub-group width, so the
//               sub-group reads one aligned chunk of W floats, the next
//               sub-group's chunk one step later) and counts any_of_group
//               and all_of_group of it; each work-item writes both counts.
//   ballot:     the same loop and predicate, counting the bits of
//               ext::oneapi::group_ballot (sub_group_mask::count()).
//   shuffle:    N / 8 work-items, a loop of 32 steps over one float each: a
//               3-point stencil with the left and right neighbours
//               (shift_group_right / shift_group_left, the sub-group's ends
//               keep their own value), the sub-group's mean by a butterfly
//               all-reduce (permute_group_by_xor) subtracted, and a gather
//               from lane (5 * lane + k) mod W (select_from_group) summed
//               into the work-item's output.
//   row_reduce: N / 1024 rows of 1024 floats, one sub-group per row (the
//               softmax pattern): each lane strides over the row keeping a
//               sum and a maximum, reduce_over_group with plus and maximum,
//               the leader writes both.
//   row_scan:   the same rows, one sub-group per row: the row's running sum
//               (inclusive) in chunks of W, inclusive_scan_over_group of
//               each chunk plus the carry of the chunks before it
//               (group_broadcast of the chunk's last lane).
//
// The kernels carry [[sycl::reqd_sub_group_size(32)]] (NVIDIA's only width;
// the CPU has it too); a device without 32 runs them without the attribute,
// at its default width. The width that ran is printed (sg_size).
// benchmarks/sub_group_ops/sub_group_ops_cuda.cu is the native CUDA peer:
// the same computation on the same data with warp intrinsics.
//
// Timed as submit + wait of the kernel, minimum over the iterations after a
// warm-up. Every result is checked on the host (exactly: the data are small
// integers, and the shuffle kernel's floating-point steps are replayed in the
// same order; of more than 2^15 sub-groups in the shuffle kernel an evenly
// spread 2^15, and the last, are replayed); a wrong one exits 1 with a
// message on stderr.
//
// Prints: sub_group_ops,<device>,sg_size,<width>
//         sub_group_ops,<device>,<kernel>_us,<microseconds>
//           for vote, ballot, shuffle, row_reduce, row_scan (lower is better)
// Usage: sub_group_ops_sycl [log2 N = 27] [iterations = 50]
//   (full size on an H100: 27 50; a quick check, e.g. on the CPU: 16 3)
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr size_t wg = 256;
constexpr int vote_steps = 64;    // vote and ballot loop steps
constexpr int shuffle_steps = 32; // shuffle loop steps
constexpr size_t row_len = 1024;  // row_reduce and row_scan row length
constexpr size_t items_div = 8;   // vote, ballot, shuffle: N / 8 work-items

using clock_type = std::chrono::steady_clock;
double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// The data: integers 0..63, a base shared by each aligned run of 32 floats
// (so whole sub-groups are sometimes above a threshold) plus a jitter.
uint32_t mix(uint32_t x) {
  x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
  return x;
}
float value(size_t i) {
  return float(mix(uint32_t(i >> 5) ^ 0x9e3779b9u) % 48 + mix(uint32_t(i)) % 17);
}

template <int S> class vote_kernel;
template <int S> class ballot_kernel;
template <int S> class shuffle_kernel;
template <int S> class row_reduce_kernel;
template <int S> class row_scan_kernel;

// Submits body over `global` work-items (S = 0: no reqd_sub_group_size).
template <typename Name, int S, typename Body>
void launch(sycl::queue &q, size_t global, const Body &body) {
  if constexpr (S == 0)
    q.parallel_for<Name>(sycl::nd_range<1>{global, wg}, [=](sycl::nd_item<1> it) { body(it); });
  else
    q.parallel_for<Name>(sycl::nd_range<1>{global, wg},
                         [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] { body(it); });
}

template <int S> void vote(sycl::queue &q, const float *in, uint32_t *out, size_t n) {
  const size_t wrap = n - 1;
  launch<vote_kernel<S>, S>(q, n / items_div, [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const size_t i = it.get_global_id(0), stride = sg.get_max_local_range()[0];
    uint32_t any = 0, all = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const bool p = in[(i + k * stride) & wrap] > float(k);
      any += sycl::any_of_group(sg, p);
      all += sycl::all_of_group(sg, p);
    }
    out[i] = any << 8 | all;
  });
}

template <int S> void ballot(sycl::queue &q, const float *in, uint32_t *out, size_t n) {
  const size_t wrap = n - 1;
  launch<ballot_kernel<S>, S>(q, n / items_div, [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const size_t i = it.get_global_id(0), stride = sg.get_max_local_range()[0];
    uint32_t count = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const bool p = in[(i + k * stride) & wrap] > float(k);
      count += sycl::ext::oneapi::group_ballot(sg, p).count();
    }
    out[i] = count;
  });
}

template <int S> void shuffle(sycl::queue &q, const float *in, float *out, size_t n) {
  launch<shuffle_kernel<S>, S>(q, n / items_div, [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const size_t i = it.get_global_id(0);
    const uint32_t lane = sg.get_local_linear_id(), w = sg.get_max_local_range()[0];
    float x = in[i], acc = 0.0f;
    for (int k = 0; k < shuffle_steps; ++k) {
      float l = sycl::shift_group_right(sg, x, 1), r = sycl::shift_group_left(sg, x, 1);
      if (lane == 0) l = x; // (the sources outside the sub-group are unspecified)
      if (lane == w - 1) r = x;
      x = 0.25f * l + 0.5f * x + 0.25f * r;
      float s = x;
      for (uint32_t m = w / 2; m > 0; m /= 2) s += sycl::permute_group_by_xor(sg, s, m);
      x -= s * (1.0f / float(w));
      acc += sycl::select_from_group(sg, x, sycl::id<1>((5 * lane + uint32_t(k)) & (w - 1)));
    }
    out[i] = acc;
  });
}

// Row r is sub-group r of the launch: rows * W work-items, rounded up to
// whole work-groups (the sub-groups past the last row return at once).
template <int S>
void row_reduce(sycl::queue &q, const float *in, float *sums, float *maxs, size_t rows, size_t w) {
  launch<row_reduce_kernel<S>, S>(q, (rows * w + wg - 1) / wg * wg, [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const size_t row = it.get_group(0) * sg.get_group_linear_range() + sg.get_group_linear_id();
    if (row >= rows) return;
    const float *p = in + row * row_len;
    float s = 0.0f, m = -INFINITY;
    for (size_t c = sg.get_local_linear_id(); c < row_len; c += sg.get_max_local_range()[0]) {
      s += p[c];
      m = sycl::fmax(m, p[c]);
    }
    s = sycl::reduce_over_group(sg, s, sycl::plus<float>());
    m = sycl::reduce_over_group(sg, m, sycl::maximum<float>());
    if (sg.leader()) sums[row] = s, maxs[row] = m;
  });
}

template <int S>
void row_scan(sycl::queue &q, const float *in, float *out, size_t rows, size_t w) {
  launch<row_scan_kernel<S>, S>(q, (rows * w + wg - 1) / wg * wg, [=](sycl::nd_item<1> it) {
    const sycl::sub_group sg = it.get_sub_group();
    const size_t row = it.get_group(0) * sg.get_group_linear_range() + sg.get_group_linear_id();
    if (row >= rows) return;
    const uint32_t lane = sg.get_local_linear_id(), w = sg.get_max_local_range()[0];
    const float *p = in + row * row_len;
    float *o = out + row * row_len, carry = 0.0f;
    for (size_t c = 0; c < row_len; c += w) {
      const float v = sycl::inclusive_scan_over_group(sg, p[c + lane], sycl::plus<float>()) + carry;
      o[c + lane] = v;
      carry = sycl::group_broadcast(sg, v, w - 1);
    }
  });
}

// The width a kernel without reqd_sub_group_size runs with.
size_t default_width(sycl::queue &q) {
  uint32_t *w = sycl::malloc_shared<uint32_t>(1, q);
  q.parallel_for(sycl::nd_range<1>{wg, wg}, [=](sycl::nd_item<1> it) {
     if (it.get_local_linear_id() == 0) *w = uint32_t(it.get_sub_group().get_max_local_range()[0]);
   }).wait();
  const size_t r = *w;
  sycl::free(w, q);
  return r;
}

// The best time of `iterations` runs of f after a warm-up, in microseconds.
template <typename F> double best_us(sycl::queue &q, int iterations, F f) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    f();
    q.wait();
    const double t = since(t0);
    if (k) best = std::min(best, t);
  }
  return best * 1e6;
}

int fail(const char *what, size_t at, double got, double want, size_t w) {
  std::fprintf(stderr, "sub_group_ops_sycl: %s[%zu] = %.9g, want %.9g (width %zu)\n", what, at, got,
               want, w);
  return 1;
}

template <int S> int run(sycl::queue &q, size_t w, int log2n, int iterations) {
  const size_t n = size_t(1) << log2n, items = n / items_div, rows = n / row_len;
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  std::vector<float> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = value(i);
  float *in = sycl::malloc_device<float>(n, q), *fout = sycl::malloc_device<float>(n, q);
  float *sums = sycl::malloc_device<float>(rows, q), *maxs = sycl::malloc_device<float>(rows, q);
  uint32_t *uout = sycl::malloc_device<uint32_t>(items, q);
  if (!in || !fout || !sums || !maxs || !uout) {
    std::fprintf(stderr, "sub_group_ops_sycl: cannot allocate 2 x %zu floats\n", n);
    return 1;
  }
  q.memcpy(in, h.data(), n * sizeof(float)).wait();
  std::vector<uint32_t> got_u(items);
  std::vector<float> got_f(n), got_m(rows);
  // Sentinels (NaN, 0xffffffff) before each kernel: every output must be written.
  auto poison = [&](void *p, size_t bytes) { q.memset(p, 0xff, bytes).wait(); };
  const size_t chunks = n / w; // aligned chunks of W floats: min and max of each
  std::vector<float> cmin(chunks), cmax(chunks);
  for (size_t c = 0; c < chunks; ++c) {
    float lo = h[c * w], hi = lo;
    for (size_t j = 1; j < w; ++j) lo = std::min(lo, h[c * w + j]), hi = std::max(hi, h[c * w + j]);
    cmin[c] = lo, cmax[c] = hi;
  }

  // vote: sub-group s reads chunk (s + k) mod chunks at step k.
  poison(uout, items * sizeof(uint32_t));
  const double t_vote = best_us(q, iterations, [&] { vote<S>(q, in, uout, n); });
  q.memcpy(got_u.data(), uout, items * sizeof(uint32_t)).wait();
  for (size_t s = 0; s < items / w; ++s) {
    uint32_t any = 0, all = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const size_t c = (s + size_t(k)) % chunks;
      any += cmax[c] > float(k), all += cmin[c] > float(k);
    }
    for (size_t i = s * w; i < (s + 1) * w; ++i)
      if (got_u[i] != (any << 8 | all)) return fail("vote", i, got_u[i], any << 8 | all, w);
  }

  poison(uout, items * sizeof(uint32_t));
  const double t_ballot = best_us(q, iterations, [&] { ballot<S>(q, in, uout, n); });
  q.memcpy(got_u.data(), uout, items * sizeof(uint32_t)).wait();
  for (size_t s = 0; s < items / w; ++s) {
    uint32_t count = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const float *p = &h[(s + size_t(k)) % chunks * w];
      for (size_t j = 0; j < w; ++j) count += p[j] > float(k);
    }
    for (size_t i = s * w; i < (s + 1) * w; ++i)
      if (got_u[i] != count) return fail("ballot", i, got_u[i], count, w);
  }

  // shuffle: the kernel's steps replayed for a sample of sub-groups.
  poison(fout, items * sizeof(float));
  const double t_shuffle = best_us(q, iterations, [&] { shuffle<S>(q, in, fout, n); });
  q.memcpy(got_f.data(), fout, items * sizeof(float)).wait();
  const size_t groups = items / w, every = std::max<size_t>(1, groups >> 15);
  std::vector<float> x(w), l(w), r(w), s(w), t(w), acc(w);
  auto replay = [&](size_t g) { // sub-group g: 0 when right
    std::copy(&h[g * w], &h[g * w] + w, x.begin());
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (int k = 0; k < shuffle_steps; ++k) {
      for (size_t j = 0; j < w; ++j)
        l[j] = x[j ? j - 1 : 0], r[j] = x[j + 1 < w ? j + 1 : j];
      for (size_t j = 0; j < w; ++j) x[j] = 0.25f * l[j] + 0.5f * x[j] + 0.25f * r[j];
      s = x;
      for (size_t m = w / 2; m > 0; m /= 2) {
        for (size_t j = 0; j < w; ++j) t[j] = s[j] + s[j ^ m];
        s.swap(t);
      }
      for (size_t j = 0; j < w; ++j) x[j] -= s[j] * (1.0f / float(w));
      for (size_t j = 0; j < w; ++j) acc[j] += x[(5 * j + size_t(k)) & (w - 1)];
    }
    for (size_t j = 0; j < w; ++j)
      if (got_f[g * w + j] != acc[j])
        return fail("shuffle", g * w + j, got_f[g * w + j], acc[j], w);
    return 0;
  };
  for (size_t g = 0; g < groups; g += every)
    if (replay(g)) return 1;
  if ((groups - 1) % every && replay(groups - 1)) return 1;

  poison(sums, rows * sizeof(float)), poison(maxs, rows * sizeof(float));
  const double t_reduce =
      best_us(q, iterations, [&] { row_reduce<S>(q, in, sums, maxs, rows, w); });
  q.memcpy(got_f.data(), sums, rows * sizeof(float)).wait();
  q.memcpy(got_m.data(), maxs, rows * sizeof(float)).wait();
  for (size_t row = 0; row < rows; ++row) {
    float sum = 0.0f, max = -INFINITY;
    for (size_t c = 0; c < row_len; ++c)
      sum += h[row * row_len + c], max = std::max(max, h[row * row_len + c]);
    if (got_f[row] != sum) return fail("row_reduce sum", row, got_f[row], sum, w);
    if (got_m[row] != max) return fail("row_reduce max", row, got_m[row], max, w);
  }

  poison(fout, n * sizeof(float));
  const double t_scan = best_us(q, iterations, [&] { row_scan<S>(q, in, fout, rows, w); });
  q.memcpy(got_f.data(), fout, n * sizeof(float)).wait();
  float run_sum = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    run_sum = (i % row_len ? run_sum : 0.0f) + h[i];
    if (got_f[i] != run_sum) return fail("row_scan", i, got_f[i], run_sum, w);
  }

  const char *d = device.c_str();
  std::printf("sub_group_ops,%s,sg_size,%zu\n", d, w);
  std::printf("sub_group_ops,%s,vote_us,%.2f\n", d, t_vote);
  std::printf("sub_group_ops,%s,ballot_us,%.2f\n", d, t_ballot);
  std::printf("sub_group_ops,%s,shuffle_us,%.2f\n", d, t_shuffle);
  std::printf("sub_group_ops,%s,row_reduce_us,%.2f\n", d, t_reduce);
  std::printf("sub_group_ops,%s,row_scan_us,%.2f\n", d, t_scan);
  sycl::free(in, q), sycl::free(fout, q), sycl::free(sums, q), sycl::free(maxs, q),
      sycl::free(uout, q);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 27;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 14 || log2n > 30 || iterations < 1) {
    std::fprintf(stderr, "sub_group_ops_sycl: log2 N must be in [14, 30], iterations >= 1\n");
    return 2;
  }
  sycl::queue q{sycl::property::queue::in_order()};
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (std::find(sizes.begin(), sizes.end(), size_t(32)) != sizes.end())
    return run<32>(q, 32, log2n, iterations);
  const size_t w = default_width(q);
  std::fprintf(stderr,
               "sub_group_ops_sycl: the device has no sub-group size 32: "
               "running without reqd_sub_group_size (width %zu)\n", w);
  if (w == 0 || wg % w || w > 64) return 1;
  return run<0>(q, w, log2n, iterations);
}
