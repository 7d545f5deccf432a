// Two translation units each define a kernel whose name is local to the unit
// (here, a kernel name type in an anonymous namespace). The names mangle the
// same in both, but the kernels differ: the device link must not merge them
// (the second unit's submissions would run the first unit's kernel). Until
// such names are made unique per translation unit, linking them for a GPU is
// an error that names the kernel and the fix.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -DVALUE=1 %s -o %t/first.o
// RUN: %usycl -c -DVALUE=2 %s -o %t/second.o
// RUN: not %usycl -shared -fPIC %t/first.o %t/second.o -o %t/a.so 2>&1 | FileCheck %s
// CHECK: error: cannot link the device code for nvidia_gpu_sm_90: '{{.*}}second.o' and an earlier input both define the kernel '(anonymous namespace)::kernel', whose name is local to its translation unit
// CHECK-SAME: parallel_for<class unique_name>

#include "Inputs/kernels.hpp"

namespace {
struct kernel {
  int *p;
  void operator()() const { p[0] = VALUE; }
};
} // namespace

#if VALUE == 1
void first(int *p) { test_kernel_entry<kernel>(kernel{p}); }
#else
void second(int *p) { test_kernel_entry<kernel>(kernel{p}); }
#endif
