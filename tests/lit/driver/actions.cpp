// The actions besides compile and link.
//
// RUN: rm -rf %t && mkdir -p %t
//
// -fsyntax-only checks every pass and writes nothing.
// RUN: not %usycl -fsyntax-only -DDEVICE_ERROR %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: "device only"
// RUN: %usycl -fsyntax-only %s
//
// -fsycl-device-only: the device bitcode (-c) or IR (-S) of the GPU target.
// RUN: %usycl -fsycl-device-only -S %s -o %t/k.ll
// RUN: FileCheck %s --check-prefix=DEVICE-IR < %t/k.ll
// DEVICE-IR: target triple = "nvptx64-nvidia-cuda"
// DEVICE-IR: define {{.*}}ptx_kernel void @_ZTS10FillKernel(
// RUN: %usycl -fsycl-device-only -fsycl-targets=nvidia_gpu_sm_80 -c %s -o %t/k.bc
// RUN: llvm-dis %t/k.bc -o - | FileCheck %s --check-prefix=DEVICE-BC
// DEVICE-BC: "target-cpu"="sm_80"
//
// -E preprocesses for the host.
// RUN: %usycl -E %s | FileCheck %s --check-prefix=PREPROCESS
// PREPROCESS: void fill(int *p)
//
// -fsycl-host-only: a host object without device code.
// RUN: %usycl -fsycl-host-only -c %s -o %t/h.o
// RUN: llvm-readelf -S %t/h.o | FileCheck %s --check-prefix=HOST-ONLY
// HOST-ONLY-NOT: .usycl.device
//
// -MD names the dependency file and its target after the user's object.
// RUN: %usycl -c -MD %s -o %t/dep.o
// RUN: FileCheck %s --check-prefix=DEPS < %t/dep.d
// DEPS: {{.*}}dep.o: \
// DEPS-NEXT: actions.cpp

// Arguments can come from a response file, as build systems pass them.
// RUN: echo "-c %s -o %t/rsp.o" > %t/args.rsp
// RUN: %usycl @%t/args.rsp
// RUN: llvm-readelf -S %t/rsp.o | FileCheck %s --check-prefix=RSP
// RSP: .usycl.device.nvidia_gpu_sm_90

#include "Inputs/kernels.hpp"

#if defined(__SYCL_DEVICE_ONLY__) && defined(DEVICE_ERROR)
#error "device only"
#endif

struct FillKernel;
void fill(int *p) { test_kernel_entry<FillKernel>([=]() { p[0] = 42; }); }
