// Debian's clang loads the plugin (no libclang-cpp linked into it) and
// passes it the arguments usycl++ gives.
//
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=host -fplugin-arg-usycl-unknown=1 %s 2>&1 | FileCheck %s
// CHECK: warning: usycl plugin: ignoring unknown argument 'unknown=1'
//
// The device pass loads it too, and a known argument is quiet.
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib -fsyntax-only \
// RUN:   -fplugin=%plugin -fplugin-arg-usycl-target=nvidia_gpu_sm_90 \
// RUN:   -fplugin-arg-usycl-fixed-targets=nvidia_gpu_sm_90 %s 2>&1 | count 0

template <typename Name, typename Kernel>
[[clang::sycl_kernel_entry_point(Name)]] void entry(Kernel k) { k(); }
void f(int *p) { entry<class K>([=]() { p[0] = 1; }); }
