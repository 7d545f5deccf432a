; A kernel whose translation unit did not know that the SYCL_EXTERNAL function
; it calls (defined in another one, external-mismatch-def.ll) uses fp64; for
; post-link-warnings.test.
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @_Z3fooPd(ptr)

define ptx_kernel void @_ZTS1K(ptr %p) !sycl_fixed_targets !0 {
  call void @_Z3fooPd(ptr %p)
  ret void
}

!0 = !{}
