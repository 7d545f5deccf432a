// USYCL_ASSERT_ABORT=1 (DPC++'s behaviour): the failure is printed, then the
// program aborts. Run by assert_expect_signal.sh, which wants SIGABRT and the
// message on stderr; without the variable the program would go on.
#include <sycl/sycl.hpp>

#include <cassert>
#include <cstdio>

int main() {
  sycl::queue q([](sycl::exception_list) {});
  q.parallel_for<class AbortKernel>(sycl::range<2>{4, 4}, [=](sycl::item<2> it) {
    assert((it[0] % 2) && "Nil");
  });
  q.wait_and_throw();
  std::printf("One shouldn't see this message.\n");
  return 0;
}
