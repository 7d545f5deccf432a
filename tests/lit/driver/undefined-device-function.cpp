// A kernel calling a SYCL_EXTERNAL function that no linked translation unit
// defines is reported by name, with the kernel that needs it.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c %s -o %t/a.o
// RUN: not %usycl -shared -fPIC %t/a.o -o %t/a.so 2>&1 | FileCheck %s
// CHECK: sycl-post-link: error: undefined device function 'helper(int)' is called by kernel 'UsesHelper'
// CHECK: usycl++: error: sycl-post-link for nvidia_gpu_sm_90 failed with exit status 1

#include "Inputs/kernels.hpp"

int helper(int); // defined nowhere
struct UsesHelper;
void go(int *p) {
  test_kernel_entry<UsesHelper>([=]() { p[0] = helper(p[1]); });
}
