// Kernels that take a sycl::kernel_handler are raised to
// sycl.host.schedule_kernel: the kernel object launched is the header's
// wrapper (detail::with_kernel_handler, sycl/kernel_handler.hpp), the
// user's kernel object first, then the address of the launch's
// specialization constant block, which the runtime writes at launch. The
// arguments are the user's captures (offsets in the wrapper), then that
// address: never folded (the remark says why); the launch range is the
// user's and folds as for any kernel. range, range with an offset,
// nd_range, single_task, a lambda capturing nothing, a capture from argc,
// and the queue::parallel_for shortcut.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// The compiler's remarks are at the user's line; the CPU launcher clones.
// RUN: %usycl -fsycl-host-device-opt -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=USER
// USER-DAG: remark: kernel '_ZTS7KHRange': CPU launcher clone with 4 at offset 8 = 0x03000000, 8 at offset 12 = 0x0000803f00000040, range {64}
// USER-DAG: remark: kernel '_ZTS4KHNd': CPU launcher clone with 4 at offset 8 = 0x03000000, nd_range {64} local {16}
// USER-DAG: remark: kernel '_ZTS8KHSingle': CPU launcher clone with 4 at offset 8 = 0x03000000

// CHECK: sycl.host.handler.set_nd_range %{{.*}} -> range %[[R:.*]] : !llvm.ptr, !llvm.ptr
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS7KHRange[range %[[R]]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 12, 24>, usycl.object_size = 32 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 3 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.array<2 x f32>, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS8KHOffset[range %{{.*}}, offset %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 24 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 2 : i64}
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS4KHNd[nd_range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 24 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 2 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS8KHSingle[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 24 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 2 : i64}
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS7KHEmpty[range %{{.*}}](%{{.*}}) {usycl.arg_offsets = array<i64: 8>, usycl.object_size = 16 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 0 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS7KHShort[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 24 : i64, usycl.wrapper = "kernel_handler", usycl.wrapper_args = 2 : i64}

// REPORT-LABEL: submission @device_functions::@_ZTS7KHRange
// REPORT-NEXT:   range kind: range
// REPORT-NEXT:   range: !sycl.range<1>(64)
// REPORT-NEXT:   kernel_handler wrapper: args 0..2 the user's captures, the rest the wrapper's own field (the specialization constants, set at launch)
// REPORT-NEXT:   arg 0: !llvm.ptr (not constant)
// REPORT-NEXT:   arg 1: i32 = 3
// REPORT-NEXT:   arg 2: !llvm.array<2 x f32> = [1.000000e+00, 2.000000e+00]
// REPORT-NEXT:   arg 3: !llvm.ptr (set at launch)
// REPORT-LABEL: submission @device_functions::@_ZTS8KHOffset
// REPORT-NEXT:   range kind: range+offset
// REPORT-NEXT:   range: !sycl.range<2>(8, 8)
// REPORT-NEXT:   offset: !sycl.id<2>(1, 2)
// REPORT:        arg 1: i32 (not constant)
// REPORT-NEXT:   arg 2: !llvm.ptr (set at launch)
// REPORT-LABEL: submission @device_functions::@_ZTS4KHNd
// REPORT-NEXT:   range kind: nd_range
// REPORT-NEXT:   nd_range: !sycl.nd_range<1>(!sycl.range<1>(64), !sycl.range<1>(16), !sycl.id<1>())
// REPORT:        arg 1: i32 = 3
// REPORT-LABEL: submission @device_functions::@_ZTS8KHSingle
// REPORT-NEXT:   range kind: range
// REPORT-NEXT:   range: !sycl.range<1>(1)
// REPORT-LABEL: submission @device_functions::@_ZTS7KHEmpty
// REPORT:        kernel_handler wrapper: no user captures; the wrapper's own field (the specialization constants, set at launch)
// REPORT-NEXT:   arg 0: !llvm.ptr (set at launch)
// REPORT-LABEL: submission @device_functions::@_ZTS7KHShort
// REPORT:        arg 1: i32 = 3
// REPORT: 6 submission(s)

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS7KHRange clone _ZTS7KHRange$hdo0 object-size 32
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:fold 12 8 0000803f00000040
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8KHOffset clone _ZTS8KHOffset$hdo0 object-size 24
// PLAN-NEXT:range 2 global 8 8 offset 1 2
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS4KHNd clone _ZTS4KHNd$hdo0 object-size 24
// PLAN-NEXT:range 1 global 64 local 16 offset 0
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8KHSingle clone _ZTS8KHSingle$hdo0 object-size 24
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7KHEmpty clone _ZTS7KHEmpty$hdo0 object-size 16
// PLAN-NEXT:range 1 global 4 offset 0
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS7KHShort clone _ZTS7KHShort$hdo0 object-size 24
// PLAN-NEXT:range 1 global 32 offset 0
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7KHRange': folded arg 1 (offset 8, 4 bytes) = 3, arg 2 (offset 12, 8 bytes) = [1.000000e+00, 2.000000e+00], range {64} ; not folded: arg 0: pointer, arg 3: the kernel_handler's specialization constants, set at launch
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8KHOffset': folded range {8, 8} offset {1, 2} ; not folded: arg 0: pointer, arg 1: not a compile-time constant, arg 2: the kernel_handler's specialization constants, set at launch
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS4KHNd': folded arg 1 (offset 8, 4 bytes) = 3, nd_range {64} local {16} ; not folded: arg 0: pointer, arg 2: the kernel_handler's specialization constants, set at launch
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8KHSingle': folded arg 1 (offset 8, 4 bytes) = 3 ; not folded: arg 0: pointer, arg 2: the kernel_handler's specialization constants, set at launch
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7KHEmpty': folded range {4} ; not folded: arg 0: the kernel_handler's specialization constants, set at launch
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS7KHShort': folded arg 1 (offset 8, 4 bytes) = 3, range {32} ; not folded: arg 0: pointer, arg 2: the kernel_handler's specialization constants, set at launch

#include <sycl/sycl.hpp>

class KHRange;
class KHOffset;
class KHNd;
class KHSingle;
class KHEmpty;
class KHShort;

constexpr sycl::specialization_id<int> coef{3};

int main(int argc, char **) {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1024, q);
  int scale = 3;
  float w[2] = {1.0f, 2.0f};
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<coef>(5);
    // USER-DAG: raise-kernel-handler.cpp:[[@LINE+1]]:7: remark: usycl-host-device-opt: kernel '_ZTS7KHRange': folded arg 1 (offset 8, 4 bytes) = 3, arg 2 (offset 12, 8 bytes) = [1.000000e+00, 2.000000e+00], range {64} ; not folded: arg 0: pointer, arg 3: the kernel_handler's specialization constants, set at launch
    h.parallel_for<KHRange>(sycl::range<1>(64), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      p[i] = kh.get_specialization_constant<coef>() * scale + int(w[1]);
    });
  });
  const int runtime = argc + 1;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<KHOffset>(sycl::range<2>(8, 8), sycl::id<2>(1, 2),
                             [=](sycl::item<2> it, sycl::kernel_handler kh) {
                               p[it.get_linear_id()] =
                                   kh.get_specialization_constant<coef>() + runtime;
                             });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<KHNd>(sycl::nd_range<1>(64, 16),
                         [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
                           p[it.get_global_id(0)] = kh.get_specialization_constant<coef>() + scale;
                         });
  });
  q.submit([&](sycl::handler &h) {
    h.single_task<KHSingle>(
        [=](sycl::kernel_handler kh) { p[0] = kh.get_specialization_constant<coef>() * scale; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<KHEmpty>(sycl::range<1>(4), [=](sycl::id<1>, sycl::kernel_handler kh) {
      (void)kh.get_specialization_constant<coef>();
    });
  });
  q.parallel_for<KHShort>(sycl::range<1>(32), [=](sycl::id<1> i, sycl::kernel_handler kh) {
    p[i] = kh.get_specialization_constant<coef>() - scale;
  });
  q.wait();
  sycl::free(p, q);
}
