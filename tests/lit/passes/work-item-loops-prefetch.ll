; One-dimensional groups read streams: work-item i of group g reads
; in[g * items + i], and the launcher runs a chunk's groups in order, so the
; next group reads the block after this one. Before such a loop over the
; work-items the pass prefetches, one cache line apart, the block at least
; 8 KB further on. Not for addresses that stay where they are from group to
; group (in[i], local memory), nor for groups of more dimensions.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -pass-remarks=usycl-work-item-loops -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare i64 @__usycl_cpu_work_item_local_id(i32)
declare void @__usycl_cpu_group_barrier() convergent

; REMARK-DAG: kernel 'stream': {{.*}}, 1 stream(s) prefetched a few groups ahead)
; REMARK-DAG: kernel 'same_block': {{.*}} below a bound)
; REMARK-DAG: kernel 'two_dimensions': {{.*}} below a bound)

; CHECK-LABEL: define i1 @stream(
; The block's bytes (items x 8), at least 8 KB ahead.
; CHECK: %wi.block.bytes = mul nuw nsw i64 %items, 8
; CHECK: %wi.prefetch.ahead = call i64 @llvm.umax.i64(i64 %wi.block.bytes, i64 8192)
; CHECK: wi.prefetch:
; CHECK: %wi.prefetch.at = phi i64 [ 0, %{{.*}} ], [ %[[NEXT:.*]], %wi.prefetch ]
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
; CHECK: %[[NEXT]] = add nuw nsw i64 %wi.prefetch.at, 64
; CHECK: icmp ult i64 %[[NEXT]], %wi.block.bytes
; Only the stream's loop: one prefetch loop.
; CHECK-NOT: call void @llvm.prefetch
; CHECK-LABEL: define i1 @same_block(
define i1 @stream(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %group.p = getelementptr i8, ptr %g, i64 80
  %group = load i64, ptr %group.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  %in = load ptr, ptr %obj
  %scratch.p = getelementptr i8, ptr %obj, i64 8
  %scratch = load ptr, ptr %scratch.p
  %first = mul i64 %group, %items
  %gid = add i64 %first, %lin
  %in.l = getelementptr double, ptr %in, i64 %gid
  %x = load double, ptr %in.l
  ; (in[gid + 1]: the same stream)
  %in.r = getelementptr double, ptr %in.l, i64 1
  %x1 = load double, ptr %in.r
  %x2 = fadd double %x, %x1
  %s.l = getelementptr double, ptr %scratch, i64 %lin
  store double %x2, ptr %s.l
  call void @__usycl_cpu_group_barrier()
  ; (scratch: the same addresses in every group)
  %y = load double, ptr %s.l
  %z = fadd double %y, %y
  store double %z, ptr %in.l
  ret i1 true
}

; Every group reads in[i]: nothing to prefetch.
; CHECK-NOT: call void @llvm.prefetch
; CHECK-LABEL: define i1 @two_dimensions(
define i1 @same_block(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  %in = load ptr, ptr %obj
  %in.l = getelementptr double, ptr %in, i64 %lin
  %x = load double, ptr %in.l
  call void @__usycl_cpu_group_barrier()
  %z = fadd double %x, %x
  store double %z, ptr %in.l
  ret i1 true
}

; Two dimensions: the next group's block need not follow this one's.
; CHECK-NOT: call void @llvm.prefetch
define i1 @two_dimensions(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %rows.p = getelementptr i8, ptr %g, i64 56
  %rows = load i64, ptr %rows.p
  %cols.p = getelementptr i8, ptr %g, i64 64
  %cols = load i64, ptr %cols.p
  %group.p = getelementptr i8, ptr %g, i64 88
  %group = load i64, ptr %group.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %rows, i64 %cols, i64 1, i32 16, i64 0, i64 0)
  %col = call i64 @__usycl_cpu_work_item_local_id(i32 1)
  %in = load ptr, ptr %obj
  %first = mul i64 %group, %cols
  %gid = add i64 %first, %col
  %in.l = getelementptr double, ptr %in, i64 %gid
  %x = load double, ptr %in.l
  call void @__usycl_cpu_group_barrier()
  %z = fadd double %x, %x
  store double %z, ptr %in.l
  ret i1 true
}
