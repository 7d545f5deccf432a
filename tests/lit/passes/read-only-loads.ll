; usycl-read-only-loads: a load of an NVPTX kernel that no instruction of the
; kernel may write gets !invariant.load (the backend's ld.global.nc); a load
; of something the kernel writes, or may write, keeps a plain load. Barriers
; and the runtime's own hooks are not writers.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-read-only-loads -S %s | FileCheck %s
; RUN: sed -e 's/nvptx64-nvidia-cuda/x86_64-pc-linux-gnu/' -e '/datalayout/d' %s \
; RUN:   | opt -load-pass-plugin=%passes-plugin -passes=usycl-read-only-loads -S | FileCheck %s --check-prefix=HOST

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; `in` and `out` come from restrict parameters of an inlined function: the
; stores to `out` cannot reach `in`.
; CHECK-LABEL: define ptx_kernel void @restricted(
; CHECK: %x = load float, ptr addrspace(1) %in, align 4, !invariant.load !{{[0-9]+}}, !alias.scope
; CHECK: %y = load float, ptr addrspace(1) %out, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}{{$}}
; HOST-NOT: invariant.load
define ptx_kernel void @restricted(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %x = load float, ptr addrspace(1) %in, align 4, !alias.scope !0, !noalias !3
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  call void @__usycl_assert_launch_begin(i64 0)
  %y = load float, ptr addrspace(1) %out, align 4, !alias.scope !3, !noalias !0
  %s = fadd float %x, %y
  store float %s, ptr addrspace(1) %out, align 4, !alias.scope !3, !noalias !0
  ret void
}

; Without restrict the store may write what is loaded: nothing changes.
; CHECK-LABEL: define ptx_kernel void @may_alias(
; CHECK: %x = load float, ptr addrspace(1) %in, align 4{{$}}
define ptx_kernel void @may_alias(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %x = load float, ptr addrspace(1) %in, align 4
  store float %x, ptr addrspace(1) %out, align 4
  ret void
}

; An unknown call may write anything.
; CHECK-LABEL: define ptx_kernel void @opaque_call(
; CHECK: %x = load float, ptr addrspace(1) %in, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}{{$}}
define ptx_kernel void @opaque_call(ptr addrspace(1) %in) {
  %x = load float, ptr addrspace(1) %in, align 4, !alias.scope !0, !noalias !3
  call void @unknown()
  ret void
}

; Not a kernel: left alone.
; CHECK-LABEL: define void @helper(
; CHECK: %x = load float, ptr addrspace(1) %in, align 4{{$}}
define void @helper(ptr addrspace(1) %in) {
  %x = load float, ptr addrspace(1) %in, align 4
  ret void
}

; A device_global's copy (reached through its slot, marked by
; usycl-device-globals) is out of reach of the pointers the kernel object
; holds and of work-group memory; libdevice math without pointer arguments
; writes nothing.
; CHECK-LABEL: define ptx_kernel void @device_global_table(
; CHECK: %v = load float, ptr %at, align 4, !invariant.load
; CHECK: %w = load float, ptr %at, align 4{{$}}
%object = type { ptr, i32 }
@slot = addrspace(1) global ptr null, !usycl.device_global !5
@shared = addrspace(3) global float 0.0
define ptx_kernel void @device_global_table(ptr byval(%object) %obj, i64 %i) {
  %copy = load ptr, ptr addrspacecast (ptr addrspace(1) @slot to ptr), align 8
  %at = getelementptr float, ptr %copy, i64 %i
  %v = load float, ptr %at, align 4
  %s = call float @__nv_sinf(float %v)
  %out = load ptr, ptr %obj, align 8
  store float %s, ptr %out, align 4
  store float %s, ptr addrspace(3) @shared, align 4
  ret void
}
; ... but a store through the copy itself is a writer.
define ptx_kernel void @device_global_written(ptr byval(%object) %obj, i64 %i) {
  %copy = load ptr, ptr addrspacecast (ptr addrspace(1) @slot to ptr), align 8
  %at = getelementptr float, ptr %copy, i64 %i
  %w = load float, ptr %at, align 4
  %next = getelementptr float, ptr %copy, i64 1
  store float %w, ptr %next, align 4
  ret void
}

declare float @__nv_sinf(float)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @__usycl_assert_launch_begin(i64)
declare void @unknown()

!0 = !{!1}
!1 = distinct !{!1, !2, !"in"}
!2 = distinct !{!2, !"f"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"out"}
!5 = !{}
