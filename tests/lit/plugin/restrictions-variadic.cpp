// SYCL 2020 §5.4: no calls of C variadic functions in device code, except
// printf (NVPTX lowers it to vprintf) and compiler builtins, among them the
// type-generic ones <cmath>'s std::isfinite & co. call (declared `int(...)`).
// Variadic templates are not variadic functions.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <cstdarg>
#include <cmath>
#include <cstdio>

int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
int declared_only(const char *, ...);

template <typename... Ts> int count(Ts... ts) { return (0 + ... + ts); }

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Variadic>([=]() {
    char buf[16];
    p[0] = sum(2, p[1], p[2]) + declared_only("x", 1);
    snprintf(buf, sizeof buf, "%d", p[0]);
  });
  q.single_task<class Allowed>([=]() {
    printf("%d\n", p[0]);
    __builtin_printf("%d\n", count(1, 2, 3));
    using v4 = int __attribute__((ext_vector_type(4)));
    v4 a = {1, 2, 3, 4};
    v4 b = __builtin_shufflevector(a, a, 3, 2, 1, 0);
    p[1] = b.x + __builtin_expect(p[2], 0);
    const float f = float(p[3]);
    const double d = double(p[3]);
    p[2] = std::isfinite(f) + std::isnan(d) + std::isinf(f) + std::signbit(d) +
           std::isnormal(f) + (std::fpclassify(d) == FP_ZERO) + std::isgreater(f, 1.0f) +
           std::isunordered(d, 0.0) + __builtin_isfinite(d);
  });
  q.wait();
  return sum(1, 2);
}

// CHECK: restrictions-variadic.cpp:36:12: error: SYCL kernel cannot call a variadic function
// CHECK-NEXT:   36 |     p[0] = sum(2, p[1], p[2]) + declared_only("x", 1);
// CHECK-NEXT:      |            ^
// CHECK-NEXT: note: kernel 'Variadic' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Variadic'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-variadic.cpp:34:33)::operator()()
// CHECK: restrictions-variadic.cpp:36:33: error: SYCL kernel cannot call a variadic function
// CHECK: restrictions-variadic.cpp:37:5: error: SYCL kernel cannot call a variadic function
// CHECK-NEXT:   37 |     snprintf(buf, sizeof buf, "%d", p[0]);
// CHECK-NEXT:      |     ^
// CHECK: 3 errors generated.
