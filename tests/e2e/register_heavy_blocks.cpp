// A kernel whose code needs more registers than 1024 threads per block
// allow (so the compiled kernel's limit is below 1024), launched with
// work-groups of 1024: the CUDA backend builds it again for that block size
// (cuda_kernel_cache.hpp, for_block_size) instead of failing, as nvcc's
// code for the same kernel would run. Results are checked against the host.
#include "e2e_common.hpp"

#include <vector>

namespace {
constexpr int kValues = 96;

// Many values live at once: each work-item keeps kValues partial sums.
float heavy(const float *in, int i, int n) {
  float acc[kValues];
#pragma unroll
  for (int k = 0; k < kValues; ++k)
    acc[k] = in[(i + k * 37) % n];
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int k = 0; k < kValues; ++k)
      acc[k] = acc[k] * 0.5f + acc[(k + 7 + r) % kValues];
  float s = 0;
#pragma unroll
  for (int k = 0; k < kValues; ++k)
    s += acc[k] * float(k + 1);
  return s;
}
} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "register_heavy_blocks");
  const size_t wg = std::min<size_t>(1024, q.get_device().get_info<sycl::info::device::max_work_group_size>());
  const int n = int(4 * wg);
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = float(i % 17) * 0.25f;
  float *in = sycl::malloc_device<float>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  q.copy(host.data(), in, n).wait();
  q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
     const int i = int(it.get_global_id(0));
     out[i] = heavy(in, i, n);
   }).wait();
  for (int i = 0; i < n; ++i)
    e2e::check_near("out[" + std::to_string(i) + "]", out[i], heavy(host.data(), i, n), 1e-4);
  sycl::free(in, q);
  sycl::free(out, q);
  return e2e::finish("register_heavy_blocks");
}
