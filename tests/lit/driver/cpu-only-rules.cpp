// A CPU-only build (-fsycl-targets=x86_64) keeps the device-code rules: they
// are errors there as in a GPU build (the CPU's analysis pass checks them),
// and the build fails. A source that does not compile shows the compiler's
// errors alone, without a warning about the analysis pass.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %usycl -fsycl-targets=x86_64 -c -DTHROW %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=THROW --implicit-check-not=warning:
// THROW: cpu-only-rules.cpp:{{[0-9]+}}:{{[0-9]+}}: error: SYCL kernel cannot use exceptions
// THROW: note: kernel 'Throws' reaches it through this call chain:
// RUN: not test -e %t/a.o
//
// RUN: not %usycl -fsycl-targets=x86_64 -c -DBYREF %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BYREF --implicit-check-not=warning:
// BYREF: cpu-only-rules.cpp:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'ByRef' captures 'n' by reference (implicitly, through [&])
//
// RUN: not %usycl -fsycl-targets=x86_64 -c -DBROKEN %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=BROKEN --implicit-check-not=warning:
// BROKEN: cpu-only-rules.cpp:{{[0-9]+}}:{{[0-9]+}}: error: use of undeclared identifier 'undeclared'
//
// The same source without the mistakes builds and runs.
// RUN: %usycl -fsycl-targets=x86_64 %s -o %t/ok && env ONEAPI_DEVICE_SELECTOR='native_cpu:*' %t/ok | FileCheck %s --check-prefix=OK
// OK: sum 10

#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1, q);
  int n = 10;
#if defined(THROW)
  q.single_task<class Throws>([=] { if (*p < 0) throw 1; *p = n; }).wait();
#elif defined(BYREF)
  q.single_task<class ByRef>([&] { *p = n; }).wait();
#elif defined(BROKEN)
  q.single_task<class Broken>([=] { *p = undeclared; }).wait();
#else
  q.single_task<class Fine>([=] { *p = n; }).wait();
#endif
  std::printf("sum %d\n", *p);
  sycl::free(p, q);
}
