; Seed 002: kernels share an image only if they have the same required
; work-group size, or none. "reqd_work_group_size" is <dim_count> <dims...>
; as little-endian uint32s, dimensions in the attribute's order.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/out.table %s
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/out.table
; TABLE:      [Code|Properties|Symbols]
; TABLE-COUNT-5: {{.*}}out_{{[0-4]}}.bc|{{.*}}
; TABLE-EMPTY:
;
; RUN: cat %t/out_0.sym %t/out_0.prop | FileCheck %s --check-prefix=NONE --match-full-lines
; NONE:      _ZTS5KNone
; NONE-NEXT: _ZTS6KNone2
; NONE-NEXT: [SYCL/device requirements]
; NONE-EMPTY:
;
; [[sycl::reqd_work_group_size(16)]] twice: one image.
; RUN: cat %t/out_1.sym %t/out_1.prop | FileCheck %s --check-prefix=WG16 --match-full-lines
; WG16:      _ZTS3K16
; WG16-NEXT: _ZTS4K16b
; WG16-NEXT: [SYCL/device requirements]
; WG16-NEXT: reqd_work_group_size=2|0100000010000000
; WG16-EMPTY:
;
; (8, 4): two dimensions.
; RUN: cat %t/out_2.sym %t/out_2.prop | FileCheck %s --check-prefix=WG8x4 --match-full-lines
; WG8x4:      _ZTS4K8x4
; WG8x4-NEXT: [SYCL/device requirements]
; WG8x4-NEXT: reqd_work_group_size=2|020000000800000004000000
; WG8x4-EMPTY:
;
; (16, 1, 1) is not (16).
; RUN: cat %t/out_3.sym %t/out_3.prop | FileCheck %s --check-prefix=WG16x1x1 --match-full-lines
; WG16x1x1:      _ZTS7K16x1x1
; WG16x1x1-NEXT: [SYCL/device requirements]
; WG16x1x1-NEXT: reqd_work_group_size=2|03000000100000000100000001000000
; WG16x1x1-EMPTY:
;
; The same size but another aspect: its own image, with both properties.
; RUN: cat %t/out_4.sym %t/out_4.prop | FileCheck %s --check-prefix=WG16FP64 --match-full-lines
; WG16FP64:      _ZTS8K16Fp64
; WG16FP64-NEXT: [SYCL/device requirements]
; WG16FP64-NEXT: aspect=2|06000000
; WG16FP64-NEXT: reqd_work_group_size=2|0100000010000000
; WG16FP64-EMPTY:

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_ZTS5KNone() !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS3K16() !reqd_work_group_size !1 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS4K8x4() !reqd_work_group_size !2 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS6KNone2() {
  ret void
}
define ptx_kernel void @_ZTS4K16b() !reqd_work_group_size !1 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS7K16x1x1() !reqd_work_group_size !3 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS8K16Fp64() !reqd_work_group_size !1 !sycl_used_aspects !4 !sycl_fixed_targets !0 {
  ret void
}

!0 = !{}
!1 = !{i32 16}
!2 = !{i32 8, i32 4}
!3 = !{i32 16, i32 1, i32 1}
!4 = !{i32 6}
