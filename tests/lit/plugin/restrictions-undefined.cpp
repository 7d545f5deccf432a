// A kernel calling a function that has no definition in the translation
// unit and is not SYCL_EXTERNAL: no device code will ever define it (only
// SYCL_EXTERNAL functions of other translation units are device code). A
// SYCL_EXTERNAL declaration is fine here (usycl++ checks at link time that
// some translation unit defines it: tests/lit/driver/undefined-sycl-external.cpp),
// and so are library functions the device provides (math builtins, printf).
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <cmath>

int host_helper(int);               // defined in a host-only translation unit
SYCL_EXTERNAL int device_helper(int); // defined in another device TU
struct Widget {
  Widget();                         // defined elsewhere, not device code
  int v = 0;
};

int wrapper(int x) { return host_helper(x) + device_helper(x); }

int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4, q);
  q.single_task<class Undefined>([=]() {
    Widget w;
    p[0] = wrapper(int(p[1])) + w.v + sqrtf(p[2]) + std::exp(p[3]);
  });
  q.wait();
  return host_helper(1);
}

// CHECK: restrictions-undefined.cpp:31:12: error: SYCL kernel cannot call an undefined function without SYCL_EXTERNAL attribute
// CHECK-NEXT:   31 |     Widget w;
// CHECK-NEXT:      |            ^
// CHECK-NEXT: note: kernel 'Undefined' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Undefined'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-undefined.cpp:30:34)::operator()()
// CHECK-NEXT: restrictions-undefined.cpp:21:3: note: 'Widget::Widget' is declared here; define it in this translation unit or declare it SYCL_EXTERNAL
// CHECK: restrictions-undefined.cpp:25:29: error: SYCL kernel cannot call an undefined function without SYCL_EXTERNAL attribute
// CHECK-NEXT:   25 | int wrapper(int x) { return host_helper(x) + device_helper(x); }
// CHECK-NEXT:      |                             ^
// CHECK-NEXT: note: kernel 'Undefined' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Undefined'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-undefined.cpp:30:34)::operator()()
// CHECK-NEXT:   wrapper() {{.*}}restrictions-undefined.cpp:32:12
// CHECK-NEXT: restrictions-undefined.cpp:18:5: note: 'host_helper' is declared here; define it in this translation unit or declare it SYCL_EXTERNAL
// CHECK: 2 errors generated.
