// -fsycl-fixed-targets (seed 002): validated names, handed to the plugin in
// every pass together with the device configuration it checks against, and
// the intersection rule: with -fsycl-targets, code is only compiled for the
// targets in both lists (the CPU is x86_64), with a warning per dropped one;
// without it, for the fixed targets usycl++ compiles for.
//
// RUN: rm -rf %t && mkdir -p %t
//
// Bad names are errors naming the flag; so is the generic NVPTX target, which
// is no particular device.
// RUN: not %usycl -c -fsycl-fixed-targets=nvidia_gpu_sm_90,nvidia_gpu_sm_99 %s -o %t/x.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: usycl++: error: unknown target 'nvidia_gpu_sm_99' in '-fsycl-fixed-targets=nvidia_gpu_sm_90,nvidia_gpu_sm_99'; did you mean nvidia_gpu_sm_89 or nvidia_gpu_sm_90? (usycl++ --print-targets lists every target)
// RUN: not %usycl -c -fsycl-fixed-targets=nvptx64-nvidia-cuda %s -o %t/x.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GENERIC
// GENERIC: usycl++: error: 'nvptx64-nvidia-cuda' in '-fsycl-fixed-targets=nvptx64-nvidia-cuda' is not a device
// RUN: not %usycl -c -fsycl-fixed-targets= %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: usycl++: error: '-fsycl-fixed-targets=' has an empty target name
//
// Intersection: sm_80 and the CPU are dropped, with a warning each; only the
// sm_90 pass runs, the host pass no longer compiles the CPU's kernels as
// such (no CPU macro), and every pass gets the fixed targets and the default
// device configuration.
// RUN: %usycl -v -c -fsycl-targets=x86_64,nvidia_gpu_sm_80,nvidia_gpu_sm_90 \
// RUN:   -fsycl-fixed-targets=nvidia_gpu_sm_90 %s -o %t/both.o 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: usycl++: warning: '-fsycl-targets' lists x86_64 but '-fsycl-fixed-targets=nvidia_gpu_sm_90' does not: kernels compiled with it are not for the CPU (they are rejected there with kernel_not_supported)
// BOTH: usycl++: warning: '-fsycl-targets' lists nvidia_gpu_sm_80 but '-fsycl-fixed-targets=nvidia_gpu_sm_90' does not: no code is built for nvidia_gpu_sm_80
// BOTH-NOT: --offload-arch=sm_80
// BOTH: --offload-device-only --offload-arch=sm_90 {{.*}}-fplugin-arg-usycl-target=nvidia_gpu_sm_90 -fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_90 -fplugin-arg-usycl-tu-id={{[0-9a-f]+}} -fplugin-arg-usycl-device-config={{[^ ]*}}share/usycl/device-config.yaml
// BOTH-NOT: --offload-arch=sm_80
// BOTH: --offload-host-only {{.*}}-fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_90
// BOTH-NOT: __SYCL_TARGET_INTEL_X86_64__
// RUN: llvm-readelf -S %t/both.o | FileCheck %s --check-prefix=BOTH-SECTIONS
// BOTH-SECTIONS: .usycl.device.nvidia_gpu_sm_90
// BOTH-SECTIONS-NOT: .usycl.device
//
// Same lists (in another order, through an alias): nothing dropped.
// RUN: %usycl -v -c -fsycl-targets=nvidia_gpu_sm_90,spir64_x86_64 \
// RUN:   -fsycl-fixed-targets=x86_64,nvidia_gpu_sm_90 %s -o %t/same.o 2>&1 | FileCheck %s --check-prefix=SAME
// SAME-NOT: warning
// SAME: --offload-arch=sm_90 {{.*}}-fplugin-arg-usycl-fixed-targets=x86_64,nvidia_gpu_sm_90
// SAME: --offload-host-only {{.*}}-D__SYCL_TARGET_INTEL_X86_64__
//
// Without -fsycl-targets: the fixed targets are the targets; no warning.
// RUN: %usycl -v -c -fsycl-fixed-targets=nvidia_gpu_sm_80 %s -o %t/only.o 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY-NOT: warning
// ONLY: --offload-arch=sm_80
// ONLY-NOT: --offload-arch=sm_90
// ONLY-NOT: __SYCL_TARGET_INTEL_X86_64__
//
// Devices usycl++ does not compile for are accepted (the code may still run
// on a CPU emulating one). Nothing is compiled for them: the CPU analysis
// pass alone still records the kernels' requirements (fixed_target) so the
// runtime can refuse them.
// RUN: %usycl -v -c -fsycl-fixed-targets=nvidia_gpu_sm_101 %s -o %t/new.o 2>&1 | FileCheck %s --check-prefix=NEWGPU
// NEWGPU: usycl++: warning: none of the targets of '-fsycl-fixed-targets=nvidia_gpu_sm_101' is one usycl++ compiles for; no device code is built (add -fsycl-targets= to choose targets)
// NEWGPU: --offload-device-only --offload-arch=sm_50 {{.*}}-fplugin-arg-usycl-target=x86_64 -fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_101
// NEWGPU: embed device code into '{{.*}}new.o': .usycl.device.x86_64=
// Aliases become canonical names; Intel GPUs get a SPIR-V device pass
// (docs/device-if.md).
// RUN: %usycl -v -c -fsycl-fixed-targets=intel_gpu_12_0_0 %s -o %t/intel.o 2>&1 | FileCheck %s --check-prefix=INTEL
// INTEL: --offload-device-only --offload-targets=spirv64 {{.*}}-fplugin-arg-usycl-target=intel_gpu_tgllp -fplugin-arg-usycl-fixed-targets=intel_gpu_tgllp
// INTEL: embed device code into '{{.*}}intel.o': .usycl.device.intel_gpu_tgllp=
//
// -fsycl-device-config-file replaces the installed configuration.
// RUN: cp %device-config %t/my-config.yaml
// RUN: %usycl -v -c -fsycl-fixed-targets=nvidia_gpu_sm_90 -fsycl-device-config-file=%t/my-config.yaml %s -o %t/cfg.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONFIG
// CONFIG: --offload-arch=sm_90 {{.*}}-fplugin-arg-usycl-device-config={{[^ ]*}}my-config.yaml
//
// Without fixed targets (or a configuration file) the plugin is not given one.
// RUN: %usycl -v -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: -fplugin-arg-usycl-device-config
// PLAIN-NOT: -fplugin-arg-usycl-fixed-targets
//
// -fsycl-device-only needs a GPU target left after the intersection.
// RUN: not %usycl -fsycl-device-only -fsycl-targets=nvidia_gpu_sm_80 -fsycl-fixed-targets=nvidia_gpu_sm_90 %s -o %t/d.bc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE-ONLY
// DEVICE-ONLY: error: -fsycl-device-only needs exactly one GPU target in -fsycl-targets (e.g. -fsycl-targets=nvidia_gpu_sm_90), also listed in -fsycl-fixed-targets

#include "Inputs/kernels.hpp"

void fill(int *p) {
  test_kernel_entry<class FillKernel>([=]() { p[0] = 42; });
}
