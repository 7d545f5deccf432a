// -fsycl-device-code-split reaches sycl-post-link; per_source groups the
// kernels by the translation unit they came from.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -DFIRST %s -o %t/first.o
// RUN: %usycl -c -DSECOND %s -o %t/second.o
//
// RUN: %usycl -v -shared -fPIC -fsycl-device-code-split=per_kernel %t/first.o %t/second.o -o %t/a.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PER-KERNEL
// PER-KERNEL: sycl-post-link -split=per_kernel
// PER-KERNEL: generate image wrapper {{.*}} ({{9|6}} images)
//
// RUN: %usycl -v -shared -fPIC -fsycl-device-code-split=per_source %t/first.o %t/second.o -o %t/b.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PER-SOURCE
// PER-SOURCE: sycl-post-link -split=per_source
// PER-SOURCE: generate image wrapper {{.*}} ({{6|4}} images)
//
// RUN: %usycl -v -shared -fPIC -fsycl-device-code-split=off %t/first.o %t/second.o -o %t/c.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF: sycl-post-link -split=off
// OFF: generate image wrapper {{.*}} ({{3|2}} images)
//
// The bare flag means auto.
// RUN: %usycl -v -shared -fPIC -fsycl-device-code-split %t/first.o -o %t/d.so 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: sycl-post-link -split=auto

#include "Inputs/kernels.hpp"

#ifdef FIRST
void first(int *p) {
  test_kernel_entry<class A>([=]() { p[0] = 1; });
  test_kernel_entry<class B>([=]() { p[1] = 2; });
}
#endif
#ifdef SECOND
void second(int *p) {
  test_kernel_entry<class C>([=]() { p[2] = 3; });
}
#endif
