// Types the device lacks: NVPTX has no 'long double' of the host's format
// (clang would silently make it a 64-bit double, so a kernel argument or a
// shared structure would change its layout). One error per function, at the
// first use. __int128 is supported by NVPTX and accepted. Only the GPU
// passes check this: the CPU (the analysis pass, target x86_64) has every
// host type.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2>&1 | count 0
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

long double twice(long double x) { return 2 * x; }
struct Wide {
  long double v;
};
float narrow(const Wide *w) { return float(w->v); }
__int128 mul(__int128 a, __int128 b) { return a * b; }

long double host_only(long double x) { return x / 3; }

int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4, q);
  Wide *w = sycl::malloc_shared<Wide>(1, q);
  q.single_task<class LongDouble>([=]() {
    p[0] = float(twice(p[1])) + narrow(w);
  });
  q.single_task<class Int128>([=]() {
    p[2] = float(mul(__int128(p[3]), 3)) + sizeof(long double);
  });
  q.wait();
  return int(host_only(p[0]));
}

// CHECK: restrictions-types.cpp:34:18: error: SYCL kernel cannot use 'long double': target 'nvidia_gpu_sm_90' does not support it
// CHECK-NEXT:   34 |     p[0] = float(twice(p[1])) + narrow(w);
// CHECK-NEXT:      |                  ^
// CHECK-NEXT: note: kernel 'LongDouble' reaches it through this call chain:
// CHECK-NEXT:   kernel 'LongDouble'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-types.cpp:33:35)::operator()()
// CHECK: restrictions-types.cpp:20:31: error: SYCL kernel cannot use 'long double': target 'nvidia_gpu_sm_90' does not support it
// CHECK-NEXT:   20 | long double twice(long double x) { return 2 * x; }
// CHECK-NEXT:      |                               ^
// CHECK-NEXT: note: kernel 'LongDouble' reaches it through this call chain:
// CHECK-NEXT:   kernel 'LongDouble'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-types.cpp:33:35)::operator()()
// CHECK-NEXT:   twice() {{.*}}restrictions-types.cpp:34:18
// CHECK: restrictions-types.cpp:24:44: error: SYCL kernel cannot use 'long double': target 'nvidia_gpu_sm_90' does not support it
// CHECK-NEXT:   24 | float narrow(const Wide *w) { return float(w->v); }
// CHECK-NEXT:      |                                            ^
// CHECK: 3 errors generated.
