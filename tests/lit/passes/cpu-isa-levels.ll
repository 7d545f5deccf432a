; usycl-cpu-isa-levels: a CPU launcher (a caller of __usycl_cpu_assert_run_*
; or __usycl_cpu_work_item_loops) gets a copy of its call graph per x86-64
; level, and becomes a dispatcher on __usycl_cpu_isa_level(). Approximate
; (afn) math calls get libmvec's variants of the ISA their copy has only.
; Levels the module is already compiled for are not made; host code the
; launchers do not reach is not copied. In the -O3 pipeline the copies
; vectorise with their ISA's cosine.
;
; RUN: opt -load-pass-plugin=%passes-plugin \
; RUN:   -passes='usycl-cpu-isa-levels<x86-64-v2;x86-64-v3;x86-64-v4>' -S %s | FileCheck %s
; RUN: sed -e 's/"target-cpu"="x86-64"/"target-cpu"="x86-64-v3"/' %s \
; RUN:   | opt -load-pass-plugin=%passes-plugin \
; RUN:     -passes='usycl-cpu-isa-levels<x86-64-v2;x86-64-v3;x86-64-v4>' -S \
; RUN:   | FileCheck %s --check-prefix=MARCH
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-cpu-isa-levels -S %s \
; RUN:   | FileCheck %s --check-prefix=NONE
; RUN: opt -load-pass-plugin=%passes-plugin \
; RUN:   -passes='usycl-cpu-isa-levels<x86-64-v3;x86-64-v4>,default<O3>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O3

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @__usycl_cpu_assert_run_range(ptr, ptr, ptr, i64, i64)
declare float @llvm.cos.f32(float)

; The dispatcher: highest level first, the original body last.
; CHECK-LABEL: define void @launcher(ptr %object, ptr %dims, i64 %begin, i64 %end)
; CHECK:       %isa.level = call i32 @__usycl_cpu_isa_level()
; CHECK:       icmp uge i32 %isa.level, 4
; CHECK:       tail call void @launcher.x86_64_v4(ptr %object, ptr %dims, i64 %begin, i64 %end)
; CHECK:       icmp uge i32 %isa.level, 3
; CHECK:       tail call void @launcher.x86_64_v3(
; CHECK:       icmp uge i32 %isa.level, 2
; CHECK:       tail call void @launcher.x86_64_v2(
; CHECK:       tail call void @launcher.x86_64(
; MARCH-LABEL: define void @launcher(
; MARCH:       icmp uge i32 %isa.level, 4
; MARCH-NOT:   icmp uge
; MARCH:       tail call void @launcher.x86_64(
; MARCH-NOT:   @items.x86_64_v3
; MARCH-NOT:   @items.x86_64_v2
; NONE-NOT:    __usycl_cpu_isa_level
define void @launcher(ptr %object, ptr %dims, i64 %begin, i64 %end) #0 comdat {
  call void @__usycl_cpu_assert_run_range(ptr @items, ptr %object, ptr %dims, i64 %begin, i64 %end)
  ret void
}
$launcher = comdat any
; (The copies leave the comdat: they are internal.)

; The kernel: an afn cosine (vector variants) and a precise one (none).
define linkonce_odr void @items(ptr %object, ptr %dims, i64 %begin, i64 %end) #0 {
entry:
  %cmp0 = icmp ult i64 %begin, %end
  br i1 %cmp0, label %loop, label %exit
loop:
  %i = phi i64 [ %begin, %entry ], [ %next, %loop ]
  %p = getelementptr inbounds float, ptr %object, i64 %i
  %x = load float, ptr %p, align 4
  %c = call fast float @llvm.cos.f32(float %x)
  %d = call float @llvm.cos.f32(float %c)
  store float %d, ptr %p, align 4
  %next = add nuw i64 %i, 1
  %cmp = icmp ult i64 %next, %end
  br i1 %cmp, label %loop, label %exit
exit:
  ret void
}

; Host code no launcher reaches stays as it is.
define void @host_only(ptr %p) #0 {
  %x = load float, ptr %p, align 4
  %c = call fast float @llvm.cos.f32(float %x)
  store float %c, ptr %p, align 4
  ret void
}
; CHECK-NOT: define {{.*}}@host_only.x86_64

; CHECK-LABEL: define linkonce_odr void @items(
; CHECK:       call fast float @llvm.cos.f32(float %x) #[[BASE_COS:[0-9]+]]
; CHECK:       call float @llvm.cos.f32(float %c){{$}}

; CHECK-LABEL: define internal void @launcher.x86_64_v2(
; CHECK:       call void @__usycl_cpu_assert_run_range(ptr @items.x86_64_v2,
; CHECK:       define internal void @items.x86_64_v2({{.*}} #[[V2:[0-9]+]]
; CHECK:       call fast float @llvm.cos.f32(float %x) #[[BASE_COS]]
; CHECK-LABEL: define internal void @launcher.x86_64_v3(
; CHECK:       call void @__usycl_cpu_assert_run_range(ptr @items.x86_64_v3,
; CHECK:       define internal void @items.x86_64_v3({{.*}} #[[V3:[0-9]+]]
; CHECK:       call fast float @llvm.cos.f32(float %x) #[[V3_COS:[0-9]+]]
; CHECK:       define internal void @items.x86_64_v4({{.*}} #[[V4:[0-9]+]]
; CHECK:       call fast float @llvm.cos.f32(float %x) #[[V4_COS:[0-9]+]]

; CHECK-DAG: declare <4 x float> @_ZGVbN4v_cosf(<4 x float>)
; CHECK-DAG: declare <8 x float> @_ZGVdN8v_cosf(<8 x float>)
; CHECK-DAG: declare <16 x float> @_ZGVeN16v_cosf(<16 x float>)
; CHECK:       define internal void @launcher.x86_64({{.*}} #[[NOINLINE:[0-9]+]]
; CHECK:       call void @__usycl_cpu_assert_run_range(ptr @items,

; CHECK-DAG: attributes #[[NOINLINE]] = { noinline
; CHECK-DAG: attributes #[[V2]] = { {{.*}}"target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87,{{.*}}+sse4.2
; CHECK-DAG: attributes #[[V3]] = { {{.*}}"target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87,{{.*}}+avx2,{{.*}}+fma
; CHECK-DAG: attributes #[[V4]] = { {{.*}}"target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87,{{.*}}+avx512f
; CHECK-DAG: attributes #[[BASE_COS]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.cos.f32(_ZGVbN4v_cosf)" }
; CHECK-DAG: attributes #[[V3_COS]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.cos.f32(_ZGVbN4v_cosf),_ZGV_LLVM_N8v_llvm.cos.f32(_ZGVdN8v_cosf)" }
; CHECK-DAG: attributes #[[V4_COS]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.cos.f32(_ZGVbN4v_cosf),_ZGV_LLVM_N8v_llvm.cos.f32(_ZGVdN8v_cosf),_ZGV_LLVM_N16v_llvm.cos.f32(_ZGVeN16v_cosf)" }

; In the -O3 pipeline the AVX2 copy calls the 8-lane cosine, baseline SSE2 code the 4-lane one only.
; O3-LABEL: define linkonce_odr void @items(
; O3-NOT:   _ZGVd
; O3:       call {{.*}}<4 x float> @_ZGVbN4v_cosf(
; O3-LABEL: define internal void @items.x86_64_v3(
; O3:       call {{.*}}<8 x float> @_ZGVdN8v_cosf(
; O3-LABEL: define internal void @items.x86_64_v4(
; O3:       @_ZGVeN16v_cosf(

attributes #0 = { "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
