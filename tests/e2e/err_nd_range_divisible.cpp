// Error case: an nd_range whose global range is not a multiple of the local
// range is rejected at submission with errc::nd_range, the message names the
// ranges, and the kernel never runs.
#include "e2e_common.hpp"

int main() {
  sycl::queue q;
  e2e::print_device(q, "err_nd_range_divisible");
  int *ran = sycl::malloc_shared<int>(1, q);
  *ran = 0;

  e2e::expect_exception("1-D global 100 / local 8", sycl::errc::nd_range, {"100", "8", "divisible"}, [&] {
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::nd_range<1>(sycl::range<1>(100), sycl::range<1>(8)),
                     [=](sycl::nd_item<1>) { *ran = 1; });
    });
    q.wait();
  });
  e2e::expect_exception("2-D global {16,30} / local {4,4}", sycl::errc::nd_range, {"30", "divisible"}, [&] {
    q.parallel_for(sycl::nd_range<2>({16, 30}, {4, 4}), [=](sycl::nd_item<2>) { *ran = 2; });
    q.wait();
  });
  e2e::expect_exception("3-D global {2,2,9} / local {1,1,2}", sycl::errc::nd_range, {"9", "divisible"}, [&] {
    q.parallel_for(sycl::nd_range<3>({2, 2, 9}, {1, 1, 2}), [=](sycl::nd_item<3>) { *ran = 3; });
    q.wait();
  });
  e2e::expect_exception("local size 0", sycl::errc::nd_range, {}, [&] {
    q.parallel_for(sycl::nd_range<1>(sycl::range<1>(16), sycl::range<1>(0)), [=](sycl::nd_item<1>) { *ran = 4; });
    q.wait();
  });
  q.wait();
  e2e::check_eq("no rejected kernel ran (flag)", *ran, 0);

  // The queue still works afterwards.
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(8)), [=](sycl::nd_item<1> it) {
     if (it.get_global_id(0) == 63) *ran = 42;
   }).wait();
  e2e::check_eq("valid nd_range after the errors", *ran, 42);
  sycl::free(ran, q);
  return e2e::finish("err_nd_range_divisible");
}
