; A program's kernel calling a SYCL_EXTERNAL function of a shared library
; (device-linking.ll).
target triple = "nvptx64-nvidia-cuda"

declare i32 @_Z6importi(i32)

define ptx_kernel void @_ZTS1K(ptr %p) !sycl_fixed_targets !0 {
  %r = call i32 @_Z6importi(i32 1)
  store i32 %r, ptr %p
  ret void
}

!0 = !{}
