; usycl-whole-warp-versioning (compiler/passes/whole_warps.hpp): a kernel
; asking __usycl_nvptx_whole_warps() gets a second entry point <kernel>$ww
; (weak_odr where the kernel is linkonce_odr: nothing calls it) in which the
; marker is true, so its vote folds to the constant mask 0xffffffff; the
; kernel itself computes ntid.x * ntid.y * ntid.z % 32 == 0. Other functions
; (and -O0, the lowering form) compute the condition where they ask; a
; second run adds no second copy.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-whole-warp-versioning -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-whole-warp-versioning,usycl-whole-warp-versioning' -S %s \
; RUN:   | FileCheck %s --check-prefix=ONCE
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-whole-warp-versioning,instcombine,simplifycfg' -S %s \
; RUN:   | FileCheck %s --check-prefix=FOLDED
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-whole-warp-lowering -S %s | FileCheck %s --check-prefix=LOWER
;
; CHECK-LABEL: define linkonce_odr ptx_kernel void @vote(
; CHECK:         %block.threads = mul i32
; CHECK:         %whole.warps = icmp eq i32 %{{.*}}, 0
; CHECK:         select i1 %whole.warps, i32 -1, i32 %partial
; CHECK:       define void @helper(
; CHECK:         %whole.warps = icmp eq i32
; CHECK:       define weak_odr ptx_kernel void @"vote$ww"(
; CHECK-NOT:     ntid
; CHECK:         select i1 true, i32 -1, i32 %partial
; CHECK-NOT:   __usycl_nvptx_whole_warps
;
; ONCE-COUNT-1: define weak_odr ptx_kernel void @"vote$ww"(
; ONCE-NOT:     $ww
;
; FOLDED-LABEL: define linkonce_odr ptx_kernel void @vote(
; FOLDED:         call i1 @llvm.nvvm.vote.any.sync(i32 %mask, i1 %p
; FOLDED-LABEL: define weak_odr ptx_kernel void @"vote$ww"(
; FOLDED:         call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %p
;
; LOWER-LABEL: define linkonce_odr ptx_kernel void @vote(
; LOWER:         %whole.warps = icmp eq i32
; LOWER-NOT:   $ww

target triple = "nvptx64-nvidia-cuda"

declare i1 @__usycl_nvptx_whole_warps()
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)

define linkonce_odr ptx_kernel void @vote(ptr addrspace(1) %out, i32 %lanes, i1 %p) {
entry:
  %tmp = alloca [4 x i32]
  %whole = call i1 @__usycl_nvptx_whole_warps()
  %shift = shl i32 -1, %lanes
  %partial = xor i32 %shift, -1
  %mask = select i1 %whole, i32 -1, i32 %partial
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 %mask, i1 %p)
  %v = zext i1 %any to i32
  store i32 %v, ptr %tmp
  %l = load i32, ptr %tmp
  store i32 %l, ptr addrspace(1) %out
  ret void
}

define void @helper(ptr addrspace(1) %out) {
  %whole = call i1 @__usycl_nvptx_whole_warps()
  %v = zext i1 %whole to i32
  store i32 %v, ptr addrspace(1) %out
  ret void
}
