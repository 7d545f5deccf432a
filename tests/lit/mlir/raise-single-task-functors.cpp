// single_task and functor kernels (named classes with operator() const) are
// raised like lambdas passed to parallel_for: a single_task is scheduled over
// a range<1>(1) the raising builds, a functor's fields are its captures (also
// where its own constructor assigns them from its parameters). The
// specialisation plan folds their constant captures.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// A constructor taking its value by reference: not followed, with the reason.
// REMARK: remark: sycl-raise-host: set_captured: field 0 of the kernel object (offset 0, 8 bytes): no assignment to it found
// REMARK: remark: sycl-raise-host: set_captured: field 1 of the kernel object (offset 8, 4 bytes): no assignment to it found
// REMARK: remark: sycl-raise-host: schedule_kernel: the kernel has 2 parameters but 0 set_captured ops were raised
// REMARK-NOT: remark

#include <sycl/sycl.hpp>

class SingleLambda;
class SingleFunctor;
class FunctorRange;
class FunctorNd;
class CtorSingle;
class CtorNd;
class ByRefCtor;

struct Store {
  int *p;
  int k;
  void operator()() const { p[0] = k; }
};
struct Scale {
  float *p;
  float k;
  void operator()(sycl::id<1> i) const { p[i] *= k; }
};
// Functors whose constructors assign the fields.
class Counter {
public:
  Counter(int *p, int k) : p_(p), k_(k) {}
  void operator()() const { p_[1] = k_; }

private:
  int *p_;
  int k_;
};
class Saxpy {
public:
  Saxpy(float *p, float a) : p_(p), a_(a), n_(8) {}
  void operator()(sycl::nd_item<1> it) const { p_[it.get_global_id(0) % n_] *= a_; }

private:
  float *p_;
  float a_;
  int n_;
};
class ByRef {
public:
  ByRef(int *p, const int &k) : p_(p), k_(k) {}
  void operator()() const { p_[2] = k_; }

private:
  int *p_;
  int k_;
};
struct NdAdd {
  int *p;
  int k;
  void operator()(sycl::nd_item<1> it) const { p[it.get_global_id(0)] += k; }
};

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS12SingleLambda clone _ZTS12SingleLambda$hdo0 object-size 16
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS13SingleFunctor clone _ZTS13SingleFunctor$hdo0 object-size 16
// PLAN-NEXT:fold 8 4 04000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS12FunctorRange clone _ZTS12FunctorRange$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 8 4 00000040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS9FunctorNd clone _ZTS9FunctorNd$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 local 16 offset 0
// PLAN-NEXT:fold 8 4 05000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS10CtorSingle clone _ZTS10CtorSingle$hdo0 object-size 16
// PLAN-NEXT:fold 8 4 06000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS6CtorNd clone _ZTS6CtorNd$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 local 16 offset 0
// PLAN-NEXT:fold 8 4 0000c03f
// PLAN-NEXT:fold 12 4 08000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

