// A kernel calling a SYCL_EXTERNAL function that no linked translation unit
// defines is reported by name, with the kernel that needs it, at link time.
// Without SYCL_EXTERNAL the same call is a compile-time error (the function
// cannot be device code in any translation unit).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c %s -o %t/a.o
// RUN: not %usycl -shared -fPIC %t/a.o -o %t/a.so 2>&1 | FileCheck %s
// CHECK: sycl-post-link: error: undefined device function 'helper(int)' is called by kernel 'UsesHelper'
// CHECK: usycl++: error: sycl-post-link for nvidia_gpu_sm_90 failed with exit status 1
//
// RUN: not %usycl -DNOT_EXTERNAL -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: undefined-device-function.cpp:[[#@LINE+12]]:48: error: SYCL kernel cannot call an undefined function without SYCL_EXTERNAL attribute
// COMPILE: note: kernel 'UsesHelper' reaches it through this call chain:
// COMPILE: undefined-device-function.cpp:[[#@LINE+7]]:5: note: 'helper' is declared here

#include "Inputs/kernels.hpp"

#if defined(__SYCL_DEVICE_ONLY__) && !defined(NOT_EXTERNAL)
[[clang::sycl_external]]
#endif
int helper(int); // defined nowhere
struct UsesHelper;
void go(int *p) {
  test_kernel_entry<UsesHelper>([=]() { p[0] = helper(p[1]); });
}
