// One kernel name used by two different kernels is a compile error at the
// second submission, naming the kernel name and both places, whatever the
// targets and the action. A CPU-only build used to compile it with exit 0
// (its only device pass, the requirements analysis, failed, and that was a
// warning), leaving a program without the kernels' images. Kernels
// submitted through a helper template of the user's are placed at the
// helper's callers, where they differ.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %usycl -c -fsycl-targets=x86_64 %s -o %t/cpu.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: not test -e %t/cpu.o
// RUN: not %usycl -fsyntax-only -fsycl-targets=x86_64 %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: not %usycl -fsyntax-only -fsycl-targets=nvidia_gpu_sm_80 %s 2>&1 | FileCheck %s
// RUN: not %usycl -fsyntax-only -fsycl-targets=x86_64 -DFUNCTOR %s 2>&1 | FileCheck %s --check-prefix=FUNCTOR
//
// With the SYCL headers, in the form (the second kernel in a
// command group that calls use_kernel_bundle), linking for the CPU alone:
// RUN: not %usycl -fsycl-targets=x86_64 %S/Inputs/kernel-name-conflict-bundle.cpp -o %t/bundle 2>&1 | FileCheck %s --check-prefix=BUNDLE --implicit-check-not=warning:
// BUNDLE: kernel-name-conflict-bundle.cpp:12:8: error: kernel name 'K' is already the name of another kernel, (lambda at {{.*}}kernel-name-conflict-bundle.cpp:8:20), submitted at {{.*}}kernel-name-conflict-bundle.cpp:8:5;
// BUNDLE: kernel-name-conflict-bundle.cpp:8:5: note: the other kernel named 'K' is submitted here
// RUN: not test -e %t/bundle
//
// The same kernel submitted twice (one lambda type) is one kernel.
// RUN: %usycl -fsyntax-only -fsycl-targets=x86_64 -DONCE %s

#include "Inputs/kernels.hpp"

class Twice;

template <typename Name, typename K> void submit(K k) { test_kernel_entry<Name>(k); }

#ifdef FUNCTOR
struct Functor {
  int *p;
  void operator()() const { p[0] = 3; }
};
void functor(int *p) {
  submit<Twice>([=]() { p[0] = 1; });
  // FUNCTOR: kernel-name-conflict.cpp:[[#@LINE+1]]:3: error: kernel name 'Twice' is already the name of another kernel, (lambda at {{.*}}kernel-name-conflict.cpp:[[#@LINE-1]]:17), submitted at {{.*}}kernel-name-conflict.cpp:[[#@LINE-1]]:3;
  submit<Twice>(Functor{p});
}
#else
void twice(int *p) {
  auto k = [=]() { p[0] = 1; };
  submit<Twice>(k);
#ifdef ONCE
  submit<Twice>(k);
#else
  submit<Twice>([=]() { p[0] = 2; });
  // CHECK: kernel-name-conflict.cpp:[[#@LINE-1]]:3: error: kernel name 'Twice' is already the name of another kernel, (lambda at {{.*}}kernel-name-conflict.cpp:[[#@LINE-6]]:12), submitted at {{.*}}kernel-name-conflict.cpp:[[#@LINE-5]]:3; each kernel needs a name of its own: rename one of them, or leave the name out of both (unnamed lambda kernels)
  // CHECK: kernel-name-conflict.cpp:[[#@LINE-6]]:3: note: the other kernel named 'Twice' is submitted here
#endif
}
#endif
