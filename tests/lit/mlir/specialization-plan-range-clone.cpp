// The launch range folded into the clones (docs/mlir.md, "Host-device
// specialisation"): a range<2> and an nd_range<1> built from constants.
//  * NVPTX: the generic kernels read the global size and the offset from
//    their kernel_dims parameter and derive the warps per group from %ntid;
//    the clones read no kernel_dims at all (bounds are immediates, no offset
//    add), and the nd_range clone has no %ntid: its group of 128 work-items
//    is 4 warps (lanes below 4 take a warp total) and its group's first
//    element is ctaid * 512 bytes;
//  * the remarks: the plan's at each submission (also why a range from argc
//    is not folded), the device clones', the CPU launcher clones'.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %usycl -fsycl-host-device-opt -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/cpu.o 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-host-device-opt -O2 -fsycl-targets=nvidia_gpu_sm_90 -Rpass=usycl-host-device-opt -save-temps -fPIC -shared %s -o %t/k.so > %t/gpu.log 2>&1
// RUN: FileCheck %s --check-prefix=DEV < %t/gpu.log
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/all.ptx
// RUN: FileCheck %s --check-prefix=LOCAL < %t/all.ptx
//
// CPU: remark: usycl-host-device-opt: kernel '_ZTS4Grid': folded range {32, 48} ; not folded: arg 0: pointer
// CPU: remark: usycl-host-device-opt: kernel '_ZTS6Groups': folded nd_range {1024} local {128} ; not folded: arg 0: pointer
// CPU: remark: usycl-host-device-opt: kernel '_ZTS3Dyn': nothing folded (arg 0: pointer, range: the range is not a compile-time constant)
// CPU: remark: usycl-host-device-opt: kernel '_ZTS5Local': folded nd_range {run-time} local {128} ; not folded: arg 0: pointer
// CPU: remark: usycl-host-device-opt: kernel '_ZTS6DynArg': folded arg 1 (offset 8, 4 bytes) = 3, range {run-time} ; not folded: arg 0: pointer
// CPU-DAG: remark: kernel '_ZTS4Grid': CPU launcher clone with range {32, 48}
// CPU-DAG: remark: kernel '_ZTS6Groups': CPU launcher clone with nd_range {1024} local {128}
// CPU-DAG: remark: kernel '_ZTS5Local': CPU launcher clone with nd_range {run-time} local {128}
// CPU-DAG: remark: kernel '_ZTS6DynArg': CPU launcher clone with 4 at offset 8 = 0x03000000, range {run-time}
//
// DEV-DAG: remark: kernel '_ZTS4Grid': clone '_ZTS4Grid$hdo{{[0-9a-f]+}}' with range {32, 48} folded (global size and offset)
// DEV-DAG: remark: kernel '_ZTS6Groups': clone '_ZTS6Groups$hdo{{[0-9a-f]+}}' with nd_range {1024} local {128} folded (global size and offset; work-group size and group counts assumed)
// DEV-DAG: remark: kernel '_ZTS5Local': clone '_ZTS5Local$hdo{{[0-9a-f]+}}' with nd_range {run-time} local {128} folded (offset; work-group size assumed)
// DEV-DAG: remark: kernel '_ZTS6DynArg': clone '_ZTS6DynArg$hdo{{[0-9a-f]+}}' with 4 at offset 8 = 0x03000000, range {run-time} folded (offset)
//
// PTX-LABEL: .entry _ZTS4Grid(
// PTX:       ld.param.b64 {{%rd[0-9]+}}, [_ZTS4Grid_param_1];
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTS4Grid$hdo{{[0-9a-f]+}}(
// PTX:       _param_1[56]
// PTX-NOT:   {{_param_1[];+]}}
// PTX:       setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 31;
// PTX:       setp.gt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 47;
// PTX-NOT:   {{_param_1[];+]}}
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTS6Groups$ww(
// PTX:       ld.param.b64 {{%rd[0-9]+}}, [_ZTS6Groups$ww_param_1+24];
// PTX:       add.s32 [[N31:%r[0-9]+]], {{%r[0-9]+}}, 31;
// PTX-NEXT:  shr.u32 {{%r[0-9]+}}, [[N31]], 5;
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTS6Groups$hdo{{[0-9a-f]+}}$ww(
// PTX:       _param_1[56]
// PTX-NOT:   {{_param_1[];+]}}
// PTX-NOT:   %ntid
// PTX:       mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 512;
// PTX:       setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 3;
// PTX-NOT:   {{_param_1[];+]}}
// PTX-NOT:   %ntid
// PTX-LABEL: // -- End function
//
// The nd_range of a run-time global size and a constant work-group size: the
// clone knows its group of 128 (4 warps, no %ntid) and adds no offset (no
// read of kernel_dims' offset at byte 24); the global size stays a run-time
// value (the runtime launches the clone for any).
// LOCAL-LABEL: .entry _ZTS5Local$hdo{{[0-9a-f]+}}$ww(
// LOCAL-NOT:   %ntid
// LOCAL-NOT:   _param_1+24]
// LOCAL:       setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 3;
// LOCAL-NOT:   %ntid
// LOCAL-NOT:   _param_1+24]
// LOCAL-LABEL: // -- End function
#include <sycl/sycl.hpp>

class Grid;
class Groups;
class Dyn;
class Local;
class DynArg;

int main(int argc, char **) {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4096, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Grid>(sycl::range<2>{32, 48},
                         [=](sycl::id<2> i) { p[i[0] * 48 + i[1]] = 1.0f; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Groups>(sycl::nd_range<1>{1024, 128}, [=](sycl::nd_item<1> it) {
      p[it.get_global_id(0)] =
          sycl::reduce_over_group(it.get_group(), p[it.get_global_id(0)], sycl::plus<>());
    });
  });
  const size_t n = size_t(argc) * 64;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Dyn>(sycl::range<1>{n}, [=](sycl::id<1> i) { p[i] = 2.0f; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Local>(sycl::nd_range<1>{n * 2, 128}, [=](sycl::nd_item<1> it) {
      p[it.get_global_id(0)] =
          sycl::reduce_over_group(it.get_group(), p[it.get_global_id(0)], sycl::plus<>());
    });
  });
  int three = 3;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<DynArg>(sycl::range<1>{n}, [=](sycl::id<1> i) { p[i] = three; });
  });
  q.wait();
  sycl::free(p, q);
}
