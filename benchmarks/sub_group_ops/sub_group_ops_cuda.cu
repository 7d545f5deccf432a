// Native CUDA peer of sub_group_ops_sycl.cpp: the same five kernels on the
// same data (N floats, integers 0..63), written with warp intrinsics on the
// full mask 0xffffffff and launched with 256-thread blocks:
//
//   vote:       N / 8 threads, 64 steps of __any_sync and __all_sync on
//               in[(i + 32 k) mod N] > k, both counts written.
//   ballot:     the same loop, counting __popc(__ballot_sync(...)).
//   shuffle:    N / 8 threads, 32 steps: a 3-point stencil with
//               __shfl_up_sync / __shfl_down_sync (the warp's ends keep
//               their own value), the warp's mean by a __shfl_xor_sync
//               butterfly subtracted, a gather from lane (5 * lane + k) mod 32
//               with __shfl_sync summed into the output.
//   row_reduce: N / 1024 rows of 1024 floats, a warp per row: a strided sum
//               and maximum, then a __shfl_xor_sync reduction of both; lane 0
//               writes them.
//   row_scan:   a warp per row: the row's running sum in chunks of 32, a
//               __shfl_up_sync (Kogge-Stone) scan of each chunk plus the carry
//               of the chunks before it (__shfl_sync from lane 31).
//
// Timed the same way (launch + cudaDeviceSynchronize, minimum over the
// iterations after one warm-up) and checked on the host the same way (the
// shuffle kernel's steps replayed for an evenly spread 2^15 of the warps,
// and the last, when there are more); a wrong result exits 1 with a message
// on stderr.
//
// Prints: sub_group_ops,<device>,cuda_<kernel>_us,<microseconds>
//           for vote, ballot, shuffle, row_reduce, row_scan (lower is better)
// Usage: sub_group_ops_cuda [log2 N = 27] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr unsigned full = 0xffffffffu;
constexpr unsigned block = 256;
constexpr int vote_steps = 64;
constexpr int shuffle_steps = 32;
constexpr int row_len = 1024;
constexpr size_t items_div = 8;
constexpr size_t w = 32; // the warp

__global__ void vote(unsigned *out, const float *in, size_t wrap) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned any = 0, all = 0;
  for (int k = 0; k < vote_steps; ++k) {
    const bool p = in[(i + size_t(k) * 32) & wrap] > float(k);
    any += __any_sync(full, p) != 0;
    all += __all_sync(full, p) != 0;
  }
  out[i] = any << 8 | all;
}

__global__ void ballot(unsigned *out, const float *in, size_t wrap) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned count = 0;
  for (int k = 0; k < vote_steps; ++k) {
    const bool p = in[(i + size_t(k) * 32) & wrap] > float(k);
    count += __popc(__ballot_sync(full, p));
  }
  out[i] = count;
}

__global__ void shuffle(float *out, const float *in) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  float x = in[i], acc = 0.0f;
  for (int k = 0; k < shuffle_steps; ++k) {
    float l = __shfl_up_sync(full, x, 1), r = __shfl_down_sync(full, x, 1);
    if (lane == 0) l = x;
    if (lane == 31) r = x;
    x = 0.25f * l + 0.5f * x + 0.25f * r;
    float s = x;
    for (int m = 16; m > 0; m /= 2) s += __shfl_xor_sync(full, s, m);
    x -= s * (1.0f / 32);
    acc += __shfl_sync(full, x, (5 * lane + k) & 31);
  }
  out[i] = acc;
}

__global__ void row_reduce(float *sums, float *maxs, const float *in, size_t rows) {
  const size_t row = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float *p = in + row * row_len;
  float s = 0.0f, m = -INFINITY;
  for (int c = lane; c < row_len; c += 32) {
    s += p[c];
    m = fmaxf(m, p[c]);
  }
  for (int o = 16; o > 0; o /= 2) {
    s += __shfl_xor_sync(full, s, o);
    m = fmaxf(m, __shfl_xor_sync(full, m, o));
  }
  if (lane == 0) sums[row] = s, maxs[row] = m;
}

__global__ void row_scan(float *out, const float *in, size_t rows) {
  const size_t row = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float *p = in + row * row_len;
  float *o = out + row * row_len, carry = 0.0f;
  for (int c = 0; c < row_len; c += 32) {
    float v = p[c + lane];
    for (int d = 1; d < 32; d *= 2) {
      const float y = __shfl_up_sync(full, v, d);
      if (lane >= d) v += y;
    }
    v += carry;
    o[c + lane] = v;
    carry = __shfl_sync(full, v, 31);
  }
}

namespace {

uint32_t mix(uint32_t x) {
  x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
  return x;
}
float value(size_t i) {
  return float(mix(uint32_t(i >> 5) ^ 0x9e3779b9u) % 48 + mix(uint32_t(i)) % 17);
}

using clock_type = std::chrono::steady_clock;
template <typename F> double best_us(int iterations, F f) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    f();
    cudaDeviceSynchronize();
    const double t = std::chrono::duration<double>(clock_type::now() - t0).count();
    if (k) best = std::min(best, t);
  }
  return best * 1e6;
}

int fail(const char *what, size_t at, double got, double want) {
  std::fprintf(stderr, "sub_group_ops_cuda: %s[%zu] = %.9g, want %.9g\n", what, at, got, want);
  return 1;
}

