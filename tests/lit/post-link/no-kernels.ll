; A module without kernels gives a file table without rows.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_kernel -symbols -properties -o %t/out.table %s
; RUN: FileCheck %s --match-full-lines < %t/out.table
; CHECK:      [Code|Properties|Symbols]
; CHECK-EMPTY:
; RUN: not ls %t/out_0.bc

target triple = "nvptx64-nvidia-cuda"

define void @_Z6helperv() {
  ret void
}
