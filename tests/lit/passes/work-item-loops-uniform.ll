; Values the same for every work-item of the group, live across barriers,
; get one slot per group instead of one per work-item
; (compiler/passes/work_item_loops.cpp, shareUniformSlots): the counter of
; a loop with barriers in it. Its next value is stored in the region that
; also reads the old one (the latch after the second barrier, then the loop
; test and the next tile's load): those reads before the store read a copy
; taken as the region begins (promoted to registers by the pass's clean-up). The value accumulated per work-item keeps its
; per-work-item arrays. With the counter uniform, the tile loads are
; consecutive over the work-items and vectorise.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -pass-remarks=usycl-work-item-loops -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK
; RUN: opt -passes='default<O3>' -pass-remarks=loop-vectorize -S %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=VEC

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_group_barrier() convergent

; for (t = 0; t < n; t += 16) {
;   tile[l] = in[t + l]; barrier; acc += tile[15 - l]; barrier;
; }
; out[l] = acc;
; CHECK-LABEL: define i1 @tiles(
; CHECK-NOT: %t.reg2mem.wi
; Once the pass's clean-up promoted the group's slot, the counter is a
; value of the group's code, advanced once per group, and the loop test
; chooses between two loops over the work-items (one loads the next tile,
; one writes the result), neither with a branch inside.
; CHECK: wi.enter1:
; CHECK-NEXT: %[[T:t.reg2mem.*]] = phi i64 [ 0, %wi.region0 ], [ %t.next.r2, %wi.region2.us ]
; CHECK: wi.enter2:
; CHECK-NEXT: %t.next.r2 = add i64 %[[T]], 16
; CHECK-NEXT: %more.r2 = icmp ult i64 %t.next.r2, %n
; CHECK-NEXT: %[[TILE:.*]] = getelementptr float, ptr %in, i64 %t.next.r2
; CHECK-NEXT: br i1 %more.r2, label %wi.region2.us, label %wi.region2
; CHECK: wi.region2.us:
; CHECK: getelementptr float, ptr %[[TILE]], i64 %wi.lin2.us
; CHECK: br i1 %{{.*}}, label %wi.region2.us, label %wi.enter1
; REMARK: remark: {{.*}}kernel 'tiles': work-group as 3 loop(s) over its work-items (2 barrier(s), 2 per-work-item array(s), 1 value(s) the same for all, 0 loop(s) over the work-items below a bound)
; VEC: remark: {{.*}}vectorized loop
define i1 @tiles(ptr %obj, ptr %g) {
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
  %tile.p = getelementptr i8, ptr %obj, i64 8
  %tile = load ptr, ptr %tile.p
  %out.p = getelementptr i8, ptr %obj, i64 16
  %out = load ptr, ptr %out.p
  %n.p = getelementptr i8, ptr %obj, i64 24
  %n = load i64, ptr %n.p
  br label %head
head:
  %t = phi i64 [ 0, %body ], [ %t.next, %latch ]
  %acc = phi float [ 0.0, %body ], [ %acc.next, %latch ]
  %more = icmp ult i64 %t, %n
  br i1 %more, label %step, label %done
step:
  %src = add i64 %t, %lin
  %in.l = getelementptr float, ptr %in, i64 %src
  %v = load float, ptr %in.l
  %tile.l = getelementptr float, ptr %tile, i64 %lin
  store float %v, ptr %tile.l
  call void @__usycl_cpu_group_barrier()
  %mirror = sub i64 15, %lin
  %tile.m = getelementptr float, ptr %tile, i64 %mirror
  %w = load float, ptr %tile.m
  %acc.next = fadd float %acc, %w
  call void @__usycl_cpu_group_barrier()
  br label %latch
latch:
  %t.next = add i64 %t, 16
  br label %head
done:
  %out.l = getelementptr float, ptr %out, i64 %lin
  store float %acc, ptr %out.l
  ret i1 true
}
