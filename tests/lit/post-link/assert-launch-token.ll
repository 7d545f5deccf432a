; Seed 000 on NVPTX: every kernel entry point calls the weak placeholder
; @__usycl_assert_launch_begin(token) and __assert_fail reads the token back
; through @__usycl_assert_launch_token(), so the runtime can attribute a
; failure to exactly one launch. sycl-post-link gives the two their bodies
; per split module: a __shared__ (addrspace 3) store/load in modules that use
; assert, nothing (token 0) elsewhere; both internal and always-inline, so
; images without assert pay nothing once opt has run.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_kernel -symbols -properties -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=SYM0 --match-full-lines < %t/pk_0.sym
; SYM0: _ZTS7Asserts
; RUN: llvm-dis %t/pk_0.bc -o - | FileCheck %s --check-prefix=USES
; USES: @__usycl_assert_launch_token.slot = internal addrspace(3) global i64 undef
; USES: define internal void @__usycl_assert_launch_begin(i64 %[[ARG:[a-z0-9]+]]) #[[ATTRS:[0-9]+]]
; USES-NEXT: entry:
; USES-NEXT: store i64 %[[ARG]], ptr addrspace(3) @__usycl_assert_launch_token.slot
; USES-NEXT: ret void
; USES: define internal i64 @__usycl_assert_launch_token() #[[ATTRS]]
; USES-NEXT: entry:
; USES-NEXT: %[[T:[a-z0-9]+]] = load i64, ptr addrspace(3) @__usycl_assert_launch_token.slot
; USES-NEXT: ret i64 %[[T]]
; USES: attributes #[[ATTRS]] = { alwaysinline }
;
; RUN: FileCheck %s --check-prefix=SYM1 --match-full-lines < %t/pk_1.sym
; SYM1: _ZTS6NDEBUG
; RUN: llvm-dis %t/pk_1.bc -o - | FileCheck %s --check-prefix=NONE
; NONE-NOT: addrspace(3)
; NONE: define internal void @__usycl_assert_launch_begin(i64 %{{[a-z0-9]+}}) #[[ATTRS:[0-9]+]]
; NONE-NEXT: entry:
; NONE-NEXT: ret void
; NONE-NOT: __usycl_assert_launch_token
; NONE: attributes #[[ATTRS]] = { alwaysinline }
;
; After opt the NDEBUG kernel holds no trace of it.
; RUN: opt -O2 %t/pk_1.bc -S -o - | FileCheck %s --check-prefix=OPT
; OPT-NOT: __usycl_assert_launch
; OPT: define {{.*}}@_ZTS6NDEBUG(
; OPT-NOT: __usycl_assert_launch

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__usycl_assert_buffer = linkonce_odr addrspace(1) global ptr null, align 8
@.expr = private addrspace(1) constant [2 x i8] c"x\00"

define weak void @__usycl_assert_launch_begin(i64 %token) {
  ret void
}

define weak i64 @__usycl_assert_launch_token() {
  ret i64 0
}

define linkonce_odr void @__assert_fail(ptr %expr, ptr %file, i32 %line, ptr %func) {
  %buf = load volatile ptr, ptr addrspace(1) @__usycl_assert_buffer
  %token = call i64 @__usycl_assert_launch_token()
  store i64 %token, ptr %buf
  ret void
}

define ptx_kernel void @_ZTS7Asserts(i64 %token, i32 %x) {
  call void @__usycl_assert_launch_begin(i64 %token)
  %ok = icmp ne i32 %x, 0
  br i1 %ok, label %done, label %fail
fail:
  call void @__assert_fail(ptr addrspacecast (ptr addrspace(1) @.expr to ptr), ptr null, i32 1, ptr null)
  unreachable
done:
  ret void
}

define ptx_kernel void @_ZTS6NDEBUG(i64 %token, ptr %out) {
  call void @__usycl_assert_launch_begin(i64 %token)
  store i32 1, ptr %out
  ret void
}
