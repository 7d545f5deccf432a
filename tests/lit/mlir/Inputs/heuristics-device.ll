target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @_ZTS2KV(ptr byval([64 x i8]) %k, ptr byval([48 x i8]) %d) {
  ret void
}
define ptx_kernel void @_ZTS2KN(ptr byval([8 x i8]) %k, ptr byval([48 x i8]) %d) {
  ret void
}
define void @helper() {
  ret void
}
