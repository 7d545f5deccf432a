; An unknown target name in !sycl_fixed_targets (not in device_targets.def)
; is an error: its identity aspect cannot be written.
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %sycl-post-link -properties -o %t/out.table %s 2>&1 | FileCheck %s
; CHECK: sycl-post-link: error: unknown target 'nvidia_gpu_sm_99' in !sycl_fixed_targets (-fsycl-fixed-targets); known targets are those of sycl/detail/device_targets.def

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_ZTS1K() !sycl_fixed_targets !0 {
  ret void
}

!0 = !{!"nvidia_gpu_sm_99"}
