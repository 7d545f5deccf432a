// A kernel using host-only library code (std::string: its out-of-line
// members exist in libstdc++.so only, and it throws through
// std::__throw_*): an error at the program's call into the library, naming
// what the device lacks, with the chain from the kernel -- at compile time,
// in every device pass (the CPU's analysis pass too), not after linking.
// Library code the device has (math builtins, std::array, printf) is fine.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2> %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu --implicit-check-not=error: --implicit-check-not=warning:

#include <sycl/sycl.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <string>

// CHECK: restrictions-library.cpp:[[#@LINE+3]]:15: error: SYCL kernel cannot call 'std::basic_string<char>::basic_string': it needs 'std::__throw_logic_error', which only the host's C or C++ library defines; the device has no definition (std::string, std::vector and other allocating or throwing library code are host-only)
// CHECK: note: kernel 'Strings' reaches it through this call chain:
int length(const char *s) {
  std::string copy(s);
  return int(copy.size());
}
// CHECK-NEXT: kernel 'Strings'
// CHECK-NEXT: (lambda at {{.*}}restrictions-library.cpp:[[#LAMBDA:]]:{{[0-9]+}})::operator()()
// CHECK-NEXT: length() {{.*}}restrictions-library.cpp:[[#LAMBDA]]:{{[0-9]+}}
// CHECK-NEXT: std::basic_string<char>::basic_string() {{.*}}restrictions-library.cpp:[[#@LINE-6]]:15

int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4, q);
  q.single_task<class Strings>([=] { p[0] = float(length("abc")); });
  q.single_task<class Fine>([=] {
    std::array<float, 2> a{1.0f, 2.0f};
    p[1] = std::sqrt(a[1]) + sycl::sin(a[0]);
    printf("%f\n", p[1]);
  });
  return 0;
}
