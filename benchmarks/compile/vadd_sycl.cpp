// Compile-time benchmark (benchmarks/run.sh, compile_time): a one-kernel
// program, main included, as a SYCL programmer writes it; vadd_cuda.cu is
// its CUDA twin.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue q;
  const size_t n = 1 << 20;
  float *a = sycl::malloc_shared<float>(n, q), *b = sycl::malloc_shared<float>(n, q);
  float *c = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
  }
  q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
  std::printf("c[10] = %g\n", c[10]);
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
}
