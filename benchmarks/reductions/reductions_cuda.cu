// Native CUDA peer of reductions_sycl.cpp: the same rows on the same data,
// written the way a CUDA programmer would. Each kernel runs 256-thread
// blocks, reduces its block with warp shuffles (one value per warp through
// shared memory) and makes one atomic per block into the result: atomicAdd
// (int, float, double), atomicMin (int), float minimum/maximum through the
// int-bits trick (atomicMin/atomicMax on the bits as int for a non-negative
// value, the mirror on the bits as unsigned for a negative one), double
// maximum through an atomicCAS loop.
//   usm_device_<op>_<type>, buffer_plus_double, multi_sum_min_max_float:
//       result in cudaMalloc memory: cudaMemsetAsync (zero identities) or
//       cudaMemcpyAsync of the identity, a grid-stride kernel of 8 blocks
//       per SM, cudaMemcpy of the result to the host
//   nd_range_plus_float: the same with one element per thread
//   usm_shared_plus_double, dot_usm_shared: result in cudaMallocManaged
//       memory: the host writes 0, the kernel, cudaDeviceSynchronize, the
//       host reads the result (dot: a[i] * b[i] over two cudaMalloc arrays
//       of 0.1 and 0.2; dot_usm_shared_host_init runs the same code)
// Timed per call, minimum over the iterations after one warm-up; GB/s of
// input read. Results checked as in reductions_sycl.
//
// Prints: reductions,<device>,cuda_<row>_GBps,<GB/s> for the rows of
// reductions_sycl.cpp (and cuda_<row>_median_GBps, the median call), and exits 1 (a message on stderr) on a wrong result.
// Usage: reductions_cuda [log2 elements = 26] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

constexpr unsigned block = 256;

struct plus_op {
  template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
  template <typename T> static T identity() { return T(0); }
};
struct min_op {
  template <typename T> __device__ T operator()(T a, T b) const { return b < a ? b : a; }
  template <typename T> static T identity() {
    using L = std::numeric_limits<T>;
    return std::is_integral_v<T> ? L::max() : L::infinity();
  }
};
struct max_op {
  template <typename T> __device__ T operator()(T a, T b) const { return a < b ? b : a; }
  template <typename T> static T identity() {
    using L = std::numeric_limits<T>;
    return std::is_integral_v<T> ? L::lowest() : -L::infinity();
  }
};

__device__ void atomic_combine(plus_op, int *p, int v) { atomicAdd(p, v); }
__device__ void atomic_combine(plus_op, float *p, float v) { atomicAdd(p, v); }
__device__ void atomic_combine(plus_op, double *p, double v) { atomicAdd(p, v); }
__device__ void atomic_combine(min_op, int *p, int v) { atomicMin(p, v); }
__device__ void atomic_combine(min_op, float *p, float v) {
  if (v >= 0)
    atomicMin(reinterpret_cast<int *>(p), __float_as_int(v));
  else
    atomicMax(reinterpret_cast<unsigned *>(p), __float_as_uint(v));
}
__device__ void atomic_combine(max_op, float *p, float v) {
  if (v >= 0)
    atomicMax(reinterpret_cast<int *>(p), __float_as_int(v));
  else
    atomicMin(reinterpret_cast<unsigned *>(p), __float_as_uint(v));
}
__device__ void atomic_combine(max_op, double *p, double v) {
  auto *u = reinterpret_cast<unsigned long long *>(p);
  unsigned long long old = *u;
  while (__longlong_as_double(old) < v) {
    const unsigned long long seen = atomicCAS(u, old, __double_as_longlong(v));
    if (seen == old) break;
    old = seen;
  }
}

// The block's value, in thread 0 (blockDim.x == 256: 8 warps).
template <typename T, typename Op> __device__ T block_reduce(T v, Op op) {
  __shared__ T warps[block / 32];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (unsigned o = 16; o > 0; o /= 2) v = op(v, __shfl_down_sync(0xffffffffu, v, o));
  if (lane == 0) warps[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warps[lane % (block / 32)];
    for (unsigned o = block / 64; o > 0; o /= 2) v = op(v, __shfl_down_sync(0xffffffffu, v, o));
  }
  return v;
}

template <typename T, typename Op>
__global__ void reduce_grid_stride(T *result, const T *in, size_t n, T identity, Op op) {
  T v = identity;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    v = op(v, in[i]);
  v = block_reduce(v, op);
  if (threadIdx.x == 0) atomic_combine(op, result, v);
}

__global__ void reduce_one_per_thread(float *result, const float *in, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float v = block_reduce(i < n ? in[i] : 0.0f, plus_op{});
  if (threadIdx.x == 0) atomicAdd(result, v);
}

// result[0] = sum, result[1] = minimum, result[2] = maximum.
__global__ void sum_min_max(float *result, const float *in, size_t n) {
  float s = 0, lo = INFINITY, hi = -INFINITY;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    const float v = in[i];
    s += v;
    lo = fminf(lo, v);
    hi = fmaxf(hi, v);
  }
  s = block_reduce(s, plus_op{});
  lo = block_reduce(lo, min_op{});
  hi = block_reduce(hi, max_op{});
  if (threadIdx.x == 0) {
    atomicAdd(result, s);
    atomic_combine(min_op{}, result + 1, lo);
    atomic_combine(max_op{}, result + 2, hi);
  }
}

