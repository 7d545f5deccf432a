// The second unit of device_global_main.cpp.
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

extern syclex::device_global<int> counter;
static syclex::device_global<int> unit_local{7};

void other_unit_bump_counter(sycl::queue &q) {
  q.single_task([=] { counter = counter + 1; }).wait();
}

int other_unit_local(sycl::queue &q) {
  int *v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = unit_local; }).wait();
  int result = *v;
  sycl::free(v, q);
  return result;
}
