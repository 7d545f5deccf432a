// clang's diagnostics come through unchanged, device passes first. When a
// device pass fails, only its output is shown and usycl++ exits non-zero.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %usycl -c -Wall -DDEVICE_ERROR %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: device-diagnostics.cpp:{{[0-9]+}}:2: error: "only the device pass sees this"
// DEVICE-NOT: host pass warning
// RUN: not test -e %t/a.o
//
// A host-only error: the device pass succeeds, the host output follows.
// RUN: not %usycl -c -DHOST_ERROR %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: device-diagnostics.cpp:{{[0-9]+}}:2: error: "only the host pass sees this"
//
// A warning both passes see is printed once.
// RUN: %usycl -c -Wall %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=ONCE
// ONCE-COUNT-1: warning: unused variable 'unused'
// ONCE-NOT: warning: unused variable 'unused'

#ifdef __SYCL_DEVICE_ONLY__
#ifdef DEVICE_ERROR
#error "only the device pass sees this"
#endif
#else
#ifdef HOST_ERROR
#error "only the host pass sees this"
#endif
#ifdef DEVICE_ERROR
#warning "host pass warning"
#endif
#endif

int f() {
  int unused;
  return 0;
}
