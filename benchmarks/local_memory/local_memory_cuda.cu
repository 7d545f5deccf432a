// Native CUDA peer of local_memory_sycl.cpp: the same three kernels over the
// same N floats in blocks of 256 threads, written the usual CUDA way (int
// indices, blockDim.x), timed the same way (launch + cudaDeviceSynchronize,
// minimum over the iterations after one warm-up) and checked the same way:
//
//   wg_reduce  a block reduction: __shfl_down_sync within each warp, one
//              partial per warp in __shared__, __syncthreads, warp 0 adds
//              the 8 warp partials; thread 0 writes the block's partial.
//   wg_scan    a block scan: a __shfl_up_sync inclusive scan within each
//              warp, the warp totals in __shared__, __syncthreads, warp 0
//              scans them, __syncthreads, each warp adds the total before it.
//   stencil    radius 8: the block's 256 elements and the 8 on either side
//              (zero past the ends) in a __shared__ tile, __syncthreads,
//              out[i] = sum over j in [-8, 8] of w(j) * in[i + j] from the
//              tile, w(j) = (9 - |j|) / 16.
//
// GB/s as in local_memory_sycl.cpp: N floats read (wg_reduce), read +
// written (wg_scan, stencil).
//
// Prints: local_memory,<device>,cuda_wg_reduce_GBps,<GB/s>
//         local_memory,<device>,cuda_wg_scan_GBps,<GB/s>
//         local_memory,<device>,cuda_stencil_GBps,<GB/s>
// Usage: local_memory_cuda [log2 elements = 28] [iterations = 50]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int block = 256, warps = block / 32, radius = 8;
constexpr unsigned full_mask = 0xffffffffu;

__host__ __device__ inline float input(size_t i) {
  return float((uint32_t(i) * 2654435761u) >> 29);
}
__host__ __device__ inline float weight(int j) {
  return float(radius + 1 - (j < 0 ? -j : j)) * 0.0625f;
}

__global__ void fill(float *in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) in[i] = input(i);
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(full_mask, v, o);
  return v;
}

__global__ void wg_reduce(const float *in, float *partial) {
  __shared__ float warp_totals[warps];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = warp_sum(in[i]);
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < warps ? warp_totals[lane] : 0.0f);
    if (lane == 0) partial[blockIdx.x] = v;
  }
}

__global__ void wg_scan(const float *in, float *out) {
  __shared__ float warp_totals[warps];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = in[i];
  for (int o = 1; o < 32; o <<= 1) {
    const float t = __shfl_up_sync(full_mask, v, o);
    if (lane >= o) v += t;
  }
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float t = lane < warps ? warp_totals[lane] : 0.0f;
    for (int o = 1; o < warps; o <<= 1) {
      const float u = __shfl_up_sync(full_mask, t, o);
      if (lane >= o) t += u;
    }
    if (lane < warps) warp_totals[lane] = t;
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  out[i] = v;
}

__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float tile[block + 2 * radius];
  const int i = blockIdx.x * blockDim.x + threadIdx.x, l = threadIdx.x + radius;
  tile[l] = in[i];
  if (threadIdx.x < radius) {
    tile[l - radius] = i >= radius ? in[i - radius] : 0.0f;
    tile[l + block] = i + block < n ? in[i + block] : 0.0f;
  }
  __syncthreads();
  float s = 0;
  for (int j = -radius; j <= radius; ++j) s += weight(j) * tile[l + j];
  out[i] = s;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 50;
  if (log2n < 8 || log2n > 30) {
    std::fprintf(stderr, "local_memory_cuda: log2 elements must be in [8, 30]\n");
    return 2;
  }
  const size_t n = size_t(1) << log2n, groups = n / block;
  float *in, *out, *partial;
  if (cudaMalloc(&in, n * sizeof(float)) || cudaMalloc(&out, n * sizeof(float)) ||
      cudaMalloc(&partial, groups * sizeof(float))) {
    std::fprintf(stderr, "local_memory_cuda: cannot allocate 2 x %zu floats\n", n);
    return 1;
  }
  const unsigned grid = unsigned(groups);
  fill<<<grid, block>>>(in, int(n));
  cudaDeviceSynchronize();
  std::vector<float> x(n), got(n);
  for (size_t i = 0; i < n; ++i) x[i] = input(i);

  using clock_type = std::chrono::steady_clock;
  auto best_time = [&](auto launch) {
    double best = 1e30;
    for (int k = 0; k <= iterations; ++k) {
      auto t0 = clock_type::now();
      launch();
      cudaDeviceSynchronize();
      const double t = std::chrono::duration<double>(clock_type::now() - t0).count();
      if (k) best = std::min(best, t);
    }
    return best;
  };
  auto failed = [](const char *kernel) {
    const cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) return false;
    std::fprintf(stderr, "local_memory_cuda: %s: %s\n", kernel, cudaGetErrorString(e));
    return true;
  };

  // wg_reduce
  cudaMemset(partial, 0xff, groups * sizeof(float)); // NaN: every partial must be written
  const double t_reduce = best_time([&] { wg_reduce<<<grid, block>>>(in, partial); });
  if (failed("wg_reduce")) return 1;
  cudaMemcpy(got.data(), partial, groups * sizeof(float), cudaMemcpyDeviceToHost);
  for (size_t g = 0; g < groups; ++g) {
    float want = 0;
    for (size_t i = g * block; i < (g + 1) * block; ++i) want += x[i];
    if (got[g] != want) {
      std::fprintf(stderr, "local_memory_cuda: wg_reduce partial[%zu] = %g, want %g\n", g, got[g], want);
      return 1;
    }
  }

  // wg_scan
  cudaMemset(out, 0xff, n * sizeof(float));
  const double t_scan = best_time([&] { wg_scan<<<grid, block>>>(in, out); });
  if (failed("wg_scan")) return 1;
  cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  float run_sum = 0;
  for (size_t i = 0; i < n; ++i) {
    run_sum = (i % block ? run_sum : 0.0f) + x[i];
    if (got[i] != run_sum) {
      std::fprintf(stderr, "local_memory_cuda: wg_scan[%zu] = %g, want %g\n", i, got[i], run_sum);
      return 1;
    }
  }

  // stencil
  cudaMemset(out, 0xff, n * sizeof(float));
  const double t_stencil = best_time([&] { stencil<<<grid, block>>>(in, out, int(n)); });
  if (failed("stencil")) return 1;
  cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; ++i) {
    float want = 0;
    if (i >= radius && i + radius < n)
      for (int j = -radius; j <= radius; ++j) want += weight(j) * x[i + j];
    else // zero past the ends (i + j wraps around below 0)
      for (int j = -radius; j <= radius; ++j) want += weight(j) * (i + j < n ? x[i + j] : 0.0f);
    if (got[i] != want) {
      std::fprintf(stderr, "local_memory_cuda: stencil[%zu] = %g, want %g\n", i, got[i], want);
      return 1;
    }
  }

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const double bytes = double(n) * sizeof(float) / 1e9;
  std::printf("local_memory,%s,cuda_wg_reduce_GBps,%.2f\n", prop.name, bytes / t_reduce);
  std::printf("local_memory,%s,cuda_wg_scan_GBps,%.2f\n", prop.name, 2 * bytes / t_scan);
  std::printf("local_memory,%s,cuda_stencil_GBps,%.2f\n", prop.name, 2 * bytes / t_stencil);
  cudaFree(in), cudaFree(out), cudaFree(partial);
  return 0;
}
