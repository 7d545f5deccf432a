; -fsycl-fixed-targets in the pass (opt spelling of the parameters the clang
; plugin passes): !sycl_fixed_targets on every kernel, and warnings for what
; a fixed target lacks according to the device configuration file.
;
; RUN: split-file %s %t
; RUN: opt -load-pass-plugin=%passes-plugin \
; RUN:   -passes='usycl-aspect-propagation<fixed-targets=small:big;device-config=%t/config.yaml>' \
; RUN:   -S %t/module.ll -o %t/out.ll 2> %t/err
; RUN: FileCheck %s --input-file=%t/out.ll
; RUN: FileCheck %s --check-prefix=WARN --input-file=%t/err
;
; A bad parameter is an error.
; RUN: not opt -load-pass-plugin=%passes-plugin \
; RUN:   -passes='usycl-aspect-propagation<bogus=1>' -S %t/module.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PARAM
; PARAM: invalid usycl-aspect-propagation parameter 'bogus=1'

; CHECK: define ptx_kernel void @uses_fp64() !sycl_used_aspects ![[FP64:[0-9]+]] !sycl_fixed_targets ![[FIXED:[0-9]+]] {
; CHECK: define ptx_kernel void @declares_fp16() !sycl_declared_aspects ![[FP16:[0-9]+]] !intel_reqd_sub_group_size ![[SG16:[0-9]+]] !sycl_fixed_targets ![[FIXED]] {
; CHECK: define void @helper() !sycl_used_aspects ![[FP64]] {
; CHECK-DAG: ![[FIXED]] = !{!"small", !"big"}

; WARN: warning: kernel 'uses_fp64' uses aspect 'fp64' not supported by fixed target 'small'
; WARN-NEXT: use is from this call chain:
; WARN-NEXT:   kernel 'uses_fp64'
; WARN-NEXT:   helper()
; WARN-NEXT: compile with '-g' to get source location
; WARN: warning: kernel 'declares_fp16' declares aspect 'fp16' in 'sycl::device_has', not supported by fixed target 'small'
; WARN: warning: kernel 'declares_fp16' requires sub-group size 16, not supported by fixed target 'small' (supported sub-group sizes: 8, 32)
; WARN-NOT: warning:

;--- module.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @uses_fp64() {
  call void @helper()
  ret void
}
define ptx_kernel void @declares_fp16() !sycl_declared_aspects !1 !intel_reqd_sub_group_size !2 {
  ret void
}
define void @helper() {
  %d = alloca double
  ret void
}
!sycl_aspects = !{!3, !4}
!1 = !{i32 5}
!2 = !{i32 16}
!3 = !{!"fp16", i32 5}
!4 = !{!"fp64", i32 6}

;--- config.yaml
small:
  aspects: [gpu]
  sub-group-sizes: [8, 32]
big:
  aspects: [gpu, fp16, fp64]
  sub-group-sizes: [8, 16, 32]
