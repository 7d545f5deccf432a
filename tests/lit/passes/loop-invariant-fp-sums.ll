; usycl-loop-invariant-fp-sums (compiler/passes/loop_invariant_fp_sums.hpp):
; a fast-math sum in a loop whose invariant terms InstCombine had spread
; (`lz - pz` became `inv - (sx + pz)`) gets them added up in the preheader:
; one subtraction per iteration, as written. Sums without reassoc and nsz,
; or with one invariant term, stay as they are.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='function(usycl-loop-invariant-fp-sums)' -S %s | FileCheck %s
; The device link's plugin has the pass too.
; RUN: opt -load-pass-plugin=%libdir/libusycl-link-passes.so -passes='function(usycl-loop-invariant-fp-sums)' -S %s | FileCheck %s
; The host compilation (CPU kernels) runs it last in its -O pipeline, after
; the vectoriser: the vector loop subtracts once per vector.
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 -load-pass-plugin=%passes-plugin -passes='default<O2>' -S %s | FileCheck %s --check-prefix=HOST
; HOST-LABEL: define float @distance(
; HOST: .invariant = fsub fast <8 x float>
; HOST: vector.body:
; HOST-NOT: fadd fast <8 x float> %{{.*}}, %wide.load

; CHECK-LABEL: define float @distance(
; CHECK:       preheader:
; CHECK-NEXT:    %d.invariant = fsub fast float %lz, %sx
; CHECK:       loop:
; CHECK:         %d = fsub fast float %d.invariant, %pz
; CHECK-NEXT:    %sq = fmul fast float %d, %d
define float @distance(float %lz, float %sx, ptr %p, i64 %n) {
entry:
  br label %preheader
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %e = phi float [ 0.0, %preheader ], [ %e.next, %loop ]
  %pz.p = getelementptr float, ptr %p, i64 %i
  %pz = load float, ptr %pz.p
  %s = fadd fast float %sx, %pz
  %d = fsub fast float %lz, %s
  %sq = fmul fast float %d, %d
  %e.next = fadd fast float %e, %sq
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %e.next
}

; Three invariant terms, one negated through an fneg, in an accumulator's
; sum: the accumulator (the header's phi) is added last, the recurrence stays
; one addition long.
; CHECK-LABEL: define float @mixed(
; CHECK:       preheader:
; CHECK-NEXT:    [[T:%.*]] = fsub fast float %a, %b
; CHECK-NEXT:    %e.next.invariant = fsub fast float [[T]], %c
; CHECK:       loop:
; CHECK:         [[U:%.*]] = fadd fast float %x, %y
; CHECK-NEXT:    [[V:%.*]] = fadd fast float [[U]], %e.next.invariant
; CHECK-NEXT:    %e.next = fadd fast float [[V]], %e
define float @mixed(float %a, float %b, float %c, ptr %p, i64 %n) {
entry:
  br label %preheader
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %e = phi float [ 0.0, %preheader ], [ %e.next, %loop ]
  %x.p = getelementptr float, ptr %p, i64 %i
  %x = load float, ptr %x.p
  %y = fmul fast float %x, %x
  %t1 = fadd fast float %x, %a
  %nb = fneg fast float %b
  %t2 = fadd fast float %t1, %nb
  %t3 = fadd fast float %t2, %y
  %r = fsub fast float %t3, %c
  %e.next = fadd fast float %e, %r
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %e.next
}

; IEEE sums (no reassoc) and a single invariant term: unchanged.
; CHECK-LABEL: define float @unchanged(
; CHECK:       loop:
; CHECK:         %s = fadd float %sx, %pz
; CHECK-NEXT:    %d = fsub float %lz, %s
; CHECK:         %s2 = fadd fast float %pz, %pz
; CHECK-NEXT:    %d2 = fsub fast float %lz, %s2
define float @unchanged(float %lz, float %sx, ptr %p, i64 %n) {
entry:
  br label %preheader
preheader:
  br label %loop
loop:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %loop ]
  %e = phi float [ 0.0, %preheader ], [ %e.next, %loop ]
  %pz.p = getelementptr float, ptr %p, i64 %i
  %pz = load float, ptr %pz.p
  %s = fadd float %sx, %pz
  %d = fsub float %lz, %s
  %s2 = fadd fast float %pz, %pz
  %d2 = fsub fast float %lz, %s2
  %sum = fadd fast float %d, %d2
  %e.next = fadd float %e, %sum
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %e.next
}

; `acc + a + b` with the accumulator first (three additions on the loop's
; recurrence): the accumulator goes last, one addition long.
; CHECK-LABEL: define float @accumulate(
; CHECK:       loop:
; CHECK:         [[S:%.*]] = fadd fast float %x, %y
; CHECK-NEXT:    %e.next = fadd fast float [[S]], %e
define float @accumulate(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %e = phi float [ 0.0, %entry ], [ %e.next, %loop ]
  %x.p = getelementptr float, ptr %p, i64 %i
  %x = load float, ptr %x.p
  %y = fmul fast float %x, %x
  %t = fadd fast float %e, %x
  %e.next = fadd fast float %t, %y
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %e.next
}
