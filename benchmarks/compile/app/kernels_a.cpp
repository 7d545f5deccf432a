#include "common.hpp"

void saxpy(sycl::queue &q, float a, const float *x, float *y, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = a * x[i] + y[i]; });
}

void scale_add(sycl::queue &q, const float *x, const float *y, float *z, float s, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { z[i] = s * (x[i] + y[i]); });
}

void stencil_1d(sycl::queue &q, const float *in, float *out, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    const size_t i = id[0];
    const float left = i > 0 ? in[i - 1] : in[i];
    const float right = i + 1 < n ? in[i + 1] : in[i];
    out[i] = 0.25f * left + 0.5f * in[i] + 0.25f * right;
  });
}

void clamp_values(sycl::queue &q, float *x, float lo, float hi, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = sycl::clamp(x[i], lo, hi); });
}

void transpose(sycl::queue &q, const float *in, float *out, size_t rows, size_t cols) {
  constexpr size_t tile = 16;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 2> block(sycl::range<2>(tile, tile + 1), h);
    h.parallel_for(sycl::nd_range<2>({rows, cols}, {tile, tile}), [=](sycl::nd_item<2> it) {
      const size_t r = it.get_global_id(0), c = it.get_global_id(1);
      const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
      block[lr][lc] = in[r * cols + c];
      sycl::group_barrier(it.get_group());
      const size_t tr = it.get_group(1) * tile + lr, tc = it.get_group(0) * tile + lc;
      out[tr * rows + tc] = block[lc][lr];
    });
  });
}