int main() {
  sycl::queue q;
  int *iusm = sycl::malloc_shared<int>(64, q);
  float *fusm = sycl::malloc_shared<float>(64, q);

  // A single_task lambda: range<1>(1), its captures as for parallel_for.
  // CHECK: sycl.host.set_captured %[[L1:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: sycl.host.set_captured %[[L1]][1] = %{{.*}} : !llvm.ptr, i32
  // CHECK: sycl.host.constructor(%[[R1:.*]], %{{.*}}) {type = !sycl.range<1>} : (!llvm.ptr, i64) -> ()
  // CHECK-NEXT: sycl.host.handler.set_nd_range %[[H1:.*]] -> range %[[R1]] : !llvm.ptr, !llvm.ptr
  // CHECK: sycl.host.handler.set_kernel %[[H1]] -> @device_functions::@_ZTS12SingleLambda : !llvm.ptr
  // CHECK-NEXT: sycl.host.schedule_kernel %[[H1]] -> @device_functions::@_ZTS12SingleLambda[range %[[R1]]](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
  // REPORT: submission @device_functions::@_ZTS12SingleLambda
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(1)
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: i32 = 3
  q.submit([&](sycl::handler &cgh) {
    int k = 3;
    cgh.single_task<SingleLambda>([=] { iusm[0] = k; });
  });

  // A single_task functor: its fields are the captures.
  // CHECK: sycl.host.set_captured %[[L2:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: sycl.host.set_captured %[[L2]][1] = %{{.*}} : !llvm.ptr, i32
  // CHECK: sycl.host.constructor(%[[R2:.*]], %{{.*}}) {type = !sycl.range<1>} : (!llvm.ptr, i64) -> ()
  // CHECK-NEXT: sycl.host.handler.set_nd_range %[[H2:.*]] -> range %[[R2]] : !llvm.ptr, !llvm.ptr
  // CHECK: sycl.host.schedule_kernel %[[H2]] -> @device_functions::@_ZTS13SingleFunctor[range %[[R2]]](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
  // REPORT: submission @device_functions::@_ZTS13SingleFunctor
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(1)
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: i32 = 4
  q.submit([&](sycl::handler &cgh) { cgh.single_task<SingleFunctor>(Store{iusm, 4}); });

  // A functor over a range, built as a temporary in the command group.
  // CHECK: sycl.host.handler.set_nd_range %[[H3:.*]] -> range %[[R3:[0-9]+]] :
  // CHECK: sycl.host.set_captured %[[L3:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: sycl.host.set_captured %[[L3]][1] = %{{.*}} : !llvm.ptr, f32
  // CHECK: sycl.host.schedule_kernel %[[H3]] -> @device_functions::@_ZTS12FunctorRange[range %[[R3]]](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32) -> ()
  // REPORT: submission @device_functions::@_ZTS12FunctorRange
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(64)
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: f32 = 2.000000e+00
  q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for<FunctorRange>(sycl::range<1>{64}, Scale{fusm, 2.0f});
  });

  // A functor over an nd_range, a named local of the command group.
  // CHECK: sycl.host.handler.set_nd_range %[[H4:.*]] -> nd_range %[[R4:[0-9]+]] :
  // CHECK: sycl.host.set_captured %[[L4:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: sycl.host.set_captured %[[L4]][1] = %{{.*}} : !llvm.ptr, i32
  // CHECK: sycl.host.schedule_kernel %[[H4]] -> @device_functions::@_ZTS9FunctorNd[nd_range %[[R4]]](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
  // REPORT: submission @device_functions::@_ZTS9FunctorNd
  // REPORT-NEXT: range kind: nd_range
  // REPORT-NEXT: nd_range: !sycl.nd_range<1>(!sycl.range<1>(64), !sycl.range<1>(16), !sycl.id<1>())
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: i32 = 5
  q.submit([&](sycl::handler &cgh) {
    NdAdd f{iusm, 5};
    cgh.parallel_for<FunctorNd>(sycl::nd_range<1>{{64}, {16}}, f);
  });

  // Functors built by their own constructors: a single_task, and an
  // nd_range whose constructor also stores a constant of its own.
  // CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS10CtorSingle[range %{{.*}}](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
  // CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS6CtorNd[nd_range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 12>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32, i32) -> ()
  // REPORT: submission @device_functions::@_ZTS10CtorSingle
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(1)
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: i32 = 6
  // REPORT: submission @device_functions::@_ZTS6CtorNd
  // REPORT-NEXT: range kind: nd_range
  // REPORT-NEXT: nd_range: !sycl.nd_range<1>(!sycl.range<1>(64), !sycl.range<1>(16), !sycl.id<1>())
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: f32 = 1.500000e+00
  // REPORT-NEXT: arg 2: i32 = 8
  // REPORT: 6 submission(s)
  q.submit([&](sycl::handler &cgh) { cgh.single_task<CtorSingle>(Counter(iusm, 6)); });
  q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for<CtorNd>(sycl::nd_range<1>{{64}, {16}}, Saxpy(fusm, 1.5f));
  });
  // CHECK-NOT: @_ZTS9ByRefCtor[
  q.submit([&](sycl::handler &cgh) {
    int k = 7;
    cgh.single_task<ByRefCtor>(ByRef(iusm, k));
  });
  q.wait();
  sycl::free(iusm, q);
  sycl::free(fusm, q);
}
