// After all device code is linked, every function a kernel calls must have a
// device definition. usycl++ names each one that does not, the kernels that
// call it and the call chain from the first of them, instead of failing in
// ptxas or at module load: a SYCL_EXTERNAL function declared but defined in
// no translation unit (here called through a SYCL_EXTERNAL function of a
// second translation unit), and a C library function the device lacks.
// SYCL_EXTERNAL functions that are defined somewhere link fine.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c %s -o %t/main.o
// RUN: %usycl -DSECOND -c %s -o %t/second.o
// RUN: not %usycl -shared -fPIC %t/main.o %t/second.o -o %t/lib.so 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// CHECK: sycl-post-link: error: undefined device function 'erff' is called by kernel 'Second'; {{.*}} (functions of the host's C library have no device definition; use the SYCL built-in functions)
// CHECK-NEXT: call chain:
// CHECK-NEXT:   kernel 'Second'
// CHECK-NEXT:   erff
// CHECK-NEXT: sycl-post-link: error: undefined device function 'missing(int)' is called by kernel 'First', 'Second'; define it (SYCL_EXTERNAL) in a translation unit compiled with usycl++ and link that translation unit in, or link the shared library (built with usycl++ -shared) that defines it{{$}}
// CHECK-NEXT: call chain:
// CHECK-NEXT:   kernel 'First'
// CHECK-NEXT:   middle(int)
// CHECK-NEXT:   missing(int)
// CHECK: usycl++: error: sycl-post-link for nvidia_gpu_sm_90 failed with exit status 1
//
// With a definition of missing() and without erff it links.
// RUN: %usycl -DDEFINE_MISSING -c %s -o %t/third.o
// RUN: %usycl -DNO_ERFF -c %s -o %t/main2.o
// RUN: %usycl -shared -fPIC %t/main2.o %t/second.o %t/third.o -o %t/lib.so

#include "Inputs/kernels.hpp"

#ifdef __SYCL_DEVICE_ONLY__
#define EXTERNAL [[clang::sycl_external]]
#else
#define EXTERNAL
#endif

extern "C" float erff(float);

#if defined(SECOND)
EXTERNAL int missing(int);
EXTERNAL int middle(int x) { return missing(x) + 1; }
#elif defined(DEFINE_MISSING)
EXTERNAL int missing(int x) { return 2 * x; }
#else
EXTERNAL int middle(int);
struct First;
struct Second;
void go(int *p) {
  test_kernel_entry<First>([=]() { p[0] = middle(p[1]); });
#ifndef NO_ERFF
  test_kernel_entry<Second>([=]() { p[2] = middle(p[3]) + int(erff(float(p[4]))); });
#else
  test_kernel_entry<Second>([=]() { p[2] = middle(p[3]); });
#endif
}
#endif
