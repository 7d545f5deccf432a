// [[sycl::device_has]] on a kernel or device function is a promise that it
// uses no other optional feature; the aspect-propagation pass warns about
// every aspect used in the function's static call graph that the attribute
// does not list, with the call chain and source locations (no -g needed).
//
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O2 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   %s -o %t.ll 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
//
// -Werror makes them errors.
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -Werror %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: function 'foo' uses aspect 'fp64' not listed in 'sycl::device_has'
//
// The host pass says nothing.
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
using namespace sycl;

void boo(float *f) {
  double x = f[0]; // BOO: the use of double
  f[0] = float(x / 3);
}
void bar(float *f) {
  boo(f); // BAR: calls boo
}
[[sycl::device_has(aspect::fp16)]] void foo(float *f) {
  bar(f); // FOO: calls bar
}

// A declaration that [[__sycl_detail__::__uses_aspects__]] marks as an
// optional feature (the way the SYCL headers mark their APIs).
[[__sycl_detail__::__uses_aspects__(aspect::ext_oneapi_bfloat16_math_functions)]] SYCL_EXTERNAL float
special_math(float);

// A SYCL_EXTERNAL function: half needs fp16; the call of special_math its
// aspect.
SYCL_EXTERNAL [[sycl::device_has()]] void ext(half *h, float *f) {
  h[0] = h[1];               // EXT: half
  f[0] = special_math(f[1]); // EXT+1: bfloat16 math
}

// A kernel functor.
struct Functor {
  half *h;
  [[sycl::device_has(aspect::fp64)]] void operator()() const { h[0] = h[1] * h[0]; } // FUNCTOR
};

// Satisfied promises: no warning.
struct Honest {
  double *d;
  [[sycl::device_has(aspect::fp64)]] void operator()() const { d[0] = d[1] * 3.0; }
};

// Code that makes no promise is never diagnosed, and neither is host code.
void no_promise(float *f) { boo(f); }
double host_only(double x) { return x / 3; }

int main() {
  queue q;
  float *f = malloc_shared<float>(4, q);
  double *d = malloc_shared<double>(4, q);
  half *h = malloc_shared<half>(4, q);
  unsigned long long *counter = malloc_shared<unsigned long long>(1, q);

  // A kernel lambda with device_has in its declarator: the fp64 use is three
  // calls away; the 8-byte atomic_ref needs atomic64.
  q.single_task<class Lambda>([=]() [[sycl::device_has(aspect::fp16)]] { // LAMBDA
    foo(f);
    atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device> a(*counter);
    a.fetch_add(1);
  });
  q.single_task<class UsesFunctor>(Functor{h});
  q.single_task<class UsesHonest>(Honest{d});
  q.single_task<class NoPromise>([=] { no_promise(f); });
  q.wait();
  d[0] = host_only(d[0]);
  free(f, q);
  free(d, q);
  free(h, q);
  free(counter, q);
}

// The warnings, in the order of the functions in the module. Line numbers:
// BOO 26, BAR 30, FOO 33, EXT 44, FUNCTOR 51, LAMBDA 73.
//
// CHECK: device-has-warnings.cpp:44:8: warning: function 'ext' uses aspect 'fp16' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   ext()
// CHECK-NEXT:    44 |   h[0] = h[1];
// CHECK: device-has-warnings.cpp:45:10: warning: function 'ext' uses aspect 'ext_oneapi_bfloat16_math_functions' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   ext()
// CHECK-NEXT:   special_math() {{.*}}device-has-warnings.cpp:45:10
// CHECK: device-has-warnings.cpp:26:10: warning: function '(lambda at {{.*}}device-has-warnings.cpp:73:31)::operator()' uses aspect 'fp64' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   (lambda at {{.*}}device-has-warnings.cpp:73:31)::operator()()
// CHECK-NEXT:   foo() {{.*}}device-has-warnings.cpp:74:5
// CHECK-NEXT:   bar() {{.*}}device-has-warnings.cpp:33:3
// CHECK-NEXT:   boo() {{.*}}device-has-warnings.cpp:30:3
// CHECK-NEXT:    26 |   double x = f[0]; // BOO: the use of double
// CHECK: device-has-warnings.cpp:75:81: warning: function '(lambda at {{.*}}device-has-warnings.cpp:73:31)::operator()' uses aspect 'atomic64' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   (lambda at {{.*}}device-has-warnings.cpp:73:31)::operator()()
// CHECK-NEXT:    75 |     atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device> a(*counter);
// CHECK: device-has-warnings.cpp:26:10: warning: function 'foo' uses aspect 'fp64' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   foo()
// CHECK-NEXT:   bar() {{.*}}device-has-warnings.cpp:33:3
// CHECK-NEXT:   boo() {{.*}}device-has-warnings.cpp:30:3
// CHECK: device-has-warnings.cpp:51:64: warning: function 'Functor::operator()' uses aspect 'fp16' not listed in 'sycl::device_has'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   Functor::operator()()
// CHECK: 6 warnings generated.

// The metadata the pass leaves: what each function declares and uses.
// IR-DAG: define {{.*}} @_Z3extPN4sycl3_V16detail9half_impl4halfEPf({{.*}} !sycl_declared_aspects ![[NONE:[0-9]+]] !sycl_used_aspects ![[FP16_BF16:[0-9]+]] !sycl_fixed_targets ![[NONE]]
// IR-DAG: define {{.*}} @_ZTSZ4mainE6Lambda({{.*}} !sycl_declared_aspects ![[FP16:[0-9]+]] !sycl_used_aspects ![[FP64_A64:[0-9]+]] !sycl_fixed_targets ![[NONE]]
// IR-DAG: define {{.*}} @_ZTSZ4mainE11UsesFunctor({{.*}} !sycl_declared_aspects ![[FP64:[0-9]+]] !sycl_used_aspects ![[FP16]] !sycl_fixed_targets ![[NONE]]
// IR-DAG: define {{.*}} @_ZTSZ4mainE10UsesHonest({{.*}} !sycl_declared_aspects ![[FP64]] !sycl_used_aspects ![[FP64]] !sycl_fixed_targets ![[NONE]]
// IR-DAG: define {{.*}} @_ZTSZ4mainE9NoPromise({{.*}} !sycl_used_aspects ![[FP64]] !sycl_fixed_targets ![[NONE]]
// IR-DAG: declare !sycl_used_aspects ![[BF16:[0-9]+]] {{.*}} @_Z12special_mathf(
// IR-DAG: ![[NONE]] = !{}
// IR-DAG: ![[FP16]] = !{i32 5}
// IR-DAG: ![[FP64]] = !{i32 6}
// IR-DAG: ![[BF16]] = !{i32 35}
// IR-DAG: ![[FP16_BF16]] = !{i32 5, i32 35}
// IR-DAG: ![[FP64_A64]] = !{i32 6, i32 28}
// IR-NOT: usycl.device_has
