#include "saxpy.hpp"

class SaxpyKernel; // the kernel's name (sycl-ls / USYCL_TRACE show it)

void saxpy(sycl::queue &q, float a, const std::vector<float> &x, std::vector<float> &y) {
  sycl::buffer<float> X(x.data(), sycl::range<1>(x.size()));
  sycl::buffer<float> Y(y.data(), sycl::range<1>(y.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor xs(X, h, sycl::read_only);
    sycl::accessor ys(Y, h, sycl::read_write);
    h.parallel_for<SaxpyKernel>(sycl::range<1>(x.size()),
                                [=](sycl::id<1> i) { ys[i] = a * xs[i] + ys[i]; });
  });
} // Y writes back to y here
