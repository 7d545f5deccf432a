; Seed 002: kernels share an image only if they have the same numeric
; required sub-group size, or none. Named sizes (automatic, primary) are not
; numeric: no !intel_reqd_sub_group_size, so they bundle with kernels that
; have no requirement. "reqd_sub_group_size" is an array of uint32.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=per_source -symbols -properties -o %t/out.table %s
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/out.table
; TABLE:      [Code|Properties|Symbols]
; TABLE-COUNT-3: {{.*}}out_{{[0-2]}}.bc|{{.*}}
; TABLE-EMPTY:
;
; RUN: cat %t/out_0.sym %t/out_0.prop | FileCheck %s --check-prefix=SG32 --match-full-lines
; SG32:      _ZTS5KSg32
; SG32-NEXT: _ZTS6KSg32b
; SG32-NEXT: [SYCL/device requirements]
; SG32-NEXT: reqd_sub_group_size=2|20000000
; SG32-EMPTY:
;
; RUN: cat %t/out_1.sym %t/out_1.prop | FileCheck %s --check-prefix=NONE --match-full-lines
; NONE:      _ZTS5KNone
; NONE-NEXT: _ZTS6KNamed
; NONE-NEXT: [SYCL/device requirements]
; NONE-EMPTY:
;
; RUN: cat %t/out_2.sym %t/out_2.prop | FileCheck %s --check-prefix=SG16 --match-full-lines
; SG16:      _ZTS5KSg16
; SG16-NEXT: [SYCL/device requirements]
; SG16-NEXT: reqd_sub_group_size=2|10000000
; SG16-EMPTY:

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_ZTS5KSg32() #0 !intel_reqd_sub_group_size !1 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS5KNone() #0 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS5KSg16() #0 !intel_reqd_sub_group_size !2 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS6KNamed() #0 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS6KSg32b() #0 !intel_reqd_sub_group_size !1 !sycl_fixed_targets !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{}
!1 = !{i32 32}
!2 = !{i32 16}
