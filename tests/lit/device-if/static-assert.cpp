// Seed 004's static_assert texts for an aspect if_device_has cannot use, in
// AOT (a device target) and JIT (a generic target) mode; and the error of an
// AOT target the device configuration file has no entry for.
//
// RUN: not %usycl -fsyntax-only -fsycl-targets=intel_gpu_pvc -DBAD_IF %s 2>&1 | FileCheck %s --check-prefix=IF
// RUN: not %usycl -fsyntax-only -fsycl-targets=nvptx64-nvidia-cuda -DBAD_IF %s 2>&1 | FileCheck %s --check-prefix=IF
// IF: error: static assertion failed{{.*}}Invalid aspect used in if_device_has.
//
// RUN: not %usycl -fsyntax-only -fsycl-targets=nvidia_gpu_sm_90 -DBAD_ELSE_IF %s 2>&1 | FileCheck %s --check-prefix=ELSEIF
// RUN: not %usycl -fsyntax-only -fsycl-targets=spir64 -DBAD_ELSE_IF %s 2>&1 | FileCheck %s --check-prefix=ELSEIF
// ELSEIF: error: static assertion failed{{.*}}Invalid aspect used in else_if_device_has.
//
// Without a device-specific target there is nothing to assert about.
// RUN: %usycl -fsyntax-only -fsycl-targets=nvptx64-nvidia-cuda,spir64 %s
//
// RUN: printf 'x86_64:\n  aspects: [cpu]\n  sub-group-sizes: [1]\n' > %t.yaml
// RUN: not %usycl -fsyntax-only -fsycl-device-config-file=%t.yaml -fsycl-targets=intel_gpu_pvc %s 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: if_device_has: the device configuration file has no entry for the target of -fsycl-targets

#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

SYCL_EXTERNAL int choose() {
  int r = 0;
#if defined(BAD_IF)
  syclex::if_device_has<sycl::aspect::host>([&] { r = 1; });
#elif defined(BAD_ELSE_IF)
  syclex::if_device_has<sycl::aspect::fp16>([&] { r = 1; })
      .else_if_device_has<static_cast<sycl::aspect>(12345)>([&] { r = 2; });
#else
  syclex::if_device_has<sycl::aspect::fp16>([&] { r = 1; }).else_device([&] { r = 2; });
#endif
  return r;
}
