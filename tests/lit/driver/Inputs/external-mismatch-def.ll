; The SYCL_EXTERNAL function that external-mismatch.ll calls, in a translation
; unit of its own: it uses fp64.
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @_Z3fooPd(ptr %p) !sycl_used_aspects !1 !sycl_fixed_targets !0 {
  store double 1.0, ptr %p
  ret void
}

!0 = !{}
!1 = !{i32 6}
