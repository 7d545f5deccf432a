// SYCL 2020 §5.4: variables with static storage duration that device code
// uses must be const (or constexpr). Reads and writes of a non-const
// namespace-scope variable, static data member or static local are errors
// (one per variable and function, at its first use). Allowed: const and
// constexpr variables, static constexpr members, const static locals,
// uses that are not odr-uses (sizeof, decltype), the SYCL headers' own
// program-scope variables (assert uses __usycl_assert_buffer).
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <cassert>

int counter = 0;
static float scale = 2.0f;
struct Config {
  static int level;
  static constexpr int max_level = 4;
  static const int min_level;
};
int Config::level = 1;
const int Config::min_level = 0;

const int table[4] = {1, 2, 3, 4};
constexpr float pi = 3.14159f;

int bump() { return ++counter; }
float scaled(float x) { return x * scale; }
int level() { return Config::level; }
int count_calls() {
  static int calls = 0;
  return ++calls;
}

int allowed(int i) {
  static const int local_table[2] = {5, 6};
  static constexpr int k = 7;
  assert(i >= 0);
  return table[i & 3] + local_table[i & 1] + k + Config::max_level +
         Config::min_level + int(pi) + sizeof(counter) + sizeof(decltype(scale));
}

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.single_task<class Globals>([=]() {
    p[0] = bump() + int(scaled(p[1])) + level() + count_calls() + counter;
  });
  q.single_task<class Allowed>([=]() { p[2] = allowed(p[3]); });
  q.wait();
  counter = bump() + count_calls(); // host code may
  return counter;
}

// CHECK: restrictions-globals.cpp:52:67: error: SYCL kernel cannot use a non-const global variable
// CHECK-NEXT:   52 |     p[0] = bump() + int(scaled(p[1])) + level() + count_calls() + counter;
// CHECK-NEXT:      |                                                                   ^
// CHECK-NEXT: note: kernel 'Globals' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Globals'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-globals.cpp:51:32)::operator()()
// CHECK: restrictions-globals.cpp:32:23: error: SYCL kernel cannot use a non-const global variable
// CHECK-NEXT:   32 | int bump() { return ++counter; }
// CHECK-NEXT:      |                       ^
// CHECK-NEXT: note: kernel 'Globals' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Globals'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-globals.cpp:51:32)::operator()()
// CHECK-NEXT:   bump() {{.*}}restrictions-globals.cpp:52:12
// CHECK: restrictions-globals.cpp:33:36: error: SYCL kernel cannot use a non-const static data variable
// CHECK-NEXT:   33 | float scaled(float x) { return x * scale; }
// CHECK: restrictions-globals.cpp:34:30: error: SYCL kernel cannot use a non-const static data variable
// CHECK-NEXT:   34 | int level() { return Config::level; }
// CHECK: restrictions-globals.cpp:37:12: error: SYCL kernel cannot use a non-const static data variable
// CHECK-NEXT:   37 |   return ++calls;
// CHECK-NEXT:      |            ^
// CHECK-NEXT: note: kernel 'Globals' reaches it through this call chain:
// CHECK-NEXT:   kernel 'Globals'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-globals.cpp:51:32)::operator()()
// CHECK-NEXT:   count_calls() {{.*}}restrictions-globals.cpp:52:51
// CHECK: 5 errors generated.
