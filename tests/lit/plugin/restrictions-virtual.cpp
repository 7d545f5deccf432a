// SYCL 2020 §5.4: no virtual function calls in device code. Calls the
// compiler makes directly are fine: qualified calls (Base::f()), final
// functions or classes, and calls on a complete object whose dynamic type is
// known (a variable of class type, a temporary).
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

struct Shape {
  virtual int area() const { return 0; }
  virtual int operator()(int x) const { return x; }
};
struct Square : Shape {
  int side = 2;
  int area() const override { return side * side; }
};
struct Final final : Shape {
  int area() const override { return 1; }
};

int by_reference(const Shape &s) { return s.area(); }
int by_pointer(const Shape *s) { return s->area() + (*s)(1); }
int direct(const Square &s, const Final &f) {
  Square local;
  return s.Shape::area() + f.area() + local.area() + Square().area();
}

int host_only(const Shape &s) { return s.area(); }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Virtual>([=]() {
    Square s;
    p[0] = by_reference(s) + by_pointer(&s);
  });
  q.single_task<class Direct>([=]() {
    Square s;
    Final f;
    p[1] = direct(s, f);
  });
  q.wait();
  return host_only(Square());
}

// CHECK: restrictions-virtual.cpp:27:45: error: SYCL kernel cannot call a virtual function
// CHECK-NEXT:   27 | int by_reference(const Shape &s) { return s.area(); }
// CHECK-NEXT:      |                                             ^
// CHECK-NEXT: note: kernel 'Virtual' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Virtual'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-virtual.cpp:39:32)::operator()()
// CHECK-NEXT:   by_reference() {{.*}}restrictions-virtual.cpp:41:12
// CHECK: restrictions-virtual.cpp:28:44: error: SYCL kernel cannot call a virtual function
// CHECK-NEXT:   28 | int by_pointer(const Shape *s) { return s->area() + (*s)(1); }
// CHECK-NEXT:      |                                            ^
// CHECK: restrictions-virtual.cpp:28:57: error: SYCL kernel cannot call a virtual function
// CHECK-NEXT:   28 | int by_pointer(const Shape *s) { return s->area() + (*s)(1); }
// CHECK-NEXT:      |                                                         ^
// CHECK-NEXT: note: kernel 'Virtual' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Virtual'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-virtual.cpp:39:32)::operator()()
// CHECK-NEXT:   by_pointer() {{.*}}restrictions-virtual.cpp:41:30
// CHECK: 3 errors generated.
