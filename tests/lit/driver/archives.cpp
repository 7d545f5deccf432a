// Device code is found in static archives (named or through -L/-l) and in
// objects combined by `ld -r`.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -DFIRST %s -o %t/first.o
// RUN: %usycl -c -DSECOND %s -o %t/second.o
// RUN: llvm-ar rcs %t/libkernels.a %t/first.o %t/second.o
//
// RUN: %usycl -v -shared -fPIC %t/libkernels.a -o %t/a.so 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: link device code for nvidia_gpu_sm_90: {{.*}}libkernels.a(first.o) {{.*}}libkernels.a(second.o) ->
//
// RUN: %usycl -v -shared -fPIC -L%t -lkernels -o %t/b.so 2>&1 | FileCheck %s --check-prefix=SEARCHED
// SEARCHED: link device code for nvidia_gpu_sm_90: {{.*}}libkernels.a(first.o) {{.*}}libkernels.a(second.o) ->
//
// RUN: ld -r %t/first.o %t/second.o -o %t/combined.o
// RUN: %usycl -v -shared -fPIC -fsycl-device-code-split=per_source %t/combined.o -o %t/c.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMBINED
// COMBINED: link device code for nvidia_gpu_sm_90: {{.*}}combined.o ->
// COMBINED: generate image wrapper {{.*}} ({{6|4}} images)

#include "Inputs/kernels.hpp"

#ifdef FIRST
void first(int *p) { test_kernel_entry<class A>([=]() { p[0] = 1; }); }
#endif
#ifdef SECOND
void second(int *p) { test_kernel_entry<class B>([=]() { p[1] = 2; }); }
#endif
