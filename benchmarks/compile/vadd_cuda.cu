// Compile-time benchmark peer (benchmarks/run.sh): the same kernel in CUDA,
// compiled with clang++-22 -x cuda.
#include <cuda_runtime.h>

__global__ void vadd_kernel(const float *a, const float *b, float *c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

void vadd(const float *a, const float *b, float *c, size_t n) {
  vadd_kernel<<<unsigned((n + 255) / 256), 256>>>(a, b, c, n);
  cudaDeviceSynchronize();
}
