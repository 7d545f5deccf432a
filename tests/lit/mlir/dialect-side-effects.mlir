// The ops have side effects on the handler: canonicalization keeps them.
// RUN: %sycl-mlir-opt %s -canonicalize -cse | FileCheck %s --check-prefix=DCE
// DCE-LABEL: llvm.func @alive
// DCE: sycl.host.handler.set_nd_range
// DCE: sycl.host.handler.set_kernel
// DCE: sycl.host.schedule_kernel
// DCE-NOT: sycl.host.get_kernel
module attributes {gpu.container_module} {
  gpu.module @kernels { gpu.func @k0() kernel { gpu.return } }
  llvm.func @alive(%h: !llvm.ptr, %r: !llvm.ptr) {
    %unused = sycl.host.get_kernel @kernels::@k0 : !llvm.ptr
    sycl.host.handler.set_nd_range %h -> range %r : !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_kernel %h -> @kernels::@k0 : !llvm.ptr
    sycl.host.schedule_kernel %h -> @kernels::@k0[range %r]() : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
}
