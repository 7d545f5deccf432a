// The captured constants of a parallel_for with reductions reach the clones
// of its wrapper kernel: on NVPTX the $hdo clone computes with the folded
// values as immediates (the generic kernel reads them from its parameter),
// and on the CPU the wrapper's launchers (set_reduction_kernel stores them
// into the launch: no kernel_host_entry registration) are cloned with the
// object folded, the nd_range form's out-of-line work-item-loops function
// (cpu_reduction_nd_group_items) with them. The nd_range form launches the
// user's nd_range, which is folded too; the range form launches its own
// number of work-items, so its range is not.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %usycl -fsycl-host-device-opt -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/cpu.o 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-host-device-opt -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/all.ptx
//
// CPU: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI8RedScaleEE': folded arg 1 (offset 8, 4 bytes) = 12345 ; not folded: arg 0: pointer, arg 2: reduction wrapper field{{.*}}, range: a range reduction launches its own number of work-items
// CPU: remark: usycl-host-device-opt: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI7NdScaleEE': folded arg 1 (offset 8, 4 bytes) = 54321, nd_range {1024} local {64} ; not folded: arg 0: pointer, arg 2: reduction wrapper field
// CPU-DAG: remark: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI8RedScaleEE': CPU launcher clone with 4 at offset 8 = 0x39300000
// CPU-DAG: remark: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI7NdScaleEE': CPU launcher clone with 4 at offset 8 = 0x31d40000, nd_range {1024} local {64}
// CPU-DAG: remark: kernel '_ZTSN4sycl3_V16detail21reduction_kernel_nameI7NdScaleEE': CPU launcher clone with 4 at offset 8 = 0x31d40000, nd_range {1024} local {64}
//
// The generic kernels read the values from their parameter.
// PTX-LABEL: .entry _ZTSN4sycl3_V16detail21reduction_kernel_nameI8RedScaleEE(
// PTX-NOT:   12345
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTSN4sycl3_V16detail21reduction_kernel_nameI7NdScaleEE(
// PTX-NOT:   54321
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTSN4sycl3_V16detail21reduction_kernel_nameI8RedScaleEE$hdo{{[0-9a-f]+}}(
// PTX:       12345
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTSN4sycl3_V16detail21reduction_kernel_nameI7NdScaleEE$hdo{{[0-9a-f]+}}(
// PTX:       54321
// PTX-LABEL: // -- End function
#include <sycl/sycl.hpp>

class RedScale;
class NdScale;

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1024, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  int scale = 12345;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<RedScale>(sycl::range<1>(1024), sycl::reduction(sum, sycl::plus<int>()),
                             [=](sycl::id<1> i, auto &s) { s += p[i] * scale; });
  });
  int bias = 54321;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<NdScale>(sycl::nd_range<1>(1024, 64), sycl::reduction(sum, sycl::maximum<int>()),
                            [=](sycl::nd_item<1> it, auto &m) {
                              m.combine(p[it.get_global_id(0)] + bias);
                            });
  });
  q.wait();
  sycl::free(p, q);
  sycl::free(sum, q);
}
