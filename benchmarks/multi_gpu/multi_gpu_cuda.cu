// Native CUDA peer of multi_gpu_sycl.cpp (issue 22):
//
//   triad    a = b + 3 c over N doubles with 256-thread blocks: on GPU 0 alone,
//            then split over every GPU (each its share in its own memory, one
//            stream per GPU): launches on every stream, then every stream
//            synchronized, timed from the host (min over the iterations after
//            a warm-up), as the SYCL program does.
//   peer     cudaMemcpyPeerAsync of M MiB from GPU 0 to GPU 1 on GPU 0's
//            stream (peer_01) and back on GPU 1's (peer_10), launch +
//            synchronize, min after a warm-up, checked on the receiving GPU;
//            first without peer access (staged, the "_staged" figures), then
//            with cudaDeviceEnablePeerAccess both ways where
//            cudaDeviceCanAccessPeer allows it (without peer hardware the
//            second round is staged too: what cudaMemcpyPeer does there).
//
// Prints  multi_gpu,<device>,cuda_<metric>,<value>  (gpus, triad_1gpu_GBps,
// triad_multi_GBps, triad_scaling, peer_01_staged_GBps, peer_10_staged_GBps,
// peer_01_GBps, peer_10_GBps, peer_access 0/1). Exits 1 on a wrong result.
//
// Usage: multi_gpu_cuda [log2 elements = 28] [iterations = 20] [copy MiB = 1024]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr double scalar = 3.0;
constexpr unsigned block = 256;
using clock_type = std::chrono::steady_clock;

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "multi_gpu_cuda: %s: %s\n", #call, cudaGetErrorString(err_)); \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

__global__ void triad(double *a, const double *b, const double *c, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + scalar * c[i];
}
__global__ void fill(double *p, double v, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
__global__ void count_wrong(const double *a, size_t n, unsigned long long *wrong) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n && a[i] != 2.0 + scalar * 1.0) atomicAdd(wrong, 1ull);
}
__global__ void pattern(uint32_t *p, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] = uint32_t(i) * 2654435761u + 12345u;
}
__global__ void pattern_errors(const uint32_t *p, size_t n, unsigned long long *wrong) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n && p[i] != uint32_t(i) * 2654435761u + 12345u) atomicAdd(wrong, 1ull);
}

unsigned grid_of(size_t n) { return unsigned((n + block - 1) / block); }

double since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

struct share {
  int dev;
  cudaStream_t stream;
  size_t n;
  double *a, *b, *c;
};

void make_share(share &s) {
  CHECK(cudaSetDevice(s.dev));
  CHECK(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
  if (cudaMalloc(&s.a, s.n * 8) || cudaMalloc(&s.b, s.n * 8) || cudaMalloc(&s.c, s.n * 8)) {
    std::fprintf(stderr, "multi_gpu_cuda: cannot allocate 3 x %zu doubles on GPU %d\n", s.n, s.dev);
    std::exit(1);
  }
  fill<<<grid_of(s.n), block, 0, s.stream>>>(s.a, 0.0, s.n);
  fill<<<grid_of(s.n), block, 0, s.stream>>>(s.b, 2.0, s.n);
  fill<<<grid_of(s.n), block, 0, s.stream>>>(s.c, 1.0, s.n);
  CHECK(cudaStreamSynchronize(s.stream));
}

void free_share(share &s) {
  CHECK(cudaSetDevice(s.dev));
  cudaFree(s.a), cudaFree(s.b), cudaFree(s.c);
  cudaStreamDestroy(s.stream);
}

double time_triad(std::vector<share> &shares, int iterations) {
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    for (auto &s : shares) {
      cudaSetDevice(s.dev);
      triad<<<grid_of(s.n), block, 0, s.stream>>>(s.a, s.b, s.c, s.n);
    }
    for (auto &s : shares) CHECK(cudaStreamSynchronize(s.stream));
    if (k) best = std::min(best, since(t0));
  }
  return best;
}

unsigned long long wrong_values(std::vector<share> &shares) {
  unsigned long long total = 0;
  for (auto &s : shares) {
    CHECK(cudaSetDevice(s.dev));
    unsigned long long *wrong, host = 0;
    CHECK(cudaMalloc(&wrong, sizeof *wrong));
    CHECK(cudaMemsetAsync(wrong, 0, sizeof *wrong, s.stream));
    count_wrong<<<grid_of(s.n), block, 0, s.stream>>>(s.a, s.n, wrong);
    CHECK(cudaMemcpyAsync(&host, wrong, sizeof host, cudaMemcpyDeviceToHost, s.stream));
    CHECK(cudaStreamSynchronize(s.stream));
    cudaFree(wrong);
    total += host;
  }
  return total;
}

