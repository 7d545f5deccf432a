// Adds two vectors on the default device (a GPU when present, else the CPU),
// once with buffers and accessors and once with USM, and checks the result.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  constexpr size_t n = 1 << 20;
  std::vector<float> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
  }

  sycl::queue q;
  std::printf("Running on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  {
    sycl::buffer<float> A(a.data(), sycl::range<1>(n)), B(b.data(), sycl::range<1>(n));
    sycl::buffer<float> C(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(A, h, sycl::read_only);
      sycl::accessor y(B, h, sycl::read_only);
      sycl::accessor z(C, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { z[i] = x[i] + y[i]; });
    });
  } // buffers write back to c here

  float *da = sycl::malloc_device<float>(n, q);
  float *db = sycl::malloc_device<float>(n, q);
  float *dc = sycl::malloc_shared<float>(n, q);
  q.memcpy(da, a.data(), n * sizeof(float));
  q.memcpy(db, b.data(), n * sizeof(float));
  q.wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { dc[i] = da[i] + db[i]; }).wait();

  size_t errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (c[i] != 3.0f * float(i) || dc[i] != 3.0f * float(i)) ++errors;
  sycl::free(da, q);
  sycl::free(db, q);
  sycl::free(dc, q);
  if (errors) {
    std::printf("vector_add: %zu wrong results\n", errors);
    return 1;
  }
  std::printf("vector_add: PASSED (%zu elements, buffers and USM)\n", n);
  return 0;
}
