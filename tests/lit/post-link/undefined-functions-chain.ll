; -reject-undefined-functions: every function the kernels reach that is
; still only declared after linking is reported with the kernels that reach
; it and the call chain from the first of them, C library functions (no
; mangled name) included; what the CUDA driver and later steps provide is
; not. Declarations no kernel reaches are not reported.
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %sycl-post-link -reject-undefined-functions -o %t/out.table %s 2>&1 | FileCheck %s --implicit-check-not=error:
; CHECK: sycl-post-link: error: undefined device function 'missing(int)' is called by kernel 'KernelA', 'KernelB'; define it (SYCL_EXTERNAL) in a translation unit compiled with usycl++ and link that translation unit in, or link the shared library (built with usycl++ -shared) that defines it{{$}}
; CHECK-NEXT: call chain:
; CHECK-NEXT:   kernel 'KernelA'
; CHECK-NEXT:   middle(int)
; CHECK-NEXT:   missing(int)
; CHECK-NEXT: sycl-post-link: error: undefined device function 'erff' is called by kernel 'KernelB'; {{.*}} (functions of the host's C library have no device definition; use the SYCL built-in functions)
; CHECK-NEXT: call chain:
; CHECK-NEXT:   kernel 'KernelB'
; CHECK-NEXT:   erff

target triple = "nvptx64-nvidia-cuda"

declare i32 @_Z7missingi(i32)
declare float @erff(float)
declare i32 @vprintf(ptr, ptr)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare i32 @__nvvm_reflect(ptr)
declare i1 @__usycl_device_has(i32)
declare i32 @_Z6unusedi(i32)
declare float @llvm.sqrt.f32(float)

define i32 @_Z6middlei(i32 %x) {
  %r = call i32 @_Z7missingi(i32 %x)
  ret i32 %r
}

define i32 @_Z10only_hosti(i32 %x) {
  %r = call i32 @_Z6unusedi(i32 %x)
  ret i32 %r
}

define ptx_kernel void @_ZTS7KernelA(ptr %p) {
  %r = call i32 @_Z6middlei(i32 1)
  store i32 %r, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KernelB(ptr %p) {
  %r = call i32 @_Z6middlei(i32 2)
  %f = call float @erff(float 1.0)
  %s = call float @llvm.sqrt.f32(float %f)
  %v = call i32 @vprintf(ptr null, ptr null)
  %m = call ptr @malloc(i64 8)
  call void @free(ptr %m)
  call void @__assertfail(ptr null, ptr null, i32 0, ptr null, i64 1)
  %n = call i32 @__nvvm_reflect(ptr null)
  %h = call i1 @__usycl_device_has(i32 5)
  store float %s, ptr %p
  ret void
}
