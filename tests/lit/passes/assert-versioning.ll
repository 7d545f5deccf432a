; CPU work-item loops with asserts (compiler/passes/assert_versioning.hpp).
;
; The tag pass marks the loop around the launchers' note of the running
; work-item; the versioning pass turns a marked loop whose asserts are
; checked before the work-item writes memory into a loop over blocks of
; work-items: check loops (reads only, the conditions and-ed into `ok`),
; copies without the checks (one of them fused with the next block's
; checks), and the original loop for a block where some check fails.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-tag-work-item-loops -S %s | FileCheck %s --check-prefix=TAG
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-tag-work-item-loops,usycl-assert-versioning' -pass-remarks=usycl-assert-versioning -pass-remarks-missed=usycl-assert-versioning -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK
; The result is valid IR whose new loops the O3 pipeline vectorises.
; RUN: opt -passes='default<O3>' -S %t.ll | FileCheck %s --check-prefix=VEC

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__usycl_cpu_assert_item = external thread_local(initialexec) global i64
@expr = private constant [7 x i8] c"b >= 0\00"
@file = private constant [6 x i8] c"t.cpp\00"
@func = private constant [2 x i8] c"f\00"

declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn nounwind
declare void @opaque(ptr)

; TAG-LABEL: define void @triad(
; TAG: br i1 %done, label %exit, label %loop, !llvm.loop [[ID:![0-9]+]]

; REMARK-DAG: remark: <unknown>:0:0: work-item loop: 1 assert check(s) evaluated a block of work-items ahead; the work-items run without them
; REMARK-DAG: remark: <unknown>:0:0: work-item loop with asserts not versioned: a work-item writes memory before it checks an assert
; REMARK-DAG: remark: <unknown>:0:0: work-item loop with asserts not versioned: a later assert's check reads memory an earlier assert guards
; REMARK-DAG: remark: <unknown>:0:0: work-item loop with asserts not versioned: the work-items call functions that may write memory, or use atomics or volatile accesses

; a[i] = b[i] + s * c[i] after assert(b[i] >= 0), over [0, n).
; CHECK-LABEL: define void @triad(
; CHECK: entry:
; CHECK: %usycl.assert.first.end = add nuw i64 0,
; CHECK: br label %usycl.assert.first
; The original loop, run for a block where a check failed; it reports.
; CHECK: loop:
; CHECK-NEXT: %i = phi i64 [ %[[BLOCK:usycl.assert.block[0-9]*]], %usycl.assert.slow ], [ %i.next, %body ]
; CHECK: br i1 %neg, label %fail, label %body
; CHECK: call void @__assert_fail(
; CHECK: %done = icmp eq i64 %i.next, %[[BLOCKEND:usycl.assert.block.end[0-9]*]]
; CHECK-NEXT: br i1 %done, label %usycl.assert.body.done, label %loop, !llvm.loop [[SLOW:![0-9]+]]
; The first block's checks: loads b, no store, no call.
; CHECK: loop.usycl.check0:
; CHECK-NEXT: %usycl.assert.ok = phi i1 [ true, %usycl.assert.first ], [ %usycl.assert.ok.next, %body.usycl.check0 ]
; CHECK-NOT: {{store|call}}
; CHECK: %usycl.assert.ok.next = and i1 %usycl.assert.ok,
; CHECK-NOT: {{store|call}}
; CHECK: br i1 %done.usycl.check0, label %usycl.assert.first.done, label %loop.usycl.check0, !llvm.loop
; The next block's checks, after a block that ran alone.
; CHECK: loop.usycl.check:
; CHECK-NEXT: %usycl.assert.ok{{[0-9]+}} = phi i1 [ true, %usycl.assert.next ],
; CHECK-NEXT: %i.usycl.check = phi i64 [ %[[BLOCKEND]], %usycl.assert.next ],
; CHECK-NOT: {{store|call}}
; CHECK: br i1 %done.usycl.check, label %usycl.assert.next.done, label %loop.usycl.check, !llvm.loop
; A block without checks.
; CHECK: loop.usycl.fast:
; CHECK-NOT: {{call|store i64}}
; CHECK: store double
; CHECK-NOT: call
; CHECK: br i1 %done.usycl.fast, label %usycl.assert.body.done, label %loop.usycl.fast, !llvm.loop
; A block without checks, fused with the checks of the next block.
; CHECK: loop.usycl.fused:
; CHECK-NEXT: %usycl.assert.ahead.ok = phi i1 [ true, %usycl.assert.fused ],
; CHECK-NOT: call
; CHECK: store double
; CHECK: %usycl.assert.ahead = add i64 %i.usycl.fused, %usycl.assert.block.len
; CHECK-NEXT: %pb.ahead = getelementptr inbounds double, ptr %b, i64 %usycl.assert.ahead
; CHECK-NEXT: %vb.ahead = load double, ptr %pb.ahead
; CHECK-NEXT: %neg.ahead = fcmp ult double %vb.ahead, 0.0
; CHECK: %usycl.assert.ahead.ok.next = and i1 %usycl.assert.ahead.ok,
; CHECK-NEXT: br i1 %done.usycl.fused, label %usycl.assert.fused.done, label %loop.usycl.fused, !llvm.loop
; The loop over blocks.
; CHECK: usycl.assert.block:
; CHECK: br i1 %usycl.assert.block.ok, label %usycl.assert.passed, label %usycl.assert.slow
; CHECK: usycl.assert.passed:
; CHECK-NEXT: [[SAME:%[0-9]+]] = icmp eq i64 %usycl.assert.next.len, %usycl.assert.block.len
; CHECK-NEXT: br i1 [[SAME]], label %usycl.assert.fused, label %usycl.assert.fast
; CHECK: usycl.assert.block.end:
; CHECK-NEXT: %usycl.assert.next.ok = phi i1 [ %usycl.assert.ahead.all, %usycl.assert.fused.done ], [ true, %usycl.assert.body.done ], [ %usycl.assert.all{{[0-9]+}}, %usycl.assert.next.done ]

; VEC-LABEL: define void @triad(
; VEC: vector.body{{[0-9]*}}:
; VEC: fcmp {{.*}}<{{[0-9]+}} x double>
; VEC: loop.usycl.fast:
; VEC: vector.body{{[0-9]*}}:
; VEC: store <{{[0-9]+}} x double>
; VEC: store <{{[0-9]+}} x double>
; VEC: fcmp {{.*}}<{{[0-9]+}} x double>
define void @triad(ptr noalias %a, ptr noalias %b, ptr noalias %c, double %s, i64 %n) {
entry:
  %item = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_assert_item)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  store i64 %i, ptr %item
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %vb = load double, ptr %pb
  %neg = fcmp ult double %vb, 0.0
  br i1 %neg, label %fail, label %body
fail:
  call void @__assert_fail(ptr @expr, ptr @file, i32 7, ptr @func)
  unreachable
body:
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %vc = load double, ptr %pc
  %m = fmul double %s, %vc
  %r = fadd double %vb, %m
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  store double %r, ptr %pa
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; a[i] = 1; assert(a[i] == 1): the check reads the work-item's own store.
; CHECK-LABEL: define void @store_first(
; CHECK-NOT: usycl.check
; CHECK: ret void
define void @store_first(ptr %a, i64 %n) {
entry:
  %item = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_assert_item)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %cont ]
  store i64 %i, ptr %item
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 1, ptr %pa
  %v = load i32, ptr %pa
  %bad = icmp ne i32 %v, 1
  br i1 %bad, label %fail, label %cont
fail:
  call void @__assert_fail(ptr @expr, ptr @file, i32 9, ptr @func)
  unreachable
cont:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; assert(idx[i] < n); assert(data[idx[i]] > 0): the second check's load is
; only safe where the first passed.
; CHECK-LABEL: define void @guarded_load(
; CHECK-NOT: usycl.check
; CHECK: ret void
define void @guarded_load(ptr %idx, ptr %data, ptr %out, i64 %n) {
entry:
  %item = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_assert_item)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %second.ok ]
  store i64 %i, ptr %item
  %pi = getelementptr inbounds i64, ptr %idx, i64 %i
  %k = load i64, ptr %pi
  %out.of.range = icmp uge i64 %k, %n
  br i1 %out.of.range, label %fail1, label %first.ok
fail1:
  call void @__assert_fail(ptr @expr, ptr @file, i32 11, ptr @func)
  unreachable
first.ok:
  %pd = getelementptr inbounds i32, ptr %data, i64 %k
  %d = load i32, ptr %pd
  %nonpos = icmp sle i32 %d, 0
  br i1 %nonpos, label %fail2, label %second.ok
fail2:
  call void @__assert_fail(ptr @expr, ptr @file, i32 12, ptr @func)
  unreachable
second.ok:
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %d, ptr %po
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; An atomic counter: work-items may talk through it, so no reordering.
; CHECK-LABEL: define void @atomic_count(
; CHECK-NOT: usycl.check
; CHECK: ret void
define void @atomic_count(ptr %counter, ptr %in, i64 %n) {
entry:
  %item = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_assert_item)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %cont ]
  store i64 %i, ptr %item
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %p
  %bad = icmp slt i32 %v, 0
  br i1 %bad, label %fail, label %cont
fail:
  call void @__assert_fail(ptr @expr, ptr @file, i32 13, ptr @func)
  unreachable
cont:
  %old = atomicrmw add ptr %counter, i32 %v seq_cst
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A loop of the kernel's own (no note of the work-item in it) is not a
; work-item loop: its iterations are ordered.
; TAG-LABEL: define void @own_loop(
; TAG: br i1 %done, label %exit, label %loop{{$}}
; TAG: [[ID]] = distinct !{[[ID]], [[PROP:![0-9]+]]}
; TAG: [[PROP]] = !{!"usycl.work_item_loop", i32 0}
; CHECK-LABEL: define void @own_loop(
; CHECK-NOT: usycl.check
; CHECK: ret void
define void @own_loop(ptr %a, i64 %n) {
entry:
  %item = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_assert_item)
  store i64 0, ptr %item
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i.next, %cont ]
  %prev = getelementptr inbounds i32, ptr %a, i64 %i
  %pp = getelementptr inbounds i32, ptr %prev, i64 -1
  %v = load i32, ptr %pp
  %bad = icmp slt i32 %v, 0
  br i1 %bad, label %fail, label %cont
fail:
  call void @__assert_fail(ptr @expr, ptr @file, i32 15, ptr @func)
  unreachable
cont:
  %w = add i32 %v, 1
  store i32 %w, ptr %prev
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare ptr @llvm.threadlocal.address.p0(ptr)

; The original loop is neither vectorised nor unrolled.
; CHECK: [[SLOW]] = distinct !{[[SLOW]], [[DONE:![0-9]+]], [[NOVEC:![0-9]+]], [[NOUNROLL:![0-9]+]]}
; CHECK: [[DONE]] = !{!"usycl.assert_versioned"}
; CHECK: [[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK: [[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
