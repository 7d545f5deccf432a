; CPU sub-groups in the work-item-loop pass (compiler/passes/work_item_loops.hpp).
;
; A sub-group collective is __usycl_cpu_sub_group_barrier(step): the pass
; cuts regions there too, loops over the sub-groups and, in each, over its
; work-items; the step runs once per sub-group between two regions (inlined);
; __usycl_cpu_sub_group_block becomes an address in the per-thread storage;
; each sub-group runs its regions on its own up to a work-group barrier,
; because sub-groups may take different paths.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -pass-remarks=usycl-work-item-loops -pass-remarks-missed=usycl-work-item-loops -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK
; The loops over a sub-group's work-items vectorise in the rest of the pipeline.
; RUN: opt -passes='default<O3>' -pass-remarks=loop-vectorize -S %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=VEC
; Functions that reach a sub-group barrier become convergent too.
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-barrier-convergence -S %s | FileCheck %s --check-prefix=CONV

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_group_barrier() convergent
declare void @__usycl_cpu_sub_group_barrier(ptr) convergent
declare ptr @__usycl_cpu_sub_group_block(i32)

; The step of a sum: folds the n lanes' floats into the results half.
define linkonce_odr void @sum_step(ptr %block, i32 %n) {
entry:
  %first = load float, ptr %block
  %more = icmp ugt i32 %n, 1
  br i1 %more, label %loop, label %done
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi float [ %first, %entry ], [ %acc.next, %loop ]
  %i64 = zext i32 %i to i64
  %p = getelementptr float, ptr %block, i64 %i64
  %v = load float, ptr %p
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %again = icmp ult i32 %i.next, %n
  br i1 %again, label %loop, label %done
done:
  %sum = phi float [ %first, %entry ], [ %acc.next, %loop ]
  %n64 = zext i32 %n to i64
  %off = mul i64 %n64, 64
  %out = getelementptr i8, ptr %block, i64 %off
  store float %sum, ptr %out
  ret void
}

; out[sg] = reduce_over_group(sg, in[l], plus) (written by the leader).
; CHECK-LABEL: define i1 @sg_sum(
; CHECK-NOT: call void @__usycl_cpu_sub_group_barrier
; CHECK-NOT: call ptr @__usycl_cpu_sub_group_block
; CHECK-NOT: call void @sum_step
; CHECK: %wi.sub.groups = udiv i64
; A width known only at run time: the exchange block (W * 128 bytes) is
; the per-thread storage, its first and only part here.
; CHECK: %[[BYTES:[0-9]+]] = shl nuw nsw i64 %wi.sg.width{{[0-9]*}}, 7
; CHECK-NEXT: %wi.storage = call align 64 ptr @__usycl_cpu_work_item_storage(i64 %[[BYTES]])
; One sub-group after the other: its work-items in region 0, the step
; (inlined) once they all stopped at the collective, then the same
; sub-group's region 1.
; CHECK: wi.sg:
; CHECK: %wi.sg.lanes = call i64 @llvm.umin.i64(
; CHECK: wi.sg.dispatch:
; CHECK: wi.region0:
; CHECK-NEXT: %wi.lane0 = phi i64
; CHECK: wi.sg.step0.1:
; CHECK: fadd float
; CHECK: wi.region1:
; REMARK-DAG: remark: {{.*}}kernel 'sg_sum': work-group as 2 loop(s) over its work-items (1 barrier(s)
; VEC-DAG: remark: {{.*}}vectorized loop
define i1 @sg_sum(ptr %obj, ptr %g) {
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
  %mask = add i64 %w64, -1
  %lane = and i64 %lin, %mask
  %shift = call i64 @llvm.cttz.i64(i64 %w64, i1 true)
  %sg = lshr i64 %lin, %shift
  %sg32 = trunc i64 %sg to i32
  %in = load ptr, ptr %obj
  %src = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %src
  %block = call ptr @__usycl_cpu_sub_group_block(i32 %sg32)
  %slot = getelementptr float, ptr %block, i64 %lane
  store float %x, ptr %slot
  call void @__usycl_cpu_sub_group_barrier(ptr @sum_step)
  %res.off = shl i64 %w64, 6
  %res = getelementptr i8, ptr %block, i64 %res.off
  %sum = load float, ptr %res
  %leader = icmp eq i64 %lane, 0
  br i1 %leader, label %write, label %end
write:
  %out.p = getelementptr i8, ptr %obj, i64 8
  %out = load ptr, ptr %out.p
  %dst = getelementptr float, ptr %out, i64 %sg
  store float %sum, ptr %dst
  br label %end
end:
  ret i1 true
}

; Sub-groups diverge: the even ones exchange at a sub-group barrier (a
; null step: sub_group::barrier()), the odd ones do not; then all meet at a
; work-group barrier.
; CHECK-LABEL: define i1 @diverge(
; CHECK-NOT: call void @__usycl_cpu_sub_group_barrier
; CHECK-NOT: call void @__usycl_cpu_group_barrier
; Each sub-group runs until it reaches the work-group barrier (2): the even
; ones through the sub-group barrier's region (1) first. Then the phase of
; the barrier they wait at starts, or the launcher returns (one value for
; all sub-groups, by SYCL's rule the same barrier: kept in a register).
; CHECK: wi.sg.start:
; CHECK-NEXT: %wi.sg.phase = phi i32 [ 0, %entry ], [ 2, %wi.sg.phase.done ]
; CHECK: wi.sg.dispatch:
; CHECK-NEXT: %wi.sg.region = phi i32 [ %wi.sg.phase, %wi.sg ], [ 1, %wi.sg.done0 ]
; Region 1 (the even ones, after their exchange) and the odd ones straight
; from region 0 stop at the work-group barrier; region 2 returns.
; CHECK: %[[AT_BARRIER:wi.sg.next[.0-9]*]] = phi i1 [ true, %wi.region1 ], [ true, %wi.sg.done0 ], [ false, %wi.region2 ]
; CHECK: wi.sg.phase.done:
; CHECK-NEXT: br i1 %[[AT_BARRIER]], label %wi.sg.start, label %wi.done
; REMARK-DAG: remark: {{.*}}kernel 'diverge': work-group as 3 loop(s) over its work-items (2 barrier(s)
define i1 @diverge(ptr %obj, ptr %g) {
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
  %odd = and i64 %sg, 1
  %even = icmp eq i64 %odd, 0
  %in = load ptr, ptr %obj
  %src = getelementptr i32, ptr %in, i64 %lin
  %x = load i32, ptr %src
  br i1 %even, label %exchange, label %meet
exchange:
  call void @__usycl_cpu_sub_group_barrier(ptr null)
  br label %meet
meet:
  %y = phi i32 [ %x, %body ], [ 7, %exchange ]
  call void @__usycl_cpu_group_barrier()
  %out.p = getelementptr i8, ptr %obj, i64 8
  %out = load ptr, ptr %out.p
  %dst = getelementptr i32, ptr %out, i64 %lin
  store i32 %y, ptr %dst
  ret i1 true
}

; CONV: define linkonce_odr void @sum_step(
; CONV: define i1 @sg_sum(ptr %obj, ptr %g) #[[SGCONV:[0-9]+]]
; CONV: call void @__usycl_cpu_sub_group_barrier(ptr @sum_step) #[[CALLCONV:[0-9]+]]
; CONV: attributes #[[SGCONV]] = { convergent }

declare i64 @llvm.cttz.i64(i64, i1)
