// Functor kernels (classes with operator()) built outside the command-group
// function: in main and submitted in a command group (captured by
// reference), as temporaries through the queue::parallel_for and
// single_task shortcuts (template instantiations with linkonce_odr linkage
// for a functor type with external linkage), aggregate-initialised or by a
// constructor that stores its by-value parameters. The raising finds the
// object (its type gives object-size); a field is folded where it is
// written once (initialisation or constructor) and the object is otherwise
// only read. A field assigned again, an object passed to an opaque function
// or to a non-const member function, a value from argc and a constructor
// taking a reference are not folded, and the remark says why (their
// constant ranges still are).
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

#include <sycl/sycl.hpp>

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS6InMain clone _ZTS6InMain$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 0 4 00000040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS4Temp clone _ZTS4Temp$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 0 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8WithCtor clone _ZTS8WithCtor$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 0 4 00008040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8WithCtor clone _ZTS8WithCtor$hdo1 object-size 16
// PLAN-NEXT:range 1 global 32 offset 0
// PLAN-NEXT:fold 0 4 0000a040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8Modified clone _ZTS8Modified$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8Modified clone _ZTS8Modified$hdo1 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7Escapes clone _ZTS7Escapes$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8FromArgc clone _ZTS8FromArgc$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7RefCtor clone _ZTS7RefCtor$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS3One clone _ZTS3One$hdo0 object-size 16
// PLAN-NEXT:fold 0 4 09000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS3One clone _ZTS3One$hdo1 object-size 16
// PLAN-NEXT:fold 0 4 0b000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6InMain': folded arg 0 (offset 0, 4 bytes) = 2.000000e+00, range {64} ; not folded: arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS4Temp': folded arg 0 (offset 0, 4 bytes) = 3, range {64} ; not folded: arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8WithCtor': folded arg 0 (offset 0, 4 bytes) = 4.000000e+00, range {64} ; not folded: arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8WithCtor': folded arg 0 (offset 0, 4 bytes) = 5.000000e+00, range {32} ; not folded: arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8Modified': folded range {64} ; not folded: arg 0: not a compile-time constant (a field of the functor 'Modified' of 'main': it is assigned more than once), arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8Modified': folded range {16} ; not folded: arg 0: not a compile-time constant (a field of the functor 'Modified' of 'main': the object may be written after its initialisation (a call that may write it, a non-const member function, an assignment of the whole object)), arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7Escapes': folded range {64} ; not folded: arg 0: not a compile-time constant (a field of the functor 'Escapes' of 'main': the object may be written after its initialisation (a call that may write it, a non-const member function, an assignment of the whole object)), arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8FromArgc': folded range {64} ; not folded: arg 0: not a compile-time constant (a field of the functor 'FromArgc' of 'main': it is assigned a value that is not a compile-time constant), arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7RefCtor': folded range {64} ; not folded: arg 0: not a compile-time constant (a field of the functor 'RefCtor' of 'main': its constructor does more than store its by-value parameters or constants), arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS3One': folded arg 0 (offset 0, 4 bytes) = 9 ; not folded: arg 1: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS3One': folded arg 0 (offset 0, 4 bytes) = 11 ; not folded: arg 1: pointer

// Aggregate-initialised in main, submitted in a command group.
struct InMain {
  float a;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] *= a; }
};
// A temporary through the queue::parallel_for shortcut.
struct Temp {
  int k;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] += float(k); }
};
// A constructor storing its by-value parameters.
struct WithCtor {
  WithCtor(float a, float *p) : a(a), p(p) {}
  void operator()(sycl::id<1> i) const { p[i] = p[i] * a + 1.0f; }
  float a;
  float *p;
};
// Assigned again after its construction, or passed to an opaque function.
struct Modified {
  float a;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] -= a; }
};
// A non-const member function called on it.
struct Escapes {
  float a;
  float *p;
  void set(float x) { a = x; }
  void operator()(sycl::id<1> i) const { p[i] -= a; }
};
// A field from argc.
struct FromArgc {
  int n;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] += float(n); }
};
// A constructor taking a reference: not understood.
struct RefCtor {
  RefCtor(const float &x, float *q) : a(x), p(q) {}
  void operator()(sycl::id<1> i) const { p[i] *= a; }
  float a;
  float *p;
};
// single_task: a temporary through the shortcut and a local in a command group.
struct One {
  int v;
  int *out;
  void operator()() const { *out = v; }
};

void touch(Modified &);

int main(int argc, char **) {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(64, q);
  int *o = sycl::malloc_shared<int>(2, q);
  InMain s{2.0f, p};
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(64), s); });
  q.parallel_for(sycl::range<1>(64), Temp{3, p});
  WithCtor c(4.0f, p);
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(64), c); });
  q.parallel_for(sycl::range<1>(32), WithCtor(5.0f, p));
  Modified m{1.0f, p};
  m.a = 6.0f;
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(64), m); });
  Modified e{1.0f, p};
  touch(e);
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(16), e); });
  Escapes x{1.0f, p};
  x.set(7.0f);
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(64), x); });
  FromArgc f{argc, p};
  q.parallel_for(sycl::range<1>(64), f);
  float k = 4.0f;
  RefCtor r(k, p);
  q.parallel_for(sycl::range<1>(64), r);
  q.single_task(One{9, o});
  One t{11, o + 1};
  q.submit([&](sycl::handler &h) { h.single_task(t); });
  q.wait();
}
