; The aspect-propagation pass on hand-written IR (opt, no clang plugin):
; aspects from !sycl_types_that_use_aspects types (compared by type pointer,
; so a look-alike type is no match), from types containing them, from
; double; propagation up the call graph (with a cycle); the device_has
; warning with its call chain, located with !dbg when the module has it.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes=usycl-aspect-propagation \
; RUN:   -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err

target triple = "nvptx64-nvidia-cuda"

%"class.sycl::_V1::half" = type { half }
%"class.sycl::_V1::half.0" = type { half }        ; same body, other type
%"struct.holder" = type { i32, [2 x %"class.sycl::_V1::half"] }
%"struct.with_double" = type { i32, double }

; CHECK: define ptx_kernel void @kernel() !sycl_declared_aspects ![[FP16:[0-9]+]] !sycl_used_aspects ![[FP16_FP64_AMX:[0-9]+]] !sycl_fixed_targets ![[EMPTY:[0-9]+]] {
define ptx_kernel void @kernel() !sycl_declared_aspects !10 {
  call void @holds_half()
  call void @ping(i32 3)
  call void @calls_decl()
  ret void
}

; A struct containing the decorated type (inside an array) uses its aspect.
; CHECK: define void @holds_half() !sycl_used_aspects ![[FP16]] {
define void @holds_half() {
  %h = alloca %"struct.holder"
  ret void
}

; The look-alike type uses nothing.
; CHECK: define void @lookalike() {
define void @lookalike() {
  %h = alloca %"class.sycl::_V1::half.0"
  ret void
}

; ping and pong call each other; pong loads a struct with a double.
; CHECK: define void @ping(i32 %n) !sycl_used_aspects ![[FP64:[0-9]+]] {
define void @ping(i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  call void @pong(i32 %n), !dbg !26
  br label %done
done:
  ret void
}
; CHECK: define void @pong(i32 %n) !sycl_used_aspects ![[FP64]] {
define void @pong(i32 %n) {
  %p = alloca %"struct.with_double", !dbg !24
  %m = sub i32 %n, 1
  call void @ping(i32 %m)
  ret void
}

; A declaration that states its aspects (the front end's uses_aspects).
; CHECK: declare !sycl_used_aspects ![[AMX:[0-9]+]] void @amx()
declare !sycl_used_aspects !11 void @amx()
; CHECK: define void @calls_decl() !sycl_used_aspects ![[AMX]] {
define void @calls_decl() {
  call void @amx()
  ret void
}

; A double in a signature counts.
; CHECK: define double @returns_double() !sycl_used_aspects ![[FP64]] {
define double @returns_double() {
  ret double 0.0
}

; A declared set that covers everything: no warning.
; CHECK: define void @honest() !sycl_declared_aspects ![[FP64]] !sycl_used_aspects ![[FP64]] {
define void @honest() !sycl_declared_aspects !12 {
  %r = call double @returns_double()
  ret void
}

; WARN: hw.cpp:27:4: in function kernel void (): kernel 'kernel' uses aspect 'fp64' not listed in 'sycl::device_has'
; WARN-NEXT: use is from this call chain:
; WARN-NEXT:   kernel 'kernel'
; WARN-NEXT:   ping(){{$}}
; WARN-NEXT:   pong() hw.cpp:15:3
; WARN: warning: kernel 'kernel' uses aspect 'ext_intel_amx' not listed in 'sycl::device_has'
; WARN-NEXT: use is from this call chain:
; WARN-NEXT:   kernel 'kernel'
; WARN-NEXT:   calls_decl()
; WARN-NEXT:   amx()
; WARN-NEXT: compile with '-g' to get source location
; WARN-NOT: warning:

; CHECK-DAG: ![[FP16]] = !{i32 5}
; CHECK-DAG: ![[FP64]] = !{i32 6}
; CHECK-DAG: ![[AMX]] = !{i32 1001}
; CHECK-DAG: ![[FP16_FP64_AMX]] = !{i32 5, i32 6, i32 1001}
; CHECK-DAG: ![[EMPTY]] = !{}

!sycl_aspects = !{!0, !1, !2, !3}
!sycl_types_that_use_aspects = !{!5}
!0 = !{!"fp16", i32 5}
!1 = !{!"fp64", i32 6}
!2 = !{!"atomic64", i32 28}
!3 = !{!"ext_intel_amx", i32 1001}
!5 = !{!"class.sycl::_V1::half", i32 5}
!10 = !{i32 5}
!11 = !{i32 1001}
!12 = !{i32 6}

!llvm.module.flags = !{!30}
!llvm.dbg.cu = !{!21}
!30 = !{i32 2, !"Debug Info Version", i32 3}
!21 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !22, producer: "test", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!22 = !DIFile(filename: "hw.cpp", directory: "")
!23 = distinct !DISubprogram(name: "pong", scope: !22, file: !22, line: 25, type: !25, scopeLine: 25, spFlags: DISPFlagDefinition, unit: !21)
!25 = !DISubroutineType(types: !{null})
!24 = !DILocation(line: 27, column: 4, scope: !23)
!27 = distinct !DISubprogram(name: "ping", scope: !22, file: !22, line: 13, type: !25, scopeLine: 13, spFlags: DISPFlagDefinition, unit: !21)
!26 = !DILocation(line: 15, column: 3, scope: !27)
