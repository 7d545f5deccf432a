; Device code with requirements metadata as the aspect-propagation pass
; writes it; embedded into objects by aspect-filter.test.
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; No requirements: runs everywhere.
define ptx_kernel void @_ZTS6KPlain(ptr %p) !sycl_fixed_targets !0 {
  store i32 1, ptr %p
  ret void
}
; [[sycl::device_has(aspect::cpu)]]: the CPU only.
define ptx_kernel void @_ZTS4KCpu(ptr %p) !sycl_declared_aspects !1 !sycl_fixed_targets !0 {
  store i32 2, ptr %p
  ret void
}
; [[sycl::reqd_sub_group_size(16)]]: not sm_90 (32); x86_64 (4..64) has it.
define ptx_kernel void @_ZTS6KSub16(ptr %p) !intel_reqd_sub_group_size !2 !sycl_fixed_targets !0 {
  store i32 3, ptr %p
  ret void
}
; -fsycl-fixed-targets=nvidia_gpu_sm_80.
define ptx_kernel void @_ZTS8KFixed80(ptr %p) !sycl_fixed_targets !3 {
  store i32 4, ptr %p
  ret void
}

!0 = !{}
!1 = !{i32 1}
!2 = !{i32 16}
!3 = !{!"nvidia_gpu_sm_80"}
