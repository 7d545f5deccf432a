// RUN: %sycl-mlir-opt %s | FileCheck %s
// RUN: %sycl-mlir-opt %s | %sycl-mlir-opt | FileCheck %s
// RUN: %sycl-mlir-opt %s --mlir-print-op-generic | %sycl-mlir-opt | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k0(%arg0: !llvm.ptr) kernel { gpu.return }
  }

  // CHECK-LABEL: func.func private @types
  // CHECK-SAME: !sycl.range<1>, !sycl.id<2>, !sycl.nd_range<3>, !sycl.buffer<[1, f32]>, !sycl.buffer<[2, !llvm.void, sub]>
  // CHECK-SAME: !sycl.accessor<[1, f32, rw, gb], (!llvm.void)>
  // CHECK-SAME: !sycl.accessor<[2, i32, r, cb], (!sycl.range<2>)>
  // CHECK-SAME: !sycl.accessor<[3, !llvm.void, dw, gb], (!sycl.range<3>, !sycl.id<3>)>
  // CHECK-SAME: !sycl.local_accessor<[1, f64], (!sycl.range<1>)>
  func.func private @types(!sycl.range<1>, !sycl.id<2>, !sycl.nd_range<3>, !sycl.buffer<[1, f32]>,
                           !sycl.buffer<[2, !llvm.void, sub]>,
                           !sycl.accessor<[1, f32, rw, gb], (!llvm.void)>,
                           !sycl.accessor<[2, i32, r, cb], (!sycl.range<2>)>,
                           !sycl.accessor<[3, !llvm.void, dw, gb], (!sycl.range<3>, !sycl.id<3>)>,
                           !sycl.local_accessor<[1, f64], (!sycl.range<1>)>)

  // CHECK-LABEL: llvm.func @cgf(
  // CHECK-SAME: %[[H:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: !llvm.ptr, %[[B:[^:]*]]: !llvm.ptr, %[[R:[^:]*]]: !llvm.ptr, %[[O:[^:]*]]: !llvm.ptr, %[[L:[^:]*]]: !llvm.ptr, %[[X:[^:]*]]: i32)
  llvm.func @cgf(%h: !llvm.ptr, %acc: !llvm.ptr, %buf: !llvm.ptr, %r: !llvm.ptr, %o: !llvm.ptr, %lambda: !llvm.ptr, %x: i32) {
    // CHECK: sycl.host.constructor(%[[A]], %[[B]], %[[H]]) {type = !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    sycl.host.constructor(%acc, %buf, %h) {type = !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    // CHECK: sycl.host.constructor(%[[R]]) {type = !sycl.range<1>} : (!llvm.ptr) -> ()
    sycl.host.constructor(%r) {type = !sycl.range<1>} : (!llvm.ptr) -> ()
    // CHECK: %{{.*}} = sycl.host.get_kernel @kernels::@k0 : !llvm.ptr
    %k = sycl.host.get_kernel @kernels::@k0 : !llvm.ptr
    // CHECK: sycl.host.handler.set_kernel %[[H]] -> @kernels::@k0 : !llvm.ptr
    sycl.host.handler.set_kernel %h -> @kernels::@k0 : !llvm.ptr
    // CHECK: sycl.host.handler.set_nd_range %[[H]] -> range %[[R]] : !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_nd_range %h -> range %r : !llvm.ptr, !llvm.ptr
    // CHECK: sycl.host.handler.set_nd_range %[[H]] -> range %[[R]], offset %[[O]] : !llvm.ptr, !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_nd_range %h -> range %r, offset %o : !llvm.ptr, !llvm.ptr, !llvm.ptr
    // CHECK: sycl.host.handler.set_nd_range %[[H]] -> nd_range %[[R]] : !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_nd_range %h -> nd_range %r : !llvm.ptr, !llvm.ptr
    // CHECK: sycl.host.set_captured %[[L]][0] = %[[A]] : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>)
    sycl.host.set_captured %lambda[0] = %acc : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>)
    // CHECK: sycl.host.set_captured %[[L]][1] = %[[X]] : !llvm.ptr, i32
    sycl.host.set_captured %lambda[1] = %x : !llvm.ptr, i32
    // CHECK: sycl.host.schedule_kernel %[[H]] -> @kernels::@k0[range %[[R]]](%[[A]]: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>, %[[X]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k0[range %r](%acc: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>, %x) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    // CHECK: sycl.host.schedule_kernel %[[H]] -> @kernels::@k0[range %[[R]], offset %[[O]]](%[[X]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k0[range %r, offset %o](%x) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    // CHECK: sycl.host.schedule_kernel %[[H]] -> @kernels::@k0[nd_range %[[R]]]() : (!llvm.ptr, !llvm.ptr) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k0[nd_range %r]() : (!llvm.ptr, !llvm.ptr) -> ()
    // CHECK: sycl.host.schedule_kernel %[[H]] -> @kernels::@k0(%[[X]]) : (!llvm.ptr, i32) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k0(%x) : (!llvm.ptr, i32) -> ()
    llvm.return
  }
}
