// The link step: device link, sycl-post-link, sycl-aspect-filter, opt, llc,
// ptxas, the CPU's requirements (the same post-link table, filtered for
// x86_64), the image wrapper and the final link against libusycl.so. A
// shared library is linked so the test does not need to run anything (its
// SYCL_EXTERNAL functions, none here, would be exported: dynamic-linking.cpp).
//
// REQUIRES: ptxas, usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c %s -o %t/k.o
// RUN: %usycl -v -shared -fPIC %t/k.o -o %t/libk.so 2>&1 | FileCheck %s
// CHECK: (in-process) link device code for nvidia_gpu_sm_90: {{.*}}k.o -> [[DIR:.*]]/nvidia_gpu_sm_90/linked.bc
// CHECK: sycl-post-link -split=auto -symbols -properties -emit-exported-symbols -reject-undefined-functions -o [[DIR]]/nvidia_gpu_sm_90/device.table [[DIR]]/nvidia_gpu_sm_90/linked.bc
// CHECK: sycl-aspect-filter -target=nvidia_gpu_sm_90 -device-config-file=[[CONFIG:[^ ]*/share/usycl/device-config.yaml]] [[DIR]]/nvidia_gpu_sm_90/device.table -o [[DIR]]/nvidia_gpu_sm_90/nvidia_gpu_sm_90.filtered.table
// CHECK: opt -mcpu=sm_90 -load-pass-plugin={{.*}}libusycl-link-passes.so '-passes=default<O3>,function(infer-address-spaces,infer-alignment,usycl-loop-invariant-fp-sums,usycl-latency-order)' -scev-cheap-expansion-budget=8 [[DIR]]/nvidia_gpu_sm_90/device_0.bc -o [[DIR]]/nvidia_gpu_sm_90/module_0.opt.bc
// CHECK: llc -march=nvptx64 -mcpu=sm_90 -O3 [[DIR]]/nvidia_gpu_sm_90/module_0.opt.bc -o [[DIR]]/nvidia_gpu_sm_90/module_0.ptx
// CHECK: ptxas -arch=sm_90 -O3 [[DIR]]/nvidia_gpu_sm_90/module_0.ptx -o [[DIR]]/nvidia_gpu_sm_90/module_0.cubin
// CHECK: sycl-aspect-filter -target=x86_64 -device-config-file=[[CONFIG]] [[DIR]]/nvidia_gpu_sm_90/device.table -o [[DIR]]/x86_64/x86_64.filtered.table
// CHECK: (in-process) generate image wrapper [[DIR]]/wrapper.cpp (3 images)
// CHECK: clang++ -c -O0 -fPIC -x c++ -isystem {{.*}}include [[DIR]]/wrapper.cpp -o [[DIR]]/wrapper.o
// CHECK: clang++ -shared {{.*}}k.o [[DIR]]/wrapper.o -L[[LIB:[^ ]*]] -lusycl -Wl,-rpath,[[LIB]] -Wl,--push-state,--as-needed,-lmvec,--pop-state -o {{.*}}libk.so
//
// The linker dropped the device code sections; the images (PTX text here)
// are in the library.
// RUN: llvm-readelf -S %t/libk.so | FileCheck %s --check-prefix=SECTIONS
// SECTIONS-NOT: .usycl.device
// RUN: llvm-strings %t/libk.so | FileCheck %s --check-prefix=PTX
// PTX: .target sm_90
// PTX: .entry _ZTSZ4fillPiE10FillKernel(
//
// The device code generation cache (docs/driver.md): the first link with
// it generates the code and keeps the PTX and the cubin; a second link of
// the same object copies them back instead of running opt, llc and ptxas,
// and the library is the same file.
// RUN: env USYCL_CODEGEN_CACHE=1 USYCL_CACHE_DIR=%t/cache %usycl -v -shared -fPIC %t/k.o -o %t/libk1.so 2>&1 | FileCheck %s --check-prefix=CG-MISS
// RUN: env USYCL_CODEGEN_CACHE=1 USYCL_CACHE_DIR=%t/cache %usycl -v -shared -fPIC %t/k.o -o %t/libk2.so 2>&1 | FileCheck %s --check-prefix=CG-HIT
// RUN: cmp %t/libk1.so %t/libk2.so
// RUN: ls %t/cache/codegen | FileCheck %s --check-prefix=CG-FILES
// CG-MISS-NOT: from the cache
// CG-MISS: llc -march=nvptx64
// CG-MISS: ptxas -arch=sm_90
// CG-HIT-NOT: opt -mcpu
// CG-HIT: (in-process) device code of 'device_0.bc' from the cache ({{[0-9A-F]+}})
// CG-HIT-NOT: llc -march
// CG-HIT-NOT: ptxas -arch
// CG-FILES: {{^[0-9A-F]+}}.cubin
// CG-FILES: {{^[0-9A-F]+}}.ptx
//
// Another -O level is another entry.
// RUN: env USYCL_CODEGEN_CACHE=1 USYCL_CACHE_DIR=%t/cache %usycl -v -O1 -shared -fPIC %t/k.o -o %t/libk3.so 2>&1 | FileCheck %s --check-prefix=CG-MISS
//
// -O0 at link time keeps device code unoptimized end to end.
// RUN: %usycl -v -O0 -shared -fPIC %t/k.o -o %t/libk0.so 2>&1 | FileCheck %s --check-prefix=O0
// O0: opt -O0
// O0: llc -march=nvptx64 -mcpu=sm_90 -O0
// O0: ptxas -arch=sm_90 -O0

#include "Inputs/kernels.hpp"

void fill(int *p) {
  test_kernel_entry<class FillKernel>([=]() { p[0] = 42; });
}
