// Two translation units each define a kernel whose name is local to the unit
// (here, a kernel name type in an anonymous namespace). The names mangle the
// same in both, but the kernels differ: usycl++ appends each unit's marker
// ($tu + a hash of the source path and flags) to such symbols in every pass
// of the unit, so the device link keeps both kernels. A kernel name of
// external linkage keeps its plain symbol.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -fsycl-device-only -S -DVALUE=1 %s -o %t/first.ll
// RUN: %usycl -fsycl-device-only -S -DVALUE=2 %s -o %t/second.ll
// RUN: FileCheck %s --check-prefix=IR < %t/first.ll
// RUN: FileCheck %s --check-prefix=IR < %t/second.ll
// IR-DAG: define {{.*}}ptx_kernel void @"_ZTSN12_GLOBAL__N_16kernelE$tu[[UNIT:[0-9a-f]+]]"(
// IR-DAG: define {{.*}}ptx_kernel void @_ZTS13shared_kernel(
// The markers of the two units differ.
// RUN: grep -o 'kernelE\$tu[0-9a-f]*' %t/first.ll | sort -u > %t/first.marker
// RUN: grep -o 'kernelE\$tu[0-9a-f]*' %t/second.ll | sort -u > %t/second.marker
// RUN: not cmp -s %t/first.marker %t/second.marker
// The same source and flags give the same marker (a kernel from one unit
// compiled twice stays one kernel).
// RUN: %usycl -fsycl-device-only -S -DVALUE=1 %s -o %t/again.ll
// RUN: grep -o 'kernelE\$tu[0-9a-f]*' %t/again.ll | sort -u | cmp -s - %t/first.marker
// Both units link into one program for every target.
// RUN: %usycl -c -DVALUE=1 %s -o %t/first.o
// RUN: %usycl -c -DVALUE=2 %s -o %t/second.o
// RUN: %usycl -shared -fPIC %t/first.o %t/second.o -o %t/a.so

#include "Inputs/kernels.hpp"

namespace {
struct kernel {
  int *p;
  void operator()() const { p[0] = VALUE; }
};
} // namespace

struct shared_kernel {
  int *p;
  void operator()() const { p[1] = 1; }
};

#if VALUE == 1
void first(int *p) {
  test_kernel_entry<kernel>(kernel{p});
  test_kernel_entry<shared_kernel>(shared_kernel{p});
}
#else
void second(int *p) {
  test_kernel_entry<kernel>(kernel{p});
  test_kernel_entry<shared_kernel>(shared_kernel{p});
}
#endif
