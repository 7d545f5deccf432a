; Seed 002, "Error checking for SYCL_EXTERNAL functions", per entry point:
; a SYCL_EXTERNAL function defined in another translation unit may use
; aspects, need a sub-group size or assume fixed targets that the calling
; kernel's translation unit did not know about: warn (the seed's texts, with
; the kernel's name) and fold that into the calling kernel's requirements,
; hence into its image's [SYCL/device requirements]. (No sycl-module-id
; attributes here: every SYCL_EXTERNAL definition counts as foreign;
; per-kernel-requirements.ll has translation units.)
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_kernel -emit-only-kernels-as-entry-points \
; RUN:   -symbols -properties -o %t/out.table %s 2>%t/err
; RUN: FileCheck %s --check-prefix=WARN --match-full-lines < %t/err
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/out.table
; TABLE:      [Code|Properties|Symbols]
; TABLE-COUNT-5: {{.*}}out_{{[0-4]}}.bc|{{.*}}
; TABLE-EMPTY:
;
; Without fixed targets: K calls SYCL_EXTERNAL functions of other TUs.
; WARN:      warning: function 'foo' uses aspect 'fp64' not expected by its calling kernel 'K'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
; WARN-NEXT: warning: function 'bar' has required sub-group size '32' that does not match its calling kernel 'K'.
; WARN-NEXT: Missing {{\[\[}}sycl::reqd_sub_group()]] attribute on SYCL_EXTERNAL function?
; WARN-NEXT: warning: function 'ns::baz' compiled with a different `-fsycl-fixed-targets` switch than its calling kernel 'K'.
; Declared aspects count too; names come from the module's !sycl_aspects
; first, then sycl/detail/aspect_names.hpp, else the number.
; WARN-NEXT: warning: function 'qux' uses aspect 'fp16' not expected by its calling kernel 'K'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
; WARN-NEXT: warning: function 'qux' uses aspect 'ext_vendor_thing' not expected by its calling kernel 'K'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
; WARN-NEXT: warning: function 'qux' uses aspect '999' not expected by its calling kernel 'K'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
;
; KSg16 calls bar too: its image needs both sub-group sizes.
; WARN-NEXT: warning: function 'bar' has required sub-group size '32' that does not match its calling kernel 'KSg16'.
; WARN-NEXT: Missing {{\[\[}}sycl::reqd_sub_group()]] attribute on SYCL_EXTERNAL function?
;
; With fixed targets: KFixed (sm_80 + sm_90) calls functions compiled
; without the switch (foo, plain) and one compiled for sm_90 only. Aspects are
; not checked in such images (foo's fp64 gives no warning there).
; WARN-NEXT: warning: function 'foo' compiled with a different `-fsycl-fixed-targets` switch than its calling kernel.
; WARN-NEXT: warning: function 'only90' compiled with a different `-fsycl-fixed-targets` switch than its calling kernel.
; WARN-NEXT: warning: function 'plain' compiled with a different `-fsycl-fixed-targets` switch than its calling kernel.
; WARN-NEXT: warning: function 'only80' compiled with a different `-fsycl-fixed-targets` switch than its calling kernel.
; WARN-NOT: warning
;
; FinalUsedAspects = {} ∪ {fp16, fp64, 77, 999}; FinalSubGroup = {32}.
; RUN: cat %t/out_0.sym %t/out_0.prop | FileCheck %s --check-prefix=K --match-full-lines
; K:      _ZTS1K
; K-NEXT: [SYCL/device requirements]
; K-NEXT: aspect=2|05000000060000004d000000e7030000
; K-NEXT: reqd_sub_group_size=2|20000000
; K-EMPTY:
;
; RUN: cat %t/out_1.sym %t/out_1.prop | FileCheck %s --check-prefix=KSG16 --match-full-lines
; KSG16:      _ZTS5KSg16
; KSG16-NEXT: [SYCL/device requirements]
; KSG16-NEXT: reqd_sub_group_size=2|1000000020000000
; KSG16-EMPTY:
;
; FinalFixedTargets = {sm_80, sm_90} ∩ {sm_90}; 'plain' (no switch) narrows
; nothing.
; RUN: cat %t/out_2.sym %t/out_2.prop | FileCheck %s --check-prefix=FIXED --match-full-lines
; FIXED:      _ZTS6KFixed
; FIXED-NEXT: [SYCL/device requirements]
; FIXED-NEXT: fixed_target=2|0c040000
; FIXED-EMPTY:
;
; {sm_90} ∩ {sm_80} is empty: the property is still there, and no device
; can run the image.
; RUN: cat %t/out_3.sym %t/out_3.prop | FileCheck %s --check-prefix=EMPTY --match-full-lines
; EMPTY:      _ZTS7KFixed2
; EMPTY-NEXT: [SYCL/device requirements]
; EMPTY-NEXT: fixed_target=2|
; EMPTY-EMPTY:
; RUN: %propset %t/out_3.prop | FileCheck %s --check-prefix=EMPTY-READ
; EMPTY-READ: fixed_target=2|
;
; A helper of the kernel's own translation unit: its aspects were
; propagated to the kernel, so nothing to say.
; RUN: cat %t/out_4.sym %t/out_4.prop | FileCheck %s --check-prefix=OWN --match-full-lines
; OWN:      _ZTS4KOwn
; OWN-NEXT: [SYCL/device requirements]
; OWN-NEXT: aspect=2|06000000
; OWN-EMPTY:
;
; Entry points only: the SYCL_EXTERNAL functions are internal copies.
; RUN: llvm-dis %t/out_0.bc -o - | FileCheck %s --check-prefix=IR
; IR-DAG: define internal void @_Z3foov()
; IR-DAG: define ptx_kernel void @_ZTS1K()

target triple = "nvptx64-nvidia-cuda"

; SYCL_EXTERNAL definitions from other translation units.
define void @_Z3foov() !sycl_used_aspects !20 !sycl_fixed_targets !0 {
  ret void
}
define void @_Z3barv() !intel_reqd_sub_group_size !30 !sycl_fixed_targets !0 {
  ret void
}
define void @_ZN2ns3bazEi(i32 %x) !sycl_fixed_targets !1 {
  ret void
}
define void @_Z3quxv() !sycl_used_aspects !21 !sycl_declared_aspects !22 !sycl_fixed_targets !0 {
  ret void
}
define void @_Z6only90v() !sycl_fixed_targets !1 {
  ret void
}
define void @_Z5plainv() !sycl_fixed_targets !0 {
  ret void
}
define void @_Z6only80v() !sycl_fixed_targets !3 {
  ret void
}
; A helper of KOwn's translation unit (no !sycl_fixed_targets: not SYCL_EXTERNAL).
define internal void @_Z6helperv() !sycl_used_aspects !20 {
  ret void
}

define ptx_kernel void @_ZTS1K() !sycl_fixed_targets !0 {
  call void @_Z3foov()
  call void @_Z3barv()
  call void @_ZN2ns3bazEi(i32 1)
  call void @_Z3quxv()
  ret void
}
define ptx_kernel void @_ZTS5KSg16() !intel_reqd_sub_group_size !31 !sycl_fixed_targets !0 {
  call void @_Z3barv()
  ret void
}
define ptx_kernel void @_ZTS6KFixed() !sycl_used_aspects !20 !sycl_fixed_targets !2 {
  call void @_Z6only90v()
  call void @_Z5plainv()
  call void @_Z3foov()
  ret void
}
define ptx_kernel void @_ZTS7KFixed2() !sycl_fixed_targets !1 {
  call void @_Z6only80v()
  ret void
}
define ptx_kernel void @_ZTS4KOwn() !sycl_used_aspects !20 !sycl_fixed_targets !0 {
  call void @_Z6helperv()
  ret void
}

!sycl_aspects = !{!40, !41}

!0 = !{}
!1 = !{!"nvidia_gpu_sm_90"}
!2 = !{!"nvidia_gpu_sm_80", !"nvidia_gpu_sm_90"}
!3 = !{!"nvidia_gpu_sm_80"}
!20 = !{i32 6}
!21 = !{i32 5}
!22 = !{i32 77, i32 999}
!30 = !{i32 32}
!31 = !{i32 16}
!40 = !{!"fp64", i32 6}
!41 = !{!"ext_vendor_thing", i32 77}
