// Native CUDA peer of stream_sycl.cpp: the same five kernels over N doubles
// in cudaMalloc memory, launched with 256-thread blocks, timed the same way
// (launch + cudaDeviceSynchronize, minimum over the iterations after one
// warm-up). dot: a grid-stride loop, a shared-memory block reduction and one
// atomicAdd per block (what a CUDA programmer writes).
//
// Prints: stream,<device>,cuda_<kernel>_GBps,<GB/s>
// Usage: stream_cuda [log2 elements = 28] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr double scalar = 3.0;

__global__ void copy(double *c, const double *a, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i];
}
__global__ void mul(double *b, const double *c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) b[i] = scalar * c[i];
}
__global__ void add(double *c, const double *a, const double *b, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
__global__ void triad(double *a, const double *b, const double *c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + scalar * c[i];
}
__global__ void dot(double *sum, const double *a, const double *b, size_t n) {
  __shared__ double partial[256];
  double s = 0;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    s += a[i] * b[i];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) partial[threadIdx.x] += partial[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(sum, partial[0]);
}
__global__ void fill(double *p, double v, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  const size_t n = size_t(1) << log2n;
  double *a, *b, *c, *sum;
  if (cudaMalloc(&a, n * 8) || cudaMalloc(&b, n * 8) || cudaMalloc(&c, n * 8) ||
      cudaMalloc(&sum, 8)) {
    std::fprintf(stderr, "stream_cuda: cannot allocate 3 x %zu doubles\n", n);
    return 1;
  }
  const unsigned block = 256, grid = unsigned((n + block - 1) / block);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const unsigned dot_grid = unsigned(sms) * 8;
  fill<<<grid, block>>>(a, 1.0, n);
  fill<<<grid, block>>>(b, 2.0, n);
  fill<<<grid, block>>>(c, 0.0, n);
  cudaDeviceSynchronize();
  using clock_type = std::chrono::steady_clock;
  auto seconds = [](auto f) {
    auto t0 = clock_type::now();
    f();
    cudaDeviceSynchronize();
    return std::chrono::duration<double>(clock_type::now() - t0).count();
  };
  double t_copy = 1e30, t_mul = 1e30, t_add = 1e30, t_triad = 1e30, t_dot = 1e30, result = 0;
  for (int k = 0; k <= iterations; ++k) {
    auto keep = [&](double &best, double t) { if (k) best = std::min(best, t); };
    keep(t_copy, seconds([&] { copy<<<grid, block>>>(c, a, n); }));
    keep(t_mul, seconds([&] { mul<<<grid, block>>>(b, c, n); }));
    keep(t_add, seconds([&] { add<<<grid, block>>>(c, a, b, n); }));
    keep(t_triad, seconds([&] { triad<<<grid, block>>>(a, b, c, n); }));
    keep(t_dot, seconds([&] {
      cudaMemsetAsync(sum, 0, 8);
      dot<<<dot_grid, block>>>(sum, a, b, n);
      cudaMemcpy(&result, sum, 8, cudaMemcpyDeviceToHost);
    }));
  }
  if (cudaGetLastError() != cudaSuccess) {
    std::fprintf(stderr, "stream_cuda: a kernel failed\n");
    return 1;
  }
  double ha, hb;
  cudaMemcpy(&ha, a, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hb, b, 8, cudaMemcpyDeviceToHost);
  if (std::fabs(result - ha * hb * double(n)) > 1e-6 * std::fabs(ha * hb * double(n))) {
    std::fprintf(stderr, "stream_cuda: dot %g, want %g\n", result, ha * hb * double(n));
    return 1;
  }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const double w = double(n) * 8 / 1e9;
  std::printf("stream,%s,cuda_copy_GBps,%.1f\n", prop.name, 2 * w / t_copy);
  std::printf("stream,%s,cuda_mul_GBps,%.1f\n", prop.name, 2 * w / t_mul);
  std::printf("stream,%s,cuda_add_GBps,%.1f\n", prop.name, 3 * w / t_add);
  std::printf("stream,%s,cuda_triad_GBps,%.1f\n", prop.name, 3 * w / t_triad);
  std::printf("stream,%s,cuda_dot_GBps,%.1f\n", prop.name, 2 * w / t_dot);
  return 0;
}
