// The specialisation plan on hand-written raised IR: the byte images of the
// constant kinds, folds sorted by offset, one record per distinct plan of a
// kernel (clones numbered per kernel), the submissions that are skipped, and
// the launch ranges built from constants (`range` lines, format version 2).
// RUN: %sycl-mlir-opt %s --sycl-specialization-plan="output=- remarks=true" -verify-diagnostics -o /dev/null | FileCheck %s --match-full-lines --strict-whitespace

module attributes {gpu.container_module} {
  gpu.module @device_functions {
    gpu.func @_ZTS2K1(%arg0: !llvm.ptr) kernel { gpu.return }
    gpu.func @_ZTSZ4mainE1K$tu9f3c(%arg0: !llvm.ptr) kernel { gpu.return }
  }

  // CHECK:usycl-specialization-plan 2
  // Sorted by offset, whatever the order of the arguments: i1 as one byte,
  // f16, a zero struct, an array rebuilt from constants, an i64 extended
  // from an i32, a spilled i32.
  // CHECK-NEXT:kernel _ZTS2K1 clone _ZTS2K1$hdo0 object-size 64
  // CHECK-NEXT:fold 0 1 01
  // CHECK-NEXT:fold 2 2 003c
  // CHECK-NEXT:fold 4 4 07000000
  // CHECK-NEXT:fold 8 8 feffffffffffffff
  // CHECK-NEXT:fold 16 8 0000000000000000
  // CHECK-NEXT:fold 24 4 0100ffff
  // CHECK-NEXT:end
  llvm.func @kinds(%h: !llvm.ptr, %r: !llvm.ptr, %p: !llvm.ptr, %acc: !llvm.ptr, %x: bf16) {
    %t = llvm.mlir.constant(true) : i1
    %half = llvm.mlir.constant(1.0 : f16) : f16
    %zero = llvm.mlir.zero : !llvm.struct<(i32, f32)>
    %u = llvm.mlir.undef : !llvm.array<2 x i16>
    %e0 = llvm.mlir.constant(1 : i16) : i16
    %e1 = llvm.mlir.constant(-1 : i16) : i16
    %a0 = llvm.insertvalue %e0, %u[0] : !llvm.array<2 x i16>
    %a1 = llvm.insertvalue %e1, %a0[1] : !llvm.array<2 x i16>
    %m2 = llvm.mlir.constant(-2 : i32) : i32
    %wide = llvm.sext %m2 : i32 to i64
    %one = llvm.mlir.constant(1 : i32) : i32
    %slot = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
    %seven = llvm.mlir.constant(7 : i32) : i32
    llvm.store %seven, %slot : i32, !llvm.ptr
    %spilled = llvm.load %slot : !llvm.ptr -> i32
    %bf = llvm.mlir.constant(1.0 : bf16) : bf16
    // expected-remark @below {{usycl-host-device-opt: kernel '_ZTS2K1': folded arg 2 (offset 24, 4 bytes) = [1, -1], arg 3 (offset 8, 8 bytes) = -2, arg 4 (offset 16, 8 bytes) = null, arg 5 (offset 2, 2 bytes) = 1.000000e+00, arg 6 (offset 0, 1 bytes) = true, arg 7 (offset 4, 4 bytes) = 7 ; not folded: arg 0: accessor (not a local of the command group), arg 1: pointer, arg 8: not a compile-time constant, arg 9: constant of unsupported type}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%acc: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>, %p, %a1, %wide, %zero, %half, %t, %spilled, %x, %bf) {usycl.arg_offsets = array<i64: 32, 56, 24, 8, 16, 2, 0, 4, 28, 30>, usycl.object_size = 64 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.array<2 x i16>, i64, !llvm.struct<(i32, f32)>, f16, i1, i32, bf16, bf16) -> ()
    llvm.return
  }

