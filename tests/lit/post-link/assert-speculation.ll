; Seed 000 overhead: in images that use assert, sycl-post-link issues the
; loads that follow an assert's check before it, when the check does not
; guard them (compiler/post-link/assert_speculation.hpp), and keeps them
; there with a use on the failure path.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=off -o %t/m.table %s
; RUN: llvm-dis %t/m_0.bc -o - | FileCheck %s
; RUN: %sycl-post-link -split=off -speculate-assert-loads=false -o %t/off.table %s
; RUN: llvm-dis %t/off_0.bc -o - | FileCheck %s --check-prefix=OFF

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn

; The triad: the condition reads b[i]'s value; c[i]'s address does not
; depend on it, so the load of c[i] (and of c itself) moves up, ahead of the
; comparison, and the failure path keeps both alive.
; CHECK-LABEL: define ptx_kernel void @_ZTS5Triad(
; CHECK-NEXT: entry:
; CHECK-NEXT: %c = load ptr, ptr %cptr
; CHECK-NEXT: %pc = getelementptr inbounds double, ptr %c, i64 %i
; CHECK-NEXT: %y = load double, ptr %pc
; CHECK-NEXT: %pb = getelementptr inbounds double, ptr %b, i64 %i
; CHECK-NEXT: %x = load double, ptr %pb
; CHECK-NEXT: %ok = fcmp oge double %x
; CHECK:      fail:
; CHECK-NEXT: call void asm sideeffect "", "l"(ptr %c)
; CHECK-NEXT: call void asm sideeffect "", "d"(double %y)
; CHECK-NEXT: call void @__assert_fail(
; CHECK:      cont:
; CHECK-NEXT: %r = fadd double %x, %y
; OFF-LABEL: define ptx_kernel void @_ZTS5Triad(
; OFF:      cont:
; OFF-NEXT: %c = load ptr, ptr %cptr
define ptx_kernel void @_ZTS5Triad(ptr %a, ptr %b, ptr %cptr, i64 %i) {
entry:
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %x = load double, ptr %pb
  %ok = fcmp oge double %x, 0.0
  br i1 %ok, label %cont, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 1, ptr null)
  unreachable
cont:
  %c = load ptr, ptr %cptr
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %y = load double, ptr %pc
  %r = fadd double %x, %y
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  store double %r, ptr %pa
  ret void
}

; assert(i < n); c[i]: the check guards the index -- nothing moves.
; CHECK-LABEL: define ptx_kernel void @_ZTS5Bound(
; CHECK:      cont:
; CHECK-NEXT: %pc = getelementptr inbounds i32, ptr %c, i64 %i
; CHECK-NEXT: %y = load i32, ptr %pc
define ptx_kernel void @_ZTS5Bound(ptr %c, ptr %out, i64 %i, i64 %n) {
entry:
  %ok = icmp ult i64 %i, %n
  br i1 %ok, label %cont, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 2, ptr null)
  unreachable
cont:
  %pc = getelementptr inbounds i32, ptr %c, i64 %i
  %y = load i32, ptr %pc
  store i32 %y, ptr %out
  ret void
}

; assert(p); *p and assert(idx[i] < n); data[idx[i]] (the index loaded
; again, not CSE'd): guarded -- *p and data[k] stay. (Reloading idx[i] may
; move: the check's own load read that address already.)
; CHECK-LABEL: define ptx_kernel void @_ZTS7Guarded(
; CHECK:      cont:
; CHECK-NEXT: %v = load i32, ptr %p
; CHECK:      cont2:
; CHECK-NEXT: %pd = getelementptr inbounds float, ptr %data, i64 %k2
; CHECK-NEXT: %f = load float, ptr %pd
define ptx_kernel void @_ZTS7Guarded(ptr %p, ptr %pidx, ptr %data, i64 %n, ptr %out) {
entry:
  %nn = icmp ne ptr %p, null
  br i1 %nn, label %cont, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 3, ptr null)
  unreachable
cont:
  %v = load i32, ptr %p
  store i32 %v, ptr %out
  %k = load i64, ptr %pidx
  %in = icmp ult i64 %k, %n
  br i1 %in, label %cont2, label %fail2
fail2:
  call void @__assert_fail(ptr null, ptr null, i32 4, ptr null)
  unreachable
cont2:
  %k2 = load i64, ptr %pidx
  %pd = getelementptr inbounds float, ptr %data, i64 %k2
  %f = load float, ptr %pd
  store float %f, ptr %out
  ret void
}

; A store in the way: loads after it stay.
; CHECK-LABEL: define ptx_kernel void @_ZTS6Stored(
; CHECK:      cont:
; CHECK-NEXT: store i32 0, ptr %q
; CHECK-NEXT: %y = load i32, ptr %c
define ptx_kernel void @_ZTS6Stored(ptr %b, ptr %c, ptr %q) {
entry:
  %x = load i32, ptr %b
  %ok = icmp sgt i32 %x, 0
  br i1 %ok, label %cont, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 5, ptr null)
  unreachable
cont:
  store i32 0, ptr %q
  %y = load i32, ptr %c
  store i32 %y, ptr %b
  ret void
}
