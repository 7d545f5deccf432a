// Compile-time benchmark: the CUDA twin of ../app (ten kernels in three
// sources), built with nvcc as its programmers would.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

void saxpy(float a, const float *x, float *y, size_t n);
void scale_add(const float *x, const float *y, float *z, float s, size_t n);
void stencil_1d(const float *in, float *out, size_t n);
void clamp_values(float *x, float lo, float hi, size_t n);
void transpose(const float *in, float *out, size_t rows, size_t cols);

void dot(const float *x, const float *y, float *result, size_t n);
void histogram(const int *values, unsigned *bins, size_t n, int nbins);
void block_sums(const float *in, float *sums, size_t n);
void matmul(const float *a, const float *b, float *c, size_t n);
void max_abs(const float *x, float *result, size_t n);

inline unsigned blocks_for(size_t n, unsigned block) { return unsigned((n + block - 1) / block); }
