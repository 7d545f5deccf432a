// Device code dynamic linking (seed 002; docs/optional-features.md): a
// kernel calls a SYCL_EXTERNAL function that a shared library built with
// usycl++ -shared defines. The library records its exported device symbols
// per target in the section .usycl.exports; the program's link reads them
// from the shared libraries on its link line (-l<name> found in -L, or the
// file itself) and accepts calls to them as imports. Without the library the
// call is still an undefined device function.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -DLIBRARY -shared -fPIC %s -o %t/libext.so
// RUN: llvm-readelf -p .usycl.exports %t/libext.so | FileCheck %s --check-prefix=EXPORTS
// EXPORTS: nvidia_gpu_sm_90{{.}}_Z7ext_addi
// EXPORTS: nvidia_gpu_sm_90{{.}}_Z8ext_halfd
// EXPORTS: x86_64{{.}}_Z7ext_addi
// EXPORTS: x86_64{{.}}_Z8ext_halfd
//
// The library's exporting images are PTX only: the runtime's JIT linker
// joins them with the images that import from them.
// RUN: %usycl -DLIBRARY -shared -fPIC %s -o %t/libext2.so -v 2>&1 | FileCheck %s --check-prefix=LIBLINK
// LIBLINK: sycl-post-link {{.*}}-emit-exported-symbols
// LIBLINK-NOT: ptxas
//
// RUN: %usycl -c %s -o %t/main.o
// RUN: %usycl %t/main.o -L%t -lext -o %t/prog -v 2>&1 | FileCheck %s --check-prefix=PROG
// PROG: sycl-post-link {{.*}}-emit-only-kernels-as-entry-points -device-imports={{.*}}device.imports -reject-undefined-functions
// PROG-NOT: ptxas
// RUN: %usycl %t/main.o %t/libext.so -o %t/prog2
//
// RUN: not %usycl %t/main.o -o %t/prog3 2> %t.err
// RUN: FileCheck %s --check-prefix=MISSING --input-file=%t.err
// MISSING: sycl-post-link: error: undefined device function 'ext_add(int)' is called by kernel 'Adder'; define it (SYCL_EXTERNAL) in a translation unit compiled with usycl++ and link that translation unit in, or link the shared library (built with usycl++ -shared) that defines it{{$}}

#include "Inputs/kernels.hpp"

#ifdef __SYCL_DEVICE_ONLY__
#define EXTERNAL [[clang::sycl_external]]
#else
#define EXTERNAL
#endif

#ifdef LIBRARY
EXTERNAL int ext_add(int x) { return x + 1; }
EXTERNAL double ext_half(double x) { return x * 0.5; }
#else
EXTERNAL int ext_add(int x);

class Adder;
int main() {
  int v = 0;
  int *p = &v;
  test_kernel_entry<Adder>([=] { *p = ext_add(*p); });
  return v;
}
#endif
