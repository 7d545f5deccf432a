// AOT mode: the device target's aspects (device configuration file) decide
// at compile time; clauses that are not taken are not instantiated, so code
// that does not compile for the target may sit there.
//
// intel_gpu_tgllp has fp16 but no fp64; intel_gpu_pvc both; nvidia_gpu_sm_90
// both; nvidia_gpu_sm_50 fp64 only.
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=intel_gpu_tgllp %s -o - | FileCheck %s --check-prefix=TGLLP
// TGLLP-LABEL: define {{.*}} @_Z6choosev()
// TGLLP-NEXT: ret i32 2
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=intel_gpu_12_0_0 %s -o - | FileCheck %s --check-prefix=TGLLP
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=intel_gpu_pvc %s -o - | FileCheck %s --check-prefix=PVC
// PVC-LABEL: define {{.*}} @_Z6choosev()
// PVC-NEXT: ret i32 1
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=nvidia_gpu_sm_90 %s -o - | FileCheck %s --check-prefix=SM90
// SM90-LABEL: define {{.*}} @_Z6choosev()
// SM90-NEXT: ret i32 1
// SM90-NOT: __usycl_device_has
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=nvidia_gpu_sm_50 %s -o - | FileCheck %s --check-prefix=SM50
// SM50-LABEL: define {{.*}} @_Z6choosev()
// SM50-NEXT: ret i32 3
// The identity aspect of the target is true only for it.
// SM50-LABEL: define {{.*}} @_Z8identityv()
// SM50-NEXT: ret i32 50
// SM90-LABEL: define {{.*}} @_Z8identityv()
// SM90-NEXT: ret i32 90
//
// A clause that would not compile (it static_asserts when instantiated) is
// fine where it is not taken, and an error where it is.
// RUN: %usycl -fsycl-device-only -S -fsycl-targets=intel_gpu_tgllp -DPOISON %s -o /dev/null
// RUN: not %usycl -fsycl-device-only -S -fsycl-targets=intel_gpu_pvc -DPOISON %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=POISON
// POISON: this clause was instantiated
//
// The CPU (x86_64) is decided in the host pass; an x86_64-only clause is
// fine there and never instantiated for a GPU target.
// RUN: %usycl -fsyntax-only -fsycl-targets=x86_64 -DCPU_ONLY %s
// RUN: not %usycl -fsyntax-only -fsycl-targets=nvidia_gpu_sm_90 -DCPU_ONLY %s 2>&1 | FileCheck %s --check-prefix=CPUONLY
// CPUONLY: not the CPU

#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

SYCL_EXTERNAL int choose() {
  int r = 0;
  syclex::if_device_has<sycl::aspect::fp16, sycl::aspect::fp64>([&](int v) { r = v; }, 1)
      .else_if_device_has<sycl::aspect::fp64>([&](int v) { r = v; }, 3)
      .else_device([&] { r = 2; });
  return r;
}

SYCL_EXTERNAL int identity() {
  int r = 0;
  syclex::if_device_has<sycl::aspect::ext_nvidia_gpu_sm_50>([&] { r = 50; })
      .else_if_device_has<sycl::aspect::ext_nvidia_gpu_sm_90>([&] { r = 90; })
      .else_device([&] { r = -1; });
  return r;
}

#ifdef POISON
template <typename T> constexpr bool dependent_false = false;
SYCL_EXTERNAL void poison() {
  syclex::if_device_has<sycl::aspect::fp64>([](auto x) {
    static_assert(dependent_false<decltype(x)>, "this clause was instantiated");
  }, 0);
}
#endif

#ifdef CPU_ONLY
template <typename T> constexpr bool dependent_false = false;
void cpu_only() {
  syclex::if_device_has<sycl::aspect::ext_intel_x86_64>([](auto) {}, 0)
      .else_device([](auto x) { static_assert(dependent_false<decltype(x)>, "not the CPU"); }, 0);
}
#endif
