// The link-time check of SYCL_EXTERNAL functions (seed 002, "Error checking
// for SYCL_EXTERNAL functions") warns only about real SYCL_EXTERNAL functions
// defined in another translation unit whose aspects the calling unit did not
// declare, and names the calling kernel (issue 19.19). An ordinary function
// of the kernel's own unit never gets "Missing [[sycl::device_has()]] on
// SYCL_EXTERNAL function?": here promise() carries [[sycl::device_has(fp16)]]
// without using fp16, and only()'s SYCL_EXTERNAL definition sits in the same
// unit as its caller.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %usycl -fsycl-targets=x86_64 -fPIC -c -DFIRST %s -o %t/first.o
// RUN: %usycl -fsycl-targets=x86_64 -fPIC -c -DSECOND %s -o %t/second.o
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=x86_64 -save-temps -shared -fPIC \
// RUN:   %t/first.o %t/second.o -o %t/a.so 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK:      warning: function 'elsewhere' uses aspect 'fp64' not expected by its calling kernel 'Calls'.
// CHECK-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
//
// Only Calls (with elsewhere) requires fp64; Promise (with only) requires
// nothing.
// RUN: cat %t/tmp/usycl-*/x86_64/device_0.sym %t/tmp/usycl-*/x86_64/device_0.prop \
// RUN:   | FileCheck %s --check-prefix=PROMISE
// PROMISE:     _ZTS7Promise
// PROMISE:     [SYCL/device requirements]
// PROMISE-NOT: aspect=
// RUN: cat %t/tmp/usycl-*/x86_64/device_1.sym %t/tmp/usycl-*/x86_64/device_1.prop \
// RUN:   | FileCheck %s --check-prefix=CALLS
// CALLS:      _ZTS5Calls
// CALLS:      [SYCL/device requirements]
// CALLS-NEXT: aspect=2|06000000

#include <sycl/sycl.hpp>
using namespace sycl;

#ifdef FIRST
SYCL_EXTERNAL void elsewhere(double *d); // no [[sycl::device_has(aspect::fp64)]]
[[sycl::device_has(aspect::fp16)]] void promise(int *p) { p[0] = 1; }
SYCL_EXTERNAL void only(int *p) { p[1] = 2; }

class Promise;
class Calls;
void run(queue &q, int *p, double *d) {
  q.single_task<Promise>([=] { promise(p); only(p); });
  q.single_task<Calls>([=] { elsewhere(d); });
}
#endif

#ifdef SECOND
SYCL_EXTERNAL void elsewhere(double *d) { d[0] = d[1] * 1.5; }
#endif
