; usycl-whole-warp-versioning (compiler/passes/whole_warps.hpp): a kernel
; asking __usycl_nvptx_whole_warps() gets two copies of its body, chosen at
; the entry by ntid.x * ntid.y * ntid.z % 32 == 0; the copy for whole warps
; votes with the constant mask 0xffffffff, the other with the computed one.
; Static allocas stay in the entry block. Other functions (and -O0, the
; lowering form) compute the condition where they ask.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-whole-warp-versioning -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-whole-warp-versioning,instcombine,simplifycfg' -S %s \
; RUN:   | FileCheck %s --check-prefix=FOLDED
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-whole-warp-lowering -S %s | FileCheck %s --check-prefix=LOWER
;
; CHECK-LABEL: define ptx_kernel void @vote(
; CHECK-NEXT:  entry.version:
; CHECK-NEXT:    %tmp = alloca [4 x i32]
; CHECK-NEXT:    %tmp.whole = alloca [4 x i32]
; CHECK:         %block.threads = mul i32
; CHECK:         %whole.warps = icmp eq i32 %{{.*}}, 0
; CHECK-NEXT:    br i1 %whole.warps, label %entry.whole, label %entry
; CHECK-NOT:   __usycl_nvptx_whole_warps
; CHECK:       define void @helper(
; CHECK:         %whole.warps = icmp eq i32
; CHECK-NOT:   declare {{.*}}__usycl_nvptx_whole_warps
;
; FOLDED-LABEL: define ptx_kernel void @vote(
; FOLDED-DAG:     call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %p
; FOLDED-DAG:     call i1 @llvm.nvvm.vote.any.sync(i32 %partial, i1 %p
;
; LOWER-LABEL: define ptx_kernel void @vote(
; LOWER-NEXT:  entry:
; LOWER-NEXT:    %tmp = alloca [4 x i32]
; LOWER:         %whole.warps = icmp eq i32
; LOWER-NOT:   entry.whole

target triple = "nvptx64-nvidia-cuda"

declare i1 @__usycl_nvptx_whole_warps()
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)

define ptx_kernel void @vote(ptr addrspace(1) %out, i32 %lanes, i1 %p) {
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
