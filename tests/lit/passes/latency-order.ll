; usycl-latency-order (compiler/passes/latency_order.hpp): a loop body of
; independent chains (two poses: load, sqrt, divide) written one chain after
; the other is issued by dependence depth: both loads, both square roots,
; both divisions. The store stays where it is (nothing crosses it); a block
; whose live values would grow too much keeps its order (remark).
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='function(usycl-latency-order)' -pass-remarks=usycl-latency-order -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --input-file=%t.remarks --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.sqrt.approx.ftz.f(float)

; CHECK-LABEL: define void @two_poses(
; CHECK:       loop:
; CHECK:         %a = load float
; CHECK-NEXT:    %b = load float
; CHECK:         %sa = call float @llvm.nvvm.sqrt.approx.ftz.f(float %xa)
; CHECK-NEXT:    %sb = call float @llvm.nvvm.sqrt.approx.ftz.f(float %xb)
; CHECK:         %qa = fdiv fast float %ea, %sa
; CHECK-NOT:     call
; CHECK:         %qb = fdiv fast float %eb, %sb
; CHECK:         store float %t, ptr %out
; CHECK-NEXT:    %i.next = add i64 %i, 1
; REMARK: remark: {{.*}}loop block of {{[0-9]+}} instructions in dependence-depth order
define void @two_poses(ptr %p, ptr %q, ptr %out, float %ka, float %kb, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %t, %loop ]
  %pa = getelementptr float, ptr %p, i64 %i
  %a = load float, ptr %pa
  %da = fsub fast float %a, %ka
  %xa = fmul fast float %da, %da
  %sa = call float @llvm.nvvm.sqrt.approx.ftz.f(float %xa)
  %ea = fadd fast float %sa, 1.0
  %ra = fmul fast float %ea, %ea
  %qa = fdiv fast float %ea, %sa
  %pb = getelementptr float, ptr %q, i64 %i
  %b = load float, ptr %pb
  %db = fsub fast float %b, %kb
  %xb = fmul fast float %db, %db
  %sb = call float @llvm.nvvm.sqrt.approx.ftz.f(float %xb)
  %eb = fadd fast float %sb, 1.0
  %rb = fmul fast float %eb, %eb
  %qb = fdiv fast float %eb, %sb
  %u = fadd fast float %qa, %qb
  %v = fadd fast float %ra, %rb
  %w = fadd fast float %u, %v
  %t = fadd fast float %w, %acc
  store float %t, ptr %out
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
