; -split=per_kernel keeps a kernel's host-device specialised clones
; (<kernel>$hdo<hash>, usycl++ -fsycl-host-device-opt) in the kernel's own
; module: the runtime launches a clone only where every image of its kernel
; holds it. Other kernels still get modules of their own.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_kernel -symbols -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/pk.table
; TABLE:      [Code|Symbols]
; TABLE-NEXT: {{.*}}pk_0.bc|{{.*}}pk_0.sym
; TABLE-NEXT: {{.*}}pk_1.bc|{{.*}}pk_1.sym
; TABLE-EMPTY:
; RUN: FileCheck %s --check-prefix=SYM0 --match-full-lines < %t/pk_0.sym
; SYM0:      _ZTS7KernelA
; SYM0-NEXT: _ZTS7KernelA$hdo00112233aabbccdd
; SYM0-NEXT: _ZTS7KernelA$hdo0123456789abcdef
; SYM0-EMPTY:
; RUN: FileCheck %s --check-prefix=SYM1 --match-full-lines < %t/pk_1.sym
; SYM1:      _ZTS7KernelB
; SYM1-EMPTY:

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_ZTS7KernelA(ptr %p) {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @"_ZTS7KernelA$hdo00112233aabbccdd"(ptr %p) {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KernelB(ptr %p) {
  store i32 2, ptr %p
  ret void
}

define ptx_kernel void @"_ZTS7KernelA$hdo0123456789abcdef"(ptr %p) {
  store i32 1, ptr %p
  ret void
}
