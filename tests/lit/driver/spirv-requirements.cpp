// SPIR-V targets (intel_gpu_*, spir64) keep their kernels' requirements
// (issue 19.15): the SPIR-V device pass compiles the kernel bodies, so the
// aspect propagation pass sees the `double` of Doubles' callee, NdDoubles and
// DoubleSum's reduction (fp64, and atomic64 for the reduction's combine), and
// sycl-aspect-filter drops those images for intel_gpu_tgllp, which has no
// fp64; Asserts' image is marked isAssertEnabled. The device link then
// empties the entry points before llc (usycl runs no SPIR-V code, and LLVM's
// SPIR-V backend breaks the compare-and-swap loops of the CPU's reduction).
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=intel_gpu_tgllp -save-temps %s -o %t/k 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINK --implicit-check-not=warning: --implicit-check-not=error:
// LINK: usycl++: warning: no usycl backend runs SPIR-V: the code for intel_gpu_tgllp is built for its compile-time checks only
// LINK: usycl++: note: temporary files kept in
//
// RUN: cat %t/tmp/usycl-*/intel_gpu_tgllp/device_0.sym %t/tmp/usycl-*/intel_gpu_tgllp/device_0.prop \
// RUN:   | FileCheck %s --check-prefix=FP64 --match-full-lines
// FP64:      _ZTSZ4mainE7Doubles
// FP64-NEXT: _ZTSZ4mainE9NdDoubles
// FP64-NEXT: [SYCL/device requirements]
// FP64-NEXT: aspect=2|06000000
// RUN: cat %t/tmp/usycl-*/intel_gpu_tgllp/device_1.sym %t/tmp/usycl-*/intel_gpu_tgllp/device_1.prop \
// RUN:   | FileCheck %s --check-prefix=PLAIN --match-full-lines
// PLAIN:      _ZTSZ4mainE6Floats
// PLAIN-NEXT: _ZTSZ4mainE7Asserts
// PLAIN-NEXT: [SYCL/device requirements]
// PLAIN-NEXT: [isAssertEnabled]
// RUN: cat %t/tmp/usycl-*/intel_gpu_tgllp/device_2.sym %t/tmp/usycl-*/intel_gpu_tgllp/device_2.prop \
// RUN:   | FileCheck %s --check-prefix=SUM --match-full-lines
// SUM:      _ZTSN4sycl3_V16detail21reduction_kernel_nameIZ4mainE9DoubleSumEE
// SUM-NEXT: [SYCL/device requirements]
// SUM-NEXT: aspect=2|060000001c000000
//
// Only the image without fp64 is kept for the device.
// RUN: cat %t/tmp/usycl-*/intel_gpu_tgllp/intel_gpu_tgllp.filtered.table | FileCheck %s --check-prefix=KEPT
// KEPT:      [Code|Properties|Symbols]
// KEPT-NEXT: {{.*}}/device_1.bc|{{.*}}/device_1.prop|{{.*}}/device_1.sym
// KEPT-NOT:  device_
//
// Its SPIR-V module's entry points are empty, and nothing else is left.
// RUN: llvm-dis %t/tmp/usycl-*/intel_gpu_tgllp/module_1.stubs.bc -o - | FileCheck %s --check-prefix=STUBS
// STUBS-NOT:  define
// STUBS:      define spir_kernel void @_ZTSZ4mainE6Floats(
// STUBS-NEXT: entry:
// STUBS-NEXT:   ret void
// STUBS:      define spir_kernel void @_ZTSZ4mainE7Asserts(
// STUBS-NEXT: entry:
// STUBS-NEXT:   ret void
// STUBS-NOT:  define
//
// A fixed target without fp64 warns about each kernel that uses it, once
// (the CPU's analysis pass, which also compiles the code, finds the
// reduction's use on another line of the headers).
// RUN: %usycl -fsycl-fixed-targets=intel_gpu_tgllp -c %s -o %t/fixed.o 2> %t/fixed.txt
// RUN: FileCheck %s --check-prefix=FIXED < %t/fixed.txt
// FIXED: warning: kernel 'Doubles' uses aspect 'fp64' not supported by fixed target 'intel_gpu_tgllp'
// FIXED: float(twice(f[1]))
// FIXED: warning: kernel 'NdDoubles' uses aspect 'fp64' not supported by fixed target 'intel_gpu_tgllp'
// FIXED: warning: kernel 'sycl::detail::reduction_kernel_name<DoubleSum>' uses aspect 'fp64' not supported by fixed target 'intel_gpu_tgllp'
// RUN: grep -c "warning: kernel" %t/fixed.txt | FileCheck %s --check-prefix=ONCE
// ONCE: 3

#include <sycl/sycl.hpp>
#include <cassert>
using namespace sycl;

static double twice(double x) { return 2 * x; }

int main() {
  queue q;
  float *f = malloc_shared<float>(64, q);
  double *d = malloc_shared<double>(64, q);
  q.single_task<class Doubles>([=] { f[0] = float(twice(f[1])); });
  q.parallel_for<class Floats>(range<1>(64), [=](id<1> i) { f[i] *= 2.0f; });
  q.parallel_for<class NdDoubles>(nd_range<1>(64, 16), [=](nd_item<1> it) {
    d[it.get_global_id(0)] += 1;
  });
  q.parallel_for<class Asserts>(range<1>(64), [=](item<1> i) { assert(f[i] >= 0); });
  q.parallel_for<class DoubleSum>(range<1>(64), reduction(d, plus<double>()),
                                  [=](id<1> i, auto &sum) { sum += f[i]; });
  q.wait();
}