bool failed(const char *kernel) {
  const cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) return false;
  std::fprintf(stderr, "sub_group_ops_cuda: %s: %s\n", kernel, cudaGetErrorString(e));
  return true;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 27;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 14 || log2n > 30 || iterations < 1) {
    std::fprintf(stderr, "sub_group_ops_cuda: log2 N must be in [14, 30], iterations >= 1\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n, items = n / items_div, rows = n / row_len;
  std::vector<float> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = value(i);
  float *in, *fout, *sums, *maxs;
  unsigned *uout;
  if (cudaMalloc(&in, n * 4) || cudaMalloc(&fout, n * 4) || cudaMalloc(&sums, rows * 4) ||
      cudaMalloc(&maxs, rows * 4) || cudaMalloc(&uout, items * 4)) {
    std::fprintf(stderr, "sub_group_ops_cuda: cannot allocate 2 x %zu floats\n", n);
    return 1;
  }
  cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice);
  std::vector<unsigned> got_u(items);
  std::vector<float> got_f(n), got_m(rows);
  const unsigned item_grid = unsigned(items / block);
  const unsigned row_grid = unsigned((rows * w + block - 1) / block);
  const size_t chunks = n / w;
  std::vector<float> cmin(chunks), cmax(chunks);
  for (size_t c = 0; c < chunks; ++c) {
    float lo = h[c * w], hi = lo;
    for (size_t j = 1; j < w; ++j) lo = std::min(lo, h[c * w + j]), hi = std::max(hi, h[c * w + j]);
    cmin[c] = lo, cmax[c] = hi;
  }

  cudaMemset(uout, 0xff, items * 4);
  const double t_vote = best_us(iterations, [&] { vote<<<item_grid, block>>>(uout, in, n - 1); });
  if (failed("vote")) return 1;
  cudaMemcpy(got_u.data(), uout, items * 4, cudaMemcpyDeviceToHost);
  for (size_t s = 0; s < items / w; ++s) {
    unsigned any = 0, all = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const size_t c = (s + size_t(k)) % chunks;
      any += cmax[c] > float(k), all += cmin[c] > float(k);
    }
    for (size_t i = s * w; i < (s + 1) * w; ++i)
      if (got_u[i] != (any << 8 | all)) return fail("vote", i, got_u[i], any << 8 | all);
  }

  cudaMemset(uout, 0xff, items * 4);
  const double t_ballot =
      best_us(iterations, [&] { ballot<<<item_grid, block>>>(uout, in, n - 1); });
  if (failed("ballot")) return 1;
  cudaMemcpy(got_u.data(), uout, items * 4, cudaMemcpyDeviceToHost);
  for (size_t s = 0; s < items / w; ++s) {
    unsigned count = 0;
    for (int k = 0; k < vote_steps; ++k) {
      const float *p = &h[(s + size_t(k)) % chunks * w];
      for (size_t j = 0; j < w; ++j) count += p[j] > float(k);
    }
    for (size_t i = s * w; i < (s + 1) * w; ++i)
      if (got_u[i] != count) return fail("ballot", i, got_u[i], count);
  }

  cudaMemset(fout, 0xff, items * 4);
  const double t_shuffle = best_us(iterations, [&] { shuffle<<<item_grid, block>>>(fout, in); });
  if (failed("shuffle")) return 1;
  cudaMemcpy(got_f.data(), fout, items * 4, cudaMemcpyDeviceToHost);
  const size_t groups = items / w, every = std::max<size_t>(1, groups >> 15);
  std::vector<float> x(w), l(w), r(w), s(w), t(w), acc(w);
  auto replay = [&](size_t g) { // warp g: 0 when right
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
      if (got_f[g * w + j] != acc[j]) return fail("shuffle", g * w + j, got_f[g * w + j], acc[j]);
    return 0;
  };
  for (size_t g = 0; g < groups; g += every)
    if (replay(g)) return 1;
  if ((groups - 1) % every && replay(groups - 1)) return 1;

  cudaMemset(sums, 0xff, rows * 4);
  cudaMemset(maxs, 0xff, rows * 4);
  const double t_reduce =
      best_us(iterations, [&] { row_reduce<<<row_grid, block>>>(sums, maxs, in, rows); });
  if (failed("row_reduce")) return 1;
  cudaMemcpy(got_f.data(), sums, rows * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(got_m.data(), maxs, rows * 4, cudaMemcpyDeviceToHost);
  for (size_t row = 0; row < rows; ++row) {
    float sum = 0.0f, max = -INFINITY;
    for (size_t c = 0; c < row_len; ++c)
      sum += h[row * row_len + c], max = std::max(max, h[row * row_len + c]);
    if (got_f[row] != sum) return fail("row_reduce sum", row, got_f[row], sum);
    if (got_m[row] != max) return fail("row_reduce max", row, got_m[row], max);
  }

  cudaMemset(fout, 0xff, n * 4);
  const double t_scan = best_us(iterations, [&] { row_scan<<<row_grid, block>>>(fout, in, rows); });
  if (failed("row_scan")) return 1;
  cudaMemcpy(got_f.data(), fout, n * 4, cudaMemcpyDeviceToHost);
  float run_sum = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    run_sum = (i % row_len ? run_sum : 0.0f) + h[i];
    if (got_f[i] != run_sum) return fail("row_scan", i, got_f[i], run_sum);
  }

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("sub_group_ops,%s,cuda_vote_us,%.2f\n", prop.name, t_vote);
  std::printf("sub_group_ops,%s,cuda_ballot_us,%.2f\n", prop.name, t_ballot);
  std::printf("sub_group_ops,%s,cuda_shuffle_us,%.2f\n", prop.name, t_shuffle);
  std::printf("sub_group_ops,%s,cuda_row_reduce_us,%.2f\n", prop.name, t_reduce);
  std::printf("sub_group_ops,%s,cuda_row_scan_us,%.2f\n", prop.name, t_scan);
  cudaFree(in), cudaFree(fout), cudaFree(sums), cudaFree(maxs), cudaFree(uout);
  return 0;
}
