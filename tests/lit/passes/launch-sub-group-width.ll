; usycl-launch-sub-group-width (compiler/passes/launch_sub_group_width.hpp):
; a launcher that calls a kernel functor annotated with
; "usycl.reqd_sub_group_size" (the plugin's [[sycl::reqd_sub_group_size]])
; gets that width as a constant; other launchers the runtime's width. The
; plugin's annotations leave the module.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-launch-sub-group-width -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@.name = private unnamed_addr constant [26 x i8] c"usycl.reqd_sub_group_size\00", section "llvm.metadata"
@.user = private unnamed_addr constant [5 x i8] c"mine\00", section "llvm.metadata"
@.file = private unnamed_addr constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@.args = private unnamed_addr constant { i32 } { i32 32 }, section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @functor_32, ptr @.name, ptr @.file, i32 3, ptr @.args },
  { ptr, ptr, ptr, i32, ptr } { ptr @plain_functor, ptr @.user, ptr @.file, i32 9, ptr null }
], section "llvm.metadata"

declare i32 @__usycl_cpu_launch_sub_group_width(i32)
declare void @use(i32)

; CHECK: @llvm.global.annotations = appending global [1 x
; CHECK-SAME: @plain_functor, ptr @.user
; CHECK-NOT: usycl.reqd_sub_group_size

define linkonce_odr void @functor_32(ptr %self) {
  ret void
}
define linkonce_odr void @plain_functor(ptr %self) {
  ret void
}
define linkonce_odr void @invoke_32(ptr %k) {
  call void @functor_32(ptr %k)
  ret void
}

; CHECK-LABEL: define i1 @launcher_32(
; CHECK-NOT: @__usycl_cpu_launch_sub_group_width
; CHECK: call void @use(i32 32)
define i1 @launcher_32(ptr %obj, i32 %runtime) {
  %w = call i32 @__usycl_cpu_launch_sub_group_width(i32 %runtime)
  call void @use(i32 %w)
  call void @invoke_32(ptr %obj)
  ret i1 true
}

; CHECK-LABEL: define i1 @launcher_plain(
; CHECK-NOT: @__usycl_cpu_launch_sub_group_width
; CHECK: call void @use(i32 %runtime)
define i1 @launcher_plain(ptr %obj, i32 %runtime) {
  %w = call i32 @__usycl_cpu_launch_sub_group_width(i32 %runtime)
  call void @use(i32 %w)
  call void @plain_functor(ptr %obj)
  ret i1 true
}
