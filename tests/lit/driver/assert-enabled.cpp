// Seed 000's table: isAssertEnabled is in a device image iff at least one
// translation unit contributing device code to it was compiled without
// NDEBUG (and has an assert there). Two TUs (this file as impl.cpp with
// -DIMPL, as main.cpp with -DMAIN), four rows of NDEBUG, one image for the
// whole program (-fsycl-device-code-split=off): the .prop usycl++ embeds.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/t1 %t/t2 %t/t3 %t/t4
//
// Row 1: both with NDEBUG -> no set, and no trace of the assert machinery
// in the device code.
// RUN: %usycl -c -fPIC -DIMPL -DNDEBUG %s -o %t/impl1.o
// RUN: %usycl -c -fPIC -DMAIN -DNDEBUG %s -o %t/main1.o
// RUN: env TMPDIR=%t/t1 USYCL_PTXAS= %usycl -save-temps -fsycl-device-code-split=off -shared -fPIC %t/impl1.o %t/main1.o -o %t/1.so
// RUN: cat %t/t1/usycl-*/nvidia_gpu_sm_90/device_0.prop | FileCheck %s --check-prefix=NO --match-full-lines
// RUN: not grep -q __usycl_assert_buffer %t/t1/usycl-*/nvidia_gpu_sm_90/module_0.ptx
//
// Row 2: impl.cpp with NDEBUG, main.cpp without.
// RUN: %usycl -c -fPIC -DIMPL -DNDEBUG %s -o %t/impl2.o
// RUN: %usycl -c -fPIC -DMAIN %s -o %t/main2.o
// RUN: env TMPDIR=%t/t2 USYCL_PTXAS= %usycl -save-temps -fsycl-device-code-split=off -shared -fPIC %t/impl2.o %t/main2.o -o %t/2.so
// RUN: cat %t/t2/usycl-*/nvidia_gpu_sm_90/device_0.prop | FileCheck %s --check-prefix=YES --match-full-lines
//
// Row 3: impl.cpp without NDEBUG, main.cpp with.
// RUN: %usycl -c -fPIC -DIMPL %s -o %t/impl3.o
// RUN: %usycl -c -fPIC -DMAIN -DNDEBUG %s -o %t/main3.o
// RUN: env TMPDIR=%t/t3 USYCL_PTXAS= %usycl -save-temps -fsycl-device-code-split=off -shared -fPIC %t/impl3.o %t/main3.o -o %t/3.so
// RUN: cat %t/t3/usycl-*/nvidia_gpu_sm_90/device_0.prop | FileCheck %s --check-prefix=YES --match-full-lines
//
// Row 4: both without NDEBUG. The PTX holds the fallback: the variable the
// runtime sets, the CAS on the grid id, `exit` (no trap, no __assertfail).
// RUN: %usycl -c -fPIC -DIMPL %s -o %t/impl4.o
// RUN: %usycl -c -fPIC -DMAIN %s -o %t/main4.o
// RUN: env TMPDIR=%t/t4 USYCL_PTXAS= %usycl -save-temps -fsycl-device-code-split=off -shared -fPIC %t/impl4.o %t/main4.o -o %t/4.so
// RUN: cat %t/t4/usycl-*/nvidia_gpu_sm_90/device_0.prop | FileCheck %s --check-prefix=YES --match-full-lines
// RUN: FileCheck %s --check-prefix=PTX < %t/t4/usycl-*/nvidia_gpu_sm_90/module_0.ptx
//
// The embedded copy: the wrapper source names the set for every image.
// RUN: grep -c '"isAssertEnabled"' %t/t4/usycl-*/wrapper.cpp | FileCheck %s --check-prefix=WRAP
// RUN: not grep -q isAssertEnabled %t/t1/usycl-*/wrapper.cpp
//
// NO:      [SYCL/device requirements]
// NO-NOT:  isAssertEnabled
// YES:     [SYCL/device requirements]
// YES:     [isAssertEnabled]
// (-shared: the library's SYCL_EXTERNAL calculus() is exported, docs/device-linking.md)
// YES-NEXT: [SYCL/exported symbols]
// PTX:     .global .align 8 .u64 __usycl_assert_buffer;
// PTX:     ld.shared.b64 {{.*}}[__usycl_assert_launch_token_$_slot]
// PTX:     atom.sys.cas.b64
// PTX:     exit;
// PTX-NOT: __assertfail
// WRAP:    {{[1-9]}}

#include <sycl/sycl.hpp>

#include <cassert>

#ifdef IMPL
SYCL_EXTERNAL int calculus(int X) {
  assert(X && "Invalid value");
  return X * 2;
}
#endif

#ifdef MAIN
SYCL_EXTERNAL int calculus(int X);
void workload(sycl::queue &Q, int *out) {
  Q.parallel_for<class MainKernel>(sycl::range<1>{4}, [=](sycl::id<1> i) {
    int X = calculus(int(i[0]));
    assert(X && "Nil in result");
    out[i] = X;
  });
}
#endif
