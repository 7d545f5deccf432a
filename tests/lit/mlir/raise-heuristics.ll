; The set_captured heuristics of seed 003 on optimised-style host IR
; (hand-written: usycl++ raises -O0 code, where these idioms do not occur).
; RUN: %sycl-mlir-opt %s --sycl-device-ir=%S/Inputs/heuristics-device.ll --sycl-raise-host 2>/dev/null | FileCheck %s
; RUN: %sycl-mlir-opt %s --sycl-device-ir=%S/Inputs/heuristics-device.ll --sycl-raise-host -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %sycl-mlir-opt %s --sycl-device-ir=%S/Inputs/heuristics-device.ll --sycl-raise-host=quiet --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
; RUN: %sycl-mlir-opt %s --sycl-raise-host 2>&1 | FileCheck %s --check-prefix=NOKERNELS

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%lambda = type { float, float, float, float, [9 x i32], %"class.sycl::_V1::accessor" }
%"class.sycl::_V1::accessor" = type { ptr, %"class.sycl::_V1::range", %"class.sycl::_V1::range", %"class.sycl::_V1::id", [24 x i8] }
%"class.sycl::_V1::range" = type { [1 x i64] }
%"class.sycl::_V1::id" = type { [1 x i64] }

@.str.range = private constant [6 x i8] c"range\00"
@.str.kernel = private constant [7 x i8] c"kernel\00"
@.str.np = private constant [18 x i8] c"kernel_num_params\00"
@.str.pd = private constant [18 x i8] c"kernel_param_desc\00"
@.str.file = private constant [4 x i8] c"x.h\00"
@name.kv = private constant [8 x i8] c"_ZTS2KV\00"
@name.kn = private constant [8 x i8] c"_ZTS2KN\00"
; kind, size, offset, info: 4 floats, int[9], accessor<float, 1, write, device>
@params = linkonce_odr constant [28 x i32] [i32 1, i32 4, i32 0, i32 0, i32 1, i32 4, i32 4, i32 0, i32 1, i32 4, i32 8, i32 0, i32 1, i32 4, i32 12, i32 0, i32 1, i32 36, i32 16, i32 0, i32 0, i32 56, i32 56, i32 17, i32 -1, i32 0, i32 0, i32 0]

declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @_ZN4sycl3_V18accessorIfLi1ELNS0_11access_modeE1025ELNS0_6targetE2014ELNS0_6access11placeholderE0EEC2IfSaIfELS2_1025EEERNS0_6bufferIT_Li1ET0_EERNS0_7handlerENS0_10mode_tag_tIXT1_EEERKNS0_13property_listE(ptr, ptr, ptr, ptr)
declare void @_ZN4sycl3_V15rangeILi1EEC2IJmEvEEDpT_(ptr, i64)

