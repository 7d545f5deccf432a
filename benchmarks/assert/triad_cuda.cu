// Native CUDA peer of triad_assert (benchmarks/assert/triad_assert.cpp): the
// same STREAM triad a = b + s * c over 2^26 doubles, timed the same way
// (launch + synchronize, minimum over the iterations), in three kernels:
// without a check, with CUDA's own device assert (compiled without NDEBUG:
// __assertfail, which traps and poisons the context on failure), and with
// the hand-written check. Prints the same CSV lines with the prefix
// triad_cuda, so the ratios can be set side by side with usycl's:
//
//   triad_cuda,<device>,ndebug_GBps | assert_GBps | check_GBps,<GB/s>
//   triad_cuda,<device>,assert_over_ndebug_time,<ratio>
//
// Build: nvcc -O3 -arch=sm_90 triad_cuda.cu -o triad_cuda
// Usage: triad_cuda [log2 elements = 26] [iterations = 20]
#undef NDEBUG
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void triad_plain(double *a, const double *b, const double *c, double s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}
__global__ void triad_assert(double *a, const double *b, const double *c, double s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    assert(b[i] >= 0.0 && "triad input must not be negative");
    a[i] = b[i] + s * c[i];
  }
}
__global__ void triad_check(double *a, const double *b, const double *c, double s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    if (!(b[i] >= 0.0)) __trap();
    a[i] = b[i] + s * c[i];
  }
}
// Experiments on what the check costs: a failure path that records and
// returns (the work-item continues, as seed 000's fallback allows), and the
// check after both loads were issued (what hoisting the load would give).
__device__ unsigned failures;
__device__ __noinline__ void record_failure() { atomicAdd(&failures, 1u); }
__global__ void triad_record(double *a, const double *b, const double *c, double s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    if (!(b[i] >= 0.0)) record_failure();
    a[i] = b[i] + s * c[i];
  }
}
__global__ void triad_hoisted(double *a, const double *b, const double *c, double s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = b[i], y = c[i];
    if (!(x >= 0.0)) __trap();
    a[i] = x + s * y;
  }
}
__global__ void fill(double *p, double v, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  const size_t n = size_t(1) << log2n;
  double *a, *b, *c;
  if (cudaMalloc(&a, n * 8) || cudaMalloc(&b, n * 8) || cudaMalloc(&c, n * 8)) {
    std::fprintf(stderr, "triad_cuda: cannot allocate 3 x %zu doubles\n", n);
    return 1;
  }
  const unsigned block = 256, grid = unsigned((n + block - 1) / block);
  fill<<<grid, block>>>(b, 1.0, n);
  fill<<<grid, block>>>(c, 2.0, n);
  cudaDeviceSynchronize();
  using clock = std::chrono::steady_clock;
  auto time = [&](auto kernel) {
    auto t0 = clock::now();
    kernel<<<grid, block>>>(a, b, c, 3.0, n);
    cudaDeviceSynchronize();
    return std::chrono::duration<double>(clock::now() - t0).count();
  };
  time(triad_plain), time(triad_assert), time(triad_check), time(triad_record), time(triad_hoisted);
  double best_plain = 1e30, best_assert = 1e30, best_check = 1e30, best_record = 1e30,
         best_hoisted = 1e30;
  for (int it = 0; it < iterations; ++it) {
    double t = time(triad_plain); if (t < best_plain) best_plain = t;
    t = time(triad_assert); if (t < best_assert) best_assert = t;
    t = time(triad_check); if (t < best_check) best_check = t;
    t = time(triad_record); if (t < best_record) best_record = t;
    t = time(triad_hoisted); if (t < best_hoisted) best_hoisted = t;
  }
  if (cudaGetLastError() != cudaSuccess) {
    std::fprintf(stderr, "triad_cuda: a kernel failed\n");
    return 1;
  }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const double bytes = 3.0 * 8 * double(n);
  std::printf("triad_cuda,%s,ndebug_GBps,%.1f\n", prop.name, bytes / best_plain / 1e9);
  std::printf("triad_cuda,%s,assert_GBps,%.1f\n", prop.name, bytes / best_assert / 1e9);
  std::printf("triad_cuda,%s,assert_over_ndebug_time,%.4f\n", prop.name, best_assert / best_plain);
  std::printf("triad_cuda,%s,check_GBps,%.1f\n", prop.name, bytes / best_check / 1e9);
  std::printf("triad_cuda,%s,record_and_continue_GBps,%.1f\n", prop.name, bytes / best_record / 1e9);
  std::printf("triad_cuda,%s,check_after_loads_GBps,%.1f\n", prop.name, bytes / best_hoisted / 1e9);
  return 0;
}
