// The specialisation plan: for each submission that passes compile-time
// constant scalars or launches over a constant range, which bytes of the
// kernel object are constant and which range (format version 2,
// docs/mlir.md), and a remark per submission.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace --input-file=%t.plan
// The raising records where each argument lives in the kernel object.
// RUN: FileCheck %s --check-prefix=ATTRS --input-file=%t.mlir

#include <sycl/sycl.hpp>

class Scalars;
class Array;
class Tiles;
class NonConst;

// One kernel (a named functor) submitted from three command groups.
struct Scale {
  float *p;
  int s;
  void operator()(sycl::id<1> x) const { p[x] *= float(s); }
};

int main(int argc, char **) {
  sycl::queue q;
  constexpr size_t N = 16;
  float *usm = sycl::malloc_shared<float>(N, q);
  sycl::buffer<float> buf(sycl::range<1>{N});

  // Captured in order of first use: b (1 byte), i, f, d, then the pointer.
  // PLAN:usycl-specialization-plan 2
  // PLAN-NEXT:kernel _ZTS7Scalars clone _ZTS7Scalars$hdo0 object-size 32
  // PLAN-NEXT:range 1 global 16 offset 0
  // PLAN-NEXT:fold 0 1 01
  // PLAN-NEXT:fold 4 4 2a000000
  // PLAN-NEXT:fold 8 4 00002040
  // PLAN-NEXT:fold 16 8 000000000000f0bf
  // PLAN-NEXT:end
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS7Scalars': folded arg 0 (offset 0, 1 bytes) = 1, arg 1 (offset 4, 4 bytes) = 42, arg 2 (offset 8, 4 bytes) = 2.500000e+00, arg 3 (offset 16, 8 bytes) = -1.000000e+00, range {16} ; not folded: arg 4: pointer
  // ATTRS: @_ZTS7Scalars[{{.*}} {usycl.arg_offsets = array<i64: 0, 4, 8, 16, 24>, usycl.object_size = 32 : i64} :
  q.submit([&](sycl::handler &cgh) {
    int i = 42;
    float f = 2.5f;
    double d = -1.0;
    bool b = true;
    cgh.parallel_for<Scalars>(sycl::range<1>{N}, [=](sycl::id<1> x) {
      float v = b ? float(i) * f + float(d) : 0.0f;
      usm[x] = v;
    });
  });

  // An int array, initialised from a constant global.
  // PLAN-NEXT:kernel _ZTS5Array clone _ZTS5Array$hdo0 object-size 24
  // PLAN-NEXT:range 1 global 4 offset 0
  // PLAN-NEXT:fold 8 16 010000000200000003000000ffffffff
  // PLAN-NEXT:end
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Array': folded arg 1 (offset 8, 16 bytes) = [1, 2, 3, -1], range {4} ; not folded: arg 0: pointer
  q.submit([&](sycl::handler &cgh) {
    int coeffs[4] = {1, 2, 3, -1};
    cgh.parallel_for<Array>(sycl::range<1>{4}, [=](sycl::id<1> x) { usm[x] = float(coeffs[x]); });
  });

  // The same kernel twice with the same constant (one record), then with
  // another (a second clone).
  // PLAN-NEXT:kernel _ZTS5Scale clone _ZTS5Scale$hdo0 object-size 16
  // PLAN-NEXT:range 1 global 16 offset 0
  // PLAN-NEXT:fold 8 4 03000000
  // PLAN-NEXT:end
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Scale': folded arg 1 (offset 8, 4 bytes) = 3, range {16} ; not folded: arg 0: pointer
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Scale': folded arg 1 (offset 8, 4 bytes) = 3, range {16} ; not folded: arg 0: pointer
  q.submit([&](sycl::handler &cgh) { cgh.parallel_for(sycl::range<1>{N}, Scale{usm, 3}); });
  q.submit([&](sycl::handler &cgh) {
    Scale k{usm, 3};
    cgh.parallel_for(sycl::range<1>{N}, k);
  });
  // PLAN-NEXT:kernel _ZTS5Scale clone _ZTS5Scale$hdo1 object-size 16
  // PLAN-NEXT:range 1 global 16 offset 0
  // PLAN-NEXT:fold 8 4 05000000
  // PLAN-NEXT:end
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Scale': folded arg 1 (offset 8, 4 bytes) = 5, range {16} ; not folded: arg 0: pointer
  q.submit([&](sycl::handler &cgh) {
    Scale k{usm, 5};
    cgh.parallel_for(sycl::range<1>{N}, k);
  });

  // A local accessor of a constant range: the range, after the runtime's
  // offset in the local accessor, is folded (16 and 8 as size_t); and the
  // nd_range (global, local, the offset 0).
  // PLAN-NEXT:kernel _ZTS5Tiles clone _ZTS5Tiles$hdo0 object-size 40
  // PLAN-NEXT:range 2 global 16 8 local 16 8 offset 0 0
  // PLAN-NEXT:fold 8 16 10000000000000000800000000000000
  // PLAN-NEXT:end
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS5Tiles': folded arg 0 (offset 8, 16 bytes) = local accessor range {16, 8}, nd_range {16, 8} local {16, 8} ; not folded: arg 1: pointer
  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 2> t(sycl::range<2>{16, 8}, cgh);
    cgh.parallel_for<Tiles>(sycl::nd_range<2>{{16, 8}, {16, 8}}, [=](sycl::nd_item<2> it) {
      t[it.get_local_id(0)][it.get_local_id(1)] = 1.0f;
      usm[0] = t[0][0];
    });
  });

  // A local accessor of a range read from argc and a value read from argc
  // are not folded; the buffer accessor's fields are (the buffer is built
  // in main from a constant range; specialization-plan-accessors.cpp).
  // PLAN-NEXT:kernel _ZTS8NonConst clone _ZTS8NonConst$hdo0 object-size 112
  // PLAN-NEXT:range 1 global 16 local 4 offset 0
  // PLAN-NEXT:fold 40 32 1000000000000000100000000000000000000000000000000000000000000000
  // PLAN-NEXT:end
  // PLAN-NOT:{{.}}
  // REMARK: remark: usycl-host-device-opt: kernel '_ZTS8NonConst': folded arg 2 (offset 40, 32 bytes) = accessor (buffer range {16}, range {16}, offset {0}, base 0), nd_range {16} local {4} ; not folded: arg 0: local accessor (its range is not a compile-time constant), arg 1: not a compile-time constant
  q.submit([&](sycl::handler &cgh) {
    int n = argc;
    sycl::accessor acc(buf, cgh, sycl::write_only);
    sycl::local_accessor<float> tile(sycl::range<1>{size_t(n % 4 + 4)}, cgh);
    cgh.parallel_for<NonConst>(sycl::nd_range<1>{{N}, {4}}, [=](sycl::nd_item<1> it) {
      tile[it.get_local_id(0)] = float(n);
      acc[it.get_global_id(0)] = tile[0];
    });
  });
  q.wait();
  sycl::free(usm, q);
}
