; usycl-group-local-memory: each call of __usycl_group_local_memory(size,
; align) (one per source call site of group_local_memory once inlined) gets
; its own memory. On NVPTX, an internal addrspace(3) global of that size and
; alignment. Other targets (the CPU device): a call of the runtime's
; __usycl_cpu_group_local_memory with a private key global naming the site.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-group-local-memory -S %s | FileCheck %s --check-prefix=NVPTX
; RUN: sed -e 's/nvptx64-nvidia-cuda/x86_64-pc-linux-gnu/' -e '/datalayout/d' %s \
; RUN:   | opt -load-pass-plugin=%passes-plugin -passes=usycl-group-local-memory -S | FileCheck %s --check-prefix=CPU
; RUN: sed -e 's/i64 4)$/i64 %a)/' %s | not opt -load-pass-plugin=%passes-plugin -passes=usycl-group-local-memory -S 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERR
;
; NVPTX: @[[A:__usycl_group_local]] = internal addrspace(3) global [256 x i8] undef, align 4
; NVPTX: @[[B:__usycl_group_local.+]] = internal addrspace(3) global [256 x i8] undef, align 4
; NVPTX: @[[C:__usycl_group_local.+]] = internal addrspace(3) global [12 x i8] undef, align 16
; NVPTX-NOT: __usycl_group_local_memory
; NVPTX-LABEL: define void @kernel(
; NVPTX: call void @use(ptr addrspacecast (ptr addrspace(3) @[[A]] to ptr), ptr addrspacecast (ptr addrspace(3) @[[B]] to ptr), ptr addrspacecast (ptr addrspace(3) @[[C]] to ptr))
;
; CPU: @[[KA:__usycl_group_local_site]] = private constant i8 0
; CPU: @[[KB:__usycl_group_local_site.+]] = private constant i8 0
; CPU: @[[KC:__usycl_group_local_site.+]] = private constant i8 0
; CPU-LABEL: define void @kernel(
; CPU: %[[A:.*]] = call ptr @__usycl_cpu_group_local_memory(ptr @[[KA]], i64 256, i64 4)
; CPU: %[[B:.*]] = call ptr @__usycl_cpu_group_local_memory(ptr @[[KB]], i64 256, i64 4)
; CPU: %[[C:.*]] = call ptr @__usycl_cpu_group_local_memory(ptr @[[KC]], i64 12, i64 16)
; CPU: call void @use(ptr %[[A]], ptr %[[B]], ptr %[[C]])
; CPU-NOT: @__usycl_group_local_memory(
;
; ERR: error: {{.*}}group_local_memory: the size and alignment of the allocation must be compile-time constants

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @__usycl_group_local_memory(i64, i64)
declare void @use(ptr, ptr, ptr)

define void @kernel(i64 %a) {
  %first = call ptr @__usycl_group_local_memory(i64 256, i64 4)
  %second = call ptr @__usycl_group_local_memory(i64 256, i64 4)
  %header = call ptr @__usycl_group_local_memory(i64 12, i64 16)
  call void @use(ptr %first, ptr %second, ptr %header)
  ret void
}
