// parallel_for_work_group (hierarchical parallelism) is raised to
// sycl.host.schedule_kernel: the kernel object launched is the header's
// wrapper (detail::hierarchical_object, sycl/detail/hierarchical.hpp), the
// user's kernel object first, then the work-group size. The arguments are
// the user's captures (offsets in the wrapper), then the wrapper's own
// fields: the work-group size as the range it copies (!sycl.range, folded
// where its extents are constants; the form without one has {1, ...}) and,
// for a kernel taking a kernel_handler (a with_kernel_handler inside the
// hierarchical wrapper), the specialization constants' address, which the
// runtime sets at launch (never folded). The range counts work-groups; the
// launch has its own geometry (one item per work-group), so it is not
// folded, and the remark says so. A work-group size and a capture from argc
// are not folded; a lambda capturing nothing has only the work-group size.
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t.mlir 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %sycl-mlir-opt %t.mlir --sycl-report-submissions=output=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t.mlir --sycl-specialization-plan="output=%t.plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// The compiler's remarks are at the user's line; the CPU launcher clones.
// RUN: %usycl -fsycl-host-device-opt -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=USER
// USER-DAG: remark: kernel '_ZTS9HierLocal': CPU launcher clone with 4 at offset 0 = 0x03000000, 4 at offset 16 = 0x00000040, 8 at offset 24 = 0x1000000000000000
// USER-DAG: remark: kernel '_ZTS6HierKH': CPU launcher clone with 4 at offset 8 = 0x03000000, 8 at offset 24 = 0x0800000000000000

// CHECK: sycl.host.handler.set_nd_range %{{.*}} -> range %[[R:.*]] : !llvm.ptr, !llvm.ptr
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS9HierLocal[range %[[R]]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}: !sycl.range<1>) {usycl.arg_offsets = array<i64: 0, 8, 16, 24>, usycl.object_size = 32 : i64, usycl.wrapper = "hierarchical", usycl.wrapper_args = 3 : i64} : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, f32, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS8HierUnit[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}: !sycl.range<2>) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 32 : i64, usycl.wrapper = "hierarchical", usycl.wrapper_args = 2 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS8HierArgc[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}: !sycl.range<1>) {usycl.arg_offsets = array<i64: 0, 8, 16>, usycl.object_size = 24 : i64, usycl.wrapper = "hierarchical", usycl.wrapper_args = 2 : i64}
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS6HierKH[range %{{.*}}](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}: !sycl.range<1>) {usycl.arg_offsets = array<i64: 0, 8, 16, 24>, usycl.object_size = 32 : i64, usycl.wrapper = "hierarchical+kernel_handler", usycl.wrapper_args = 2 : i64} : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: sycl.host.schedule_kernel %{{.*}} -> @device_functions::@_ZTS9HierEmpty[range %{{.*}}](%{{.*}}: !sycl.range<1>) {usycl.arg_offsets = array<i64: 8>, usycl.object_size = 16 : i64, usycl.wrapper = "hierarchical", usycl.wrapper_args = 0 : i64}

// REPORT-LABEL: submission @device_functions::@_ZTS9HierLocal
// REPORT-NEXT:   range kind: range
// REPORT-NEXT:   range: !sycl.range<1>(8)
// REPORT-NEXT:   hierarchical wrapper (parallel_for_work_group): the range counts work-groups; args 0..2 the user's captures, the rest the wrapper's own fields (the work-group size)
// REPORT-NEXT:   arg 0: i32 = 3
// REPORT-NEXT:   arg 1: !llvm.ptr (not constant)
// REPORT-NEXT:   arg 2: f32 = 2.000000e+00
// REPORT-NEXT:   arg 3: !sycl.range<1> = !sycl.range<1>(16)
// REPORT-LABEL: submission @device_functions::@_ZTS8HierUnit
// REPORT:        range: !sycl.range<2>(4, 4)
// REPORT:        arg 1: i32 = 3
// REPORT-NEXT:   arg 2: !sycl.range<2> = !sycl.range<2>(1, 1)
// REPORT-LABEL: submission @device_functions::@_ZTS8HierArgc
// REPORT:        arg 1: i32 (not constant)
// REPORT-NEXT:   arg 2: !sycl.range<1> = !sycl.range<1>(?)
// REPORT-LABEL: submission @device_functions::@_ZTS6HierKH
// REPORT:        hierarchical wrapper (parallel_for_work_group, kernel_handler): the range counts work-groups; args 0..1 the user's captures, the rest the wrapper's own fields (the specialization constants, set at launch, and the work-group size)
// REPORT-NEXT:   arg 0: !llvm.ptr (not constant)
// REPORT-NEXT:   arg 1: i32 = 3
// REPORT-NEXT:   arg 2: !llvm.ptr (set at launch)
// REPORT-NEXT:   arg 3: !sycl.range<1> = !sycl.range<1>(8)
// REPORT-LABEL: submission @device_functions::@_ZTS9HierEmpty
// REPORT:        hierarchical wrapper (parallel_for_work_group): the range counts work-groups; no user captures; the wrapper's own fields (the work-group size)
// REPORT-NEXT:   arg 0: !sycl.range<1> = !sycl.range<1>(4)
// REPORT: 5 submission(s)

// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS9HierLocal clone _ZTS9HierLocal$hdo0 object-size 32
// PLAN-NEXT:fold 0 4 03000000
// PLAN-NEXT:fold 16 4 00000040
// PLAN-NEXT:fold 24 8 1000000000000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS8HierUnit clone _ZTS8HierUnit$hdo0 object-size 32
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:fold 16 16 01000000000000000100000000000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS6HierKH clone _ZTS6HierKH$hdo0 object-size 32
// PLAN-NEXT:fold 8 4 03000000
// PLAN-NEXT:fold 24 8 0800000000000000
// PLAN-NEXT:end
// PLAN-NEXT:kernel _ZTS9HierEmpty clone _ZTS9HierEmpty$hdo0 object-size 16
// PLAN-NEXT:fold 8 8 0400000000000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}

// REMARK: remark: usycl-host-device-opt: kernel '_ZTS9HierLocal': folded arg 0 (offset 0, 4 bytes) = 3, arg 2 (offset 16, 4 bytes) = 2.000000e+00, arg 3 (offset 24, 8 bytes) = work-group size {16} ; not folded: arg 1: pointer, range: parallel_for_work_group launches its own geometry (one item per work-group)
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8HierUnit': folded arg 1 (offset 8, 4 bytes) = 3, arg 2 (offset 16, 16 bytes) = work-group size {1, 1} ; not folded: arg 0: pointer, range: parallel_for_work_group launches its own geometry (one item per work-group)
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS8HierArgc': nothing folded (arg 0: pointer, arg 1: not a compile-time constant, arg 2: work-group size, not a compile-time constant, range: parallel_for_work_group launches its own geometry (one item per work-group))
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6HierKH': folded arg 1 (offset 8, 4 bytes) = 3, arg 3 (offset 24, 8 bytes) = work-group size {8} ; not folded: arg 0: pointer, arg 2: the kernel_handler's specialization constants, set at launch, range: parallel_for_work_group launches its own geometry (one item per work-group)
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS9HierEmpty': folded arg 0 (offset 8, 8 bytes) = work-group size {4} ; not folded: range: parallel_for_work_group launches its own geometry (one item per work-group)

#include <sycl/sycl.hpp>

class HierLocal;
class HierUnit;
class HierArgc;
class HierKH;
class HierEmpty;

constexpr sycl::specialization_id<int> coef{3};

int main(int argc, char **) {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1024, q);
  int scale = 3;
  float off = 2.0f;
  q.submit([&](sycl::handler &h) {
    // USER-DAG: raise-hierarchical.cpp:[[@LINE+1]]:7: remark: usycl-host-device-opt: kernel '_ZTS9HierLocal': folded arg 0 (offset 0, 4 bytes) = 3,
    h.parallel_for_work_group<HierLocal>(
        sycl::range<1>(8), sycl::range<1>(16), [=](sycl::group<1> g) {
          int base = scale * int(g.get_group_id(0));
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            p[it.get_global_id(0)] = base + int(off) * int(it.get_local_id(0));
          });
        });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<HierUnit>(sycl::range<2>(4, 4), [=](sycl::group<2> g) {
      p[g.get_group_linear_id()] = scale;
    });
  });
  const size_t wg = size_t(argc) * 8;
  const int runtime = argc + 1;
  q.submit([&](sycl::handler &h) {
    // USER-DAG: raise-hierarchical.cpp:[[@LINE+1]]:7: remark: usycl-host-device-opt: kernel '_ZTS8HierArgc': nothing folded (arg 0: pointer, arg 1: not a compile-time constant, arg 2: work-group size, not a compile-time constant, range: parallel_for_work_group launches its own geometry (one item per work-group))
    h.parallel_for_work_group<HierArgc>(
        sycl::range<1>(4), sycl::range<1>(wg), [=](sycl::group<1> g) {
          g.parallel_for_work_item([&](sycl::h_item<1> it) { p[it.get_global_id(0)] = runtime; });
        });
  });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<coef>(2);
    h.parallel_for_work_group<HierKH>(
        sycl::range<1>(4), sycl::range<1>(8), [=](sycl::group<1> g, sycl::kernel_handler kh) {
          int c = kh.get_specialization_constant<coef>();
          g.parallel_for_work_item(
              [&](sycl::h_item<1> it) { p[it.get_global_id(0)] = c * scale; });
        });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group<HierEmpty>(sycl::range<1>(2), sycl::range<1>(4),
                                         [=](sycl::group<1> g) {
                                           g.parallel_for_work_item([&](sycl::h_item<1>) {});
                                         });
  });
  q.wait();
  sycl::free(p, q);
}
