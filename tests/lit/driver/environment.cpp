// The USYCL_* environment variables choose the external tools; a variable
// that names something unusable is an error that says which variable.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/empty
// RUN: %usycl -c %s -o %t/k.o
//
// RUN: env USYCL_CLANG=%t/no-clang not %usycl -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: usycl++: error: USYCL_CLANG='{{.*}}no-clang' is not an executable file; fix or unset USYCL_CLANG
//
// RUN: env USYCL_LLVM_BINDIR=%t/empty not %usycl -shared -fPIC %t/k.o -o %t/a.so 2>&1 | FileCheck %s --check-prefix=BINDIR
// BINDIR: usycl++: error: USYCL_LLVM_BINDIR='{{.*}}empty' has no 'opt'; fix or unset USYCL_LLVM_BINDIR
//
// An empty USYCL_PTXAS means: no cubins, PTX only.
// RUN: env USYCL_PTXAS= %usycl -v -shared -fPIC %t/k.o -o %t/b.so 2>&1 | FileCheck %s --check-prefix=NO-PTXAS
// NO-PTXAS: llc -march=nvptx64 -mcpu=sm_90
// NO-PTXAS-NOT: ptxas -arch
// NO-PTXAS: (in-process) no ptxas found: nvidia_gpu_sm_90 images are PTX only
// NO-PTXAS: generate image wrapper {{.*}} (2 images)
//
// RUN: env USYCL_PTXAS=%t/no-ptxas not %usycl -shared -fPIC %t/k.o -o %t/c.so 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: usycl++: error: USYCL_PTXAS='{{.*}}no-ptxas' is not an executable file; fix or unset USYCL_PTXAS
//
// libdevice is linked only where device code calls it.
// RUN: env USYCL_LIBDEVICE=%t/no-libdevice.bc not %usycl -shared -fPIC %t/k.o -o %t/d.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIBDEVICE
// LIBDEVICE: usycl++: error: USYCL_LIBDEVICE='{{.*}}no-libdevice.bc' is not a file; fix or unset USYCL_LIBDEVICE
// RUN: env USYCL_CUDA_ROOT=%t/empty USYCL_PTXAS= not %usycl -shared -fPIC %t/k.o -o %t/e.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-CUDA
// NO-CUDA: usycl++: error: device code for nvidia_gpu_sm_90 calls CUDA libdevice functions (__nv_*), but libdevice.10.bc was not found; set USYCL_LIBDEVICE
//
// A source compiles without any CUDA installation: libdevice and ptxas are
// link-time matters.
// RUN: env USYCL_CUDA_ROOT=%t/empty %usycl -c %s -o %t/no-cuda.o

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
