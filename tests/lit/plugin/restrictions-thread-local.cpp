// SYCL 2020 §5.4: device code has no thread-local storage. Uses of a
// thread_local variable, and one declared in device code, are errors.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

thread_local int per_thread = 1;
int read_it() { return per_thread; }
int local_one() {
  thread_local int calls = 0;
  return calls;
}
int host_only() { return ++per_thread; }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Tls>([=]() { p[0] = read_it() + local_one(); });
  q.wait();
  return host_only() + sizeof(per_thread);
}

// CHECK: restrictions-thread-local.cpp:14:24: error: SYCL kernel cannot use a thread_local variable
// CHECK-NEXT:   14 | int read_it() { return per_thread; }
// CHECK-NEXT:      |                        ^
// CHECK-NEXT: note: kernel 'Tls' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Tls'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-thread-local.cpp:24:28)::operator()()
// CHECK-NEXT:   read_it() {{.*}}restrictions-thread-local.cpp:24:43
// CHECK: restrictions-thread-local.cpp:16:20: error: SYCL kernel cannot use a thread_local variable
// CHECK-NEXT:   16 |   thread_local int calls = 0;
// CHECK-NEXT:      |                    ^
// CHECK-NEXT: note: kernel 'Tls' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Tls'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-thread-local.cpp:24:28)::operator()()
// CHECK-NEXT:   local_one() {{.*}}restrictions-thread-local.cpp:24:55
// CHECK: 2 errors generated.
