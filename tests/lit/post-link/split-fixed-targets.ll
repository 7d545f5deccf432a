; Seed 002: entry points compiled with -fsycl-fixed-targets (non-empty
; !sycl_fixed_targets) are bundled by their target set alone: -split decides
; exactly how they are grouped, whatever aspects or required sizes they have
; (the bundling guarantee). Their images carry "fixed_target", the identity
; aspects of the targets (device_targets.def), and nothing else.
;
; a.cpp and b.cpp: -fsycl-fixed-targets=nvidia_gpu_sm_90 (1036 = 0x40c)
; c.cpp: nvidia_gpu_sm_90,nvidia_gpu_sm_80 (1032 = 0x408): another set
; d.cpp: without the switch (empty list): split by requirements
; e.cpp: intel_gpu_12_0_0 and its canonical name intel_gpu_tgllp (1012 = 0x3f4)
;
; RUN: rm -rf %t && mkdir -p %t
;
; split=off: all kernels of a.cpp and b.cpp in one image.
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/off.table %s 2>%t/off.err
; RUN: count 0 < %t/off.err
; RUN: FileCheck %s --check-prefix=OFF --match-full-lines < %t/off.table
; OFF:      [Code|Properties|Symbols]
; OFF-COUNT-5: {{.*}}off_{{[0-4]}}.bc|{{.*}}
; OFF-EMPTY:
; RUN: cat %t/off_0.sym %t/off_0.prop | FileCheck %s --check-prefix=OFF0 --match-full-lines
; OFF0:      _ZTS3KA1
; OFF0-NEXT: _ZTS3KA2
; OFF0-NEXT: _ZTS3KB1
; OFF0-NEXT: _ZTS3KA3
; OFF0-NEXT: [SYCL/device requirements]
; OFF0-NEXT: fixed_target=2|0c040000
; OFF0-EMPTY:
; RUN: cat %t/off_1.sym %t/off_1.prop | FileCheck %s --check-prefix=OFF1 --match-full-lines
; OFF1:      _ZTS3KD1
; OFF1-NEXT: [SYCL/device requirements]
; OFF1-NEXT: aspect=2|06000000
; OFF1-EMPTY:
; RUN: cat %t/off_2.sym %t/off_2.prop | FileCheck %s --check-prefix=OFF2 --match-full-lines
; OFF2:      _ZTS3KC1
; OFF2-NEXT: [SYCL/device requirements]
; OFF2-NEXT: fixed_target=2|080400000c040000
; OFF2-EMPTY:
; RUN: cat %t/off_3.sym %t/off_3.prop | FileCheck %s --check-prefix=OFF3 --match-full-lines
; OFF3:      _ZTS3KD2
; OFF3-NEXT: [SYCL/device requirements]
; OFF3-EMPTY:
; RUN: cat %t/off_4.sym %t/off_4.prop | FileCheck %s --check-prefix=OFF4 --match-full-lines
; OFF4:      _ZTS3KE1
; OFF4-NEXT: _ZTS3KE2
; OFF4-NEXT: [SYCL/device requirements]
; OFF4-NEXT: fixed_target=2|f4030000
; OFF4-EMPTY:
;
; The bundled image holds every kernel, fp64 user and required sizes alike.
; RUN: llvm-dis %t/off_0.bc -o - | FileCheck %s --check-prefix=OFF0-IR
; OFF0-IR-DAG: define ptx_kernel void @_ZTS3KA1(){{.*}}!sycl_used_aspects
; OFF0-IR-DAG: define ptx_kernel void @_ZTS3KA2(){{.*}}!reqd_work_group_size
; OFF0-IR-DAG: define ptx_kernel void @_ZTS3KA3(){{.*}}!intel_reqd_sub_group_size
; OFF0-IR-DAG: define ptx_kernel void @_ZTS3KB1(
;
; per_source: split exactly per translation unit for fixed targets (a.cpp
; stays one image), by requirements as well for d.cpp.
; RUN: %sycl-post-link -split=per_source -symbols -o %t/ps.table %s
; RUN: FileCheck %s --check-prefix=PS --match-full-lines < %t/ps.table
; PS:      [Code|Symbols]
; PS-COUNT-6: {{.*}}ps_{{[0-5]}}.bc|{{.*}}
; PS-EMPTY:
; RUN: FileCheck %s --check-prefix=PS0 --match-full-lines < %t/ps_0.sym
; PS0:      _ZTS3KA1
; PS0-NEXT: _ZTS3KA2
; PS0-NEXT: _ZTS3KA3
; PS0-EMPTY:
;
; per_kernel: one image per kernel.
; RUN: %sycl-post-link -split=per_kernel -properties -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=PK --match-full-lines < %t/pk.table
; PK:      [Code|Properties]
; PK-COUNT-9: {{.*}}pk_{{[0-8]}}.bc|{{.*}}
; PK-EMPTY:
; RUN: FileCheck %s --check-prefix=PK0 --match-full-lines < %t/pk_0.prop
; PK0:      [SYCL/device requirements]
; PK0-NEXT: fixed_target=2|0c040000
; PK0-EMPTY:

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_ZTS3KA1() #0 !sycl_used_aspects !10 !sycl_fixed_targets !1 {
  ret void
}
define ptx_kernel void @_ZTS3KD1() #3 !sycl_used_aspects !10 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS3KA2() #0 !sycl_used_aspects !11 !reqd_work_group_size !12 !sycl_fixed_targets !1 {
  ret void
}
define ptx_kernel void @_ZTS3KC1() #2 !sycl_fixed_targets !2 {
  ret void
}
define ptx_kernel void @_ZTS3KB1() #1 !sycl_fixed_targets !1 {
  ret void
}
define ptx_kernel void @_ZTS3KD2() #3 !sycl_fixed_targets !0 {
  ret void
}
define ptx_kernel void @_ZTS3KA3() #0 !intel_reqd_sub_group_size !13 !sycl_fixed_targets !1 {
  ret void
}
define ptx_kernel void @_ZTS3KE1() #4 !sycl_fixed_targets !3 {
  ret void
}
define ptx_kernel void @_ZTS3KE2() #4 !sycl_fixed_targets !4 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "sycl-module-id"="c.cpp" }
attributes #3 = { "sycl-module-id"="d.cpp" }
attributes #4 = { "sycl-module-id"="e.cpp" }

!0 = !{}
!1 = !{!"nvidia_gpu_sm_90"}
!2 = !{!"nvidia_gpu_sm_90", !"nvidia_gpu_sm_80"}
!3 = !{!"intel_gpu_12_0_0"}
!4 = !{!"intel_gpu_tgllp"}
!10 = !{i32 6}
!11 = !{i32 5}
!12 = !{i32 16}
!13 = !{i32 32}
