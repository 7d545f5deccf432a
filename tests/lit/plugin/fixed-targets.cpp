// -fsycl-fixed-targets=t1,t2 (usycl++ passes -fplugin-arg-usycl-fixed-targets=
// and the configuration file as -fplugin-arg-usycl-device-config=): every
// kernel and SYCL_EXTERNAL function gets !sycl_fixed_targets, and each
// aspect, declared aspect and required sub-group size that a listed target
// lacks according to the device configuration file is a warning.
//
// RUN: split-file %s %t
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O0 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-fixed-targets=fp64_only,everything,nowhere \
// RUN:   -fplugin-arg-usycl-device-config=%t/config.yaml \
// RUN:   %t/kernels.cpp -o %t/kernels.ll 2> %t/kernels.err
// RUN: FileCheck %s --input-file=%t/kernels.err --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=IR --input-file=%t/kernels.ll
//
// Without the switch: empty !sycl_fixed_targets, no warnings.
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -O0 \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   %t/kernels.cpp -o %t/plain.ll 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.ll
//
// A configuration file that cannot be read is an error.
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-fixed-targets=fp64_only \
// RUN:   -fplugin-arg-usycl-device-config=%t/broken.yaml \
// RUN:   %t/kernels.cpp -o /dev/null 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: error: cannot check '-fsycl-fixed-targets': {{.*}}broken.yaml:{{[0-9]+}}:{{[0-9]+}}: invalid YAML
//
// The installed default configuration knows the real targets.
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -emit-llvm -S -isystem %sycl-include -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_90 \
// RUN:   %t/kernels.cpp -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: warning: kernel 'SG16' requires sub-group size 16, not supported by fixed target 'nvidia_gpu_sm_90' (supported sub-group sizes: 32)
// DEFAULT-NOT: warning:

// CHECK: warning: fixed target 'nowhere' has no entry in the device configuration file '{{.*}}config.yaml'; its features are not checked
// CHECK: kernels.cpp:4:26: warning: kernel 'HalfK' uses aspect 'fp16' not supported by fixed target 'fp64_only'
// CHECK-NEXT: use is from this call chain:
// CHECK-NEXT:   kernel 'HalfK'
// CHECK-NEXT:   (lambda at {{.*}}kernels.cpp:16:30)::operator()()
// CHECK-NEXT:   use_half() {{.*}}kernels.cpp:16:36
// CHECK-NEXT:     4 | void use_half(half *h) { h[0] = h[0] + h[1]; }
// CHECK: kernels.cpp:17:106: warning: kernel 'SG16' declares aspect 'atomic64' in 'sycl::device_has', not supported by fixed target 'fp64_only'
// CHECK: kernels.cpp:17:72: warning: kernel 'SG16' requires sub-group size 16, not supported by fixed target 'fp64_only' (supported sub-group sizes: 32)
// CHECK: 4 warnings generated.

// IR-DAG: define {{.*}}@_ZTSZ4mainE5HalfK({{.*}} !sycl_used_aspects ![[FP16:[0-9]+]] !sycl_fixed_targets ![[FIXED:[0-9]+]]
// IR-DAG: define {{.*}}@_ZTSZ4mainE4SG16({{.*}} !intel_reqd_sub_group_size ![[SG16:[0-9]+]] !sycl_declared_aspects ![[A64:[0-9]+]] !sycl_fixed_targets ![[FIXED]]
// IR-DAG: define {{.*}}@_ZTSZ4mainE5Plain({{.*}} !sycl_fixed_targets ![[FIXED]]
// IR-DAG: define {{.*}}@_Z3extPd({{.*}} !sycl_used_aspects ![[FP64:[0-9]+]] !sycl_fixed_targets ![[FIXED]]
// IR-DAG: define {{.*}}@_Z8use_halfPN4sycl3_V16detail9half_impl4halfE({{.*}} !sycl_used_aspects ![[FP16]] {
// IR-DAG: ![[FIXED]] = !{!"fp64_only", !"everything", !"nowhere"}
// IR-DAG: ![[FP16]] = !{i32 5}
// IR-DAG: ![[FP64]] = !{i32 6}
// IR-DAG: ![[A64]] = !{i32 28}
// IR-DAG: ![[SG16]] = !{i32 16}

// PLAIN-DAG: define {{.*}}@_ZTSZ4mainE5HalfK({{.*}} !sycl_fixed_targets ![[EMPTY:[0-9]+]]
// PLAIN-DAG: define {{.*}}@_Z3extPd({{.*}} !sycl_fixed_targets ![[EMPTY]]
// PLAIN-DAG: ![[EMPTY]] = !{}

//--- kernels.cpp
#include <sycl/sycl.hpp>
using namespace sycl;

void use_half(half *h) { h[0] = h[0] + h[1]; }
// SYCL_EXTERNAL: every target here has fp64.
SYCL_EXTERNAL void ext(double *d) { d[0] = 1.5 * d[1]; }

int main() {
  queue q;
  half *h = malloc_shared<half>(2, q);
  int *p = malloc_shared<int>(64, q);
  // HalfK uses fp16 (fp64_only lacks it). SG16 requires sub-group size 16
  // and declares atomic64 (fp64_only has neither; `everything` has both).
  // Plain needs nothing.
  // (lines 16 and 17:)
  q.single_task<class HalfK>([=] { use_half(h); });
  q.parallel_for<class SG16>(nd_range<1>(64, 16), [=](nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] [[sycl::device_has(aspect::atomic64)]] { p[it.get_global_id(0)] = 1; });
  q.single_task<class Plain>([=] { p[0] = 2; });
  q.wait();
  free(h, q);
  free(p, q);
}

//--- config.yaml
fp64_only:
  aspects: [gpu, fp64]
  sub-group-sizes: [32]
everything:
  aspects: [gpu, fp16, fp64, atomic64]
  sub-group-sizes: [8, 16, 32]

//--- broken.yaml
fp64_only:
  aspects: [gpu, fp64
