; A constant sub-group width (the kernel's reqd_sub_group_size, made a
; constant by usycl-launch-sub-group-width): the work-item-loop pass adds a
; copy of its loops for groups whose size is a multiple of the width. There
; every sub-group is full: the lane loops run `width` times and the step gets
; `width` lanes, so both fold to that width's code. Other groups (a partial
; last sub-group) run the general loops.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; The full copy's step folds: no lane count is left to switch on there.
; RUN: opt -passes='default<O2>' -S %t.ll | FileCheck %s --check-prefix=OPT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_sub_group_barrier(ptr) convergent
declare ptr @__usycl_cpu_sub_group_block(i32)
declare void @record_lanes(i32)

; A step that reports how many lanes it folds.
define linkonce_odr void @count_step(ptr %block, i32 %n) {
  call void @record_lanes(i32 %n)
  ret void
}

; CHECK-LABEL: define i1 @fixed_width(
; The group size modulo 16 (simplified to a mask).
; CHECK: %[[REM:.*]] = and i64 %items, 15
; CHECK: %wi.sg.all.full = icmp eq i64 %[[REM]], 0
; CHECK: br i1 %wi.sg.all.full, label %wi.sg.full, label %wi.sg.partial
; The full copy calls the step with 16 lanes.
; CHECK: call void @record_lanes(i32 16)
; The general copy with the sub-group's lane count.
; CHECK: %wi.sg.lanes = call i64 @llvm.umin.i64(
; CHECK: call void @record_lanes(i32 %
; OPT-LABEL: define {{.*}}i1 @fixed_width(
; OPT: and i64 %{{.*}}, 15
; OPT: call void @record_lanes(i32 16)
define i1 @fixed_width(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  %lane = and i64 %lin, 15
  %sg = lshr i64 %lin, 4
  %sg32 = trunc i64 %sg to i32
  %in = load ptr, ptr %obj
  %src = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %src
  %block = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot = getelementptr float, ptr %block, i64 %lane
  store float %x, ptr %slot
  call void @__usycl_cpu_sub_group_barrier(ptr @count_step)
  ret i1 true
}

; A width known only at run time: one copy.
; CHECK-LABEL: define i1 @runtime_width(
; CHECK-NOT: wi.sg.all.full
; CHECK: ret i1 true
define i1 @runtime_width(ptr %obj, ptr %g) {
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
  %shift = call i64 @llvm.cttz.i64(i64 %w64, i1 true)
  %sg = lshr i64 %lin, %shift
  %sg32 = trunc i64 %sg to i32
  %block = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  call void @__usycl_cpu_sub_group_barrier(ptr @count_step)
  ret i1 true
}
