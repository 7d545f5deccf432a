// The specialisation plan follows values captured through the command-group
// function's closure: locals of the enclosing function captured by
// reference ([&]) or by value ([=]), when the program proves them constant
// (written once, otherwise only read, also through the closures they
// escape into). (Every submission launches over range<1>{16}: each
// record folds it too, also those of kernels without constant captures.)
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

#include <sycl/sycl.hpp>

#include <array>

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS5ByRef clone _ZTS5ByRef$hdo0 object-size 56
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:fold 0 4 03000000
// PLAN-NEXT:fold 4 16 00000000010000000500000007000000
// PLAN-NEXT:fold 20 16 010000000200000003000000ffffffff
// PLAN-NEXT:fold 48 1 01
// PLAN-NEXT:fold 52 4 0000003f
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS5Twice clone _ZTS5Twice$hdo0 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7Escaped clone _ZTS7Escaped$hdo0 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS12ChangedInCgf clone _ZTS12ChangedInCgf$hdo0 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7ByValue clone _ZTS7ByValue$hdo0 object-size 32
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:fold 8 4 07000000
// PLAN-NEXT:fold 16 8 000000000000f0bf
// PLAN-NEXT:fold 24 8 090000000a000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7SharedA clone _ZTS7SharedA$hdo0 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:fold 8 4 0b000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7SharedB clone _ZTS7SharedB$hdo0 object-size 16
// PLAN-NEXT:range 1 global 16 offset 0
// PLAN-NEXT:fold 8 4 0b000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTS5ByRef': folded arg 0 (offset 0, 4 bytes) = 3, arg 1 (offset 4, 16 bytes) = {{\[\[}}0, 1, 5, 7]], arg 2 (offset 20, 16 bytes) = [1, 2, 3, -1], arg 4 (offset 48, 1 bytes) = 1, arg 5 (offset 52, 4 bytes) = 5.000000e-01, range {16} ; not folded: arg 3: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Twice': folded range {16} ; not folded: arg 0: pointer, arg 1: not a compile-time constant
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7Escaped': folded range {16} ; not folded: arg 0: pointer, arg 1: not a compile-time constant
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS12ChangedInCgf': folded range {16} ; not folded: arg 0: pointer, arg 1: not a compile-time constant
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7ByValue': folded arg 1 (offset 8, 4 bytes) = 7, arg 2 (offset 16, 8 bytes) = -1.000000e+00, arg 3 (offset 24, 8 bytes) = {{\[\[}}9, 10]], range {16} ; not folded: arg 0: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7SharedA': folded arg 1 (offset 8, 4 bytes) = 11, range {16} ; not folded: arg 0: pointer
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7SharedB': folded arg 1 (offset 8, 4 bytes) = 11, range {16} ; not folded: arg 0: pointer

// REPORT-LABEL: submission @device_functions::@_ZTS5ByRef
// REPORT:  arg 0: i32 = 3
// REPORT-NEXT:  arg 1: !llvm.struct<"struct.std::array", (array<4 x i32>)> = {{\[\[}}0, 1, 5, 7]]
// REPORT-NEXT:  arg 2: !llvm.array<4 x i32> = [1, 2, 3, -1]
// REPORT-NEXT:  arg 3: !llvm.ptr (not constant)
// REPORT-NEXT:  arg 4: i8 = 1
// REPORT-NEXT:  arg 5: f32 = 5.000000e-01
// REPORT-LABEL: submission @device_functions::@_ZTS5Twice
// REPORT:  arg 1: i32 (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTS7Escaped
// REPORT:  arg 1: i32 (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTS12ChangedInCgf
// REPORT:  arg 1: i32 (not constant)
// REPORT-LABEL: submission @device_functions::@_ZTS7ByValue
// REPORT:  arg 1: i32 = 7
// REPORT-NEXT:  arg 2: f64 = -1.000000e+00
// REPORT-NEXT:  arg 3: !llvm.struct<"struct.std::array{{.*}}", (array<2 x i32>)> = {{\[\[}}9, 10]]
// REPORT-LABEL: submission @device_functions::@_ZTS7SharedA
// REPORT:  arg 1: i32 = 11
// REPORT-LABEL: submission @device_functions::@_ZTS7SharedB
// REPORT:  arg 1: i32 = 11

class ByRef;
class Twice;
class Escaped;
class ChangedInCgf;
class ByValue;
class SharedA;
class SharedB;

void touch(int *);

int main(int argc, char **) {
  sycl::queue q;
  constexpr size_t N = 16;
  float *usm = sycl::malloc_shared<float>(N, q);

  // Outer locals captured by reference, copied into the kernel object.
  int taps = 3;
  float scale = 0.5f;
  bool negate = true;
  std::array<int, 4> offsets = {0, 1, 5, 7};
  int coeffs[4] = {1, 2, 3, -1};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<ByRef>(sycl::range<1>{N}, [=](sycl::id<1> i) {
      float s = 0.0f;
      for (int t = 0; t < taps; ++t)
        s += float(offsets[size_t(t)] * coeffs[size_t(t)]);
      usm[i] = (negate ? -s : s) * scale;
    });
  });
  // The host reads them afterwards (a call that only reads: operator[]).
  usm[0] += float(offsets[1] + coeffs[2] + taps);

  // Assigned twice: not a constant.
  int twice = 2;
  twice = 3;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Twice>(sycl::range<1>{N}, [=](sycl::id<1> i) { usm[i] = float(twice); });
  });

  // Its address passed to a function that may write it.
  int escaped = 4;
  touch(&escaped);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Escaped>(sycl::range<1>{N}, [=](sycl::id<1> i) { usm[i] = float(escaped); });
  });

  // Modified by the command-group function before the submission.
  int changed = 5;
  q.submit([&](sycl::handler &h) {
    changed = argc;
    h.parallel_for<ChangedInCgf>(sycl::range<1>{N},
                                 [=](sycl::id<1> i) { usm[i] = float(changed); });
  });

  // Captured by value by the command-group function.
  int k = 7;
  double d = -1.0;
  std::array<int, 2> pair = {9, 10};
  q.submit([=](sycl::handler &h) {
    h.parallel_for<ByValue>(sycl::range<1>{N}, [=](sycl::id<1> i) {
      usm[i] = float(k) * float(d) + float(pair[0] + pair[1]);
    });
  });

  // One constant, two command-group functions.
  int shared = 11;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<SharedA>(sycl::range<1>{N}, [=](sycl::id<1> i) { usm[i] = float(shared); });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<SharedB>(sycl::range<1>{N}, [=](sycl::id<1> i) { usm[i] += float(shared); });
  });
  q.wait();
  sycl::free(usm, q);
}
