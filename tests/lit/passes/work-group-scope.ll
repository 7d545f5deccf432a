; usycl-work-group-scope-to-shared: the function that calls
; __usycl_work_group_scope (a hierarchical kernel's leader) gets every call
; inlined except those to work-item scope runners (they call
; __usycl_work_item_scope); its allocas whose address escapes become
; addrspace(3) globals, the others stay per-thread; the markers go away.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-work-group-scope-to-shared -S %s | FileCheck %s
;
; CHECK-DAG: @__usycl_wg_scope.helper_var.i = internal addrspace(3) global i32 undef, align 4
; CHECK-DAG: @__usycl_wg_scope.shared_var = internal addrspace(3) global i32 undef, align 4
; CHECK-NOT: @__usycl_wg_scope.private_var
; CHECK-NOT: __usycl_work_group_scope
; CHECK-NOT: __usycl_work_item_scope
; The runner keeps its per-work-item local.
; CHECK-LABEL: define void @runner(
; CHECK: %item_var = alloca i32
; CHECK-LABEL: define void @leader(
; CHECK-NOT: alloca
; A local only the leader uses ends up in a register.
; CHECK: call void @use(i32 1)
; CHECK: store ptr addrspacecast (ptr addrspace(3) @__usycl_wg_scope.shared_var to ptr), ptr @published
; The helper's escaping local, inlined, is shared too; the runner stays a call.
; CHECK: store ptr addrspacecast (ptr addrspace(3) @__usycl_wg_scope.helper_var.i to ptr), ptr @published
; CHECK: call void @runner(ptr addrspacecast (ptr addrspace(3) @__usycl_wg_scope.helper_var.i to ptr))
; CHECK-NEXT: ret void

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@published = global ptr null

declare void @__usycl_work_group_scope()
declare void @__usycl_work_item_scope()

define void @runner(ptr %closure) {
  call void @__usycl_work_item_scope()
  %item_var = alloca i32
  store ptr %item_var, ptr @published
  ret void
}

define void @helper() {
  %helper_var = alloca i32
  store ptr %helper_var, ptr @published
  call void @runner(ptr %helper_var)
  ret void
}

define void @leader() {
  call void @__usycl_work_group_scope()
  %shared_var = alloca i32
  %private_var = alloca i32
  store i32 1, ptr %private_var
  %v = load i32, ptr %private_var
  call void @use(i32 %v)
  store ptr %shared_var, ptr @published
  call void @helper()
  ret void
}

declare void @use(i32)
