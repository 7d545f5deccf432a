// SYCL 2020 §5.4: no calls through function pointers in device code (usycl
// supports no extension that allows them). Taking a function's address is
// not a call; calls of lambdas and function objects are direct.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

int twice(int x) { return 2 * x; }
int apply(int (*f)(int), int x) { return f(x); }
struct S {
  int m(int x) const { return x; }
};
int member(const S &s, int (S::*pm)(int) const) { return (s.*pm)(1); }

template <typename F> int apply_fn(F f, int x) { return f(x); }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Pointer>([=]() {
    p[0] = apply(twice, p[1]) + member(S{}, &S::m);
  });
  q.single_task<class Direct>([=]() {
    auto triple = [](int x) { return 3 * x; };
    p[1] = apply_fn(triple, p[2]) + triple(1) + (&twice == nullptr);
  });
  q.wait();
  return apply(twice, 1);
}

// CHECK: restrictions-function-pointer.cpp:15:42: error: SYCL kernel cannot call through a function pointer
// CHECK-NEXT:   15 | int apply(int (*f)(int), int x) { return f(x); }
// CHECK-NEXT:      |                                          ^
// CHECK-NEXT: note: kernel 'Pointer' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Pointer'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-function-pointer.cpp:26:32)::operator()()
// CHECK-NEXT:   apply() {{.*}}restrictions-function-pointer.cpp:27:12
// CHECK: restrictions-function-pointer.cpp:19:58: error: SYCL kernel cannot call through a function pointer
// CHECK-NEXT:   19 | int member(const S &s, int (S::*pm)(int) const) { return (s.*pm)(1); }
// CHECK-NEXT:      |                                                          ^
// CHECK-NEXT: note: kernel 'Pointer' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Pointer'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-function-pointer.cpp:26:32)::operator()()
// CHECK-NEXT:   member() {{.*}}restrictions-function-pointer.cpp:27:33
// CHECK: 2 errors generated.
