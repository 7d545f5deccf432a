// A kernel whose name and function object come from a header is compiled in
// every translation unit that submits it (SYCL-CTS's kernel_bundle tests
// share `kernels::kernel` this way). By the ODR those definitions are one
// kernel: the device link keeps one instead of failing with "symbol
// multiply defined", and the images list the kernel once.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -DFIRST %s -o %t/first.o
// RUN: %usycl -c -DSECOND %s -o %t/second.o
// RUN: %usycl -v -shared -fPIC %t/first.o %t/second.o -o %t/a.so 2>&1 | FileCheck %s
// CHECK-NOT: multiply defined
// CHECK-NOT: could not be collected
// CHECK: generate image wrapper
// RUN: %usycl -v -shared -fPIC -fsycl-targets=x86_64 %t/first.o %t/second.o -o %t/b.so 2>&1 | FileCheck %s

#include "Inputs/kernels.hpp"

namespace shared {
struct kernel {
  int *p;
  void operator()() const { p[0] = 1; }
};
} // namespace shared

#ifdef FIRST
void first(int *p) { test_kernel_entry<shared::kernel>(shared::kernel{p}); }
#else
void second(int *p) { test_kernel_entry<shared::kernel>(shared::kernel{p}); }
#endif
