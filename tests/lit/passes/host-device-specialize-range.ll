; usycl-host-device-specialize with the launch range of the plan (format
; version 2, `range` lines; compiler/passes/host_device_specialize.hpp):
;  * device module: the clone reads its kernel_dims argument from a local
;    copy with the range's global size and offset stored over it (SYCL
;    order, unused dimensions 1 and 0); an nd_range clone on NVPTX also
;    assumes %ntid = the work-group size and %nctaid = the group counts (CUDA
;    x = SYCL's last dimension), which the optimiser turns into constants:
;    N's warps per group, (ntid.x * ntid.y * ntid.z + 31) >> 5, is 4 in its
;    clone after -O2, and the offset it adds is gone; R (range 32 x 16,
;    offset {1, 2}) compares with immediates;
;  * host module: the range launcher's kernel_dims and the nd_range
;    launcher's cpu_group_ctx (plus its local size and group counts) are
;    folded, and so is the items function the range launcher passes beside
;    them; the registration table (ABI version 2) carries the ranges;
;  * `global any` (a run-time global size): the offset and the work-group
;    size folded and assumed, neither the global size nor the group counts;
;  * a clone of a kernel without a kernel_dims argument is made without the
;    range, with a missed remark;
;  * a range in a version 1 plan, or a malformed one, is an error.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan.txt>' \
; RUN:   -pass-remarks-missed=usycl-host-device-opt -S %t/device.ll 2>%t/remarks | FileCheck %s --check-prefix=DEV
; RUN: FileCheck %s --check-prefix=MISSED < %t/remarks
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan.txt>,default<O2>' \
; RUN:   -S %t/device.ll | FileCheck %s --check-prefix=OPT
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan.txt>' \
; RUN:   -S %t/host.ll | FileCheck %s --check-prefix=HOST
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/v1.txt>' \
; RUN:   -S %t/device.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=V1
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/bad.txt>' \
; RUN:   -S %t/device.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
;
; DEV-LABEL: define ptx_kernel void @"R$hdo{{[0-9a-f]+}}"(ptr byval(%obj) align 8 %o, ptr byval(%"struct.sycl::_V1::detail::kernel_dims") align 8 %d)
; DEV-NEXT:    %usycl.hdo.dims = alloca [56 x i8], align 16
; DEV-NEXT:    %usycl.hdo.object = alloca [16 x i8], align 16
; DEV-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.dims, ptr align 8 %d, i64 56, i1 false)
; 32 + 16 << 64 + 1 << 128, then 1 + 2 << 64 at byte 24.
; DEV-NEXT:    store i192 340282366920938463758522512611121037344, ptr %usycl.hdo.dims, align 1
; DEV-NEXT:    [[OFF:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.dims, i64 24
; DEV-NEXT:    store i192 36893488147419103233, ptr [[OFF]], align 1
; DEV-NOT:     llvm.assume
; DEV-LABEL: define ptx_kernel void @"N$hdo{{[0-9a-f]+}}"(
; DEV:         [[X:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[X]], 16
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[G:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[G]], 2
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[Y:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[Y]], 8
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[G:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[G]], 8
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[Z:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[Z]], 1
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[G:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[G]], 1
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.dims, ptr align 8 %d, i64 56, i1 false)
; DEV-NEXT:    store i192 340282366920938464053670417790473863232, ptr %usycl.hdo.dims, align 1
; DEV-NEXT:    [[OFF:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.dims, i64 24
; DEV-NEXT:    store i192 0, ptr [[OFF]], align 1
; N again with a run-time global size (`global any`): %ntid assumed, not
; %nctaid; only the offset stored over the kernel_dims copy.
; DEV-LABEL: define ptx_kernel void @"N$hdo{{[0-9a-f]+}}"(
; DEV:         [[X:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[X]], 16
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[Y:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[Y]], 8
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    [[Z:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; DEV-NEXT:    [[C:%.*]] = icmp eq i32 [[Z]], 1
; DEV-NEXT:    call void @llvm.assume(i1 [[C]])
; DEV-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.dims, ptr align 8 %d, i64 56, i1 false)
; DEV-NEXT:    [[OFF:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.dims, i64 24
; DEV-NEXT:    store i192 0, ptr [[OFF]], align 1
; DEV-NOT:     nctaid
; DEV-LABEL: define ptx_kernel void @"NoDims$hdo{{[0-9a-f]+}}"(
; DEV-NOT:     usycl.hdo.dims
; DEV:         ret void
;
; MISSED: remark: <unknown>:0:0: kernel 'NoDims': range range {64} not folded: the entry point has no kernel_dims argument
;
; The generic kernels read their parameter; the clones use immediates.
; OPT-LABEL: define ptx_kernel void @R(
; OPT:         load i64, ptr %d
; OPT-LABEL: define ptx_kernel void @N(
; OPT:         add nuw nsw i32 {{.*}}, 31
; OPT-LABEL: define ptx_kernel void @"R$hdo{{[0-9a-f]+}}"(
; OPT-NOT:     load i64
; OPT:         icmp {{.*}} %t, 32
; The offset, 2 elements: 8 bytes.
; OPT:         getelementptr inbounds nuw i8, ptr {{%.*}}, i64 8
; OPT-LABEL: define ptx_kernel void @"N$hdo{{[0-9a-f]+}}"(
; OPT-NOT:     ntid
; OPT:         store i32 4, ptr
; OPT-NEXT:    %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; OPT-NEXT:    %t64 = zext nneg i32 %t to i64
; OPT-NEXT:    %p = getelementptr
; OPT-NEXT:    store i64 %t64, ptr %p
; OPT-NEXT:    ret void
; OPT-LABEL: define ptx_kernel void @"N$hdo{{[0-9a-f]+}}"(
; OPT-NOT:     ntid
; OPT:         store i32 4, ptr
; OPT-NEXT:    %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; OPT-NEXT:    %t64 = zext nneg i32 %t to i64
; OPT-NEXT:    %p = getelementptr
; OPT-NEXT:    store i64 %t64, ptr %p
; OPT-NEXT:    ret void
;
; HOST:      @usycl.hdo.specializations = private unnamed_addr constant [4 x { i32, ptr, ptr, i64, i32, ptr, ptr, ptr, ptr, i32, i32, [3 x i64], [3 x i64], [3 x i64] }]
; HOST-SAME:   { i32 2, ptr @usycl.hdo.name, ptr @usycl.hdo.name.{{[0-9]+}}, i64 16, i32 0, ptr @usycl.hdo.folds,
; HOST-SAME:     ptr @_Z5rangePKvRK11kernel_dimsmm.hdo{{[0-9a-f]+}}, ptr null, ptr null, i32 2, i32 0,
; HOST-SAME:     [3 x i64] [i64 32, i64 16, i64 1], [3 x i64] [i64 1, i64 1, i64 1], [3 x i64] [i64 1, i64 2, i64 0] },
; HOST-SAME:   { i32 2, ptr @usycl.hdo.name.{{[0-9]+}}, ptr @usycl.hdo.name.{{[0-9]+}}, i64 16, i32 1, ptr @usycl.hdo.folds.{{[0-9]+}},
; HOST-SAME:     ptr null, ptr @_Z2ndPKvRK13cpu_group_ctxmm.hdo{{[0-9a-f]+}}, ptr null, i32 2, i32 1,
; HOST-SAME:     [3 x i64] [i64 64, i64 32, i64 1], [3 x i64] [i64 8, i64 16, i64 1], [3 x i64] zeroinitializer },
; The run-time global size: kind nd_range | global_any (3), global unused.
; HOST-SAME:   { i32 2, ptr @usycl.hdo.name.{{[0-9]+}}, ptr @usycl.hdo.name.{{[0-9]+}}, i64 16, i32 0, ptr @usycl.hdo.folds.{{[0-9]+}},
; HOST-SAME:     ptr null, ptr @_Z2ndPKvRK13cpu_group_ctxmm.hdo{{[0-9a-f]+}}, ptr null, i32 2, i32 3,
; HOST-SAME:     [3 x i64] [i64 1, i64 1, i64 1], [3 x i64] [i64 8, i64 16, i64 1], [3 x i64] zeroinitializer },
; HOST:      define internal void @_Z5rangePKvRK11kernel_dimsmm.hdo[[H:[0-9a-f]+]](ptr %object, ptr %dims, i64 %b, i64 %e)
; HOST-NEXT:   %usycl.hdo.range = alloca [56 x i8], align 16
; HOST:        call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.range, ptr align 1 %dims, i64 56, i1 false)
; HOST-NEXT:   store i192 340282366920938463758522512611121037344, ptr %usycl.hdo.range, align 1
; HOST:        call void @__usycl_cpu_assert_run_range(ptr @_Z5itemsPKvRK11kernel_dimsmm.hdo[[H]], ptr %o, ptr %d, i64 %b, i64 %e)
; HOST:      define internal void @_Z5itemsPKvRK11kernel_dimsmm.hdo[[H]](ptr %object, ptr %dims, i64 %b, i64 %e)
; HOST:        %usycl.hdo.range = alloca [56 x i8], align 16
; HOST:        store i192 340282366920938463758522512611121037344, ptr %usycl.hdo.range, align 1
; HOST:        load i64, ptr %usycl.hdo.range
; HOST:      define internal void @_Z2ndPKvRK13cpu_group_ctxmm.hdo{{[0-9a-f]+}}(ptr %object, ptr %ctx, i64 %b, i64 %e)
; HOST-NEXT:   %usycl.hdo.range = alloca [152 x i8], align 16
; HOST:        call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.range, ptr align 1 %ctx, i64 152, i1 false)
; HOST-NEXT:   store i192 340282366920938464053670417790473863232, ptr %usycl.hdo.range, align 1
; HOST-NEXT:   [[O:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.range, i64 24
; HOST-NEXT:   store i192 0, ptr [[O]], align 1
; HOST-NEXT:   [[L:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.range, i64 56
; HOST-NEXT:   store i192 340282366920938463758522512611121037320, ptr [[L]], align 1
; HOST-NEXT:   [[R:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.range, i64 104
; HOST-NEXT:   store i192 340282366920938463500268095579187314696, ptr [[R]], align 1
; HOST:        load i64, ptr %usycl.hdo.range
; The run-time global size: the offset and the work-group size only.
; HOST:      define internal void @_Z2ndPKvRK13cpu_group_ctxmm.hdo{{[0-9a-f]+}}(ptr %object, ptr %ctx, i64 %b, i64 %e)
; HOST-NEXT:   %usycl.hdo.range = alloca [152 x i8], align 16
; HOST:        call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.range, ptr align 1 %ctx, i64 152, i1 false)
; HOST-NEXT:   [[O:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.range, i64 24
; HOST-NEXT:   store i192 0, ptr [[O]], align 1
; HOST-NEXT:   [[L:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.range, i64 56
; HOST-NEXT:   store i192 340282366920938463758522512611121037320, ptr [[L]], align 1
; HOST-NOT:    store i192
; HOST:        load i64, ptr %usycl.hdo.range
;
; V1: {{.*}}v1.txt:3: 'range' needs plan version 2
; BAD: {{.*}}bad.txt:3: expected 'range <dims> global <g...>|any [local <l...>] offset <o...>'

;--- plan.txt
usycl-specialization-plan 2
kernel R clone R$hdo0 object-size 16
range 2 global 32 16 offset 1 2
end
kernel N clone N$hdo0 object-size 16
range 2 global 64 32 local 8 16 offset 0 0
fold 8 4 07000000
end
kernel N clone N$hdo1 object-size 16
range 2 global any local 8 16 offset 0 0
end
kernel NoDims clone NoDims$hdo0 object-size 16
range 1 global 64 offset 0
end

;--- v1.txt
usycl-specialization-plan 1
kernel R clone R$hdo0 object-size 16
range 1 global 64 offset 0
end

;--- bad.txt
usycl-specialization-plan 2
kernel R clone R$hdo0 object-size 16
range 1 global 64 local 48 offset 0
end

;--- device.ll
target triple = "nvptx64-nvidia-cuda"
%obj = type { ptr, i32 }
%"struct.sycl::_V1::detail::kernel_dims" = type { [3 x i64], [3 x i64], i64 }

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; if (tid.x < global[0]) out[tid.x + offset[1]] = 1
define ptx_kernel void @R(ptr byval(%obj) align 8 %o, ptr byval(%"struct.sycl::_V1::detail::kernel_dims") align 8 %d) {
  %out = load ptr, ptr %o
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %g = load i64, ptr %d
  %in = icmp ult i64 %t64, %g
  br i1 %in, label %work, label %done
work:
  %op = getelementptr inbounds i8, ptr %d, i64 32
  %off = load i64, ptr %op
  %i = add i64 %t64, %off
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 1, ptr %p
  br label %done
done:
  ret void
}

; out[0] = warps per group; out[1] = tid.x + offset[0]
define ptx_kernel void @N(ptr byval(%obj) align 8 %o, ptr byval(%"struct.sycl::_V1::detail::kernel_dims") align 8 %d) {
  %out = load ptr, ptr %o
  %x = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %xy = mul i32 %x, %y
  %n = mul i32 %xy, %z
  %n31 = add nuw nsw i32 %n, 31
  %w = lshr i32 %n31, 5
  store i32 %w, ptr %out
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %op = getelementptr inbounds i8, ptr %d, i64 24
  %off = load i64, ptr %op
  %i = add i64 %t64, %off
  %p = getelementptr inbounds i64, ptr %out, i64 1
  store i64 %i, ptr %p
  ret void
}

define ptx_kernel void @NoDims(ptr byval(%obj) align 8 %o, ptr %out) {
  ret void
}

;--- host.ll
target triple = "x86_64-unknown-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%"struct.sycl::_V1::detail::kernel_host_entry" = type { ptr, i8, i32, ptr, ptr, ptr, ptr, ptr }

@r_name = private unnamed_addr constant [2 x i8] c"R\00"
@n_name = private unnamed_addr constant [2 x i8] c"N\00"

define linkonce_odr void @_Z5itemsPKvRK11kernel_dimsmm(ptr %object, ptr %dims, i64 %b, i64 %e) {
  %g = load i64, ptr %dims
  ret void
}

declare void @__usycl_cpu_assert_run_range(ptr, ptr, ptr, i64, i64)

define linkonce_odr void @_Z5rangePKvRK11kernel_dimsmm(ptr %object, ptr %dims, i64 %b, i64 %e) {
  %object.addr = alloca ptr
  %dims.addr = alloca ptr
  store ptr %object, ptr %object.addr
  store ptr %dims, ptr %dims.addr
  %o = load ptr, ptr %object.addr
  %d = load ptr, ptr %dims.addr
  call void @__usycl_cpu_assert_run_range(ptr @_Z5itemsPKvRK11kernel_dimsmm, ptr %o, ptr %d, i64 %b, i64 %e)
  ret void
}

define linkonce_odr void @_Z2ndPKvRK13cpu_group_ctxmm(ptr %object, ptr %ctx, i64 %b, i64 %e) {
  %g = load i64, ptr %ctx
  ret void
}

declare i1 @_ZN4sycl3_V16detail26register_kernel_host_entryERKNS1_17kernel_host_entryE(ptr)

define internal void @__cxx_global_var_init() {
  %r = alloca %"struct.sycl::_V1::detail::kernel_host_entry", align 8
  %r0 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %r, i32 0, i32 0
  store ptr @r_name, ptr %r0, align 8
  %r4 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %r, i32 0, i32 4
  store ptr @_Z5rangePKvRK11kernel_dimsmm, ptr %r4, align 8
  %r5 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %r, i32 0, i32 5
  store ptr null, ptr %r5, align 8
  %r6 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %r, i32 0, i32 6
  store ptr null, ptr %r6, align 8
  %1 = call i1 @_ZN4sycl3_V16detail26register_kernel_host_entryERKNS1_17kernel_host_entryE(ptr %r)
  %n = alloca %"struct.sycl::_V1::detail::kernel_host_entry", align 8
  %n0 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %n, i32 0, i32 0
  store ptr @n_name, ptr %n0, align 8
  %n4 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %n, i32 0, i32 4
  store ptr null, ptr %n4, align 8
  %n5 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %n, i32 0, i32 5
  store ptr @_Z2ndPKvRK13cpu_group_ctxmm, ptr %n5, align 8
  %n6 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %n, i32 0, i32 6
  store ptr null, ptr %n6, align 8
  %2 = call i1 @_ZN4sycl3_V16detail26register_kernel_host_entryERKNS1_17kernel_host_entryE(ptr %n)
  ret void
}
