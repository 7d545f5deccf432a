// The queue::parallel_for shortcuts: the kernel lambda is built in the
// user's function and reaches the command group by reference. The raising
// finds the lambda (through the command group's closure and the shortcut's
// reference parameters), so the kernel object's size is known and the
// captured locals the program proves constant are folded; a value from argc
// and a local assigned twice are not. The range and nd_range reach it the
// same way (by value in registers or in memory, through the shortcut's
// parameters): folded in every record.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

#include <sycl/sycl.hpp>

#include <array>

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTSZ4mainE10ShortRange clone _ZTSZ4mainE10ShortRange$hdo0 object-size 32
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 8 12 010000000200000004000000
// PLAN-NEXT:fold 20 4 0000003f
// PLAN-NEXT:fold 24 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSZ4mainE7ShortNd clone _ZTSZ4mainE7ShortNd$hdo0 object-size 24
// PLAN-NEXT:range 1 global 64 local 16 offset 0
// PLAN-NEXT:fold 8 4 07000000
// PLAN-NEXT:fold 16 8 000000000000f0bf
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSZ4mainE9ShortArgc clone _ZTSZ4mainE9ShortArgc$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTSZ4mainE10ShortTwice clone _ZTSZ4mainE10ShortTwice$hdo0 object-size 16
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTSZ4mainE10ShortRange': folded arg 1 (offset 8, 12 bytes) = {{\[\[}}1, 2, 4]], arg 2 (offset 20, 4 bytes) = 5.000000e-01, arg 3 (offset 24, 4 bytes) = 3, range {64} ; not folded: arg 0: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSZ4mainE7ShortNd': folded arg 1 (offset 8, 4 bytes) = 7, arg 2 (offset 16, 8 bytes) = -1.000000e+00, nd_range {64} local {16} ; not folded: arg 0: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSZ4mainE9ShortArgc': folded range {64} ; not folded: arg 0: pointer, arg 1: not a compile-time constant
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSZ4mainE10ShortTwice': folded range {64} ; not folded: arg 0: pointer, arg 1: not a compile-time constant

// REPORT-LABEL: submission @device_functions::@_ZTSZ4mainE10ShortRange
// REPORT:  arg 0: !llvm.ptr (not constant)
// REPORT-NEXT:  arg 1: !llvm.struct<"struct.std::array", (array<3 x i32>)> = {{\[\[}}1, 2, 4]]
// REPORT-NEXT:  arg 2: f32 = 5.000000e-01
// REPORT-NEXT:  arg 3: i32 = 3
// REPORT-LABEL: submission @device_functions::@_ZTSZ4mainE7ShortNd
// REPORT:  range kind: nd_range
// REPORT:  arg 1: i32 = 7
// REPORT-NEXT:  arg 2: f64 = -1.000000e+00
// REPORT-LABEL: submission @device_functions::@_ZTSZ4mainE9ShortArgc
// REPORT:  arg 1: i32 (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTSZ4mainE10ShortTwice
// REPORT:  arg 1: i32 (not constant)

int main(int argc, char **) {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(64, q);

  int taps = 3;
  float scale = 0.5f;
  std::array<int, 3> w = {1, 2, 4};
  q.parallel_for<class ShortRange>(sycl::range<1>(64), [=](sycl::id<1> i) {
     out[i] = float(w[0] + w[1] + w[2]) * scale * taps;
   }).wait();

  int shift = 7;
  double bias = -1.0;
  q.parallel_for<class ShortNd>(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
     out[it.get_global_id(0)] = float(shift + bias);
   }).wait();

  int fromArgc = argc;
  q.parallel_for<class ShortArgc>(sycl::range<1>(64), [=](sycl::id<1> i) {
     out[i] = float(fromArgc);
   }).wait();

  int twice = 1;
  twice = 2;
  q.parallel_for<class ShortTwice>(sycl::range<1>(64), [=](sycl::id<1> i) {
     out[i] = float(twice);
   }).wait();

  sycl::free(out, q);
}
