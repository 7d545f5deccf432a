; usycl-host-device-specialize (compiler/passes/host_device_specialize.hpp):
; the kernels of a specialisation plan get clones whose kernel object is a
; local copy with the plan's constants stored over it.
;  * device module: the ptx_kernel @K is cloned as K$hdo<hash> (the hash of
;    the object size and folds: the same in every compilation of the unit),
;    the 4-byte float at offset 0 and the 1-byte bool at offset 12 folded;
;    @Other is not in the plan; @Big's object is not the plan's size.
;  * host module: the CPU launchers named by the kernel's kernel_host_entry
;    registration (through kernel_host_registration's getters) get internal
;    clones, and so does the items function a launcher hands to the runtime
;    beside the object, and a constructor registers the specialisations with the runtime
;    (Big's too: the host cannot see its device object, the runtime compares
;    the launch's object size and bytes).
;  * errors name the plan file and line.
; (A version 1 plan, read as it always was; ranges:
; host-device-specialize-range.ll.)
;
; RUN: rm -rf %t && split-file %s %t
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan.txt>' \
; RUN:   -S %t/device.ll | FileCheck %s --check-prefix=DEV
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan.txt>' \
; RUN:   -S %t/host.ll | FileCheck %s --check-prefix=HOST
; A kernel body the clone calls that is linkonce_odr (a lambda's or a
; template's operator(), which the device link internalises): the clone gets
; its own internal copy, so each body keeps one caller and inlines as the
; original's did alone.
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/plan_body.txt>' \
; RUN:   -S %t/body.ll | FileCheck %s --check-prefix=BODY
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/bad.txt>' \
; RUN:   -S %t/device.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-host-device-specialize<plan=%t/missing.txt>' \
; RUN:   -S %t/device.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
;
; DEV-LABEL: define ptx_kernel void @K(ptr byval(%obj) align 8 %o, ptr %out)
; DEV-NEXT:    %v = load float, ptr %o
; DEV-LABEL: define ptx_kernel void @Other(
; DEV-LABEL: define ptx_kernel void @Big(
; DEV-NOT:   define
; DEV-LABEL: define ptx_kernel void @"K$hdo{{[0-9a-f]+}}"(ptr byval(%obj) align 8 %o, ptr %out)
; DEV-NEXT:    %usycl.hdo.object = alloca [16 x i8], align 16
; DEV-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.object, ptr align 8 %o, i64 16, i1 false)
; DEV-NEXT:    store i32 1048576000, ptr %usycl.hdo.object, align 1
; DEV-NEXT:    [[B:%.*]] = getelementptr inbounds i8, ptr %usycl.hdo.object, i64 12
; DEV-NEXT:    store i8 1, ptr [[B]], align 1
; DEV-NEXT:    %v = load float, ptr %usycl.hdo.object
; DEV-NOT:   define
;
; BODY-LABEL: define ptx_kernel void @K(
; BODY-NEXT:    call void @_ZZ4mainENKUlvE_clEv(ptr %o, ptr %out)
; BODY-LABEL: define linkonce_odr void @_ZZ4mainENKUlvE_clEv(
; BODY-LABEL: define ptx_kernel void @"K$hdo{{[0-9a-f]+}}"(
; BODY:         call void @_ZZ4mainENKUlvE_clEv.hdo(ptr %usycl.hdo.object, ptr %out)
; BODY-LABEL: define internal void @_ZZ4mainENKUlvE_clEv.hdo(
; BODY-NEXT:    %v = load float, ptr %k
; An always-inline wrapper several launchers call (a CPU kernel's fiber and
; loop launchers both call invoke_nd_kernel) is copied too, and so is the
; body behind it.
; BODY-LABEL: define ptx_kernel void @"W$hdo{{[0-9a-f]+}}"(
; BODY:         call void @_Z6invokev.hdo(ptr %usycl.hdo.object, ptr %out)
; BODY-LABEL: define internal void @_Z6invokev.hdo(
; BODY-NEXT:    call void @_ZZ4mainENKUlvE0_clEv.hdo(
;
; HOST:      @usycl.hdo.name = private unnamed_addr constant [2 x i8] c"K\00"
; HOST:      @usycl.hdo.name.[[N:[0-9]+]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"K$hdo{{[0-9a-f]+}}\00"
; (ABI version 2; no range: dimensions 0.)
; HOST:      @usycl.hdo.specializations = private unnamed_addr constant [2 x { i32, ptr, ptr, i64, i32, ptr, ptr, ptr, ptr, i32, i32, [3 x i64], [3 x i64], [3 x i64] }]
; HOST-SAME:   { i32 2, ptr @usycl.hdo.name, ptr @usycl.hdo.name.[[N]], i64 16, i32 2, ptr @usycl.hdo.folds,
; HOST-SAME:     ptr @_Z5rangePKv.hdo{{[0-9a-f]+}}, ptr null, ptr null, i32 0, i32 0,
; HOST-SAME:   { i32 2, ptr @usycl.hdo.name.{{[0-9]+}}, ptr @usycl.hdo.name.{{[0-9]+}}, i64 16, i32 1, ptr @usycl.hdo.folds.{{[0-9]+}}, ptr null, ptr null, ptr null, i32 0, i32 0,
; HOST:      @llvm.global_ctors = appending global {{.*}} ptr @usycl.hdo.register
; HOST:      @llvm.global_dtors = appending global {{.*}} ptr @usycl.hdo.unregister
; HOST:      define linkonce_odr void @_Z5rangePKv(ptr %object)
; HOST:        call void @__usycl_cpu_assert_run_range(ptr @_Z5itemsPKv, ptr %o, i64 0)
; HOST:      define internal void @_Z5rangePKv.hdo[[H:[0-9a-f]+]](ptr %object)
; HOST-NEXT:   %usycl.hdo.object = alloca [16 x i8], align 16
; HOST:        call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.object, ptr align 1 %object, i64 16, i1 false)
; HOST:        store ptr %usycl.hdo.object, ptr %object.addr
; HOST:        call void @__usycl_cpu_assert_run_range(ptr @_Z5itemsPKv.hdo[[H]], ptr %o, i64 0)
; HOST:      define internal void @_Z5itemsPKv.hdo[[H]](ptr %object, i64 %begin)
; HOST-NEXT:   %usycl.hdo.object = alloca [16 x i8], align 16
; HOST-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr align 16 %usycl.hdo.object, ptr align 1 %object, i64 16, i1 false)
; HOST:        load float, ptr %usycl.hdo.object
; HOST:      define internal void @usycl.hdo.register()
; HOST-NEXT:   call void @__usycl_register_kernel_specializations(ptr @usycl.hdo.specializations, i64 2)
; HOST:      define internal void @usycl.hdo.unregister()
; HOST-NEXT:   call void @__usycl_unregister_kernel_specializations(ptr @usycl.hdo.specializations, i64 2)
;
; BAD: {{.*}}bad.txt:3: fold at offset 20 of 4 bytes lies outside the 16-byte kernel object
; MISSING: error: usycl-host-device-specialize: cannot read the specialisation plan '{{.*}}missing.txt'

;--- plan.txt
usycl-specialization-plan 1
kernel K clone K$hdo0 object-size 16
fold 0 4 0000803e
fold 12 1 01
end
kernel Big clone Big$hdo0 object-size 16
fold 0 4 00000000
end

;--- plan_body.txt
usycl-specialization-plan 1
kernel K clone K$hdo0 object-size 16
fold 0 4 0000803e
end
kernel W clone W$hdo0 object-size 16
fold 0 4 0000803e
end

;--- bad.txt
usycl-specialization-plan 1
kernel K clone K$hdo0 object-size 16
fold 20 4 0000803e
end

;--- device.ll
target triple = "nvptx64-nvidia-cuda"
%obj = type { float, i32, i32, i8 }
%big = type { [32 x i8] }

define ptx_kernel void @K(ptr byval(%obj) align 8 %o, ptr %out) {
  %v = load float, ptr %o
  %p = getelementptr inbounds i8, ptr %o, i64 12
  %b = load i8, ptr %p
  %f = uitofp i8 %b to float
  %s = fadd float %v, %f
  store float %s, ptr %out
  ret void
}

define ptx_kernel void @Other(ptr byval(%obj) align 8 %o, ptr %out) {
  ret void
}

define ptx_kernel void @Big(ptr byval(%big) align 8 %o, ptr %out) {
  ret void
}

;--- body.ll
target triple = "nvptx64-nvidia-cuda"
%obj = type { float, i32, i32, i8 }

define ptx_kernel void @W(ptr byval(%obj) align 8 %o, ptr %out) {
  call void @_Z6invokev(ptr %o, ptr %out)
  ret void
}

define ptx_kernel void @W2(ptr byval(%obj) align 8 %o, ptr %out) {
  call void @_Z6invokev(ptr %o, ptr %out)
  ret void
}

define linkonce_odr void @_Z6invokev(ptr %k, ptr %out) alwaysinline {
  call void @_ZZ4mainENKUlvE0_clEv(ptr %k, ptr %out)
  ret void
}

define linkonce_odr void @_ZZ4mainENKUlvE0_clEv(ptr %k, ptr %out) {
  %v = load float, ptr %k
  store float %v, ptr %out
  ret void
}

define ptx_kernel void @K(ptr byval(%obj) align 8 %o, ptr %out) {
  call void @_ZZ4mainENKUlvE_clEv(ptr %o, ptr %out)
  ret void
}

define linkonce_odr void @_ZZ4mainENKUlvE_clEv(ptr %k, ptr %out) {
  %v = load float, ptr %k
  store float %v, ptr %out
  ret void
}

;--- host.ll
target triple = "x86_64-unknown-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%"struct.sycl::_V1::detail::kernel_host_entry" = type { ptr, i8, i32, ptr, ptr, ptr, ptr, ptr }

@__usn_str = private unnamed_addr constant [2 x i8] c"K\00"

define linkonce_odr void @_Z5itemsPKv(ptr %object, i64 %begin) {
  %v = load float, ptr %object
  ret void
}

declare void @__usycl_cpu_assert_run_range(ptr, ptr, i64)

define linkonce_odr void @_Z5rangePKv(ptr %object) {
  %object.addr = alloca ptr
  store ptr %object, ptr %object.addr
  %o = load ptr, ptr %object.addr
  call void @__usycl_cpu_assert_run_range(ptr @_Z5itemsPKv, ptr %o, i64 0)
  ret void
}

define linkonce_odr ptr @_ZN4sycl3_V16detail24kernel_host_registrationI1KE14range_launcherEv() {
  ret ptr @_Z5rangePKv
}

define linkonce_odr ptr @_ZN4sycl3_V16detail24kernel_host_registrationI1KE11nd_launcherEv() {
  ret ptr null
}

declare i1 @_ZN4sycl3_V16detail26register_kernel_host_entryERKNS1_17kernel_host_entryE(ptr)

define internal void @__cxx_global_var_init() {
  %1 = alloca %"struct.sycl::_V1::detail::kernel_host_entry", align 8
  %2 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %1, i32 0, i32 0
  store ptr @__usn_str, ptr %2, align 8
  %3 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %1, i32 0, i32 4
  %4 = call ptr @_ZN4sycl3_V16detail24kernel_host_registrationI1KE14range_launcherEv()
  store ptr %4, ptr %3, align 8
  %5 = getelementptr inbounds nuw %"struct.sycl::_V1::detail::kernel_host_entry", ptr %1, i32 0, i32 5
  %6 = call ptr @_ZN4sycl3_V16detail24kernel_host_registrationI1KE11nd_launcherEv()
  store ptr %6, ptr %5, align 8
  %7 = call i1 @_ZN4sycl3_V16detail26register_kernel_host_entryERKNS1_17kernel_host_entryE(ptr %1)
  ret void
}
