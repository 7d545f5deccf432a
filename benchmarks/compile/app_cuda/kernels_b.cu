#include "common.cuh"

__global__ void dot_kernel(const float *x, const float *y, float *result, size_t n) {
  __shared__ float partial[256];
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] * y[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, partial[0]);
}
void dot(const float *x, const float *y, float *result, size_t n) {
  dot_kernel<<<blocks_for(n, 256), 256>>>(x, y, result, n);
}

__global__ void histogram_kernel(const int *values, unsigned *bins, size_t n, int nbins) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[min(max(values[i], 0), nbins - 1)], 1u);
}
void histogram(const int *values, unsigned *bins, size_t n, int nbins) {
  histogram_kernel<<<blocks_for(n, 256), 256>>>(values, bins, n, nbins);
}

__global__ void block_sums_kernel(const float *in, float *sums, size_t n) {
  __shared__ float partial[256];
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}
void block_sums(const float *in, float *sums, size_t n) {
  block_sums_kernel<<<blocks_for(n, 256), 256>>>(in, sums, n);
}

__global__ void matmul_kernel(const float *a, const float *b, float *c, size_t n) {
  size_t r = size_t(blockIdx.y) * blockDim.y + threadIdx.y, col = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= n || col >= n) return;
  float acc = 0.0f;
  for (size_t k = 0; k < n; ++k) acc += a[r * n + k] * b[k * n + col];
  c[r * n + col] = acc;
}
void matmul(const float *a, const float *b, float *c, size_t n) {
  matmul_kernel<<<dim3(blocks_for(n, 16), blocks_for(n, 16)), dim3(16, 16)>>>(a, b, c, n);
}

__device__ void atomic_max_float(float *address, float value) {
  // Non-negative floats order as their bit patterns.
  atomicMax(reinterpret_cast<int *>(address), __float_as_int(value));
}
__global__ void max_abs_kernel(const float *x, float *result, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) atomic_max_float(result, fabsf(x[i]));
}
void max_abs(const float *x, float *result, size_t n) {
  max_abs_kernel<<<blocks_for(n, 256), 256>>>(x, result, n);
}
