// SYCL 2020 §5.4: device code cannot throw or catch. The error points at the
// throw / try and a note shows the call chain from the kernel (or the
// SYCL_EXTERNAL function) with the position of each call.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
//
// The CPU's requirements-analysis pass (target x86_64: only when no GPU pass
// runs) reports the same errors: the rules of device code do not depend on
// the targets (a throwing kernel would stop part way on the CPU alone, and
// the program would not port).
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2> %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu --implicit-check-not=error: --implicit-check-not=warning:
//
// The host pass says nothing.
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

void thrower(int x) {
  if (x)
    throw x;
}
int catcher(int *p) {
  try {
    return p[0];
  } catch (...) {
    return 0;
  }
}
void middle(int *p) { thrower(catcher(p)); }

// A SYCL_EXTERNAL function is device code even when no kernel calls it.
SYCL_EXTERNAL void external(int x) { x > 1 ? throw 2.0 : thrower(x); }

struct Thrower {
  int *p;
  void operator()() const {
    if (!p)
      throw "null";
  }
};

// Host code may do all of this.
int host_only(int *p) {
  try {
    thrower(p[0]);
  } catch (int) {
    return 1;
  }
  return 0;
}

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Lambda>([=]() { middle(p); });
  q.single_task<class Functor>(Thrower{p});
  q.wait();
  return host_only(p);
}

// CHECK: restrictions-exceptions.cpp:27:5: error: SYCL kernel cannot use exceptions
// CHECK-NEXT:   27 |     throw x;
// CHECK-NEXT:      |     ^
// CHECK-NEXT: note: kernel 'Lambda' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Lambda'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-exceptions.cpp:62:31)::operator()()
// CHECK-NEXT:   middle() {{.*}}restrictions-exceptions.cpp:62:39
// CHECK-NEXT:   thrower() {{.*}}restrictions-exceptions.cpp:36:23
// CHECK: restrictions-exceptions.cpp:30:3: error: SYCL kernel cannot use exceptions
// CHECK-NEXT:   30 |   try {
// CHECK-NEXT:      |   ^
// CHECK-NEXT: note: kernel 'Lambda' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Lambda'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-exceptions.cpp:62:31)::operator()()
// CHECK-NEXT:   middle() {{.*}}restrictions-exceptions.cpp:62:39
// CHECK-NEXT:   catcher() {{.*}}restrictions-exceptions.cpp:36:31
// CHECK: restrictions-exceptions.cpp:45:7: error: SYCL kernel cannot use exceptions
// CHECK-NEXT:   45 |       throw "null";
// CHECK-NEXT:      |       ^
// CHECK-NEXT: note: kernel 'Functor' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Functor'
// CHECK-NEXT:   Thrower::operator()()
// CHECK: restrictions-exceptions.cpp:39:46: error: SYCL kernel cannot use exceptions
// CHECK-NEXT:   39 | SYCL_EXTERNAL void external(int x) { x > 1 ? throw 2.0 : thrower(x); }
// CHECK-NEXT:      |                                              ^
// CHECK-NEXT: note: SYCL_EXTERNAL function 'external' reaches it through this call chain:
// CHECK-NEXT:   external()
// CHECK: 4 errors generated.
