// Compile-time benchmark (benchmarks/run.sh, compile_time): vadd_sycl.cpp's
// CUDA twin, built with nvcc.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void vadd_kernel(const float *a, const float *b, float *c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const size_t n = 1 << 20;
  float *a, *b, *c;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  cudaMallocManaged(&c, n * sizeof(float));
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
  }
  vadd_kernel<<<unsigned((n + 255) / 256), 256>>>(a, b, c, n);
  cudaDeviceSynchronize();
  std::printf("c[10] = %g\n", c[10]);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
}
