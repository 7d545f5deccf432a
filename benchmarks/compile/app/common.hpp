// Compile-time benchmark (benchmarks/compile/compile_time.sh): a small
// application of ten kernels in three sources, as a SYCL programmer writes
// one; app_cuda/ is its CUDA twin.
#pragma once
#include <sycl/sycl.hpp>

#include <cstddef>

// kernels_a.cpp: element-wise and stencil kernels.
void saxpy(sycl::queue &q, float a, const float *x, float *y, size_t n);
void scale_add(sycl::queue &q, const float *x, const float *y, float *z, float s, size_t n);
void stencil_1d(sycl::queue &q, const float *in, float *out, size_t n);
void clamp_values(sycl::queue &q, float *x, float lo, float hi, size_t n);
void transpose(sycl::queue &q, const float *in, float *out, size_t rows, size_t cols);

// kernels_b.cpp: reductions, atomics, local memory.
void dot(sycl::queue &q, const float *x, const float *y, float *result, size_t n);
void histogram(sycl::queue &q, const int *values, unsigned *bins, size_t n, int nbins);
void block_sums(sycl::queue &q, const float *in, float *sums, size_t n);
void matmul(sycl::queue &q, const float *a, const float *b, float *c, size_t n);
void max_abs(sycl::queue &q, const float *x, float *result, size_t n);
