#include "common.cuh"

__global__ void saxpy_kernel(float a, const float *x, float *y, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
void saxpy(float a, const float *x, float *y, size_t n) {
  saxpy_kernel<<<blocks_for(n, 256), 256>>>(a, x, y, n);
}

__global__ void scale_add_kernel(const float *x, const float *y, float *z, float s, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) z[i] = s * (x[i] + y[i]);
}
void scale_add(const float *x, const float *y, float *z, float s, size_t n) {
  scale_add_kernel<<<blocks_for(n, 256), 256>>>(x, y, z, s, n);
}

__global__ void stencil_kernel(const float *in, float *out, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float left = i > 0 ? in[i - 1] : in[i];
  const float right = i + 1 < n ? in[i + 1] : in[i];
  out[i] = 0.25f * left + 0.5f * in[i] + 0.25f * right;
}
void stencil_1d(const float *in, float *out, size_t n) {
  stencil_kernel<<<blocks_for(n, 256), 256>>>(in, out, n);
}

__global__ void clamp_kernel(float *x, float lo, float hi, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) x[i] = fminf(fmaxf(x[i], lo), hi);
}
void clamp_values(float *x, float lo, float hi, size_t n) {
  clamp_kernel<<<blocks_for(n, 256), 256>>>(x, lo, hi, n);
}

constexpr unsigned tile = 16;
__global__ void transpose_kernel(const float *in, float *out, size_t rows, size_t cols) {
  __shared__ float block[tile][tile + 1];
  const size_t r = size_t(blockIdx.y) * tile + threadIdx.y, c = size_t(blockIdx.x) * tile + threadIdx.x;
  block[threadIdx.y][threadIdx.x] = in[r * cols + c];
  __syncthreads();
  const size_t tr = size_t(blockIdx.x) * tile + threadIdx.y, tc = size_t(blockIdx.y) * tile + threadIdx.x;
  out[tr * rows + tc] = block[threadIdx.x][threadIdx.y];
}
void transpose(const float *in, float *out, size_t rows, size_t cols) {
  transpose_kernel<<<dim3(unsigned(cols / tile), unsigned(rows / tile)), dim3(tile, tile)>>>(in, out, rows, cols);
}
