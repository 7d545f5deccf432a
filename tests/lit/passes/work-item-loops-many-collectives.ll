; Many sub-group collectives (more than 8 regions): every lane loop sits in
; the one dispatch loop inside the loop over the sub-groups, where LLVM's
; loop strength reduction takes time far beyond linear in the code (a
; SYCL-CTS joint-scan file took 40 minutes). The pass makes each lane loop a
; function of its own and leaves the collectives' steps as calls. Up to 8
; regions the loops and steps stay inline.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -S %s -o %t.ll \
; RUN:   -pass-remarks=usycl-work-item-loops 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: opt -passes=verify -disable-output %t.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_sub_group_barrier(ptr) convergent
declare ptr @__usycl_cpu_sub_group_block(i32)

; Sums the lanes' values into lane 0's slot.
define linkonce_odr void @sum_step(ptr %block, i32 %n) {
entry:
  %n64 = zext i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %block, i64 %i
  %v = load float, ptr %p
  %acc.next = fadd float %acc, %v
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n64
  br i1 %more, label %loop, label %done
done:
  store float %acc.next, ptr %block
  ret void
}

; REMARK-DAG: remark: {{.*}} work-group as 10 loop(s) over its work-items (9 barrier(s), {{.*}}, 10 of them functions of their own (many collectives))
; REMARK-DAG: remark: {{.*}} work-group as 8 loop(s) over its work-items (7 barrier(s), {{.*}} below a bound)

; CHECK-LABEL: define i1 @ten_regions(
; The steps stay calls, the lane loops are calls.
; CHECK: call void @ten_regions.wi.lanes
; CHECK: call void @sum_step(

; CHECK-LABEL: define i1 @eight_regions(
; CHECK-NOT: call void @sum_step(
; CHECK-NOT: wi.lanes

; The loops of @ten_regions, each a function the optimiser does not inline
; back.
; CHECK-LABEL: define internal void @ten_regions.wi.lanes(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = {{{.*}}noinline

define i1 @ten_regions(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %w.p = getelementptr i8, ptr %g, i64 104
  %w = load i32, ptr %w.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 %w, i64 0, i64 0)
  %w64 = zext i32 %w to i64
  %lane = urem i64 %lin, %w64
  %sg = udiv i64 %lin, %w64
  %sg32 = trunc i64 %sg to i32
  %in = load ptr, ptr %obj
  %src = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %src
  %block0 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot0 = getelementptr float, ptr %block0, i64 %lane
  store float %x, ptr %slot0
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block1 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot1 = getelementptr float, ptr %block1, i64 %lane
  store float %x, ptr %slot1
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block2 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot2 = getelementptr float, ptr %block2, i64 %lane
  store float %x, ptr %slot2
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block3 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot3 = getelementptr float, ptr %block3, i64 %lane
  store float %x, ptr %slot3
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block4 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot4 = getelementptr float, ptr %block4, i64 %lane
  store float %x, ptr %slot4
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block5 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot5 = getelementptr float, ptr %block5, i64 %lane
  store float %x, ptr %slot5
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block6 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot6 = getelementptr float, ptr %block6, i64 %lane
  store float %x, ptr %slot6
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block7 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot7 = getelementptr float, ptr %block7, i64 %lane
  store float %x, ptr %slot7
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block8 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot8 = getelementptr float, ptr %block8, i64 %lane
  store float %x, ptr %slot8
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %dst = getelementptr float, ptr %in, i64 %lin
  store float %x, ptr %dst
  ret i1 true
}

define i1 @eight_regions(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %w.p = getelementptr i8, ptr %g, i64 104
  %w = load i32, ptr %w.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 %w, i64 0, i64 0)
  %w64 = zext i32 %w to i64
  %lane = urem i64 %lin, %w64
  %sg = udiv i64 %lin, %w64
  %sg32 = trunc i64 %sg to i32
  %in = load ptr, ptr %obj
  %src = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %src
  %block0 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot0 = getelementptr float, ptr %block0, i64 %lane
  store float %x, ptr %slot0
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block1 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot1 = getelementptr float, ptr %block1, i64 %lane
  store float %x, ptr %slot1
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block2 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot2 = getelementptr float, ptr %block2, i64 %lane
  store float %x, ptr %slot2
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block3 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot3 = getelementptr float, ptr %block3, i64 %lane
  store float %x, ptr %slot3
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block4 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot4 = getelementptr float, ptr %block4, i64 %lane
  store float %x, ptr %slot4
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block5 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot5 = getelementptr float, ptr %block5, i64 %lane
  store float %x, ptr %slot5
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %block6 = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot6 = getelementptr float, ptr %block6, i64 %lane
  store float %x, ptr %slot6
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %dst = getelementptr float, ptr %in, i64 %lin
  store float %x, ptr %dst
  ret i1 true
}
