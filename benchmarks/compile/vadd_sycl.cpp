// Compile-time benchmark (benchmarks/run.sh): one kernel, the usual headers.
#include <sycl/sycl.hpp>

void vadd(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
}
