// Separate compilation and link of a program, which then starts: the wrapper
// registers its images with libusycl.so before main and the kernel names
// agree between host and device.
//
// REQUIRES: usycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -c -DKERNELS %s -o %t/kernels.o
// RUN: %usycl -c %s -o %t/main.o
// RUN: %usycl %t/main.o %t/kernels.o -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: kernel: _ZTS10FillKernel
//
// Sources and objects mixed in one command work too.
// RUN: %usycl -DKERNELS %s %t/main.o -o %t/app2
// RUN: %t/app2 | FileCheck %s
//
// The images are in the program.
// RUN: llvm-strings %t/app | FileCheck %s --check-prefix=IMAGES
// IMAGES: .entry _ZTS10FillKernel(

#include "Inputs/kernels.hpp"

#include <cstdio>

#ifdef KERNELS
struct FillKernel;
void fill(int *p) { test_kernel_entry<FillKernel>([=]() { p[0] = 42; }); }
const char *fill_kernel_name() {
  return __builtin_sycl_unique_stable_name(FillKernel);
}
#else
const char *fill_kernel_name();
int main() {
  std::printf("kernel: %s\n", fill_kernel_name());
  return 0;
}
#endif
