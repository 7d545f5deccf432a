// Seed 000's two-TU example, "impl.cpp" half: calculus() (a SYCL_EXTERNAL
// function with an assert) and a kernel of its own. ROW_IMPL_NDEBUG compiles
// this TU with NDEBUG.
#ifdef ROW_IMPL_NDEBUG
#define NDEBUG
#endif
#include <sycl/sycl.hpp>

#include <cassert>

class ImplKernel;

SYCL_EXTERNAL int calculus(int X) {
  assert(X && "Invalid value");
  return X * 2;
}

void enqueueKernel(sycl::queue &Q, sycl::buffer<int, 1> &B) {
  Q.submit([&](sycl::handler &H) {
    auto Acc = B.get_access<sycl::access_mode::read_write>(H);
    H.parallel_for<ImplKernel>(B.get_range(), [=](sycl::item<1> It) {
      assert(Acc[It] && "impl kernel");
      Acc[It] += 1;
    });
  });
}

const char *impl_kernel_symbol() { return USYCL_KERNEL_SYMBOL(ImplKernel); }
