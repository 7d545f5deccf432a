// A small program for the USYCL_TRACE and kernel-cache tests: a named
// kernel, a USM copy and a buffer, checked against the host.
#include <sycl/sycl.hpp>

#include <cstdio>

class TraceProbeKernel;

int main() {
  constexpr size_t n = 64;
  sycl::queue q;
  int host[n];
  for (size_t i = 0; i < n; ++i) host[i] = int(i);
  int *dev = sycl::malloc_device<int>(n, q);
  q.memcpy(dev, host, sizeof host).wait();
  q.parallel_for<TraceProbeKernel>(sycl::range<1>(n), [=](sycl::id<1> i) { dev[i] *= 2; }).wait();
  q.memcpy(host, dev, sizeof host).wait();
  sycl::free(dev, q);
  for (size_t i = 0; i < n; ++i)
    if (host[i] != 2 * int(i)) {
      std::printf("FAIL: host[%zu] = %d, expected %d\n", i, host[i], 2 * int(i));
      return 1;
    }
  std::printf("trace_probe: PASSED on %s\n",
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
