// The plan's output option is required; a module without anything to fold
// gives a plan of just the header line.
// RUN: not %sycl-mlir-opt %s --sycl-specialization-plan -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOOUT
// RUN: not %sycl-mlir-opt %s --sycl-specialization-plan=output=%t.missing/plan -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: %sycl-mlir-opt %s --sycl-specialization-plan=output=%t.plan -o /dev/null
// RUN: FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace --input-file=%t.plan
// NOOUT: error: sycl-specialization-plan: the 'output' option is required (output=<file>, or output=- for stdout)
// NOFILE: error: sycl-specialization-plan: cannot open output file '{{.*}}.missing/plan'
// EMPTY:usycl-specialization-plan 2
// EMPTY-NOT:{{.}}

module attributes {gpu.container_module} {
  gpu.module @device_functions {
    gpu.func @_ZTS2K1(%arg0: !llvm.ptr) kernel { gpu.return }
  }
  llvm.func @cgf(%h: !llvm.ptr, %r: !llvm.ptr, %p: !llvm.ptr, %x: i32) {
    sycl.host.schedule_kernel %h -> @device_functions::@_ZTS2K1[range %r](%p, %x) {usycl.arg_offsets = array<i64: 0, 8>, usycl.object_size = 16 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    llvm.return
  }
}
