// Kernel objects built outside the command-group function (the
// queue::parallel_for shortcut) are captured field by field from where the
// parameter descriptors place them, typed and sized from the user's lambda
// where the raising finds it; named lambdas are raised as usual.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(16, q);
  int add = 5;
  // CHECK: sycl.host.set_captured %[[K:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr
  // CHECK: sycl.host.set_captured %[[K]][1] = %{{.*}} : !llvm.ptr, i32
  // CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSZ4mainEUlN4sycl3_V12idILi1EEEE_[range %{{.*}}](%{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = int(i) + add; }).wait();

  // CHECK: sycl.host.schedule_kernel %{{.*}}[range %{{.*}}](%{{.*}}: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = {{[0-9]+}} : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  // REPORT: 2 submission(s)
  sycl::buffer<int> b(sycl::range<1>(16));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::write_only);
    auto lam = [=](sycl::id<1> i) { a[i] = 1; };
    h.parallel_for(sycl::range<1>(16), lam);
  });
  sycl::free(p, q);
}
