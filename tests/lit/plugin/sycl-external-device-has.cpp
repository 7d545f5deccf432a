// [[sycl::device_has(...)]] on a SYCL_EXTERNAL *declaration* (the function is
// defined in another translation unit) states the aspects of a body this
// translation unit never sees: they join the requirements of every kernel
// that calls it (!sycl_used_aspects, hence its image and the runtime check),
// of no other kernel, and the fixed-target and device_has warnings name the
// declaration (seed 002, "SYCL_EXTERNAL functions"; issue 19.16).
//
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O2 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   %s -o %t.ll 2> %t.err
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err --implicit-check-not=warning:
//
// With -fsycl-fixed-targets=nvidia_gpu_sm_90 (no 'cpu' there): the kernels
// calling func<cpu> are warned about, pointing at the call, and the definition
// of ext_cpu (whose attribute is all that brings 'cpu') "declares" it.
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O2 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_90 \
// RUN:   %s -o /dev/null 2> %t.fixed
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.fixed --implicit-check-not=warning:

#include <sycl/sycl.hpp>
using namespace sycl;
using accT = accessor<int, 1>;

// DPC++'s sycl-external-with-optional-features: the aspect is a template
// argument.
template <aspect A> [[sycl::device_has(A)]] SYCL_EXTERNAL void func(const accT &acc); // FUNC
// In a namespace, on a member.
namespace ns {
[[sycl::device_has(aspect::fp16)]] SYCL_EXTERNAL void half_math(int *p);
}
struct S {
  [[sycl::device_has(aspect::atomic64)]] SYCL_EXTERNAL static void atomics(int *p);
};
// Only a later redeclaration has the attribute.
SYCL_EXTERNAL void late(int *p);
// A definition here with the attribute and no use: it declares 'cpu'.
[[sycl::device_has(aspect::cpu)]] SYCL_EXTERNAL void ext_cpu(int *p) { p[0] = 1; } // EXT_CPU

int main() {
  queue q;
  int *p = malloc_shared<int>(4, q);
  buffer<int> buf{range<1>{1}};
  q.submit([&](handler &cgh) {
    accT acc{buf, cgh};
    cgh.single_task<class Foo>([=] { func<aspect::cpu>(acc); }); // FOO
  });
  q.submit([&](handler &cgh) {
    accT acc{buf, cgh};
    cgh.single_task<class Bar>([=] { func<aspect::gpu>(acc); });
  });
  q.single_task<class Half>([=] { ns::half_math(p); });
  q.single_task<class Atomics>([=] { S::atomics(p); });
  q.single_task<class Late>([=] { late(p); });
  // Calls none of them: requires nothing.
  q.single_task<class Plain>([=] { p[0] = 2; });
  // A promise the declaration contradicts: fp16 is not in device_has(fp64).
  q.single_task<class Promise>([=]() [[sycl::device_has(aspect::fp64)]] { ns::half_math(p); }); // PROMISE
  q.single_task<class CallsExt>([=] { ext_cpu(p); });
  q.wait();
}

// (The attribute may also follow SYCL_EXTERNAL.)
SYCL_EXTERNAL [[sycl::device_has(aspect::custom)]] void late(int *p);

// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_E3Foo({{.*}} !sycl_used_aspects ![[CPU:[0-9]+]]
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE0_clES2_E3Bar({{.*}} !sycl_used_aspects ![[GPU:[0-9]+]]
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZ4mainE4Half({{.*}} !sycl_used_aspects ![[FP16:[0-9]+]]
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZ4mainE7Atomics({{.*}} !sycl_used_aspects ![[A64:[0-9]+]]
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZ4mainE4Late({{.*}} !sycl_used_aspects ![[CUSTOM:[0-9]+]]
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZ4mainE5Plain({{.*}}) {{.*}}!sycl_fixed_targets ![[NONE:[0-9]+]] {
// IR-DAG: define {{.*}}ptx_kernel void @_ZTSZ4mainE8CallsExt({{.*}} !sycl_used_aspects ![[CPU]]
// IR-DAG: ![[CPU]] = !{i32 1}
// IR-DAG: ![[GPU]] = !{i32 2}
// IR-DAG: ![[FP16]] = !{i32 5}
// IR-DAG: ![[A64]] = !{i32 28}
// IR-DAG: ![[CUSTOM]] = !{i32 4}
// IR-DAG: ![[NONE]] = !{}

// WARN: sycl-external-device-has.cpp:60:75: warning: function '(lambda at {{.*}}sycl-external-device-has.cpp:60:32)::operator()' uses aspect 'fp16' not listed in 'sycl::device_has'
// WARN-NEXT: use is from this call chain:
// WARN-NEXT:   (lambda at {{.*}}sycl-external-device-has.cpp:60:32)::operator()()
// WARN-NEXT:   ns::half_math() {{.*}}sycl-external-device-has.cpp:60:75
// WARN-NEXT: SYCL_EXTERNAL function 'ns::half_math' lists aspect 'fp16' in its {{\[\[}}sycl::device_has]] ({{.*}}sycl-external-device-has.cpp:32:3), so every kernel that calls it requires 'fp16'

// FIXED: sycl-external-device-has.cpp:60:75: warning: function '(lambda at {{.*}})::operator()' uses aspect 'fp16' not listed in 'sycl::device_has'
// FIXED: sycl-external-device-has.cpp:40:3: warning: function 'ext_cpu' declares aspect 'cpu' in 'sycl::device_has', not supported by fixed target 'nvidia_gpu_sm_90'
// FIXED: sycl-external-device-has.cpp:48:38: warning: kernel 'Foo' uses aspect 'cpu' not supported by fixed target 'nvidia_gpu_sm_90'
// FIXED-NEXT: use is from this call chain:
// FIXED-NEXT:   kernel 'Foo'
// FIXED-NEXT:   (lambda at {{.*}}sycl-external-device-has.cpp:48:32)::operator()()
// FIXED-NEXT:   func() {{.*}}sycl-external-device-has.cpp:48:38
// FIXED-NEXT: SYCL_EXTERNAL function 'func' lists aspect 'cpu' in its {{\[\[}}sycl::device_has]] ({{.*}}sycl-external-device-has.cpp:29:23), so every kernel that calls it requires 'cpu'
// FIXED: sycl-external-device-has.cpp:56:35: warning: kernel 'Late' uses aspect 'custom' not supported by fixed target 'nvidia_gpu_sm_90'
// FIXED: SYCL_EXTERNAL function 'late' lists aspect 'custom' in its {{\[\[}}sycl::device_has]] ({{.*}}sycl-external-device-has.cpp:66:17), so every kernel that calls it requires 'custom'
// FIXED: sycl-external-device-has.cpp:61:39: warning: kernel 'CallsExt' uses aspect 'cpu' not supported by fixed target 'nvidia_gpu_sm_90'
