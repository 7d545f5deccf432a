; usycl-latency-order (compiler/passes/latency_order.hpp): a loop body of
; independent chains (two poses: load, sqrt, divide) written one chain after
; the other is issued by dependence depth: both loads, both square roots,
; both divisions. The store stays where it is (nothing crosses it); a block
; whose live values would grow too much keeps its order (remark).
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='function(usycl-latency-order)' -pass-remarks=usycl-latency-order -pass-remarks-missed=usycl-latency-order -S %s -o %t.ll 2>%t.remarks
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

; Forty loads each folded into a running sum: in depth order all forty would be
; live at once (40 words where 3 were): the block keeps its order.
; CHECK-LABEL: define float @many_chains(
; CHECK:       loop:
; CHECK:         %v0 = load float
; CHECK-NEXT:    %m0 = fmul fast float %v0, %v0
; REMARK: remark: {{.*}}loop block of {{[0-9]+}} instructions kept in order: interleaved, its live values would peak at {{[0-9]+}} words, not {{[0-9]+}}
define float @many_chains(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s39, %loop ]
  %base = getelementptr float, ptr %p, i64 %i
  %a0 = getelementptr float, ptr %base, i64 0
  %v0 = load float, ptr %a0
  %m0 = fmul fast float %v0, %v0
  %s0 = fadd fast float %acc, %m0
  %a1 = getelementptr float, ptr %base, i64 64
  %v1 = load float, ptr %a1
  %m1 = fmul fast float %v1, %v1
  %s1 = fadd fast float %s0, %m1
  %a2 = getelementptr float, ptr %base, i64 128
  %v2 = load float, ptr %a2
  %m2 = fmul fast float %v2, %v2
  %s2 = fadd fast float %s1, %m2
  %a3 = getelementptr float, ptr %base, i64 192
  %v3 = load float, ptr %a3
  %m3 = fmul fast float %v3, %v3
  %s3 = fadd fast float %s2, %m3
  %a4 = getelementptr float, ptr %base, i64 256
  %v4 = load float, ptr %a4
  %m4 = fmul fast float %v4, %v4
  %s4 = fadd fast float %s3, %m4
  %a5 = getelementptr float, ptr %base, i64 320
  %v5 = load float, ptr %a5
  %m5 = fmul fast float %v5, %v5
  %s5 = fadd fast float %s4, %m5
  %a6 = getelementptr float, ptr %base, i64 384
  %v6 = load float, ptr %a6
  %m6 = fmul fast float %v6, %v6
  %s6 = fadd fast float %s5, %m6
  %a7 = getelementptr float, ptr %base, i64 448
  %v7 = load float, ptr %a7
  %m7 = fmul fast float %v7, %v7
  %s7 = fadd fast float %s6, %m7
  %a8 = getelementptr float, ptr %base, i64 512
  %v8 = load float, ptr %a8
  %m8 = fmul fast float %v8, %v8
  %s8 = fadd fast float %s7, %m8
  %a9 = getelementptr float, ptr %base, i64 576
  %v9 = load float, ptr %a9
  %m9 = fmul fast float %v9, %v9
  %s9 = fadd fast float %s8, %m9
  %a10 = getelementptr float, ptr %base, i64 640
  %v10 = load float, ptr %a10
  %m10 = fmul fast float %v10, %v10
  %s10 = fadd fast float %s9, %m10
  %a11 = getelementptr float, ptr %base, i64 704
  %v11 = load float, ptr %a11
  %m11 = fmul fast float %v11, %v11
  %s11 = fadd fast float %s10, %m11
  %a12 = getelementptr float, ptr %base, i64 768
  %v12 = load float, ptr %a12
  %m12 = fmul fast float %v12, %v12
  %s12 = fadd fast float %s11, %m12
  %a13 = getelementptr float, ptr %base, i64 832
  %v13 = load float, ptr %a13
  %m13 = fmul fast float %v13, %v13
  %s13 = fadd fast float %s12, %m13
  %a14 = getelementptr float, ptr %base, i64 896
  %v14 = load float, ptr %a14
  %m14 = fmul fast float %v14, %v14
  %s14 = fadd fast float %s13, %m14
  %a15 = getelementptr float, ptr %base, i64 960
  %v15 = load float, ptr %a15
  %m15 = fmul fast float %v15, %v15
  %s15 = fadd fast float %s14, %m15
  %a16 = getelementptr float, ptr %base, i64 1024
  %v16 = load float, ptr %a16
  %m16 = fmul fast float %v16, %v16
  %s16 = fadd fast float %s15, %m16
  %a17 = getelementptr float, ptr %base, i64 1088
  %v17 = load float, ptr %a17
  %m17 = fmul fast float %v17, %v17
  %s17 = fadd fast float %s16, %m17
  %a18 = getelementptr float, ptr %base, i64 1152
  %v18 = load float, ptr %a18
  %m18 = fmul fast float %v18, %v18
  %s18 = fadd fast float %s17, %m18
  %a19 = getelementptr float, ptr %base, i64 1216
  %v19 = load float, ptr %a19
  %m19 = fmul fast float %v19, %v19
  %s19 = fadd fast float %s18, %m19
  %a20 = getelementptr float, ptr %base, i64 1280
  %v20 = load float, ptr %a20
  %m20 = fmul fast float %v20, %v20
  %s20 = fadd fast float %s19, %m20
  %a21 = getelementptr float, ptr %base, i64 1344
  %v21 = load float, ptr %a21
  %m21 = fmul fast float %v21, %v21
  %s21 = fadd fast float %s20, %m21
  %a22 = getelementptr float, ptr %base, i64 1408
  %v22 = load float, ptr %a22
  %m22 = fmul fast float %v22, %v22
  %s22 = fadd fast float %s21, %m22
  %a23 = getelementptr float, ptr %base, i64 1472
  %v23 = load float, ptr %a23
  %m23 = fmul fast float %v23, %v23
  %s23 = fadd fast float %s22, %m23
  %a24 = getelementptr float, ptr %base, i64 1536
  %v24 = load float, ptr %a24
  %m24 = fmul fast float %v24, %v24
  %s24 = fadd fast float %s23, %m24
  %a25 = getelementptr float, ptr %base, i64 1600
  %v25 = load float, ptr %a25
  %m25 = fmul fast float %v25, %v25
  %s25 = fadd fast float %s24, %m25
  %a26 = getelementptr float, ptr %base, i64 1664
  %v26 = load float, ptr %a26
  %m26 = fmul fast float %v26, %v26
  %s26 = fadd fast float %s25, %m26
  %a27 = getelementptr float, ptr %base, i64 1728
  %v27 = load float, ptr %a27
  %m27 = fmul fast float %v27, %v27
  %s27 = fadd fast float %s26, %m27
  %a28 = getelementptr float, ptr %base, i64 1792
  %v28 = load float, ptr %a28
  %m28 = fmul fast float %v28, %v28
  %s28 = fadd fast float %s27, %m28
  %a29 = getelementptr float, ptr %base, i64 1856
  %v29 = load float, ptr %a29
  %m29 = fmul fast float %v29, %v29
  %s29 = fadd fast float %s28, %m29
  %a30 = getelementptr float, ptr %base, i64 1920
  %v30 = load float, ptr %a30
  %m30 = fmul fast float %v30, %v30
  %s30 = fadd fast float %s29, %m30
  %a31 = getelementptr float, ptr %base, i64 1984
  %v31 = load float, ptr %a31
  %m31 = fmul fast float %v31, %v31
  %s31 = fadd fast float %s30, %m31
  %a32 = getelementptr float, ptr %base, i64 2048
  %v32 = load float, ptr %a32
  %m32 = fmul fast float %v32, %v32
  %s32 = fadd fast float %s31, %m32
  %a33 = getelementptr float, ptr %base, i64 2112
  %v33 = load float, ptr %a33
  %m33 = fmul fast float %v33, %v33
  %s33 = fadd fast float %s32, %m33
  %a34 = getelementptr float, ptr %base, i64 2176
  %v34 = load float, ptr %a34
  %m34 = fmul fast float %v34, %v34
  %s34 = fadd fast float %s33, %m34
  %a35 = getelementptr float, ptr %base, i64 2240
  %v35 = load float, ptr %a35
  %m35 = fmul fast float %v35, %v35
  %s35 = fadd fast float %s34, %m35
  %a36 = getelementptr float, ptr %base, i64 2304
  %v36 = load float, ptr %a36
  %m36 = fmul fast float %v36, %v36
  %s36 = fadd fast float %s35, %m36
  %a37 = getelementptr float, ptr %base, i64 2368
  %v37 = load float, ptr %a37
  %m37 = fmul fast float %v37, %v37
  %s37 = fadd fast float %s36, %m37
  %a38 = getelementptr float, ptr %base, i64 2432
  %v38 = load float, ptr %a38
  %m38 = fmul fast float %v38, %v38
  %s38 = fadd fast float %s37, %m38
  %a39 = getelementptr float, ptr %base, i64 2496
  %v39 = load float, ptr %a39
  %m39 = fmul fast float %v39, %v39
  %s39 = fadd fast float %s38, %m39
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %s39
}
