; -reject-undefined-functions names the missing C++ function and its users.
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %sycl-post-link -reject-undefined-functions -o %t/out.table %s 2>&1 | FileCheck %s
; CHECK: sycl-post-link: error: undefined device function 'missing(int)' is called by kernel 'KernelA', 'KernelB'; define it (SYCL_EXTERNAL)
; CHECK-NOT: vprintf
;
; Without the flag (targets that link device code later) it is accepted.
; RUN: %sycl-post-link -o %t/out.table %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @_Z7missingi(i32)
declare i32 @vprintf(ptr, ptr)

define ptx_kernel void @_ZTS7KernelA(ptr %p) {
  %r = call i32 @_Z7missingi(i32 1)
  store i32 %r, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KernelB(ptr %p) {
  %r = call i32 @_Z7missingi(i32 2)
  %v = call i32 @vprintf(ptr null, ptr null)
  store i32 %r, ptr %p
  ret void
}
