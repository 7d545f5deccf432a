; usycl-nonconvergent-asm: inline PTX made only of per-thread instructions
; loses the `convergent` clang gives every asm call of device code (so loops
; around ldg, atomics and bit tricks unroll); collectives keep it. Calls of
; libdevice (__nv_*, per-thread math) and its declarations lose it too;
; other external functions keep it.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-nonconvergent-asm -S %s | FileCheck %s
; RUN: sed -e 's/nvptx64-nvidia-cuda/x86_64-pc-linux-gnu/' -e '/datalayout/d' %s \
; RUN:   | opt -load-pass-plugin=%passes-plugin -passes=usycl-nonconvergent-asm -S | FileCheck %s --check-prefix=HOST

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @loads(
; CHECK: call i32 asm "ld.global.nc.b32 $0, [$1];", "=r,l"(ptr %p){{$}}
; CHECK: call i32 asm "{ .reg .pred p; setp.ne.b32 p, $1, 0; @p lop3.b32 $0, $1, $1, $1, 0x96; } // note", "=r,r"(i32 %a){{$}}
; CHECK: call i32 asm "shfl.sync.idx.b32 $0, $1, 0, 31, -1;", "=r,r"(i32 %a) #0
; CHECK: call void asm sideeffect "bar.sync 0;", ""() #0
; CHECK: call i32 asm "mov.u32 $0, %laneid; vote.sync.ballot.b32 $0, 1, -1;", "=r"() #0
; CHECK: call void asm sideeffect "fence.acq_rel.gpu;", "~{memory}"(){{$}}
; HOST: call i32 asm "ld.global.nc.b32 $0, [$1];", "=r,l"(ptr %p) #0
define i32 @loads(ptr %p, i32 %a) {
  %1 = call i32 asm "ld.global.nc.b32 $0, [$1];", "=r,l"(ptr %p) #0
  %2 = call i32 asm "{ .reg .pred p; setp.ne.b32 p, $1, 0; @p lop3.b32 $0, $1, $1, $1, 0x96; } // note", "=r,r"(i32 %a) #0
  %3 = call i32 asm "shfl.sync.idx.b32 $0, $1, 0, 31, -1;", "=r,r"(i32 %a) #0
  call void asm sideeffect "bar.sync 0;", ""() #0
  %4 = call i32 asm "mov.u32 $0, %laneid; vote.sync.ballot.b32 $0, 1, -1;", "=r"() #0
  call void asm sideeffect "fence.acq_rel.gpu;", "~{memory}"() #0
  %5 = add i32 %1, %2
  %6 = add i32 %5, %3
  %7 = add i32 %6, %4
  ret i32 %7
}

; CHECK-LABEL: define float @math(
; CHECK: call float @__nv_fmaxf(float %a, float %b){{$}}
; CHECK: call float @user_external(float %a) #0
; CHECK: declare float @__nv_fmaxf(float, float){{$}}
; CHECK: declare float @user_external(float) #0
; HOST: call float @__nv_fmaxf(float %a, float %b) #0
define float @math(float %a, float %b) {
  %1 = call float @__nv_fmaxf(float %a, float %b) #0
  %2 = call float @user_external(float %a) #0
  %3 = fadd float %1, %2
  ret float %3
}

declare float @__nv_fmaxf(float, float) #0
declare float @user_external(float) #0

attributes #0 = { convergent }
