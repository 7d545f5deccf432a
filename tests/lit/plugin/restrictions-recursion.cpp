// SYCL 2020 §5.4: no recursion in device code, direct or through a cycle.
// The error is at the call that closes the cycle; the chain runs from the
// kernel through the cycle. Recursion the compiler evaluates (constexpr
// variables, template arguments, static_assert, consteval) is not device
// code and is accepted, and so is recursion only host code reaches.
//
// RUN: not %clang -std=c++20 -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -std=c++20 -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int is_even(int n);
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }

constexpr int cfact(int n) { return n <= 1 ? 1 : n * cfact(n - 1); }
consteval int ifact(int n) { return n <= 1 ? 1 : n * ifact(n - 1); }
template <int N> struct Fixed { static constexpr int value = N; };

int host_recursion(int n) { return n ? host_recursion(n - 1) : 0; }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Recursive>([=]() {
    p[0] = fact(p[1]);
    p[2] = is_odd(p[3]);
  });
  q.single_task<class CompileTime>([=]() {
    constexpr int a = cfact(5);
    const int b = cfact(4);
    static_assert(cfact(3) == 6);
    p[0] = a + b + ifact(3) + Fixed<cfact(2)>::value + sizeof(char[cfact(3)]);
    if constexpr (cfact(2) == 3)
      p[1] = fact(3); // discarded
  });
  q.wait();
  return host_recursion(p[0]);
}

// CHECK: restrictions-recursion.cpp:16:43: error: SYCL kernel cannot call a recursive function
// CHECK-NEXT:   16 | int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
// CHECK-NEXT:      |                                           ^
// CHECK-NEXT: note: kernel 'Recursive' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Recursive'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-recursion.cpp:31:34)::operator()()
// CHECK-NEXT:   fact() {{.*}}restrictions-recursion.cpp:32:12
// CHECK: restrictions-recursion.cpp:20:42: error: SYCL kernel cannot call a recursive function
// CHECK-NEXT:   20 | int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
// CHECK-NEXT:      |                                          ^
// CHECK-NEXT: note: kernel 'Recursive' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Recursive'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-recursion.cpp:31:34)::operator()()
// CHECK-NEXT:   is_odd() {{.*}}restrictions-recursion.cpp:33:12
// CHECK-NEXT:   is_even() {{.*}}restrictions-recursion.cpp:19:41
// CHECK: 2 errors generated.
