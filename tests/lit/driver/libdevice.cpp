// Kernels that call libdevice get exactly the functions they use, internal to
// the device module, resolved through NVVMReflect by opt.
//
// REQUIRES: libdevice, usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %usycl -c %s -o %t/k.o
// RUN: env TMPDIR=%t/tmp %usycl -v -save-temps -shared -fPIC %t/k.o -o %t/a.so 2>&1 | FileCheck %s
// CHECK: (in-process) link device code for nvidia_gpu_sm_90: {{.*}}k.o + {{.*}}libdevice.10.bc (only needed, internalized) ->
// RUN: llvm-dis %t/tmp/usycl-*/nvidia_gpu_sm_90/linked.bc -o - | FileCheck %s --check-prefix=LINKED
// LINKED: define internal {{.*}}float @__nv_expf(
// LINKED-NOT: define {{.*}}@__nv_sinf(
// RUN: FileCheck %s --check-prefix=PTX < %t/tmp/usycl-*/nvidia_gpu_sm_90/module_0.ptx
// PTX: .entry _ZTSZ2goPfE13UsesLibdevice(
// PTX-NOT: __nv_expf

#include "Inputs/kernels.hpp"

#ifdef __SYCL_DEVICE_ONLY__
extern "C" float __nv_expf(float);
static float device_exp(float x) { return __nv_expf(x); }
#else
static float device_exp(float x) { return x; }
#endif

void go(float *p) {
  test_kernel_entry<class UsesLibdevice>([=]() { p[0] = device_exp(p[1]); });
}
