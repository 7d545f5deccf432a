// Native CUDA peer of matmul_sycl.cpp's tiled kernel: C = A * B, N x N
// floats, the same data, tile size and validation. Each 16 x 16 block loads
// one tile of A and one of B into __shared__ memory, waits at
// __syncthreads(), and accumulates their product (the textbook CUDA tiled
// matrix multiply: int indices, threadIdx.x along a row of C). Timed as
// launch + cudaDeviceSynchronize, minimum over the iterations after a
// warm-up.
//
// Prints: matmul,<device>,cuda_tiled_GFLOPs,<GFLOP/s>
// Usage: matmul_cuda [N = 1024, a multiple of 16] [iterations = 5]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int tile = 16;

__global__ void matmul(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[tile][tile], tb[tile][tile];
  const int lr = threadIdx.y, lc = threadIdx.x;
  const int row = blockIdx.y * tile + lr, col = blockIdx.x * tile + lc;
  float sum = 0;
  for (int t = 0; t < n; t += tile) {
    ta[lr][lc] = a[row * n + t + lc];
    tb[lr][lc] = b[(t + lr) * n + col];
    __syncthreads();
    for (int k = 0; k < tile; ++k) sum += ta[lr][k] * tb[k][lc];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  if (n == 0 || n % tile || n > 46336) { // row * n + col fits in an int
    std::fprintf(stderr, "matmul_cuda: N must be a positive multiple of %d (at most 46336)\n", tile);
    return 2;
  }
  std::vector<float> ha(n * n), hb(n * n), hc(n * n);
  for (size_t i = 0; i < n * n; ++i) {
    ha[i] = float(i % 17) * 0.25f;
    hb[i] = float(i % 13) * 0.5f - 2.0f;
  }
  float *a, *b, *c;
  if (cudaMalloc(&a, n * n * sizeof(float)) || cudaMalloc(&b, n * n * sizeof(float)) ||
      cudaMalloc(&c, n * n * sizeof(float))) {
    std::fprintf(stderr, "matmul_cuda: cannot allocate 3 x %zu x %zu floats\n", n, n);
    return 1;
  }
  cudaMemcpy(a, ha.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
  const dim3 grid(unsigned(n / tile), unsigned(n / tile)), block(tile, tile);
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = std::chrono::steady_clock::now();
    matmul<<<grid, block>>>(a, b, c, int(n));
    cudaDeviceSynchronize();
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (k) best = std::min(best, t);
  }
  if (cudaGetLastError() != cudaSuccess) {
    std::fprintf(stderr, "matmul_cuda: the kernel failed\n");
    return 1;
  }
  cudaMemcpy(hc.data(), c, n * n * sizeof(float), cudaMemcpyDeviceToHost);
  // Check a few rows and columns against the host (exact: small integers
  // times quarters and halves sum exactly in float for these sizes).
  for (size_t i = 0; i < n; i += n / 8 + 1)
    for (size_t j = 0; j < n; j += n / 8 + 3) {
      double want = 0;
      for (size_t k = 0; k < n; ++k) want += double(ha[i * n + k]) * double(hb[k * n + j]);
      if (std::fabs(hc[i * n + j] - want) > 1e-3 * std::fmax(1.0, std::fabs(want))) {
        std::fprintf(stderr, "matmul_cuda: C[%zu][%zu] = %g, want %g\n", i, j, hc[i * n + j], want);
        return 1;
      }
    }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("matmul,%s,cuda_tiled_GFLOPs,%.2f\n", prop.name, 2.0 * double(n) * n * n / best / 1e9);
  cudaFree(a), cudaFree(b), cudaFree(c);
  return 0;
}