__global__ void dot_kernel(double *sum, const double *a, const double *b, size_t n) {
  double s = 0;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    s += a[i] * b[i];
  s = block_reduce(s, plus_op{});
  if (threadIdx.x == 0) atomicAdd(sum, s);
}

__global__ void init_dot(double *a, double *b, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 0.1, b[i] = 0.2;
}

using clock_type = std::chrono::steady_clock;
template <typename F> double seconds(F &&f) {
  auto t0 = clock_type::now();
  f();
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// As reductions_sycl.cpp: (i % 7 - 3) / 4, minimum at n / 3, maximum at n - n / 5.
template <typename T> std::vector<T> make_input(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = std::is_integral_v<T> ? T(int(i % 7) - 3) : T(int(i % 7) - 3) / T(4);
  v[n / 3] = std::is_integral_v<T> ? T(-1000) : T(-1000.25);
  v[n - n / 5] = std::is_integral_v<T> ? T(1000) : T(999.75);
  return v;
}

struct expected {
  double sum = 0, min = 0, max = 0;
};
template <typename T> expected reference(const std::vector<T> &v) {
  expected e{0, double(v[0]), double(v[0])};
  for (T x : v) {
    e.sum += double(x);
    e.min = std::min(e.min, double(x));
    e.max = std::max(e.max, double(x));
  }
  return e;
}

// The calls of a row after the warm-up.
struct timing {
  std::vector<double> calls;
  void add(double seconds) { calls.push_back(seconds); }
  double min() const { return *std::min_element(calls.begin(), calls.end()); }
  double median() const {
    std::vector<double> v = calls;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  }
};

struct row {
  std::string name;
  timing time;
  double bytes;
};

int fail(const std::string &what, double got, double want) {
  std::fprintf(stderr, "reductions_cuda %s: %.17g, want %.17g\n", what.c_str(), got, want);
  return 1;
}

template <typename T> T *to_device(const std::vector<T> &v) {
  T *p = nullptr;
  if (cudaMalloc(&p, v.size() * sizeof(T)) != cudaSuccess) return nullptr;
  cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return p;
}

unsigned grid_stride_blocks() { // 8 blocks of 256 threads per SM: one full wave
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  return unsigned(sms) * 8;
}

// Result in cudaMalloc memory: set to the identity, reduce, copy back.
template <typename T, typename Op>
int usm_device(const char *name, const T *in, size_t n, double want, int iterations,
               std::vector<row> &rows) {
  T *res;
  cudaMalloc(&res, sizeof(T));
  const T identity = Op::template identity<T>();
  const unsigned grid = grid_stride_blocks();
  T got{};
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      if (std::is_same_v<Op, plus_op>)
        cudaMemsetAsync(res, 0, sizeof(T));
      else
        cudaMemcpyAsync(res, &identity, sizeof(T), cudaMemcpyHostToDevice);
      reduce_grid_stride<<<grid, block>>>(res, in, n, identity, Op{});
      cudaMemcpy(&got, res, sizeof(T), cudaMemcpyDeviceToHost);
    });
    if (k) best.add(t);
  }
  cudaFree(res);
  if (double(got) != want) return fail(name, double(got), want);
  rows.push_back({name, best, double(n) * sizeof(T)});
  return 0;
}

// Result in managed memory: the host sets it, reduce, synchronize, the host reads it.
int usm_shared(const double *in, size_t n, double want, int iterations, std::vector<row> &rows) {
  double *res;
  cudaMallocManaged(&res, sizeof(double));
  const unsigned grid = grid_stride_blocks();
  double got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      *res = 0;
      reduce_grid_stride<<<grid, block>>>(res, in, n, 0.0, plus_op{});
      cudaDeviceSynchronize();
      got = *res;
    });
    if (k) best.add(t);
  }
  cudaFree(res);
  if (got != want) return fail("usm_shared_plus_double", got, want);
  rows.push_back({"usm_shared_plus_double", best, double(n) * sizeof(double)});
  return 0;
}

int nd_range_plus(const float *in, size_t n, double want, int iterations, std::vector<row> &rows) {
  float *res;
  cudaMalloc(&res, sizeof(float));
  const unsigned grid = unsigned((n + block - 1) / block);
  float got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      cudaMemsetAsync(res, 0, sizeof(float));
      reduce_one_per_thread<<<grid, block>>>(res, in, n);
      cudaMemcpy(&got, res, sizeof got, cudaMemcpyDeviceToHost);
    });
    if (k) best.add(t);
  }
  cudaFree(res);
  if (double(got) != want) return fail("nd_range_plus_float", got, want);
  rows.push_back({"nd_range_plus_float", best, double(n) * sizeof(float)});
  return 0;
}

