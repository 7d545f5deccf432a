; Divisible work-groups (compiler/passes/work_item_loops.hpp,
; WorkItemRangeQuery): a launcher that becomes one loop over its work-items,
; with no barrier and nothing that reaches the group's local memory, runs the
; work-items [begin, end) its caller asks for (end 0: all), and answers a
; query (end = ~0) with true without running any; every other launcher
; answers false. The CPU runtime splits groups among threads so.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-item-loops -pass-remarks=usycl-work-item-loops -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__usycl_cpu_local_memory = external thread_local(initialexec) global ptr

declare zeroext i1 @__usycl_cpu_work_item_loops()
declare i64 @__usycl_cpu_work_item_id(i64, i64, i64, i32, i64, i64)
declare void @__usycl_cpu_group_barrier() convergent

; out[lin] = 2 * in[lin]: one loop from begin to end (end 0: the group).
; (A query, end = -1, takes neither the loop nor anything but `ret true`.)
; CHECK-LABEL: define i1 @scale(
; CHECK: %wi.range.query = icmp ne i64 %end, -1
; CHECK: %wi.range.end = select i1 %{{.*}}, i64 %items, i64 %end
; CHECK: %[[NONEMPTY:.*]] = icmp ult i64 %begin, %wi.range.end
; CHECK: %[[GO:.*]] = select i1 %wi.range.query, i1 %[[NONEMPTY]], i1 false
; CHECK: br i1 %[[GO]], label %wi.region0, label %[[RET:.*]]
; CHECK: [[RET]]:
; CHECK-NEXT: ret i1 true
; CHECK: wi.region0:
; CHECK-NEXT: %wi.lin0 = phi i64 [ %{{.*}}, %wi.region0 ], [ %begin, %entry ]
; CHECK: icmp ult i64 %{{.*}}, %wi.range.end
; REMARK-DAG: kernel 'scale': work-group as 1 loop(s) {{.*}}; its work-items may run on several threads
define i1 @scale(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items = load i64, ptr %g
  %begin.p = getelementptr i8, ptr %g, i64 8
  %begin = load i64, ptr %begin.p
  %end.p = getelementptr i8, ptr %g, i64 16
  %end = load i64, ptr %end.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 %begin, i64 %end)
  %in = load ptr, ptr %obj
  %out.p = getelementptr i8, ptr %obj, i64 8
  %out = load ptr, ptr %out.p
  %in.l = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %in.l
  %y = fmul float %x, 2.0
  %out.l = getelementptr float, ptr %out, i64 %lin
  store float %y, ptr %out.l
  ret i1 true
}

; A barrier: the group runs whole on one thread; a query runs nothing.
; CHECK-LABEL: define i1 @with_barrier(
; CHECK: %wi.range.query = icmp eq i64 %end, -1
; CHECK: br i1 %wi.range.query, label %[[RET:.*]], label %wi.region0
; CHECK: [[RET]]:
; CHECK-NEXT: phi i1 [ false, %entry ], [ true, %wi.region1 ]
; CHECK: %wi.lin0 = phi i64 [ %{{.*}}, %wi.region0 ], [ 0, %entry ]
; REMARK-DAG: kernel 'with_barrier': work-group as 2 loop(s) over its work-items (1 barrier(s), {{[^;]*}}){{$}}
define i1 @with_barrier(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items = load i64, ptr %g
  %begin.p = getelementptr i8, ptr %g, i64 8
  %begin = load i64, ptr %begin.p
  %end.p = getelementptr i8, ptr %g, i64 16
  %end = load i64, ptr %end.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 %begin, i64 %end)
  %in = load ptr, ptr %obj
  %in.l = getelementptr float, ptr %in, i64 %lin
  %x = load float, ptr %in.l
  call void @__usycl_cpu_group_barrier()
  %y = fmul float %x, 2.0
  store float %y, ptr %in.l
  ret i1 true
}

; No barrier, but a helper reaches the group's local memory (an atomic
; counter in a local_accessor needs no barrier): not divisible.
; CHECK-LABEL: define i1 @local_counter(
; CHECK: %wi.range.query = icmp ne i64 %end, -1
; CHECK: ret i1 %wi.range.query
; CHECK: %wi.lin0 = phi i64 [ %{{.*}}, %wi.region0 ], [ 0, %entry ]
; REMARK-DAG: kernel 'local_counter': work-group as 1 loop(s) over its work-items ({{[^;]*}}){{$}}
define internal i32 @bump() noinline {
  %tls = call ptr @llvm.threadlocal.address.p0(ptr @__usycl_cpu_local_memory)
  %base = load ptr, ptr %tls
  %old = atomicrmw add ptr %base, i32 1 monotonic
  ret i32 %old
}
declare ptr @llvm.threadlocal.address.p0(ptr)

define i1 @local_counter(ptr %obj, ptr %g) {
entry:
  %on = call i1 @__usycl_cpu_work_item_loops()
  br i1 %on, label %body, label %off
off:
  ret i1 false
body:
  %items = load i64, ptr %g
  %begin.p = getelementptr i8, ptr %g, i64 8
  %begin = load i64, ptr %begin.p
  %end.p = getelementptr i8, ptr %g, i64 16
  %end = load i64, ptr %end.p
  %lin = call i64 @__usycl_cpu_work_item_id(i64 %items, i64 1, i64 1, i32 16, i64 %begin, i64 %end)
  %slot = call i32 @bump()
  %out = load ptr, ptr %obj
  %out.l = getelementptr i32, ptr %out, i64 %lin
  store i32 %slot, ptr %out.l
  ret i1 true
}
