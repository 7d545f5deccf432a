; Seed 000: a module gets the (empty) property set [isAssertEnabled] iff its
; device code can fail an assert: it calls __assert_fail (glibc's assert
; macro; the SYCL headers define it for NVPTX, writing the assert buffer
; through @__usycl_assert_buffer), holds that variable (the definition
; inlined), or calls DPC++'s __devicelib_assert_fail. NDEBUG code has none.
;
; RUN: rm -rf %t && mkdir -p %t
;
; per_kernel: only the modules of kernels that reach an assert.
; RUN: %sycl-post-link -split=per_kernel -symbols -properties -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=SYM0 --match-full-lines < %t/pk_0.sym
; RUN: FileCheck %s --check-prefix=ASSERT --match-full-lines < %t/pk_0.prop
; SYM0: _ZTS7Asserts
; RUN: FileCheck %s --check-prefix=SYM1 --match-full-lines < %t/pk_1.sym
; RUN: FileCheck %s --check-prefix=NOASSERT --match-full-lines < %t/pk_1.prop
; SYM1: _ZTS6NDEBUG
; RUN: FileCheck %s --check-prefix=SYM2 --match-full-lines < %t/pk_2.sym
; RUN: FileCheck %s --check-prefix=ASSERT --match-full-lines < %t/pk_2.prop
; SYM2: _ZTS7Inlined
; RUN: FileCheck %s --check-prefix=SYM3 --match-full-lines < %t/pk_3.sym
; RUN: FileCheck %s --check-prefix=ASSERT --match-full-lines < %t/pk_3.prop
; SYM3: _ZTS9Devicelib
; RUN: FileCheck %s --check-prefix=SYM4 --match-full-lines < %t/pk_4.sym
; RUN: FileCheck %s --check-prefix=ASSERT --match-full-lines < %t/pk_4.prop
; SYM4: _ZTS11ViaExternal
;
; ASSERT:      [SYCL/device requirements]
; ASSERT-NEXT: [isAssertEnabled]
; ASSERT-EMPTY:
; NOASSERT:      [SYCL/device requirements]
; NOASSERT-EMPTY:
;
; The variable stays in the modules that use it (the runtime looks it up by
; name), and only there.
; RUN: llvm-dis %t/pk_0.bc -o - | FileCheck %s --check-prefix=VAR
; VAR: @__usycl_assert_buffer = linkonce_odr {{.*}}addrspace(1) global ptr null
; RUN: llvm-dis %t/pk_1.bc -o - | FileCheck %s --check-prefix=NOVAR
; NOVAR-NOT: __usycl_assert_buffer
; NOVAR-NOT: __assert_fail
;
; off: one module; any assert in it is enough.
; RUN: %sycl-post-link -split=off -properties -o %t/off.table %s
; RUN: FileCheck %s --check-prefix=ASSERT --match-full-lines < %t/off_0.prop

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__usycl_assert_buffer = linkonce_odr addrspace(1) global ptr null, align 8
@.expr = private addrspace(1) constant [2 x i8] c"x\00"

define linkonce_odr void @__assert_fail(ptr %e, ptr %f, i32 %l, ptr %fn) {
  %b = load volatile ptr, ptr addrspacecast (ptr addrspace(1) @__usycl_assert_buffer to ptr)
  store i32 1, ptr %b
  ret void
}

declare void @__devicelib_assert_fail(ptr, ptr, i32, ptr, i64, i64, i64, i64, i64, i64)

; A SYCL_EXTERNAL function of another TU compiled without NDEBUG.
define void @_Z8calculusi(i32 %x) {
  %z = icmp eq i32 %x, 0
  br i1 %z, label %fail, label %ok
fail:
  call void @__assert_fail(ptr null, ptr null, i32 3, ptr null)
  unreachable
ok:
  ret void
}

define ptx_kernel void @_ZTS7Asserts(i32 %x) {
  %z = icmp eq i32 %x, 0
  br i1 %z, label %fail, label %ok
fail:
  call void @__assert_fail(ptr addrspacecast (ptr addrspace(1) @.expr to ptr), ptr null, i32 1, ptr null)
  unreachable
ok:
  ret void
}

; Compiled with NDEBUG: no assert left.
define ptx_kernel void @_ZTS6NDEBUG(ptr %p) {
  store i32 0, ptr %p
  ret void
}

; __assert_fail inlined: only the variable remains.
define ptx_kernel void @_ZTS7Inlined(ptr %p) {
  %b = load volatile ptr, ptr addrspacecast (ptr addrspace(1) @__usycl_assert_buffer to ptr)
  store i32 1, ptr %b
  ret void
}

define ptx_kernel void @_ZTS9Devicelib() {
  call void @__devicelib_assert_fail(ptr null, ptr null, i32 1, ptr null, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

; The kernel's TU has NDEBUG; the function it calls comes from a TU without.
define ptx_kernel void @_ZTS11ViaExternal(i32 %x) {
  call void @_Z8calculusi(i32 %x)
  ret void
}
