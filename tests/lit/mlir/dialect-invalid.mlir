// RUN: %sycl-mlir-opt %s -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels { gpu.func @k0() kernel { gpu.return } }
  llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr, %o: !llvm.ptr) {
    // expected-error @+1 {{an nd_range carries its own offset; 'offset' is not allowed with 'nd_range'}}
    "sycl.host.schedule_kernel"(%h, %r, %o) {kernel_name = @kernels::@k0, nd_range, sycl_types = [], operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
}

// -----

llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr, %o: !llvm.ptr) {
  // expected-error @+1 {{an nd_range carries its own offset; 'offset' is not allowed with 'nd_range'}}
  "sycl.host.handler.set_nd_range"(%h, %r, %o) {nd_range} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr, %o: !llvm.ptr) {
  // expected-error @+1 {{expected 'range' or 'nd_range'}}
  sycl.host.handler.set_nd_range %h -> offset %o : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

module attributes {gpu.container_module} {
  llvm.func @f(%h: !llvm.ptr) {
    // expected-error @+1 {{'@kernels::@nope' does not reference a valid kernel}}
    sycl.host.handler.set_kernel %h -> @kernels::@nope : !llvm.ptr
    llvm.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels { gpu.func @helper() { gpu.return } }
  llvm.func @f(%h: !llvm.ptr) {
    // expected-error @+1 {{does not reference a kernel (a gpu.func with the 'kernel' attribute)}}
    %k = sycl.host.get_kernel @kernels::@helper : !llvm.ptr
    llvm.return
  }
}

// -----

module {
  llvm.func @notakernel()
  llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr) {
    // expected-error @+1 {{does not reference a kernel}}
    sycl.host.schedule_kernel %h -> @notakernel[range %r]() : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
}

// -----

llvm.func @f(%l: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{only pointer values can carry a SYCL type, got 'i32'}}
  sycl.host.set_captured %l[0] = %x : !llvm.ptr, i32 (!sycl.range<1>)
  llvm.return
}

// -----

llvm.func @f(%l: !llvm.ptr, %p: !llvm.ptr) {
  // expected-error @+1 {{'sycl_type' must be a SYCL type, got 'i32'}}
  sycl.host.set_captured %l[0] = %p : !llvm.ptr, !llvm.ptr (i32)
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{'type' must be a SYCL type, got 'f32'}}
  sycl.host.constructor(%p) {type = f32} : (!llvm.ptr) -> ()
  llvm.return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels { gpu.func @k0() kernel { gpu.return } }
  llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr, %x: i32) {
    // expected-error @+1 {{argument 0 of type 'i32' carries a SYCL type; only pointers can}}
    sycl.host.schedule_kernel %h -> @kernels::@k0[range %r](%x: !sycl.range<1>) : (!llvm.ptr, !llvm.ptr, i32) -> ()
    llvm.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels { gpu.func @k0() kernel { gpu.return } }
  llvm.func @f(%h: !llvm.ptr, %r: !llvm.ptr, %p: !llvm.ptr) {
    // expected-error @+1 {{argument 0 is annotated with 'i64', which is not a SYCL type}}
    sycl.host.schedule_kernel %h -> @kernels::@k0[range %r](%p: i64) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
}

// -----

// expected-error @+1 {{SYCL dimension must be 1, 2 or 3, got 4}}
func.func private @t(!sycl.range<4>)

// -----

// expected-error @+1 {{accessor body must be (!llvm.void), (!sycl.range<1>) or (!sycl.range<1>, !sycl.id<1>)}}
func.func private @t(!sycl.accessor<[1, f32, r, gb], (!sycl.id<1>)>)

// -----

// expected-error @+1 {{unknown access mode 'rx' (expected r, w, rw, dw, drw or ato)}}
func.func private @t(!sycl.accessor<[1, f32, rx, gb], (!llvm.void)>)

// -----

// expected-error @+1 {{unknown access target 'zz' (expected gb, cb, l, hb or ht)}}
func.func private @t(!sycl.accessor<[1, f32, r, zz], (!llvm.void)>)

