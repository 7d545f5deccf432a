; -split=per_kernel keeps a kernel's host-device specialised clones
; (<kernel>$hdo<hash>, usycl++ -fsycl-host-device-opt) and whole-warp entry
; points (<kernel>$ww, also of a clone) in the kernel's own module: the
; runtime launches a clone only where every image of its kernel holds it,
; and a whole-warp entry from its kernel's module. Other kernels, a kernel
; local to its unit ($tu<hash>) among them, still get modules of their own.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_kernel -symbols -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/pk.table
; TABLE:      [Code|Symbols]
; TABLE-NEXT: {{.*}}pk_0.bc|{{.*}}pk_0.sym
; TABLE-NEXT: {{.*}}pk_1.bc|{{.*}}pk_1.sym
; TABLE-NEXT: {{.*}}pk_2.bc|{{.*}}pk_2.sym
; TABLE-EMPTY:
; RUN: FileCheck %s --check-prefix=SYM0 --match-full-lines < %t/pk_0.sym
; SYM0:      _ZTS7KernelA
; SYM0-NEXT: _ZTS7KernelA$hdo00112233aabbccdd
; SYM0-NEXT: _ZTS7KernelA$hdo0123456789abcdef
; SYM0-NEXT: _ZTS7KernelA$ww
; SYM0-NEXT: _ZTS7KernelA$hdo0123456789abcdef$ww
; SYM0-EMPTY:
; RUN: FileCheck %s --check-prefix=SYM1 --match-full-lines < %t/pk_1.sym
; SYM1:      _ZTS7KernelB
; SYM1-EMPTY:
; RUN: FileCheck %s --check-prefix=SYM2 --match-full-lines < %t/pk_2.sym
; SYM2:      _ZTS7KernelC$tu0011223344556677
; SYM2-NEXT: _ZTS7KernelC$tu0011223344556677$ww
; SYM2-EMPTY:

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

define ptx_kernel void @"_ZTS7KernelA$ww"(ptr %p) {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @"_ZTS7KernelA$hdo0123456789abcdef$ww"(ptr %p) {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @"_ZTS7KernelC$tu0011223344556677"(ptr %p) {
  store i32 3, ptr %p
  ret void
}

define ptx_kernel void @"_ZTS7KernelC$tu0011223344556677$ww"(ptr %p) {
  store i32 3, ptr %p
  ret void
}
