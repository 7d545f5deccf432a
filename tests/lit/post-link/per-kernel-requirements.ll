; Requirements are per kernel (seed 002): an image's [SYCL/device requirements]
; must never refuse a kernel for what another kernel of the image needs.
;
; DPC++'s OptionalKernelFeatures/sycl-external-with-optional-features, with
; the calling translation unit (a.cpp) declaring func<cpu> and func<gpu>
; without [[sycl::device_has]]: Foo and Bar look alike there, but Foo calls
; func<cpu> (device_has(cpu), from b.cpp) and Bar calls func<gpu>
; (device_has(gpu)). They must not share an image requiring {cpu, gpu}: each
; gets its own image with its own aspect, whatever the split mode.
;
; Only SYCL_EXTERNAL functions defined in another translation unit (another
; sycl-module-id) are checked: the aspect-propagation pass already accounted
; for the functions of the kernel's own unit. An ordinary function with
; [[sycl::device_has(fp16)]] that Promise calls, and a SYCL_EXTERNAL function
; of a.cpp that Guarded calls under if_device_has<fp64> (so its fp64 does not
; reach Guarded), give no warning and no requirement.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=auto -emit-only-kernels-as-entry-points \
; RUN:   -symbols -properties -o %t/auto.table %s 2>%t/auto.err
; RUN: FileCheck %s --check-prefix=WARN --match-full-lines --implicit-check-not=warning < %t/auto.err
; WARN:      warning: function 'func<(sycl::_V1::aspect)1>' uses aspect 'cpu' not expected by its calling kernel 'Foo'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
; WARN-NEXT: warning: function 'func<(sycl::_V1::aspect)2>' uses aspect 'gpu' not expected by its calling kernel 'Bar'.
; WARN-NEXT: Missing {{\[\[}}sycl::device_has()]] on SYCL_EXTERNAL function?
;
; Three images: {Promise, Guarded} (nothing required), Foo (cpu), Bar (gpu).
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/auto.table
; TABLE:      [Code|Properties|Symbols]
; TABLE-COUNT-3: {{.*}}auto_{{[0-2]}}.bc|{{.*}}
; TABLE-EMPTY:
; RUN: cat %t/auto_0.sym %t/auto_0.prop | FileCheck %s --check-prefix=FOO --match-full-lines
; FOO:      _ZTS3Foo
; FOO-NEXT: [SYCL/device requirements]
; FOO-NEXT: aspect=2|01000000
; FOO-EMPTY:
; RUN: cat %t/auto_1.sym %t/auto_1.prop | FileCheck %s --check-prefix=BAR --match-full-lines
; BAR:      _ZTS3Bar
; BAR-NEXT: [SYCL/device requirements]
; BAR-NEXT: aspect=2|02000000
; BAR-EMPTY:
; RUN: cat %t/auto_2.sym %t/auto_2.prop | FileCheck %s --check-prefix=OWN --match-full-lines
; OWN:      _ZTS7Promise
; OWN-NEXT: _ZTS7Guarded
; OWN-NEXT: [SYCL/device requirements]
; OWN-EMPTY:
;
; SYCL_EXTERNAL functions as entry points too (targets with device-side
; linking): func<cpu> and func<gpu> get images of their own; the kernels'
; images are as above.
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/off.table %s 2>%t/off.err
; RUN: FileCheck %s --check-prefix=WARN --match-full-lines --implicit-check-not=warning < %t/off.err
; RUN: cat %t/off_*.sym %t/off_*.prop | FileCheck %s --check-prefix=OFF
; OFF-DAG: _ZTS3Foo
; OFF-DAG: _ZTS3Bar
; OFF-DAG: _Z4funcILN4sycl3_V16aspectE1EEvPi
; OFF-DAG: _Z4funcILN4sycl3_V16aspectE2EEvPi
; OFF-NOT: aspect=2|0100000002000000

target triple = "nvptx64-nvidia-cuda"

; b.cpp: template <> SYCL_EXTERNAL void func<aspect::cpu>(int *) and <gpu>,
; declared [[sycl::device_has(A)]] there.
define void @_Z4funcILN4sycl3_V16aspectE1EEvPi(ptr %p) #1 !sycl_declared_aspects !11 !sycl_used_aspects !11 !sycl_fixed_targets !0 {
  store i32 42, ptr %p
  ret void
}
define void @_Z4funcILN4sycl3_V16aspectE2EEvPi(ptr %p) #1 !sycl_declared_aspects !12 !sycl_used_aspects !12 !sycl_fixed_targets !0 {
  store i32 42, ptr %p
  ret void
}

; a.cpp
define ptx_kernel void @_ZTS3Foo(ptr %p) #0 !sycl_fixed_targets !0 {
  call void @_Z4funcILN4sycl3_V16aspectE1EEvPi(ptr %p)
  ret void
}
define ptx_kernel void @_ZTS3Bar(ptr %p) #0 !sycl_fixed_targets !0 {
  call void @_Z4funcILN4sycl3_V16aspectE2EEvPi(ptr %p)
  ret void
}
; [[sycl::device_has(aspect::fp16)]] void promise(int *): an ordinary
; function; it does not use fp16, so Promise does not either.
define internal void @_Z7promisePi(ptr %p) !sycl_declared_aspects !15 {
  store i32 1, ptr %p
  ret void
}
define ptx_kernel void @_ZTS7Promise(ptr %p) #0 !sycl_fixed_targets !0 {
  call void @_Z7promisePi(ptr %p)
  ret void
}
; A SYCL_EXTERNAL function of a.cpp using fp64, which Guarded calls only
; under if_device_has<aspect::fp64>.
define void @_Z7doublesPd(ptr %p) #0 !sycl_used_aspects !16 !sycl_fixed_targets !0 {
  store double 1.0, ptr %p
  ret void
}
define ptx_kernel void @_ZTS7Guarded(ptr %p) #0 !sycl_fixed_targets !0 {
  call void @_Z7doublesPd(ptr %p)
  ret void
}

attributes #0 = { "sycl-module-id"="a.o" }
attributes #1 = { "sycl-module-id"="b.o" }

!sycl_aspects = !{!1, !2, !5, !6}
!0 = !{}
!1 = !{!"cpu", i32 1}
!2 = !{!"gpu", i32 2}
!5 = !{!"fp16", i32 5}
!6 = !{!"fp64", i32 6}
!11 = !{i32 1}
!12 = !{i32 2}
!15 = !{i32 5}
!16 = !{i32 6}