unsigned long long errors_on(int dev, cudaStream_t stream, const uint32_t *p, size_t words) {
  CHECK(cudaSetDevice(dev));
  unsigned long long *wrong, host = 0;
  CHECK(cudaMalloc(&wrong, sizeof *wrong));
  CHECK(cudaMemsetAsync(wrong, 0, sizeof *wrong, stream));
  pattern_errors<<<grid_of(words), block, 0, stream>>>(p, words, wrong);
  CHECK(cudaMemcpyAsync(&host, wrong, sizeof host, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  cudaFree(wrong);
  return host;
}

double time_copy(int dst_dev, void *dst, int src_dev, const void *src, size_t bytes, int stream_dev,
                 cudaStream_t stream, int iterations) {
  CHECK(cudaSetDevice(stream_dev));
  double best = 1e30;
  for (int k = 0; k <= iterations; ++k) {
    auto t0 = clock_type::now();
    CHECK(cudaMemcpyPeerAsync(dst, dst_dev, src, src_dev, bytes, stream));
    CHECK(cudaStreamSynchronize(stream));
    if (k) best = std::min(best, since(t0));
  }
  return best;
}

} // namespace

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  const size_t copy_mib = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1024;
  const size_t n = size_t(1) << log2n;
  int gpus = 0;
  CHECK(cudaGetDeviceCount(&gpus));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  const char *device = prop.name;
  std::printf("multi_gpu,%s,cuda_gpus,%d\n", device, gpus);
  const double gb = 3.0 * double(n) * sizeof(double) / 1e9;

  std::vector<share> one{{0, nullptr, n, nullptr, nullptr, nullptr}};
  make_share(one[0]);
  const double single = gb / time_triad(one, iterations);
  if (unsigned long long w = wrong_values(one)) {
    std::fprintf(stderr, "multi_gpu_cuda: triad on one GPU: %llu wrong values\n", w);
    return 1;
  }
  free_share(one[0]);
  std::printf("multi_gpu,%s,cuda_triad_1gpu_GBps,%.1f\n", device, single);
  if (gpus < 2) {
    std::printf("multi_gpu_cuda: one GPU: no multi-GPU or peer figures\n");
    return 0;
  }

  std::vector<share> split;
  for (int p = 0; p < gpus; ++p) {
    const size_t first = n * p / gpus, last = n * (p + 1) / gpus;
    split.push_back({p, nullptr, last - first, nullptr, nullptr, nullptr});
    make_share(split.back());
  }
  const double multi = gb / time_triad(split, iterations);
  if (unsigned long long w = wrong_values(split)) {
    std::fprintf(stderr, "multi_gpu_cuda: triad on %d GPUs: %llu wrong values\n", gpus, w);
    return 1;
  }
  for (auto &s : split) free_share(s);
  std::printf("multi_gpu,%s,cuda_triad_multi_GBps,%.1f\n", device, multi);
  std::printf("multi_gpu,%s,cuda_triad_scaling,%.3f\n", device, multi / single);

  // Peer copies: GPU 0 -> 1 on GPU 0's stream, 1 -> 0 on GPU 1's.
  const size_t words = (copy_mib << 20) / sizeof(uint32_t), bytes = words * sizeof(uint32_t);
  uint32_t *src0, *back0, *dst1;
  cudaStream_t s0, s1;
  CHECK(cudaSetDevice(0));
  CHECK(cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking));
  CHECK(cudaMalloc(&src0, bytes));
  CHECK(cudaMalloc(&back0, bytes));
  pattern<<<grid_of(words), block, 0, s0>>>(src0, words);
  CHECK(cudaStreamSynchronize(s0));
  CHECK(cudaSetDevice(1));
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaMalloc(&dst1, bytes));
  int can01 = 0, can10 = 0;
  CHECK(cudaDeviceCanAccessPeer(&can01, 0, 1));
  CHECK(cudaDeviceCanAccessPeer(&can10, 1, 0));
  const bool peer = can01 && can10;
  for (int with_peer = 0; with_peer < 2; ++with_peer) {
    if (with_peer && peer) {
      CHECK(cudaSetDevice(0));
      CHECK(cudaDeviceEnablePeerAccess(1, 0));
      CHECK(cudaSetDevice(1));
      CHECK(cudaDeviceEnablePeerAccess(0, 0));
    }
    CHECK(cudaSetDevice(1));
    CHECK(cudaMemsetAsync(dst1, 0, bytes, s1));
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaSetDevice(0));
    CHECK(cudaMemsetAsync(back0, 0, bytes, s0));
    CHECK(cudaStreamSynchronize(s0));
    const double t01 = time_copy(1, dst1, 0, src0, bytes, 0, s0, iterations);
    const unsigned long long bad01 = errors_on(1, s1, dst1, words);
    const double t10 = time_copy(0, back0, 1, dst1, bytes, 1, s1, iterations);
    const unsigned long long bad10 = errors_on(0, s0, back0, words);
    if (bad01 || bad10) {
      std::fprintf(stderr, "multi_gpu_cuda: peer copies: %llu wrong words 0 -> 1, %llu 1 -> 0\n",
                   bad01, bad10);
      return 1;
    }
    // Without peer hardware cudaMemcpyPeer stays staged: that is the figure
    // to compare with, and it is measured again.
    const char *suffix = with_peer ? "" : "_staged";
    std::printf("multi_gpu,%s,cuda_peer_01%s_GBps,%.1f\n", device, suffix, double(bytes) / 1e9 / t01);
    std::printf("multi_gpu,%s,cuda_peer_10%s_GBps,%.1f\n", device, suffix, double(bytes) / 1e9 / t10);
  }
  std::printf("multi_gpu,%s,cuda_peer_access,%d\n", device, peer ? 1 : 0);
  return 0;
}
