; Two kernels of one image importing different functions (device-linking.ll).
target triple = "nvptx64-nvidia-cuda"
declare i32 @_Z6importi(i32)
declare float @_Z5otherf(float)
define ptx_kernel void @_ZTS1K(ptr %p) !sycl_fixed_targets !0 {
  %r = call i32 @_Z6importi(i32 1)
  store i32 %r, ptr %p
  ret void
}
define ptx_kernel void @_ZTS1L(ptr %p) !sycl_fixed_targets !0 {
  %r = call float @_Z5otherf(float 1.0)
  store float %r, ptr %p
  ret void
}
!0 = !{}
