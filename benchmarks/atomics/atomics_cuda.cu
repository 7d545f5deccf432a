// Native CUDA peer of atomics_sycl.cpp: the same histogram of N ints into
// 256 bins on the same data, in cudaMalloc memory, 256-thread blocks:
//   global_relaxed  one thread per element, atomicAdd on the global histogram
//   global_acq_rel  one thread per element,
//                   cuda::atomic_ref<int, cuda::thread_scope_device>::fetch_add(
//                   1, cuda::memory_order_acq_rel) (<cuda/atomic>)
//   local           8 blocks per SM walking the input with a grid stride,
//                   atomicAdd into a __shared__ histogram per block, then
//                   atomicAdd of its non-zero bins into the global one
// Timed as launch + cudaDeviceSynchronize (the histogram is zeroed before,
// out of the timing), minimum over the iterations after one warm-up. GB/s:
// the N ints read. Every histogram is checked against the host's.
//
// Prints: atomics,<device>,cuda_global_relaxed_GBps,<GB/s>
//         atomics,<device>,cuda_global_acq_rel_GBps,<GB/s>
//         atomics,<device>,cuda_local_GBps,<GB/s>
// and exits 1 (a message on stderr) on a wrong histogram.
// Usage: atomics_cuda [log2 elements = 26] [iterations = 50]
#include <cuda/atomic>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr unsigned block = 256, bins = 256;

// The input: a hash of the index (the same in atomics_sycl.cpp).
int value_of(uint32_t i) {
  uint32_t x = i;
  x ^= x >> 16, x *= 0x7feb352du;
  x ^= x >> 15, x *= 0x846ca68bu;
  x ^= x >> 16;
  return int(x & 0x7fffffffu);
}

__global__ void global_relaxed(int *hist, const int *in, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[in[i] & (bins - 1)], 1);
}

__global__ void global_acq_rel(int *hist, const int *in, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) {
    cuda::atomic_ref<int, cuda::thread_scope_device> bin(hist[in[i] & (bins - 1)]);
    bin.fetch_add(1, cuda::memory_order_acq_rel);
  }
}

__global__ void local(int *hist, const int *in, size_t n) {
  __shared__ int counts[bins];
  counts[threadIdx.x] = 0; // blockDim.x == bins
  __syncthreads();
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    atomicAdd(&counts[in[i] & (bins - 1)], 1);
  __syncthreads();
  if (const int c = counts[threadIdx.x]) atomicAdd(&hist[threadIdx.x], c);
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 31 || iterations < 1) {
    std::fprintf(stderr, "atomics_cuda: log2 elements must be in [8, 31], iterations >= 1\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n;
  std::vector<int> host(n), want(bins, 0);
  for (size_t i = 0; i < n; ++i) {
    host[i] = value_of(uint32_t(i));
    ++want[host[i] & (bins - 1)];
  }
  int *in, *hist;
  if (cudaMalloc(&in, n * sizeof(int)) || cudaMalloc(&hist, bins * sizeof(int))) {
    std::fprintf(stderr, "atomics_cuda: cannot allocate %zu ints\n", n);
    return 1;
  }
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const unsigned grid = unsigned((n + block - 1) / block), local_grid = unsigned(sms) * 8;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);

  struct variant {
    const char *name;
    void (*run)(int *, const int *, size_t, unsigned, unsigned);
  };
  const variant variants[] = {
      {"global_relaxed",
       [](int *hist, const int *in, size_t n, unsigned grid, unsigned) {
         global_relaxed<<<grid, block>>>(hist, in, n);
       }},
      {"global_acq_rel",
       [](int *hist, const int *in, size_t n, unsigned grid, unsigned) {
         global_acq_rel<<<grid, block>>>(hist, in, n);
       }},
      {"local",
       [](int *hist, const int *in, size_t n, unsigned, unsigned local_grid) {
         local<<<local_grid, block>>>(hist, in, n);
       }},
  };
  int rc = 0;
  for (const variant &v : variants) {
    double best = 1e30;
    for (int k = 0; k <= iterations; ++k) {
      cudaMemset(hist, 0, bins * sizeof(int));
      cudaDeviceSynchronize();
      auto t0 = std::chrono::steady_clock::now();
      v.run(hist, in, n, grid, local_grid);
      cudaDeviceSynchronize();
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (k) best = std::min(best, t);
    }
    std::vector<int> got(bins);
    cudaMemcpy(got.data(), hist, bins * sizeof(int), cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess) {
      std::fprintf(stderr, "atomics_cuda %s: a kernel failed\n", v.name);
      return 1;
    }
    for (unsigned b = 0; b < bins; ++b)
      if (got[b] != want[b]) {
        std::fprintf(stderr, "atomics_cuda %s: bin %u holds %d, want %d\n", v.name, b, got[b],
                     want[b]);
        rc = 1;
        break;
      }
    if (got == want)
      std::printf("atomics,%s,cuda_%s_GBps,%.1f\n", prop.name, v.name,
                  double(n) * sizeof(int) / best / 1e9);
  }
  cudaFree(in), cudaFree(hist);
  return rc;
}
