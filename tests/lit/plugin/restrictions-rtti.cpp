// SYCL 2020 §5.4: no run-time type information in device code: typeid and
// dynamic_cast that needs a run-time check. Unevaluated uses (sizeof,
// decltype, noexcept) and up-casts are fine.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <typeinfo>

struct Base {
  virtual ~Base() = default;
  int v = 0;
};
struct Derived : Base {};

int type_of(const Base &b) { return typeid(b) == typeid(Derived); }
const Derived *down(const Base *b) { return dynamic_cast<const Derived *>(b); }

int unevaluated(const Derived &d) {
  const Base *up = dynamic_cast<const Base *>(&d); // an up-cast: static
  using T = decltype(typeid(d));
  return sizeof(typeid(d)) + noexcept(typeid(d)) + up->v + sizeof(T);
}

int host_only(const Base &b) { return typeid(b).name()[0]; }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class UsesRtti>([=]() {
    Derived d;
    p[0] = type_of(d) + (down(&d) != nullptr);
  });
  q.single_task<class Clean>([=]() {
    Derived d;
    p[1] = unevaluated(d);
  });
  q.wait();
  Derived d;
  return host_only(d);
}

// CHECK: restrictions-rtti.cpp:21:37: error: SYCL kernel cannot use rtti
// CHECK-NEXT:   21 | int type_of(const Base &b) { return typeid(b) == typeid(Derived); }
// CHECK-NEXT:      |                                     ^
// CHECK-NEXT: note: kernel 'UsesRtti' reaches it through this call chain:
// CHECK-NEXT:   kernel 'UsesRtti'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-rtti.cpp:35:33)::operator()()
// CHECK-NEXT:   type_of() {{.*}}restrictions-rtti.cpp:37:12
// CHECK: restrictions-rtti.cpp:21:50: error: SYCL kernel cannot use rtti
// CHECK: restrictions-rtti.cpp:22:45: error: SYCL kernel cannot use rtti
// CHECK-NEXT:   22 | const Derived *down(const Base *b) { return dynamic_cast<const Derived *>(b); }
// CHECK-NEXT:      |                                             ^
// CHECK-NEXT: note: kernel 'UsesRtti' reaches it through this call chain:
// CHECK-NEXT:   kernel 'UsesRtti'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-rtti.cpp:35:33)::operator()()
// CHECK-NEXT:   down() {{.*}}restrictions-rtti.cpp:37:26
// CHECK: 3 errors generated.