  // The same folds again (no new record), then other values (a second
  // clone), and the first kernel with the first folds (still $hdo0).
  // CHECK-NEXT:kernel _ZTSZ4mainE1K$tu9f3c clone _ZTSZ4mainE1K$tu9f3c$hdo0 object-size 16
  // CHECK-NEXT:fold 8 4 0000c03f
  // CHECK-NEXT:end
  // CHECK-NEXT:kernel _ZTSZ4mainE1K$tu9f3c clone _ZTSZ4mainE1K$tu9f3c$hdo1 object-size 16
  // CHECK-NEXT:fold 8 4 00000040
  // CHECK-NEXT:end
  llvm.func @clones(%h: !llvm.ptr, %r: !llvm.ptr, %p: !llvm.ptr) {
    %f = llvm.mlir.constant(1.5 : f32) : f32
    %g = llvm.mlir.constant(2.0 : f32) : f32
    %i = llvm.mlir.constant(1 : i8) : i8
    // expected-remark @below {{kernel '_ZTSZ4mainE1K$tu9f3c': folded arg 1 (offset 8, 4 bytes) = 1.500000e+00 ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTSZ4mainE1K$tu9f3c[range %r](%p, %f) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32) -> ()
    // expected-remark @below {{kernel '_ZTSZ4mainE1K$tu9f3c': folded arg 1 (offset 8, 4 bytes) = 1.500000e+00 ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTSZ4mainE1K$tu9f3c[range %r](%p, %f) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32) -> ()
    // expected-remark @below {{kernel '_ZTSZ4mainE1K$tu9f3c': folded arg 1 (offset 8, 4 bytes) = 2.000000e+00 ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTSZ4mainE1K$tu9f3c[range %r](%p, %g) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32) -> ()

    // Skipped: where the bytes go is unknown, or does not fit.
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (the size of the kernel object is unknown: it is not built in the command-group function)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%i) {usycl.arg_offsets = array<i64: 0>} : (!llvm.ptr, !llvm.ptr, i8) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (the offsets of the arguments in the kernel object are unknown: no valid 'usycl.arg_offsets' (run --sycl-raise-host))}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%i) {usycl.object_size = 1 : i64} : (!llvm.ptr, !llvm.ptr, i8) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (the argument at offset 8 (4 bytes) does not fit the kernel object (10 bytes) beside the others)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%f) {usycl.arg_offsets = array<i64: 8>, usycl.object_size = 10 : i64} : (!llvm.ptr, !llvm.ptr, f32) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (the argument at offset 2 (4 bytes) does not fit the kernel object (16 bytes) beside the others)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%f, %g) {usycl.arg_offsets = array<i64: 0, 2>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, f32, f32) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (range: the range is not built by a constructor in the command group)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r]() {usycl.arg_offsets = array<i64>, usycl.object_size = 1 : i64} : (!llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }

  // The launch range, where its constructor had constants: a record of its
  // own also without folds (the range line first), `local` for an nd_range,
  // the offset of range+offset (zero where there is none), a range with
  // folds (one record, the kernel's next clone). A range of one work-item
  // (single_task) is left out without a reason; a range from a run-time
  // value is not folded.
  // CHECK-NEXT:kernel _ZTS2K1 clone _ZTS2K1$hdo1 object-size 8
  // CHECK-NEXT:range 1 global 64 offset 0
  // CHECK-NEXT:end
  // CHECK-NEXT:kernel _ZTS2K1 clone _ZTS2K1$hdo2 object-size 8
  // CHECK-NEXT:range 1 global 64 local 16 offset 2
  // CHECK-NEXT:end
  // CHECK-NEXT:kernel _ZTS2K1 clone _ZTS2K1$hdo3 object-size 8
  // CHECK-NEXT:range 2 global 8 16 offset 1 2
  // CHECK-NEXT:end
  // CHECK-NEXT:kernel _ZTSZ4mainE1K$tu9f3c clone _ZTSZ4mainE1K$tu9f3c$hdo2 object-size 16
  // CHECK-NEXT:range 1 global 64 offset 0
  // CHECK-NEXT:fold 8 4 0000c03f
  // CHECK-NEXT:end
  // CHECK-NOT:{{.}}
  llvm.func @ranges(%h: !llvm.ptr, %p: !llvm.ptr, %n: i64) {
    %one = llvm.mlir.constant(1 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %f = llvm.mlir.constant(1.5 : f32) : f32
    %r = llvm.alloca %one x !llvm.array<1 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%r, %c64) {type = !sycl.range<1>} : (!llvm.ptr, i64) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': folded range {64} ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%p) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = 8 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    // (An int extent is converted to size_t as C++ does.)
    %nd = llvm.alloca %one x !llvm.array<3 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%nd, %c64, %c16, %c2) {type = !sycl.nd_range<1>} : (!llvm.ptr, i64, i32, i64) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': folded nd_range {64} local {16} offset {2} ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[nd_range %nd](%p) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = 8 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %r2 = llvm.alloca %one x !llvm.array<2 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%r2, %c8, %c16) {type = !sycl.range<2>} : (!llvm.ptr, i64, i32) -> ()
    %o2 = llvm.alloca %one x !llvm.array<2 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%o2, %c1, %c2) {type = !sycl.id<2>} : (!llvm.ptr, i64, i64) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': folded range {8, 16} offset {1, 2} ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r2, offset %o2](%p) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = 8 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    // expected-remark @below {{kernel '_ZTSZ4mainE1K$tu9f3c': folded arg 1 (offset 8, 4 bytes) = 1.500000e+00, range {64} ; not folded: arg 0: pointer}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTSZ4mainE1K$tu9f3c[range %r](%p, %f) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, f32) -> ()
    %single = llvm.alloca %one x !llvm.array<1 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%single, %c1) {type = !sycl.range<1>} : (!llvm.ptr, i64) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (arg 0: pointer)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %single](%p) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = 8 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %rn = llvm.alloca %one x !llvm.array<1 x i64> : (i32) -> !llvm.ptr
    sycl.host.constructor(%rn, %n) {type = !sycl.range<1>} : (!llvm.ptr, i64) -> ()
    // expected-remark @below {{kernel '_ZTS2K1': nothing folded (arg 0: pointer, range: the range is not a compile-time constant)}}
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %rn](%p) {usycl.arg_offsets = array<i64: 0>, usycl.object_size = 8 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
}