; CHECK-LABEL: llvm.func @cgf_vectors(
; CHECK-SAME: %{{[^:]*}}: !llvm.ptr, %[[H:[^:]*]]: !llvm.ptr
define void @cgf_vectors(ptr %this, ptr %h, <4 x float> %scalars, i32 %last, ptr %buf) {
  %r = alloca %"class.sycl::_V1::range"
  %acc = alloca %"class.sycl::_V1::accessor"
  %k = alloca %lambda
  %np = alloca i32
  %pd = alloca ptr
  ; CHECK: sycl.host.constructor(%{{.*}}, %{{.*}}) {type = !sycl.range<1>}
  call void @_ZN4sycl3_V15rangeILi1EEC2IJmEvEEDpT_(ptr %r, i64 9)
  ; CHECK: sycl.host.constructor(%[[ACC:.*]], %{{.*}}, %[[H]], %{{.*}}) {type = !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>}
  call void @_ZN4sycl3_V18accessorIfLi1ELNS0_11access_modeE1025ELNS0_6targetE2014ELNS0_6access11placeholderE0EEC2IfSaIfELS2_1025EEERNS0_6bufferIT_Li1ET0_EERNS0_7handlerENS0_10mode_tag_tIXT1_EEERKNS0_13property_listE(ptr %acc, ptr %buf, ptr %h, ptr null)
  ; four float captures, coalesced into one vector store
  store <4 x float> %scalars, ptr %k
  ; int[9] split into <4 x i32>, <4 x i32>, i32
  %a0 = getelementptr inbounds i8, ptr %k, i64 16
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %a0
  %a1 = getelementptr inbounds i8, ptr %k, i64 32
  store <4 x i32> <i32 5, i32 6, i32 7, i32 8>, ptr %a1
  %a2 = getelementptr inbounds i8, ptr %k, i64 48
  store i32 %last, ptr %a2
  ; the accessor, member by member: its first member comes from %acc
  %f = getelementptr inbounds %lambda, ptr %k, i32 0, i32 5
  %p = load ptr, ptr %acc
  store ptr %p, ptr %f
  %f1 = getelementptr inbounds i8, ptr %f, i64 8
  %acc1 = getelementptr inbounds i8, ptr %acc, i64 8
  call void @llvm.memcpy.p0.p0.i64(ptr %f1, ptr %acc1, i64 48, i1 false)
  call void @llvm.var.annotation.p0.p0(ptr %r, ptr @.str.range, ptr @.str.file, i32 1, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str.kernel, ptr @.str.file, i32 1, ptr null)
  store i32 6, ptr %np
  call void @llvm.var.annotation.p0.p0(ptr %np, ptr @.str.np, ptr @.str.file, i32 1, ptr null)
  store ptr @params, ptr %pd
  call void @llvm.var.annotation.p0.p0(ptr %pd, ptr @.str.pd, ptr @.str.file, i32 1, ptr null)
  %name = getelementptr inbounds i8, ptr %h, i64 40
  store ptr @name.kv, ptr %name
  ret void
}
; CHECK: sycl.host.handler.set_nd_range %[[H]] -> range %[[R:[0-9]+]] : !llvm.ptr, !llvm.ptr
; CHECK: %[[E0:.*]] = llvm.extractelement %[[V:.*]][%{{.*}} : i32] : vector<4xf32>
; CHECK: sycl.host.set_captured %[[K:.*]][0] = %[[E0]] : !llvm.ptr, f32
; CHECK: sycl.host.set_captured %[[K]][1] = %{{.*}} : !llvm.ptr, f32
; CHECK: sycl.host.set_captured %[[K]][2] = %{{.*}} : !llvm.ptr, f32
; CHECK: sycl.host.set_captured %[[K]][3] = %{{.*}} : !llvm.ptr, f32
; CHECK: %[[ARR:.*]] = llvm.insertvalue %{{.*}}[8] : !llvm.array<9 x i32>
; CHECK: sycl.host.set_captured %[[K]][4] = %[[ARR]] : !llvm.ptr, !llvm.array<9 x i32>
; CHECK: sycl.host.set_captured %[[K]][5] = %[[ACC]] : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>)
; CHECK: sycl.host.handler.set_kernel %[[H]] -> @device_functions::@_ZTS2KV : !llvm.ptr
; CHECK-NEXT: sycl.host.schedule_kernel %[[H]] -> @device_functions::@_ZTS2KV[range %[[R]]](%[[E0]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ARR]], %[[ACC]]: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>) {usycl.arg_offsets = array<i64: 0, 4, 8, 12, 16, 56>, usycl.object_size = 112 : i64} : (!llvm.ptr, !llvm.ptr, f32, f32, f32, f32, !llvm.array<9 x i32>, !llvm.ptr) -> ()

; REPORT: submission @device_functions::@_ZTS2KV in 'cgf_vectors'
; REPORT-NEXT: range kind: range
; REPORT-NEXT: range: !sycl.range<1>(9)
; REPORT-NEXT: arg 0: f32 (not constant)
; REPORT: arg 4: !llvm.array<9 x i32> (not constant)
; REPORT-NEXT: arg 5: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>
; REPORT-NEXT: 1 submission(s)

; Raising stops where the descriptors are missing, and says so.
; CHECK-LABEL: llvm.func @cgf_no_descriptors(
; CHECK: sycl.host.handler.set_kernel %{{.*}} -> @device_functions::@_ZTS2KN
; CHECK-NOT: sycl.host.schedule_kernel
; CHECK-LABEL: llvm.func @not_a_cgf
; REMARK-NOT: set_captured
; REMARK-DAG: remark: sycl-raise-host: schedule_kernel: the kernel parameter descriptors are missing (no kernel_num_params/kernel_param_desc annotations: compile with usycl++ -fsycl-raise-host, which includes the device pass's integration header)
define void @cgf_no_descriptors(ptr %this, ptr %h, i64 %n) {
  %r = alloca %"class.sycl::_V1::range"
  %k = alloca { i64 }
  store i64 %n, ptr %k
  call void @llvm.var.annotation.p0.p0(ptr %r, ptr @.str.range, ptr @.str.file, i32 1, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str.kernel, ptr @.str.file, i32 1, ptr null)
  %name = getelementptr inbounds i8, ptr %h, i64 40
  store ptr @name.kn, ptr %name
  ret void
}

; A kernel name stored somewhere that is not the handler.
; REMARK-DAG: remark: sycl-raise-host: set_kernel: the kernel name @device_functions::@_ZTS2KN is stored to memory that is not reached from an argument of the command-group function
define void @not_a_cgf() {
  %slot = alloca ptr
  %k = alloca { i64 }
  call void @llvm.var.annotation.p0.p0(ptr %k, ptr @.str.kernel, ptr @.str.file, i32 1, ptr null)
  store ptr @name.kn, ptr %slot
  ret void
}

; NOKERNELS: remark: sycl-raise-host: get_kernel: the module has no kernels (gpu.func with the 'kernel' attribute in a gpu.module); give the device IR (sycl-mlir-opt --sycl-device-ir=<file>)
; NOKERNELS-NOT: sycl.host.schedule_kernel
