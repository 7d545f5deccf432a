// Kernel attributes in a lambda's declarator position (clang 22 would take
// them for type attributes of the call operator and reject them): the plugin
// moves them into the lambda and applies them to its call operator. The
// kernel entry points get the metadata; neither pass says anything about
// the attributes.
//
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin -Wall -Wextra -Werror %s
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O0 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -Wall -Wextra -Werror %s -o %t.ll
// RUN: FileCheck %s --check-prefixes=CHECK,O0 < %t.ll
// The same at -O2 (the pass runs before the optimisations).
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O2 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -Wall -Wextra -Werror %s -o %t.O2.ll
// RUN: FileCheck %s < %t.O2.ll

#include <sycl/sycl.hpp>
using namespace sycl;

#define SG_SIZE 32
// Macros around kernels (issue 19.17): each case must give the metadata the
// same lambda gives without the macro.
#define PASS_THROUGH(...) __VA_ARGS__
#define SUBMIT_KERNEL(Q, NAME, KERNEL) Q.parallel_for<class NAME>(nd_range<1>(8, 8), KERNEL)
#define NESTED_SUBMIT(Q, NAME, KERNEL) SUBMIT_KERNEL(Q, NAME, PASS_THROUGH(KERNEL))
#define WG8_ATTR [[sycl::reqd_work_group_size(8)]]
#define SG_ATTRS(N) [[sycl::reqd_work_group_size(N)]] [[sycl::reqd_sub_group_size(SG_SIZE)]]
#define USING_ATTR [[using sycl: reqd_work_group_size(8), reqd_sub_group_size(SG_SIZE)]]
#define WHOLE_KERNEL(P)                                                            \
  [=](nd_item<1> it) [[sycl::reqd_work_group_size(8)]] { P[it.get_global_linear_id()] = 7; }
#define WHOLE_SUBMIT(Q, NAME, P)                                                   \
  Q.parallel_for<class NAME>(nd_range<1>(8, 8), [=](nd_item<1> it)                \
                             [[sycl::reqd_sub_group_size(SG_SIZE)]] { P[it.get_global_linear_id()] = 8; })
// SYCL-CTS writes kernels inside macros, attributes passed as arguments.
#define SUBMIT_ND(Q, NAME, ATTRIBUTE, ...)                                        \
  Q.parallel_for<class NAME>(nd_range<1>(8, 8), [=](nd_item<1> it) ATTRIBUTE { __VA_ARGS__; })

template <int N> void in_template(queue &q, int *p) {
  q.parallel_for<class Templ>(range<1>(N), [=](id<1> i) [[sycl::reqd_work_group_size(N, 2 * N)]] {
    p[i] = 1;
  });
}

