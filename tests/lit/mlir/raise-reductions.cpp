// parallel_for with reductions (sycl/reduction.hpp) is raised to
// sycl.host.schedule_kernel: the kernel object launched is the header's
// wrapper, whose first field is the user's kernel object. The arguments are
// the user's captures (offsets in the wrapper), then the wrapper's own
// fields (the user's range, totals, reduction descriptors: never folded
// unless proven constant); usycl.wrapper_args counts the user's captures.
// Range and nd_range forms, USM, buffer and span reductions, several
// reductions, a local accessor, and the queue::parallel_for shortcut.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: sycl.host.handler.set_nd_range %{{.*}} -> range %[[R:.*]] : !llvm.ptr, !llvm.ptr
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI8RangeSumEE[range %[[R]]](%{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 12, 24, 32, 40, 48>, usycl.object_size = 64 : i64, usycl.wrapper_args = 3 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.array<2 x f32>, i64, i64, i64, !llvm.array<16 x i8>) -> ()
// CHECK: sycl.host.handler.set_nd_range %{{.*}} -> nd_range %[[ND:.*]] : !llvm.ptr, !llvm.ptr
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI5NdTwoEE[nd_range %[[ND]]](%{{.*}}: !sycl.local_accessor<[1, !llvm.void], (!sycl.range<1>)>, %{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 24, 32, 40>, usycl.object_size = 144 : i64, usycl.wrapper_args = 3 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.array<104 x i8>) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI7SpanSumEE[range %{{.*}}](%{{.*}}) {usycl.arg_offsets = array<i64: 0, 16, 32, 40, 48>, usycl.object_size = 72 : i64, usycl.wrapper_args = 1 : i64}
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI5ShortEE[range %{{.*}}](%{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 16, 24, 32, 40>, usycl.object_size = 56 : i64, usycl.wrapper_args = 2 : i64}
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI8NotConstEE

// REPORT-LABEL: submission @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI8RangeSumEE
// REPORT-NEXT:   range kind: range
// REPORT-NEXT:   range: !sycl.range<1>(1024)
// REPORT-NEXT:   reduction wrapper: args 0..2 the user's captures, the rest the wrapper's own fields
// REPORT-NEXT:   arg 0: !llvm.ptr (not constant)
// REPORT-NEXT:   arg 1: i32 = 3
// REPORT-NEXT:   arg 2: !llvm.array<2 x f32> = [1.000000e+00, 2.000000e+00]
// REPORT-NEXT:   arg 3: i64 (not constant)
// REPORT-NEXT:   arg 4: i64 (not constant)
// REPORT-NEXT:   arg 5: i64 (not constant)
// REPORT-NEXT:   arg 6: !llvm.array<16 x i8> (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI5NdTwoEE
// REPORT-NEXT:   range kind: nd_range
// REPORT-NEXT:   nd_range: !sycl.nd_range<1>(!sycl.range<1>(1024), !sycl.range<1>(64), !sycl.id<1>())
// REPORT-NEXT:   reduction wrapper: args 0..2 the user's captures, the rest the wrapper's own fields
// REPORT-NEXT:   arg 0: !sycl.local_accessor<[1, !llvm.void], (!sycl.range<1>)>
// REPORT-NEXT:   arg 1: i32 = 3
// REPORT-NEXT:   arg 2: !llvm.ptr (not constant)
// REPORT-NEXT:   arg 3: !llvm.array<104 x i8> (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI7SpanSumEE
// REPORT:        arg 0: !llvm.struct<"struct.std::array", (array<3 x i32>)> = {{\[\[}}1, 2, 3]]
// REPORT-LABEL: submission @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI5ShortEE
// REPORT:        arg 1: i32 = 7
// REPORT-LABEL: submission @device_functions::@_ZTSN4sycl3_V16detail21reduction_kernel_nameI8NotConstEE
// REPORT:        arg 1: i32 (not constant)
// REPORT: 5 submission(s)

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTSN4sycl3_V16detail21reduction_kernel_nameI8RangeSumEE clone _ZTSN4sycl3_V16detail21reduction_kernel_nameI8RangeSumEE$hdo0 object-size 64
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:fold 12 8 0000803f00000040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSN4sycl3_V16detail21reduction_kernel_nameI5NdTwoEE clone _ZTSN4sycl3_V16detail21reduction_kernel_nameI5NdTwoEE$hdo0 object-size 144
// PLAN-NEXT:range 1 global 1024 local 64 offset 0
// PLAN-NEXT:fold 8 8 4000000000000000
// PLAN-NEXT:fold 24 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSN4sycl3_V16detail21reduction_kernel_nameI7SpanSumEE clone _ZTSN4sycl3_V16detail21reduction_kernel_nameI7SpanSumEE$hdo0 object-size 72
// PLAN-NEXT:fold 0 12 010000000200000003000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSN4sycl3_V16detail21reduction_kernel_nameI5ShortEE clone _ZTSN4sycl3_V16detail21reduction_kernel_nameI5ShortEE$hdo0 object-size 56
// PLAN-NEXT:fold 8 4 07000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI8RangeSumEE': folded arg 1 (offset 8, 4 bytes) = 3, arg 2 (offset 12, 8 bytes) = [1.000000e+00, 2.000000e+00] ; not folded: arg 0: pointer, arg 3: reduction wrapper field, not a compile-time constant, arg 4: reduction wrapper field, not a compile-time constant, arg 5: reduction wrapper field, not a compile-time constant, arg 6: reduction wrapper field, not a compile-time constant, range: a range reduction launches its own number of work-items
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI5NdTwoEE': folded arg 0 (offset 8, 8 bytes) = local accessor range {64}, arg 1 (offset 24, 4 bytes) = 3, nd_range {1024} local {64} ; not folded: arg 2: pointer, arg 3: reduction wrapper field, not a compile-time constant
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI7SpanSumEE': folded arg 0 (offset 0, 12 bytes) = {{\[\[}}1, 2, 3]] ; not folded: arg 1: reduction wrapper field
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI5ShortEE': folded arg 1 (offset 8, 4 bytes) = 7 ; not folded: arg 0: pointer, arg 2: reduction wrapper field
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI8NotConstEE': nothing folded (arg 0: pointer, arg 1: not a compile-time constant, arg 2: reduction wrapper field, not a compile-time constant

#include <sycl/sycl.hpp>

#include <array>

class RangeSum;
class NdTwo;
class SpanSum;
class Short;
class NotConst;

int main(int argc, char **) {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1024, q);
  int *sum = sycl::malloc_shared<int>(4, q);
  int scale = 3;
  float offs[2] = {1.0f, 2.0f};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<RangeSum>(sycl::range<1>(1024), sycl::reduction(sum, sycl::plus<int>()),
                             [=](sycl::id<1> i, auto &s) { s += p[i] * scale + int(offs[1]); });
  });

  sycl::buffer<int> b(sycl::range<1>(1));
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> t{sycl::range<1>{64}, h};
    auto r = sycl::reduction(b, h, sycl::plus<int>());
    h.parallel_for<NdTwo>(sycl::nd_range<1>(1024, 64), r,
                          sycl::reduction(sum, sycl::maximum<int>()),
                          [=](sycl::nd_item<1> it, auto &s, auto &m) {
                            t[it.get_local_id(0)] = scale;
                            s += t[63 - it.get_local_id(0)];
                            m.combine(p[it.get_global_id(0)]);
                          });
  });

  std::array<int, 3> w = {1, 2, 3};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<SpanSum>(sycl::range<2>(32, 32),
                            sycl::reduction(sycl::span<int, 4>(sum, 4), sycl::plus<int>()),
                            [=](sycl::item<2> it, auto &s) { s[it[0] % 4] += w[it[1] % 3]; });
  });

  int step = 7;
  q.parallel_for<Short>(sycl::range<1>(1024), sycl::reduction(sum, sycl::plus<int>()),
                        [=](sycl::id<1> i, auto &s) { s += p[i] * step; });

  const int runtime = argc + 1;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<NotConst>(sycl::range<1>(1024), sycl::reduction(sum, sycl::plus<int>()),
                             [=](sycl::id<1> i, auto &s) { s += p[i] * runtime; });
  });
  q.wait();
  sycl::free(p, q);
  sycl::free(sum, q);
}
