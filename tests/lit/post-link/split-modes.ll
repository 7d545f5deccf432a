; sycl-post-link groups kernels per -split mode and writes one module, symbol
; file and property file per group, plus the file table.
;
; RUN: rm -rf %t && mkdir -p %t
;
; off and auto: one module with every kernel.
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/off.table %s
; RUN: FileCheck %s --check-prefix=OFF-TABLE --match-full-lines < %t/off.table
; OFF-TABLE:      [Code|Properties|Symbols]
; OFF-TABLE-NEXT: {{.*}}off_0.bc|{{.*}}off_0.prop|{{.*}}off_0.sym
; OFF-TABLE-EMPTY:
; RUN: FileCheck %s --check-prefix=OFF-SYM --match-full-lines < %t/off_0.sym
; OFF-SYM:      _ZTS7KernelA
; OFF-SYM-NEXT: _ZTS7KernelB
; OFF-SYM-NEXT: _ZTS7KernelC
; OFF-SYM-EMPTY:
; RUN: %sycl-post-link -split=auto -symbols -o %t/auto.table %s
; RUN: FileCheck %s --check-prefix=AUTO-TABLE --match-full-lines < %t/auto.table
; AUTO-TABLE:      [Code|Symbols]
; AUTO-TABLE-NEXT: {{.*}}auto_0.bc|{{.*}}auto_0.sym
; AUTO-TABLE-EMPTY:
;
; Kernels without requirements metadata: an empty requirements set.
; RUN: FileCheck %s --check-prefix=OFF-PROP --match-full-lines < %t/off_0.prop
; OFF-PROP:      [SYCL/device requirements]
; OFF-PROP-EMPTY:
;
; per_kernel: one module per kernel, each with only what it uses.
; RUN: %sycl-post-link -split=per_kernel -symbols -properties -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=PK-TABLE --match-full-lines < %t/pk.table
; PK-TABLE:      [Code|Properties|Symbols]
; PK-TABLE-NEXT: {{.*}}pk_0.bc|{{.*}}pk_0.prop|{{.*}}pk_0.sym
; PK-TABLE-NEXT: {{.*}}pk_1.bc|{{.*}}pk_1.prop|{{.*}}pk_1.sym
; PK-TABLE-NEXT: {{.*}}pk_2.bc|{{.*}}pk_2.prop|{{.*}}pk_2.sym
; PK-TABLE-EMPTY:
; RUN: FileCheck %s --check-prefix=PK0-SYM --match-full-lines < %t/pk_0.sym
; PK0-SYM:      _ZTS7KernelA
; PK0-SYM-EMPTY:
; RUN: llvm-dis %t/pk_0.bc -o - | FileCheck %s --check-prefix=PK0
; PK0-DAG: @counter = addrspace(1) global i32 0
; PK0-DAG: define internal {{.*}}i32 @_Z6sharedi(
; PK0-DAG: define internal {{.*}}i32 @_Z5onlyAi(
; PK0-DAG: define ptx_kernel void @_ZTS7KernelA(
; PK0-NOT: @_ZTS7KernelB
; PK0-NOT: @_Z5onlyBi
; PK0-NOT: @_Z6unusedv
; RUN: llvm-dis %t/pk_1.bc -o - | FileCheck %s --check-prefix=PK1
; PK1-DAG: define ptx_kernel void @_ZTS7KernelB(
; PK1-DAG: define internal {{.*}}i32 @_Z5onlyBi(
; PK1-DAG: define internal {{.*}}i32 @_Z6sharedi(
; PK1-NOT: @counter
; PK1-NOT: @_ZTS7KernelA
;
; per_source: kernels grouped by their "sycl-module-id" (set by usycl++).
; RUN: %sycl-post-link -split=per_source -symbols -o %t/ps.table %s
; RUN: FileCheck %s --check-prefix=PS-TABLE --match-full-lines < %t/ps.table
; PS-TABLE:      [Code|Symbols]
; PS-TABLE-NEXT: {{.*}}ps_0.bc|{{.*}}ps_0.sym
; PS-TABLE-NEXT: {{.*}}ps_1.bc|{{.*}}ps_1.sym
; PS-TABLE-EMPTY:
; RUN: FileCheck %s --check-prefix=PS0-SYM --match-full-lines < %t/ps_0.sym
; PS0-SYM:      _ZTS7KernelA
; PS0-SYM-NEXT: _ZTS7KernelC
; PS0-SYM-EMPTY:
;
; An output name without an extension works the same way.
; RUN: %sycl-post-link -split=off -o %t/noext %s
; RUN: FileCheck %s --check-prefix=NOEXT --match-full-lines < %t/noext
; NOEXT:      [Code]
; NOEXT-NEXT: {{.*}}noext_0.bc

target triple = "nvptx64-nvidia-cuda"

@counter = addrspace(1) global i32 0

define i32 @_Z6sharedi(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define i32 @_Z5onlyAi(i32 %x) {
  %v = load i32, ptr addrspace(1) @counter
  %s = call i32 @_Z6sharedi(i32 %v)
  ret i32 %s
}

define i32 @_Z5onlyBi(i32 %x) {
  %s = call i32 @_Z6sharedi(i32 %x)
  ret i32 %s
}

define void @_Z6unusedv() {
  ret void
}

define ptx_kernel void @_ZTS7KernelA(ptr %p) #0 {
  %r = call i32 @_Z5onlyAi(i32 1)
  store i32 %r, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KernelB(ptr %p) #1 {
  %r = call i32 @_Z5onlyBi(i32 2)
  store i32 %r, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KernelC(ptr %p) #0 {
  store i32 3, ptr %p
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
