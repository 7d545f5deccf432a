#include "common.hpp"

void dot(sycl::queue &q, const float *x, const float *y, float *result, size_t n) {
  q.parallel_for(sycl::range<1>(n), sycl::reduction(result, sycl::plus<float>()),
                 [=](sycl::id<1> i, auto &sum) { sum += x[i] * y[i]; });
}

void histogram(sycl::queue &q, const int *values, unsigned *bins, size_t n, int nbins) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    const int b = sycl::clamp(values[i], 0, nbins - 1);
    sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device>(bins[b]) += 1u;
  });
}

void block_sums(sycl::queue &q, const float *in, float *sums, size_t n) {
  constexpr size_t wg = 256;
  q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
    const float s = sycl::reduce_over_group(it.get_group(), in[it.get_global_id(0)], sycl::plus<float>());
    if (it.get_local_id(0) == 0) sums[it.get_group(0)] = s;
  });
}

void matmul(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.parallel_for(sycl::range<2>(n, n), [=](sycl::id<2> id) {
    const size_t r = id[0], col = id[1];
    float acc = 0.0f;
    for (size_t k = 0; k < n; ++k) acc += a[r * n + k] * b[k * n + col];
    c[r * n + col] = acc;
  });
}

void max_abs(sycl::queue &q, const float *x, float *result, size_t n) {
  q.parallel_for(sycl::range<1>(n), sycl::reduction(result, sycl::maximum<float>()),
                 [=](sycl::id<1> i, auto &m) { m.combine(sycl::fabs(x[i])); });
}
