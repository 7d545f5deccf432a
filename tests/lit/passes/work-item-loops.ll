; CPU work-groups as loops over work-items (compiler/passes/work_item_loops.hpp).
;
; A group launcher's body is one work-item (__usycl_cpu_work_item_id); the
; pass cuts it at the barriers into regions, each a loop over the group's
; work-items; values live across a barrier go to per-work-item arrays; a
; region that begins `if (lid < n)` loops over the first n work-items only;
; a launcher the pass cannot handle returns false (the runtime's fibers).
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -pass-remarks=usycl-work-item-loops -pass-remarks-missed=usycl-work-item-loops -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK
; The loops vectorise in the rest of the pipeline.
; RUN: opt -passes='default<O3>' -pass-remarks=loop-vectorize -S %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=VEC
; Functions that reach a barrier become convergent at the pipeline's start.
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-barrier-convergence -S %s | FileCheck %s --check-prefix=CONV

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__usycl_cpu_assert_item = external thread_local(initialexec) global i64

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_group_barrier() convergent
declare void @_Z13other_unit_fnv()

; scratch[l] = in[l]; barrier; if (l < 4) scratch[l] += scratch[l + 4];
; barrier; out[l] = scratch[l] + 2 * in[l]   (2 * in[l] lives across both)
; CHECK-LABEL: define i1 @tree(
; CHECK-NOT: call void @__usycl_cpu_group_barrier
; CHECK: %wi.storage = call align 64 ptr @__usycl_cpu_work_item_storage(
; CHECK: wi.done:
; CHECK-NEXT: ret i1 true
; CHECK: wi.region0:
; CHECK-NEXT: %wi.lin0 = phi i64
; 2 * in[l] goes to its array in region 0, comes back in region 2.
; CHECK: store float %twice.r0, ptr %twice.reg2mem.wi
; Region 1 runs the work-items below 4 only, without the test.
; CHECK: wi.enter1:
; CHECK-NEXT: %wi.active = call i64 @llvm.umin.i64(i64 %items, i64 4)
; CHECK: wi.region1:
; CHECK-NEXT: %wi.lin1 = phi i64
; CHECK-NOT: icmp {{.*}} 4
; CHECK: icmp samesign ult i64 %{{.*}}, %wi.active
; CHECK: wi.region2:
; CHECK-NEXT: %wi.lin2 = phi i64
; CHECK: %twice.reload.r2 = load float
; REMARK-DAG: remark: {{.*}}kernel 'tree': work-group as 3 loop(s) over its work-items (2 barrier(s), 1 per-work-item array(s), 0 value(s) the same for all, 1 loop(s) over the work-items below a bound)
; VEC-DAG: remark: {{.*}}vectorized loop
define i1 @tree(ptr %obj, ptr %g) {
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
  %scratch.p = getelementptr i8, ptr %obj, i64 8
  %scratch = load ptr, ptr %scratch.p
  %out.p = getelementptr i8, ptr %obj, i64 16
  %out = load ptr, ptr %out.p
  %in.l = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %in.l
  %twice = fmul float %x, 2.0
  %s.l = getelementptr float, ptr %scratch, i64 %lin
  store float %x, ptr %s.l
  call void @__usycl_cpu_group_barrier()
  %low = icmp ult i64 %lin, 4
  br i1 %low, label %add, label %join
add:
  %l4 = add i64 %lin, 4
  %s.l4 = getelementptr float, ptr %scratch, i64 %l4
  %a = load float, ptr %s.l4
  %b = load float, ptr %s.l
  %sum = fadd float %a, %b
  store float %sum, ptr %s.l
  br label %join
join:
  call void @__usycl_cpu_group_barrier()
  %r = load float, ptr %s.l
  %t = fadd float %r, %twice
  %out.l = getelementptr float, ptr %out, i64 %lin
  store float %t, ptr %out.l
  ret i1 true
}

; A barrier in a loop whose trip count the kernel object holds: the counter
; (a phi live across the barrier) is kept per work-item.
; CHECK-LABEL: define i1 @counted(
; CHECK-NOT: call void @__usycl_cpu_group_barrier
; CHECK: call align 64 ptr @__usycl_cpu_work_item_storage(
; CHECK: ret i1 true
; REMARK-DAG: remark: {{.*}}kernel 'counted': work-group as 2 loop(s) over its work-items (1 barrier(s), {{[1-9]}} per-work-item array(s)
define i1 @counted(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  %n.p = getelementptr i8, ptr %obj, i64 8
  %n = load i64, ptr %n.p
  %data = load ptr, ptr %obj
  %d.l = getelementptr i64, ptr %data, i64 %lin
  %start = icmp eq i64 %n, 0
  br i1 %start, label %done, label %loop
loop:
  %k = phi i64 [ 0, %body ], [ %k.next, %loop ]
  %v = load i64, ptr %d.l
  call void @__usycl_cpu_group_barrier()
  %v2 = add i64 %v, %k
  store i64 %v2, ptr %d.l
  %k.next = add i64 %k, 1
  %again = icmp ult i64 %k.next, %n
  br i1 %again, label %loop, label %done
done:
  ret i1 true
}

; No barrier: one loop, no storage.
; CHECK-LABEL: define i1 @plain(
; CHECK-NOT: @__usycl_cpu_work_item_storage
; CHECK: ret i1 true
; CHECK: %wi.lin0 = phi i64
; REMARK-DAG: remark: {{.*}}kernel 'plain': work-group as 1 loop(s) over its work-items (0 barrier(s), 0 per-work-item array(s)
define i1 @plain(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  %data = load ptr, ptr %obj
  %d.l = getelementptr i32, ptr %data, i64 %lin
  %w = trunc i64 %lin to i32
  store i32 %w, ptr %d.l
  ret i1 true
}

; A call into another translation unit may hide a barrier: fibers.
; CHECK-LABEL: define i1 @external(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i1 false
; REMARK-DAG: remark: {{.*}}kernel 'external' runs its work-items as fibers on the CPU (slower): the kernel calls 'other_unit_fn()', defined in another translation unit, which may wait at a barrier
define i1 @external(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  call void @_Z13other_unit_fnv()
  call void @__usycl_cpu_group_barrier()
  ret i1 true
}

; A helper that waits at a barrier, and its callers, are convergent.
; CONV: define void @helper() #[[C:[0-9]+]]
; CONV: call void @__usycl_cpu_group_barrier()
; CONV: define void @user() #[[C]]
; CONV: call void @helper() #[[C]]
; CONV: attributes #[[C]] = { convergent }
define void @helper() {
  call void @__usycl_cpu_group_barrier()
  ret void
}
define void @user() {
  call void @helper()
  ret void
}

; Pointer phis walking a private array form a cycle of uses: each is
; followed once (this hung the pass on a HeCBench kernel).
; REMARK-DAG: remark: {{.*}}kernel 'cycle': work-group as 2 loop(s) over its work-items (1 barrier(s), 1 per-work-item array(s)
define i1 @cycle(ptr %obj, ptr %g) {
entry:
  %arr = alloca [4 x i32]
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items.p = getelementptr i8, ptr %g, i64 56
  %items = load i64, ptr %items.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 0, i64 0)
  br label %loop
loop:
  %p = phi ptr [ %arr, %body ], [ %p.next, %loop ]
  %i = phi i64 [ 0, %body ], [ %i.next, %loop ]
  %w = trunc i64 %lin to i32
  store i32 %w, ptr %p
  %p.next = getelementptr i32, ptr %p, i64 1
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 4
  br i1 %more, label %loop, label %after
after:
  call void @__usycl_cpu_group_barrier()
  %v.p = getelementptr i32, ptr %arr, i64 3
  %v = load i32, ptr %v.p
  %data = load ptr, ptr %obj
  %d.l = getelementptr i32, ptr %data, i64 %lin
  store i32 %v, ptr %d.l
  ret i1 true
}
