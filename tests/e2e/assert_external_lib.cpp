// The SYCL_EXTERNAL half of assert_external (compiled on its own).
#include <sycl/sycl.hpp>

#include <cassert>

SYCL_EXTERNAL int ext_checked_square(int x) {
  assert(x != 5 && "five is not allowed");
  return x * x;
}
