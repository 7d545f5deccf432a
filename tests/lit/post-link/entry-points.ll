; Entry points are the kernels and, unless -emit-only-kernels-as-entry-points
; (what usycl++ passes: NVPTX images are complete programs), the SYCL_EXTERNAL
; definitions: externally visible non-kernel functions carrying
; !sycl_fixed_targets. Entry points follow the same split rules; .sym lists
; them all.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/all.table %s
; RUN: FileCheck %s --check-prefix=ALL --match-full-lines < %t/all.table
; ALL:      [Code|Properties|Symbols]
; ALL-NEXT: {{.*}}all_0.bc|{{.*}}
; ALL-NEXT: {{.*}}all_1.bc|{{.*}}
; ALL-EMPTY:
; ext_plain has K's requirements: same image, kept external.
; RUN: FileCheck %s --check-prefix=ALL0 --match-full-lines < %t/all_0.sym
; ALL0:      _Z9ext_plainv
; ALL0-NEXT: _ZTS1K
; ALL0-EMPTY:
; RUN: llvm-dis %t/all_0.bc -o - | FileCheck %s --check-prefix=ALL0-IR
; ALL0-IR-DAG: define void @_Z9ext_plainv()
; ALL0-IR-DAG: define ptx_kernel void @_ZTS1K()
; ALL0-IR-NOT: @_Z6inlinev
; ext_fp64 uses fp64: an image of its own.
; RUN: cat %t/all_1.sym %t/all_1.prop | FileCheck %s --check-prefix=ALL1 --match-full-lines
; ALL1:      _Z8ext_fp64v
; ALL1-NEXT: [SYCL/device requirements]
; ALL1-NEXT: aspect=2|06000000
; ALL1-EMPTY:
;
; Kernels only: one image; the SYCL_EXTERNAL functions K does not call are
; gone, the one it calls is internal.
; RUN: %sycl-post-link -split=off -emit-only-kernels-as-entry-points -symbols -o %t/k.table %s
; RUN: FileCheck %s --check-prefix=K --match-full-lines < %t/k.table
; K:      [Code|Symbols]
; K-NEXT: {{.*}}k_0.bc|{{.*}}k_0.sym
; K-EMPTY:
; RUN: llvm-dis %t/k_0.bc -o - | FileCheck %s --check-prefix=K-IR
; K-IR: define internal void @_Z9ext_plainv()
; K-IR-NOT: @_Z8ext_fp64v

target triple = "nvptx64-nvidia-cuda"

define void @_Z9ext_plainv() !sycl_fixed_targets !0 {
  ret void
}
define void @_Z8ext_fp64v() !sycl_used_aspects !1 !sycl_fixed_targets !0 {
  ret void
}
; Inline functions (linkonce_odr) are not exported, metadata or not.
define linkonce_odr void @_Z6inlinev() !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS1K() !sycl_fixed_targets !0 {
  call void @_Z9ext_plainv()
  ret void
}

!0 = !{}
!1 = !{i32 6}
