// Second translation unit of the separate-compilation test: SYCL_EXTERNAL
// device functions defined here, called from kernels in sep_compile_main.cpp.
#include <sycl/sycl.hpp>

SYCL_EXTERNAL int sep_transform(int x) { return x * 3 + 1; }

SYCL_EXTERNAL float sep_blend(float a, float b, float t) { return a + (b - a) * t; }

// The spellings DPC++ code uses besides the leading one: before a linkage
// specification, and after `extern`.
SYCL_EXTERNAL extern "C" double sep_c_twice(double x) { return 2 * x; }
extern SYCL_EXTERNAL int sep_negate(int x);
int sep_negate(int x) { return -x; }

// A kernel in this TU too, so both TUs contribute device code and kernels.
void sep_fill(sycl::queue &q, int *out, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = sep_transform(int(i)); }).wait();
}
