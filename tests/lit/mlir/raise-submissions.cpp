// Raising of the host code usycl++ compiles: every parallel_for becomes one
// sycl.host.schedule_kernel with its range and captured arguments.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | FileCheck %s --allow-empty --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// REMARK-NOT: remark

#include <sycl/sycl.hpp>

class Range1;
class RangeOffset2;
class NdRange;
class Arrays;

int main() {
  sycl::queue q;
  constexpr size_t N = 64;
  float *usm = sycl::malloc_shared<float>(N, q);
  sycl::buffer<float> in(sycl::range<1>{N}), out(sycl::range<1>{N});
  sycl::buffer<int, 2> grid(sycl::range<2>{8, 8});

  // Buffers, accessors, and several scalars of one type.
  // CHECK: sycl.host.constructor({{.*}}) {type = !sycl.accessor<[1, !llvm.void, r, gb], (!llvm.void)>}
  // CHECK: sycl.host.constructor({{.*}}) {type = !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>}
  // CHECK: sycl.host.handler.set_nd_range %[[H1:.*]] -> range %[[R1:[0-9]+]] :
  // Fields in the order clang lays out the captures (first use).
  // CHECK: sycl.host.set_captured %[[L1:.*]][0] = %{{.*}} : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>)
  // CHECK: sycl.host.set_captured %[[L1]][1] = %{{.*}} : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, r, gb], (!llvm.void)>)
  // CHECK: sycl.host.set_captured %[[L1]][2] = %{{.*}} : !llvm.ptr, f32
  // CHECK: sycl.host.set_captured %[[L1]][3] = %{{.*}} : !llvm.ptr, f32
  // CHECK: sycl.host.set_captured %[[L1]][4] = %{{.*}} : !llvm.ptr, f32
  // CHECK: sycl.host.set_captured %[[L1]][5] = %{{.*}} : !llvm.ptr, f32
  // CHECK: sycl.host.handler.set_kernel %[[H1]] -> @device_functions::@_ZTS6Range1 : !llvm.ptr
  // CHECK-NEXT: sycl.host.schedule_kernel %[[H1]] -> @device_functions::@_ZTS6Range1[range %[[R1]]](%{{.*}}: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>, %{{.*}}: !sycl.accessor<[1, !llvm.void, r, gb], (!llvm.void)>, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: {{[0-9, ]+}}>, usycl.object_size = {{[0-9]+}} : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, f32, f32, f32, f32) -> ()
  // REPORT: submission @device_functions::@_ZTS6Range1
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(64)
  // REPORT-NEXT: arg 0: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>
  // REPORT-NEXT: arg 1: !sycl.accessor<[1, !llvm.void, r, gb], (!llvm.void)>
  // REPORT-NEXT: arg 2: f32 = 2.000000e+00
  // REPORT-NEXT: arg 3: f32 = 3.000000e+00
  // REPORT-NEXT: arg 4: f32 = 5.000000e-01
  // REPORT-NEXT: arg 5: f32 (not constant)
  float dynamic = static_cast<float>(usm != nullptr);
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor a(in, cgh, sycl::read_only);
    sycl::accessor b(out, cgh, sycl::write_only);
    float s0 = 2.0f, s1 = 3.0f, s2 = 0.5f;
    cgh.parallel_for<Range1>(sycl::range<1>{N}, [=](sycl::id<1> i) {
      b[i] = a[i] * s0 + s1 * s2 + dynamic;
    });
  });

  // Range with offset, a 2-D ranged accessor, USM pointer and an int.
  // CHECK: sycl.host.constructor({{.*}}) {type = !sycl.accessor<[2, !llvm.void, rw, gb], (!sycl.range<2>, !sycl.id<2>)>}
  // CHECK: sycl.host.handler.set_nd_range %[[H2:.*]] -> range %[[R2:[0-9]+]], offset %[[O2:[0-9]+]] :
  // CHECK: sycl.host.schedule_kernel %[[H2]] -> @device_functions::@_ZTS12RangeOffset2[range %[[R2]], offset %[[O2]]](%{{.*}}: !sycl.accessor<[2, !llvm.void, rw, gb], (!sycl.range<2>, !sycl.id<2>)>, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: {{[0-9, ]+}}>, usycl.object_size = {{[0-9]+}} : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  // REPORT: submission @device_functions::@_ZTS12RangeOffset2
  // REPORT-NEXT: range kind: range+offset
  // REPORT-NEXT: range: !sycl.range<2>(4, 4)
  // REPORT-NEXT: offset: !sycl.id<2>(2, 2)
  // REPORT-NEXT: arg 0: !sycl.accessor<[2, !llvm.void, rw, gb], (!sycl.range<2>, !sycl.id<2>)>
  // REPORT-NEXT: arg 1: i32 = 7
  // REPORT-NEXT: arg 2: !llvm.ptr (not constant)
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor<int, 2> g(grid, cgh, sycl::range<2>{6, 6}, sycl::id<2>{1, 1});
    int seven = 7;
    cgh.parallel_for<RangeOffset2>(sycl::range<2>{4, 4}, sycl::id<2>{2, 2}, [=](sycl::item<2> it) {
      g[it] = seven + static_cast<int>(usm[0]);
    });
  });

  // nd_range with a local accessor.
  // CHECK: sycl.host.handler.set_nd_range %[[H3:.*]] -> nd_range %[[R3:[0-9]+]] :
  // CHECK: sycl.host.schedule_kernel %[[H3]] -> @device_functions::@_ZTS7NdRange[nd_range %[[R3]]](%{{.*}}: !sycl.local_accessor<[1, !llvm.void], (!sycl.range<1>)>, %{{.*}}) {usycl.arg_offsets = array<i64: {{[0-9, ]+}}>, usycl.object_size = {{[0-9]+}} : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  // REPORT: submission @device_functions::@_ZTS7NdRange
  // REPORT-NEXT: range kind: nd_range
  // REPORT-NEXT: nd_range: !sycl.nd_range<1>(!sycl.range<1>(64), !sycl.range<1>(16), !sycl.id<1>())
  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float> tile(sycl::range<1>{16}, cgh);
    cgh.parallel_for<NdRange>(sycl::nd_range<1>{{N}, {16}}, [=](sycl::nd_item<1> it) {
      tile[it.get_local_id(0)] = usm[it.get_global_id(0)];
      usm[it.get_global_id(0)] = tile[0];
    });
  });

  // A captured array (its constant value reaches the report) and a struct.
  // REPORT: submission @device_functions::@_ZTS6Arrays
  // REPORT-NEXT: range kind: range
  // REPORT-NEXT: range: !sycl.range<1>(9)
  // REPORT-NEXT: arg 0: !llvm.ptr (not constant)
  // REPORT-NEXT: arg 1: !llvm.array<9 x i32> = [1, 2, 3, 4, 5, 6, 7, 8, 9]
  // REPORT-NEXT: arg 2: !llvm.struct<"struct.Pair", (i32, f32)>
  // REPORT: 4 submission(s)
  // CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS6Arrays[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 44>, usycl.object_size = 56 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.array<9 x i32>, !llvm.struct<{{.*}}>) -> ()
  struct Pair {
    int x;
    float y;
  };
  q.submit([&](sycl::handler &cgh) {
    int coeffs[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    Pair p{1, 2.0f};
    cgh.parallel_for<Arrays>(sycl::range<1>{9}, [=](sycl::id<1> i) {
      usm[i] = coeffs[i] * p.x + p.y;
    });
  });
  q.wait();
  sycl::free(usm, q);
  // The kernels, as the gpu.func symbols the ops refer to.
  // CHECK: gpu.module @device_functions
  // CHECK-DAG: gpu.func @_ZTS6Range1({{.*}}) kernel
  // CHECK-DAG: gpu.func @_ZTS12RangeOffset2({{.*}}) kernel
  // CHECK-DAG: gpu.func @_ZTS7NdRange({{.*}}) kernel
  // CHECK-DAG: gpu.func @_ZTS6Arrays({{.*}}) kernel
}