int multi(const float *in, size_t n, const expected &e, int iterations, std::vector<row> &rows) {
  float *res;
  cudaMalloc(&res, 3 * sizeof(float));
  const float init[3] = {0.0f, INFINITY, -INFINITY};
  const unsigned grid = grid_stride_blocks();
  float got[3] = {};
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      cudaMemcpyAsync(res, init, sizeof init, cudaMemcpyHostToDevice);
      sum_min_max<<<grid, block>>>(res, in, n);
      cudaMemcpy(got, res, sizeof got, cudaMemcpyDeviceToHost);
    });
    if (k) best.add(t);
  }
  cudaFree(res);
  if (double(got[0]) != e.sum) return fail("multi_sum_min_max_float sum", got[0], e.sum);
  if (double(got[1]) != e.min) return fail("multi_sum_min_max_float min", got[1], e.min);
  if (double(got[2]) != e.max) return fail("multi_sum_min_max_float max", got[2], e.max);
  rows.push_back({"multi_sum_min_max_float", best, double(n) * sizeof(float)});
  return 0;
}

int dot(const char *name, size_t n, int iterations, std::vector<row> &rows) {
  double *a, *b, *sum;
  if (cudaMalloc(&a, n * sizeof(double)) || cudaMalloc(&b, n * sizeof(double)) ||
      cudaMallocManaged(&sum, sizeof(double))) {
    std::fprintf(stderr, "reductions_cuda: cannot allocate 2 x %zu doubles\n", n);
    return 1;
  }
  init_dot<<<unsigned((n + block - 1) / block), block>>>(a, b, n);
  cudaDeviceSynchronize();
  const unsigned grid = grid_stride_blocks();
  double got = 0;
  timing best;
  for (int k = 0; k <= iterations; ++k) {
    const double t = seconds([&] {
      *sum = 0;
      dot_kernel<<<grid, block>>>(sum, a, b, n);
      cudaDeviceSynchronize();
      got = *sum;
    });
    if (k) best.add(t);
  }
  cudaFree(a), cudaFree(b), cudaFree(sum);
  const double want = 0.1 * 0.2 * double(n);
  if (std::fabs(got - want) > 1e-8 * want) return fail(name, got, want);
  rows.push_back({name, best, 2.0 * double(n) * sizeof(double)});
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 10 || log2n > 32 || iterations < 1) {
    std::fprintf(stderr, "reductions_cuda: log2 elements must be in [10, 32], iterations >= 1\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n, nd = n / 2;
  const std::vector<int> hi = make_input<int>(n);
  const std::vector<float> hf = make_input<float>(n);
  const std::vector<double> hd = make_input<double>(nd);
  const expected ei = reference(hi), ef = reference(hf), ed = reference(hd);
  int *di = to_device(hi);
  float *df = to_device(hf);
  double *dd = to_device(hd);
  if (!di || !df || !dd) {
    std::fprintf(stderr, "reductions_cuda: cannot allocate the inputs (2^%d elements)\n", log2n);
    return 1;
  }

  std::vector<row> rows;
  int rc = 0;
  rc |= usm_device<int, plus_op>("usm_device_plus_int", di, n, ei.sum, iterations, rows);
  rc |= usm_device<float, plus_op>("usm_device_plus_float", df, n, ef.sum, iterations, rows);
  rc |= usm_device<double, plus_op>("usm_device_plus_double", dd, nd, ed.sum, iterations, rows);
  rc |= usm_device<int, min_op>("usm_device_min_int", di, n, ei.min, iterations, rows);
  rc |= usm_device<float, min_op>("usm_device_min_float", df, n, ef.min, iterations, rows);
  rc |= usm_device<float, max_op>("usm_device_max_float", df, n, ef.max, iterations, rows);
  rc |= usm_device<double, max_op>("usm_device_max_double", dd, nd, ed.max, iterations, rows);
  rc |= usm_shared(dd, nd, ed.sum, iterations, rows);
  // The buffer row's peer: a result in cudaMalloc memory, as usm_device.
  rc |= usm_device<double, plus_op>("buffer_plus_double", dd, nd, ed.sum, iterations, rows);
  rc |= nd_range_plus(df, n, ef.sum, iterations, rows);
  rc |= multi(df, n, ef, iterations, rows);
  cudaFree(di), cudaFree(df), cudaFree(dd);
  // Both dot rows' peer: the host sets the managed result (reductions_sycl's
  // dot_usm_shared fills it on the device instead, initialize_to_identity).
  rc |= dot("dot_usm_shared", nd, iterations, rows);
  rc |= dot("dot_usm_shared_host_init", nd, iterations, rows);
  if (cudaGetLastError() != cudaSuccess) {
    std::fprintf(stderr, "reductions_cuda: a CUDA call failed\n");
    return 1;
  }

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  for (const row &r : rows) {
    std::printf("reductions,%s,cuda_%s_GBps,%.1f\n", prop.name, r.name.c_str(),
                r.bytes / r.time.min() / 1e9);
    std::printf("reductions,%s,cuda_%s_median_GBps,%.1f\n", prop.name, r.name.c_str(),
                r.bytes / r.time.median() / 1e9);
  }
  return rc;
}
