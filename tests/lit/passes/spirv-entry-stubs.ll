; usycl-spirv-entry-stubs (compiler/passes/spirv_entry_stubs.hpp): the
; kernels of a SPIR-V image become `ret void` and exported functions
; `unreachable`, keeping their requirements metadata; what only their bodies
; used (a compare-and-swap loop's helper, a constant) is gone.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-spirv-entry-stubs -S %s | FileCheck %s
; CHECK-NOT:  @table
; CHECK-NOT:  define
; CHECK:      define spir_kernel void @_ZTS6Kernel(ptr addrspace(1) %p) !sycl_used_aspects ![[ASPECTS:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret void
; CHECK-NEXT: }
; CHECK:      define spir_func i32 @exported(i32 %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   unreachable
; CHECK-NEXT: }
; CHECK-NOT:  define
; CHECK:      ![[ASPECTS]] = !{i32 6}

@table = internal addrspace(1) constant [2 x double] [double 1.0, double 2.0]

define spir_kernel void @_ZTS6Kernel(ptr addrspace(1) %p) !sycl_used_aspects !0 {
entry:
  call spir_func void @atomic_max(ptr addrspace(1) %p, double 3.0)
  ret void
}

define linkonce_odr spir_func void @atomic_max(ptr addrspace(1) %p, double %v) {
entry:
  %c = load double, ptr addrspace(1) @table
  %init = load i64, ptr addrspace(1) %p
  br label %loop
loop:
  %old = phi i64 [ %init, %entry ], [ %seen, %loop ]
  %m = fadd double %v, %c
  %new = bitcast double %m to i64
  %pair = cmpxchg ptr addrspace(1) %p, i64 %old, i64 %new seq_cst seq_cst
  %seen = extractvalue { i64, i1 } %pair, 0
  %ok = extractvalue { i64, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  ret void
}

define spir_func i32 @exported(i32 %x) {
entry:
  %y = call spir_func i32 @helper(i32 %x)
  ret i32 %y
}

define internal spir_func i32 @helper(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

!0 = !{i32 6}
