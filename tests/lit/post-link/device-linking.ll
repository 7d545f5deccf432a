; Device code dynamic linking (seed 002; device_linking.hpp).
;
; A shared library (-emit-exported-symbols, what usycl++ -shared passes):
; every SYCL_EXTERNAL definition is an entry point of an image that lists it
; in [SYCL/exported symbols]; functions split by their requirements, so the
; fp64 one has its own image with aspect fp64.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=auto -symbols -properties -emit-exported-symbols -o %t/lib.table %s
; RUN: FileCheck %s --check-prefix=LIB0 --match-full-lines < %t/lib_0.prop
; LIB0:      [SYCL/device requirements]
; LIB0-NEXT: [SYCL/exported symbols]
; LIB0-NEXT: _Z10lib_squarei=1|1
; LIB0-EMPTY:
; RUN: FileCheck %s --check-prefix=LIB1 --match-full-lines < %t/lib_1.prop
; LIB1:      [SYCL/device requirements]
; LIB1-NEXT: aspect=2|06000000
; LIB1-NEXT: [SYCL/exported symbols]
; LIB1-NEXT: _Z8lib_halfd=1|1
; LIB1-EMPTY:
; The exported definitions stay external in their images.
; RUN: llvm-dis %t/lib_0.bc -o - | FileCheck %s --check-prefix=LIB0-IR
; LIB0-IR: define i32 @_Z10lib_squarei(i32 %x)
;
; Without the flag nothing is exported (the program's own images).
; RUN: %sycl-post-link -split=auto -properties -emit-only-kernels-as-entry-points -o %t/k.table %s
; RUN: not grep -q exported %t/k_0.prop
;
; A program whose kernel calls a function no linked code defines: rejected
; (NVPTX) unless -device-imports lists it (the symbols the shared libraries
; on the link line export); then the image imports it.
; RUN: printf '# exports of libfoo.so\n_Z6importi\n\n_Z5otherf\n' > %t/imports
; RUN: not %sycl-post-link -split=auto -properties -emit-only-kernels-as-entry-points -reject-undefined-functions -o %t/p.table %S/Inputs/imports-program.ll 2>&1 | FileCheck %s --check-prefix=REJECT
; REJECT: sycl-post-link: error: undefined device function 'import(int)' is called by kernel 'K'; define it (SYCL_EXTERNAL) in a translation unit compiled with usycl++ and link that translation unit in, or link the shared library (built with usycl++ -shared) that defines it{{$}}
; RUN: %sycl-post-link -split=auto -properties -emit-only-kernels-as-entry-points -reject-undefined-functions -device-imports=%t/imports -o %t/p.table %S/Inputs/imports-program.ll
; RUN: FileCheck %s --check-prefix=IMPORTS --match-full-lines < %t/p_0.prop
; IMPORTS:      [SYCL/device requirements]
; IMPORTS-NEXT: [SYCL/imported symbols]
; IMPORTS-NEXT: _Z6importi=1|1
; IMPORTS-NEXT: [usycl/kernel imports]
; IMPORTS-NEXT: _ZTS1K=2|5f5a36696d706f72746900
; IMPORTS-EMPTY:
;
; Two kernels of one image importing different functions: the image imports
; both, [usycl/kernel imports] says which kernel reaches which ("_Z6importi\0"
; as bytes), so one kernel's import never fails the other.
; RUN: %sycl-post-link -split=auto -properties -emit-only-kernels-as-entry-points -device-imports=%t/imports -o %t/two.table %S/Inputs/imports-two-kernels.ll
; RUN: FileCheck %s --check-prefix=TWO --match-full-lines < %t/two_0.prop
; TWO:      [SYCL/imported symbols]
; TWO-NEXT: _Z6importi=1|1
; TWO-NEXT: _Z5otherf=1|1
; TWO-NEXT: [usycl/kernel imports]
; TWO-NEXT: _ZTS1K=2|5f5a36696d706f72746900
; TWO-NEXT: _ZTS1L=2|5f5a356f746865726600
; TWO-EMPTY:
;
; A malformed imports file is an error naming the file.
; RUN: printf 'a=b\n' > %t/bad-imports
; RUN: not %sycl-post-link -device-imports=%t/bad-imports -o %t/p.table %S/Inputs/imports-program.ll 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: sycl-post-link: error: '{{.*}}bad-imports': 'a=b' is not a symbol name

target triple = "nvptx64-nvidia-cuda"

define i32 @_Z10lib_squarei(i32 %x) !sycl_fixed_targets !0 {
  %r = mul i32 %x, %x
  ret i32 %r
}

define double @_Z8lib_halfd(double %x) !sycl_used_aspects !1 !sycl_fixed_targets !0 {
  %r = fmul double %x, 5.000000e-01
  ret double %r
}

!0 = !{}
!1 = !{i32 6}