int main() {
  queue q;
  int *p = malloc_shared<int>(64, q);
  constexpr int Local = 8;

  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE5Basic(
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32:[0-9]+]]
  q.parallel_for<class Basic>(range<1>(64), [=](id<1> i) [[sycl::reqd_sub_group_size(32)]] { p[i] = 1; });

  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE9ThreeDims(
  // CHECK-SAME: !reqd_work_group_size ![[WG842:[0-9]+]]
  q.parallel_for<class ThreeDims>(nd_range<3>({8, 4, 2}, {8, 4, 2}),
                                  [=](nd_item<3> it) [[sycl::reqd_work_group_size(8, 4, 2)]] {
                                    p[it.get_global_linear_id()] = 1;
                                  });

  // Local constexpr variables and macros as arguments; several specifiers,
  // a noexcept and a trailing return type.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE7Several(
  // CHECK-SAME: !reqd_work_group_size ![[WG8:[0-9]+]]
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  // CHECK-SAME: !sycl_declared_aspects ![[FP16:[0-9]+]]
  q.parallel_for<class Several>(
      range<1>(64),
      [=](id<1> i) noexcept [[sycl::reqd_work_group_size(Local)]]
          [[sycl::reqd_sub_group_size(SG_SIZE), sycl::device_has(aspect::fp16)]] -> void { p[i] = 2; });

  // [[using sycl: ...]] and an attribute of another namespace in the same
  // specifier, which stays where it was (a type attribute clang accepts).
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE5Using(
  // CHECK-SAME: !reqd_work_group_size ![[WG44:[0-9]+]]
  q.parallel_for<class Using>(nd_range<2>({8, 8}, {4, 4}),
                              [=](nd_item<2> it) [[using sycl: reqd_work_group_size(4, 4)]]
                                  [[clang::annotate_type("kept")]] { p[it.get_global_linear_id()] = 3; });

  // A generic lambda.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE7Generic(
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  q.parallel_for<class Generic>(range<1>(64), [=](auto i) [[sycl::reqd_sub_group_size(SG_SIZE)]] { p[i] = 4; });

  // The lambda inside a macro expansion, its attribute from a macro
  // argument: the attribute tokens are moved as the parser receives them.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE7InMacro(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  SUBMIT_ND(q, InMacro, [[sycl::reqd_work_group_size(Local)]], p[it.get_global_linear_id()] = 6);

  // Issue 19.17. The whole lambda, attribute included, in a macro argument.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE8ArgWhole(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  PASS_THROUGH(q.parallel_for<class ArgWhole>(
      nd_range<1>(8, 8),
      [=](nd_item<1> it) [[sycl::reqd_work_group_size(8)]] { p[it.get_global_linear_id()] = 1; }));
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE9ArgLambda(
  // CHECK-SAME: !sycl_declared_aspects ![[FP16]]
  SUBMIT_KERNEL(q, ArgLambda, [=](nd_item<1>) [[sycl::device_has(aspect::fp16)]] {});
  // Nested macros: the lambda passes through two expansions.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE6Nested(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  NESTED_SUBMIT(q, Nested,
                [=](nd_item<1> it) noexcept [[sycl::reqd_work_group_size(8)]]
                    [[sycl::reqd_sub_group_size(SG_SIZE)]] { p[it.get_global_linear_id()] = 2; });
  // The lambda written in a macro body, and the whole submission in one.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE4Body(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  q.parallel_for<class Body>(nd_range<1>(8, 8), WHOLE_KERNEL(p));
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE10BodySubmit(
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  WHOLE_SUBMIT(q, BodySubmit, p);
  // Only the attributes come from a macro body (object-like, function-like),
  // the lambda is in the file.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE8AttrBody(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  q.parallel_for<class AttrBody>(nd_range<1>(8, 8), [=](nd_item<1> it) WG8_ATTR {
    p[it.get_global_linear_id()] = 3;
  });
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE9AttrsFunc(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  q.parallel_for<class AttrsFunc>(nd_range<1>(8, 8), [=](nd_item<1> it) SG_ATTRS(Local) {
    p[it.get_global_linear_id()] = 4;
  });
  // [[using sycl: ...]] from a macro, and inside a macro argument.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE9AttrUsing(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  // CHECK-SAME: !intel_reqd_sub_group_size ![[SG32]]
  q.parallel_for<class AttrUsing>(nd_range<1>(8, 8), [=](nd_item<1>) USING_ATTR {});
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE8ArgUsing(
  // CHECK-SAME: !reqd_work_group_size ![[WG8]]
  SUBMIT_KERNEL(q, ArgUsing, [=](nd_item<1>) [[using sycl: reqd_work_group_size(8)]] {});

  // An empty [[sycl::device_has()]]: the kernel uses no optional feature.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE4None(
  // CHECK-SAME: !sycl_declared_aspects ![[EMPTY:[0-9]+]]
  q.single_task<class None>([=]() [[sycl::device_has()]] { p[0] = 5; });

  // Template parameters as arguments.
  // CHECK: define {{.*}}ptx_kernel void @_ZTSZ11in_templateILi4EEvRN4sycl3_V15queueEPiE5Templ(
  // CHECK-SAME: !reqd_work_group_size ![[WG48:[0-9]+]]
  in_template<4>(q, p);

  // A lambda that is not a kernel takes the attributes too.
  auto helper = [](int x) [[sycl::device_has(aspect::fp16)]] { return x + 1; };
  q.single_task<class CallsHelper>([=] { p[0] = helper(p[0]); });
  // (Inlined and gone at -O2.)
  // O0: define {{.*}} @_ZZ4mainENKUliE_clEi({{.*}}) {{.*}}!sycl_declared_aspects ![[FP16]]

  q.wait();
  free(p, q);
}

// CHECK-DAG: ![[SG32]] = !{i32 32}
// CHECK-DAG: ![[WG842]] = !{i32 8, i32 4, i32 2}
// CHECK-DAG: ![[WG8]] = !{i32 8}
// CHECK-DAG: ![[FP16]] = !{i32 5}
// CHECK-DAG: ![[WG44]] = !{i32 4, i32 4}
// CHECK-DAG: ![[EMPTY]] = !{}
// CHECK-DAG: ![[WG48]] = !{i32 4, i32 8}
