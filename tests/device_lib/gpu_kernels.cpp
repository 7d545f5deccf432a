// Device side of the GPU run (run_on_gpu.sh): the kernel objects of
// gpu_common.hpp become ptx_kernels _ZTSN3gpu<name>E.
#include "gpu_common.hpp"

template <class Name, class F>
#ifdef __SYCL_DEVICE_ONLY__
[[clang::sycl_kernel_entry_point(Name)]]
#endif
void kernel_entry(F f) {
  f();
}

namespace gpu {
struct math;
struct exact;
struct atomics;
} // namespace gpu

int main() {
#ifdef __SYCL_DEVICE_ONLY__
  kernel_entry<gpu::math>(gpu::math_kernel{});
  kernel_entry<gpu::exact>(gpu::exact_kernel{});
  kernel_entry<gpu::atomics>(gpu::atomic_kernel{});
#endif
  return 0;
}
