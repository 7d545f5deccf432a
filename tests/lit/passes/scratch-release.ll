; usycl-scratch-release (compiler/passes/scratch_release.hpp): a release
; after which nothing touches shared memory before a barrier is deleted
; (@one: a global store follows; @barrier_first: a barrier comes first);
; one followed by another release, a shared access, or a call of unknown
; code becomes the barrier (@two, @shared_after, @unknown_call, and
; @in_loop, whose loop comes back to its own release), and so does one at
; the end of a function other than a kernel (@out_of_line: its caller may
; run another algorithm next, as a reduce_over_group left out of line did).
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-scratch-release -S %s | FileCheck %s
;
; CHECK-LABEL: define ptx_kernel void @one(
; CHECK-NOT:     call
; CHECK:         store float %v, ptr %out
; CHECK-NEXT:    ret void
; CHECK-LABEL: define ptx_kernel void @barrier_first(
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    store float 1.0{{.*}}, ptr addrspace(3) @scratch
; CHECK-LABEL: define ptx_kernel void @two(
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-NEXT:    store float 1.0{{.*}}, ptr addrspace(3) @scratch
; CHECK-NEXT:    ret void
; CHECK-LABEL: define ptx_kernel void @shared_after(
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-LABEL: define ptx_kernel void @unknown_call(
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-NEXT:    call void @elsewhere()
; CHECK-LABEL: define ptx_kernel void @in_loop(
; CHECK:         store float 3.0{{.*}}, ptr addrspace(3) @scratch
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-LABEL: define void @out_of_line(
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-NEXT:    ret void
; CHECK-NOT:   @__usycl_nvptx_scratch_release

target triple = "nvptx64-nvidia-cuda"

@scratch = internal addrspace(3) global [64 x float] poison

define linkonce_odr void @__usycl_nvptx_scratch_release() #0 {
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}
declare void @llvm.nvvm.barrier.cta.sync.all(i32) #1
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1
declare void @elsewhere()

define ptx_kernel void @one(ptr byval(ptr) %params, float %v) {
  call void @__usycl_nvptx_scratch_release()
  %out = load ptr, ptr %params
  store float %v, ptr %out
  ret void
}

define ptx_kernel void @barrier_first() {
  call void @__usycl_nvptx_scratch_release()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store float 1.0, ptr addrspace(3) @scratch
  ret void
}

define ptx_kernel void @two() {
  call void @__usycl_nvptx_scratch_release()
  store float 1.0, ptr addrspace(3) @scratch
  call void @__usycl_nvptx_scratch_release()
  ret void
}

define ptx_kernel void @shared_after(ptr %p) {
  call void @__usycl_nvptx_scratch_release()
  %q = addrspacecast ptr addrspace(3) @scratch to ptr
  store float 2.0, ptr %q
  ret void
}

define ptx_kernel void @unknown_call() {
  call void @__usycl_nvptx_scratch_release()
  call void @elsewhere()
  ret void
}

define ptx_kernel void @in_loop(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store float 3.0, ptr addrspace(3) @scratch
  call void @__usycl_nvptx_scratch_release()
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

attributes #0 = { convergent noinline }
attributes #1 = { convergent nounwind }

define void @out_of_line() {
  call void @__usycl_nvptx_scratch_release()
  ret void
}
