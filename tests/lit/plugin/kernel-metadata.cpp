// The IR metadata of seed 002, written by the device pass (the clang plugin
// collects the facts, the same library loaded as a pass plugin writes them
// before any optimisation).
//
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O0 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s -o %t.ll 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t.ll
//
// Debian's clang++-22 loads the shared object both ways in one process; with
// -fplugin alone the plugin registers the pass itself (same result), and
// with both it runs once.
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O0 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin %s -o %t.plugin-only.ll
// RUN: FileCheck %s --input-file=%t.plugin-only.ll
//
// The host pass gets none of it.
// RUN: %clang -fsycl --offload-host-only -O0 -emit-llvm -S -isystem %sycl-include \
// RUN:   -fplugin=%plugin -fpass-plugin=%plugin %s -o %t.host.ll 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t.host.ll
// HOST-NOT: !sycl_
// HOST-NOT: !reqd_work_group_size
// HOST-NOT: !intel_reqd_sub_group_size

#include <sycl/sycl.hpp>
using namespace sycl;

struct WG {
  int *p;
  [[sycl::reqd_work_group_size(16, 8, 2)]] void operator()(nd_item<3> it) const {
    p[it.get_global_linear_id()] = 1;
  }
};
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE3KWG(
// CHECK-SAME: !reqd_work_group_size ![[WG1682:[0-9]+]]

struct SG {
  int *p;
  [[sycl::reqd_sub_group_size(32)]] [[sycl::reqd_work_group_size(64)]] void
  operator()(nd_item<1> it) const {
    p[it.get_global_id(0)] = 2;
  }
};
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE3KSG(
// CHECK-SAME: !reqd_work_group_size ![[WG64:[0-9]+]] !intel_reqd_sub_group_size ![[SG32:[0-9]+]]

// The header decorations: sycl::half (fp16), 8-byte atomic_ref (atomic64);
// a 4-byte atomic_ref is no optional feature.
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE4Half({{.*}} !sycl_used_aspects ![[FP16:[0-9]+]]
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE8Atomic64({{.*}} !sycl_used_aspects ![[A64:[0-9]+]]
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE8Atomic32({{.*}}) #{{[0-9]+}} !sycl_fixed_targets ![[EMPTY:[0-9]+]] {
// A pointer atomic is 8 bytes too.
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE9AtomicPtr({{.*}} !sycl_used_aspects ![[A64]]
// double implies fp64.
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE6Double({{.*}} !sycl_used_aspects ![[FP64:[0-9]+]]
// And a kernel using nothing has no !sycl_used_aspects.
// CHECK: define {{.*}}ptx_kernel void @_ZTSZ4mainE5Plain({{.*}}) #{{[0-9]+}} !sycl_fixed_targets ![[EMPTY]] {

// Module metadata: every sycl::aspect enumerator...
// CHECK: !sycl_aspects = !{
// ...and the struct types that use aspects, by their IR names: half, and
// the two 8-byte atomic_ref_impl specialisations (unsigned long long, int *),
// each with the name codegen gave its llvm::StructType (in the order clang
// made the types).
// CHECK: !sycl_types_that_use_aspects = !{![[T3:[0-9]+]], ![[T1:[0-9]+]], ![[T2:[0-9]+]]}
// CHECK-DAG: !{!"host", i32 0}
// CHECK-DAG: !{!"cpu", i32 1}
// CHECK-DAG: !{!"fp16", i32 5}
// CHECK-DAG: !{!"fp64", i32 6}
// CHECK-DAG: !{!"atomic64", i32 28}
// CHECK-DAG: !{!"emulated", i32 40}
// CHECK-DAG: !{!"ext_intel_x86_64", i32 1000}
// CHECK-DAG: !{!"ext_nvidia_gpu_sm_90", i32 {{[0-9]+}}}
// CHECK-DAG: ![[T1]] = !{!"class.sycl::_V1::detail::atomic_ref_impl", i32 28}
// CHECK-DAG: ![[T2]] = !{!"class.sycl::_V1::detail::atomic_ref_impl.{{[0-9]+}}", i32 28}
// CHECK-DAG: ![[T3]] = !{!"class.sycl::_V1::detail::half_impl::half", i32 5}
// CHECK-DAG: ![[WG1682]] = !{i32 16, i32 8, i32 2}
// CHECK-DAG: ![[WG64]] = !{i32 64}
// CHECK-DAG: ![[SG32]] = !{i32 32}
// CHECK-DAG: ![[FP16]] = !{i32 5}
// CHECK-DAG: ![[FP64]] = !{i32 6}
// CHECK-DAG: ![[A64]] = !{i32 28}
// CHECK-DAG: ![[EMPTY]] = !{}
// The plugin's helper annotations do not survive.
// CHECK-NOT: llvm.global.annotations
// CHECK-NOT: usycl.

int main() {
  queue q;
  int *p = malloc_shared<int>(1024, q);
  half *h = malloc_shared<half>(2, q);
  unsigned long long *u64 = malloc_shared<unsigned long long>(1, q);
  int *i32 = malloc_shared<int>(1, q);
  int **pp = malloc_shared<int *>(1, q);
  double *d = malloc_shared<double>(1, q);

  q.parallel_for<class KWG>(nd_range<3>({16, 8, 2}, {16, 8, 2}), WG{p});
  q.parallel_for<class KSG>(nd_range<1>(64, 64), SG{p});
  q.single_task<class Half>([=] { h[0] = h[1] + half(1); });
  q.single_task<class Atomic64>([=] {
    atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device> a(*u64);
    a.fetch_add(1);
  });
  q.single_task<class Atomic32>([=] {
    atomic_ref<int, memory_order::relaxed, memory_scope::device> a(*i32);
    a.fetch_add(1);
  });
  q.single_task<class AtomicPtr>([=] {
    atomic_ref<int *, memory_order::relaxed, memory_scope::device> a(*pp);
    a.store(nullptr);
  });
  q.single_task<class Double>([=] { d[0] = d[0] * 2; });
  q.single_task<class Plain>([=] { p[0] = 3; });
  q.wait();
}
