// Native peer of launch_sycl.cpp: the same empty kernel with <<<>>> on one stream.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void empty_kernel() {}

int main(int argc, char **argv) {
  long submits = argc > 1 ? std::atol(argv[1]) : 100000;
  long round_trips = argc > 2 ? std::atol(argv[2]) : 10000;
  cudaStream_t s;
  if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) {
    std::fprintf(stderr, "launch_cuda: no CUDA device\n");
    return 77;
  }
  for (int i = 0; i < 100; ++i) empty_kernel<<<1, 1, 0, s>>>();
  cudaStreamSynchronize(s);
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  for (long i = 0; i < submits; ++i) empty_kernel<<<1, 1, 0, s>>>();
  auto t1 = clock::now();
  cudaStreamSynchronize(s);
  auto t2 = clock::now();
  for (long i = 0; i < round_trips; ++i) {
    empty_kernel<<<1, 1, 0, s>>>();
    cudaStreamSynchronize(s);
  }
  auto t3 = clock::now();
  auto us = [](auto d, long n) { return std::chrono::duration<double, std::micro>(d).count() / n; };
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  std::printf("launch,%s (CUDA),submit_us,%.3f\n", p.name, us(t1 - t0, submits));
  std::printf("launch,%s (CUDA),submit_drain_us,%.3f\n", p.name, us(t2 - t0, submits));
  std::printf("launch,%s (CUDA),submit_wait_us,%.3f\n", p.name, us(t3 - t2, round_trips));
  return 0;
}
