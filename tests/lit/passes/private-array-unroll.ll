; usycl-private-array-unroll: on NVPTX, a loop of constant trip count that
; indexes a small private array (an alloca of at most 960 bytes) by its
; induction variable is marked for full unrolling, so that SROA can put the
; array in registers instead of local memory (a stack frame). A loop the user
; (or usycl) marked is left alone, as are arrays too large for registers and
; other targets. In the -O3 pipeline the 8-element array is gone.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='loop(usycl-private-array-unroll)' -S %s \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%passes-plugin -passes='default<O3>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O3
; RUN: sed -e 's/nvptx64-nvidia-cuda/x86_64-pc-linux-gnu/' -e '/datalayout/d' %s \
; RUN:   | opt -load-pass-plugin=%passes-plugin -passes='loop(usycl-private-array-unroll)' -S \
; RUN:   | FileCheck %s --check-prefix=HOST

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare float @__nv_cosf(float)
declare float @llvm.sqrt.f32(float)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Eight accumulators; 8 x (a square root, a division and 12 cosines) is over
; the default threshold.
; CHECK-LABEL: define void @small(
; CHECK: br i1 %done, label %outer.latch, label %inner, !llvm.loop [[FULL:![0-9]+]]
; O3-LABEL: define void @small(
; O3-NOT: alloca
; O3: ret void
; HOST-LABEL: define void @small(
; HOST: br i1 %done, label %outer.latch, label %inner{{$}}
define void @small(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %acc = alloca [8 x float], align 4
  call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 32, i1 false)
  br label %outer

outer:
  %a = phi i32 [ 0, %entry ], [ %a.next, %outer.latch ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %in, i32 %a
  %x = load float, ptr addrspace(1) %pa, align 4
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %fi = sitofp i32 %i to float
  %d = fsub float %x, %fi
  %r = call float @llvm.sqrt.f32(float %d)
  %e1 = fadd float %r, %x
  %e2 = fdiv float %e1, %x
  %e3 = call float @__nv_cosf(float %e2)
  %e4 = fadd float %e3, %x
  %e5 = fdiv float %e4, %x
  %e6 = call float @__nv_cosf(float %e5)
  %e7 = fadd float %e6, %x
  %e8 = fdiv float %e7, %x
  %e9 = call float @__nv_cosf(float %e8)
  %e10 = fadd float %e9, %x
  %e11 = fdiv float %e10, %x
  %e12 = call float @__nv_cosf(float %e11)
  %e13 = fadd float %e12, %x
  %e14 = fdiv float %e13, %x
  %e15 = call float @__nv_cosf(float %e14)
  %e16 = fadd float %e15, %x
  %e17 = fdiv float %e16, %x
  %e18 = call float @__nv_cosf(float %e17)
  %e19 = fadd float %e18, %x
  %e20 = fdiv float %e19, %x
  %e21 = call float @__nv_cosf(float %e20)
  %e22 = fadd float %e21, %x
  %e23 = fdiv float %e22, %x
  %e24 = call float @__nv_cosf(float %e23)
  %e25 = fadd float %e24, %x
  %e26 = fdiv float %e25, %x
  %e27 = call float @__nv_cosf(float %e26)
  %e28 = fadd float %e27, %x
  %e29 = fdiv float %e28, %x
  %e30 = call float @__nv_cosf(float %e29)
  %e31 = fadd float %e30, %x
  %e32 = fdiv float %e31, %x
  %e33 = call float @__nv_cosf(float %e32)
  %e34 = fadd float %e33, %x
  %e35 = fdiv float %e34, %x
  %e36 = call float @__nv_cosf(float %e35)
  %slot = getelementptr inbounds [8 x float], ptr %acc, i32 0, i32 %i
  %old = load float, ptr %slot, align 4
  %new = fadd float %old, %e36
  store float %new, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %outer.latch, label %inner

outer.latch:
  %a.next = add nuw nsw i32 %a, 1
  %more = icmp slt i32 %a.next, %n
  br i1 %more, label %outer, label %exit

exit:
  %s0 = getelementptr inbounds [8 x float], ptr %acc, i32 0, i32 3
  %v = load float, ptr %s0, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

; 1536 floats (a 128-pose array of 3x4 matrices) do not fit in registers.
; CHECK-LABEL: define void @large(
; CHECK: br i1 %done, label %outer.latch, label %inner{{$}}
; O3-LABEL: define void @large(
; O3: alloca [1536 x float]
define void @large(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %acc = alloca [1536 x float], align 4
  call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 6144, i1 false)
  br label %outer

outer:
  %a = phi i32 [ 0, %entry ], [ %a.next, %outer.latch ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %in, i32 %a
  %x = load float, ptr addrspace(1) %pa, align 4
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %fi = sitofp i32 %i to float
  %d = fsub float %x, %fi
  %r = call float @llvm.sqrt.f32(float %d)
  %e1 = fadd float %r, %x
  %e2 = fdiv float %e1, %x
  %e3 = call float @__nv_cosf(float %e2)
  %e4 = fadd float %e3, %x
  %e5 = fdiv float %e4, %x
  %e6 = call float @__nv_cosf(float %e5)
  %e7 = fadd float %e6, %x
  %e8 = fdiv float %e7, %x
  %e9 = call float @__nv_cosf(float %e8)
  %e10 = fadd float %e9, %x
  %e11 = fdiv float %e10, %x
  %e12 = call float @__nv_cosf(float %e11)
  %e13 = fadd float %e12, %x
  %e14 = fdiv float %e13, %x
  %e15 = call float @__nv_cosf(float %e14)
  %e16 = fadd float %e15, %x
  %e17 = fdiv float %e16, %x
  %e18 = call float @__nv_cosf(float %e17)
  %e19 = fadd float %e18, %x
  %e20 = fdiv float %e19, %x
  %e21 = call float @__nv_cosf(float %e20)
  %e22 = fadd float %e21, %x
  %e23 = fdiv float %e22, %x
  %e24 = call float @__nv_cosf(float %e23)
  %e25 = fadd float %e24, %x
  %e26 = fdiv float %e25, %x
  %e27 = call float @__nv_cosf(float %e26)
  %e28 = fadd float %e27, %x
  %e29 = fdiv float %e28, %x
  %e30 = call float @__nv_cosf(float %e29)
  %e31 = fadd float %e30, %x
  %e32 = fdiv float %e31, %x
  %e33 = call float @__nv_cosf(float %e32)
  %e34 = fadd float %e33, %x
  %e35 = fdiv float %e34, %x
  %e36 = call float @__nv_cosf(float %e35)
  %slot = getelementptr inbounds [1536 x float], ptr %acc, i32 0, i32 %i
  %old = load float, ptr %slot, align 4
  %new = fadd float %old, %e36
  store float %new, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %outer.latch, label %inner

outer.latch:
  %a.next = add nuw nsw i32 %a, 1
  %more = icmp slt i32 %a.next, %n
  br i1 %more, label %outer, label %exit

exit:
  %s0 = getelementptr inbounds [1536 x float], ptr %acc, i32 0, i32 3
  %v = load float, ptr %s0, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

; The user's `#pragma unroll 1` (or usycl's own "keep rolled") stands.
; CHECK-LABEL: define void @rolled(
; CHECK: br i1 %done, label %outer.latch, label %inner, !llvm.loop [[ROLLED:![0-9]+]]
; CHECK-DAG: [[FULL]] = distinct !{[[FULL]], [[UNROLL_FULL:![0-9]+]]}
; CHECK-DAG: [[UNROLL_FULL]] = !{!"llvm.loop.unroll.full"}
; CHECK-DAG: [[ROLLED]] = distinct !{[[ROLLED]], [[DISABLE:![0-9]+]]}
; CHECK-DAG: [[DISABLE]] = !{!"llvm.loop.unroll.disable"}
define void @rolled(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %acc = alloca [8 x float], align 4
  call void @llvm.memset.p0.i64(ptr %acc, i8 0, i64 32, i1 false)
  br label %outer

outer:
  %a = phi i32 [ 0, %entry ], [ %a.next, %outer.latch ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %in, i32 %a
  %x = load float, ptr addrspace(1) %pa, align 4
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %fi = sitofp i32 %i to float
  %d = fsub float %x, %fi
  %r = call float @llvm.sqrt.f32(float %d)
  %e1 = fadd float %r, %x
  %e2 = fdiv float %e1, %x
  %e3 = call float @__nv_cosf(float %e2)
  %e4 = fadd float %e3, %x
  %e5 = fdiv float %e4, %x
  %e6 = call float @__nv_cosf(float %e5)
  %e7 = fadd float %e6, %x
  %e8 = fdiv float %e7, %x
  %e9 = call float @__nv_cosf(float %e8)
  %e10 = fadd float %e9, %x
  %e11 = fdiv float %e10, %x
  %e12 = call float @__nv_cosf(float %e11)
  %e13 = fadd float %e12, %x
  %e14 = fdiv float %e13, %x
  %e15 = call float @__nv_cosf(float %e14)
  %e16 = fadd float %e15, %x
  %e17 = fdiv float %e16, %x
  %e18 = call float @__nv_cosf(float %e17)
  %e19 = fadd float %e18, %x
  %e20 = fdiv float %e19, %x
  %e21 = call float @__nv_cosf(float %e20)
  %e22 = fadd float %e21, %x
  %e23 = fdiv float %e22, %x
  %e24 = call float @__nv_cosf(float %e23)
  %e25 = fadd float %e24, %x
  %e26 = fdiv float %e25, %x
  %e27 = call float @__nv_cosf(float %e26)
  %e28 = fadd float %e27, %x
  %e29 = fdiv float %e28, %x
  %e30 = call float @__nv_cosf(float %e29)
  %e31 = fadd float %e30, %x
  %e32 = fdiv float %e31, %x
  %e33 = call float @__nv_cosf(float %e32)
  %e34 = fadd float %e33, %x
  %e35 = fdiv float %e34, %x
  %e36 = call float @__nv_cosf(float %e35)
  %slot = getelementptr inbounds [8 x float], ptr %acc, i32 0, i32 %i
  %old = load float, ptr %slot, align 4
  %new = fadd float %old, %e36
  store float %new, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %outer.latch, label %inner, !llvm.loop !0

outer.latch:
  %a.next = add nuw nsw i32 %a, 1
  %more = icmp slt i32 %a.next, %n
  br i1 %more, label %outer, label %exit

exit:
  %s0 = getelementptr inbounds [8 x float], ptr %acc, i32 0, i32 3
  %v = load float, ptr %s0, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
