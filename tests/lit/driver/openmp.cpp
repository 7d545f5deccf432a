// -fopenmp (and DPC++'s -fiopenmp, icpx's -qopenmp) parallelises host code:
// clang refuses -fopenmp beside -fsycl, so usycl++ gives the host pass OpenMP
// at the cc1 level, keeps it out of the device passes (whose OpenMP pragmas
// are ignored quietly) and links libomp.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -v -fopenmp -fsycl-targets=x86_64,nvidia_gpu_sm_90 %s -o %t/omp 2>&1 | FileCheck %s
// The device pass (not a precompiled header's build, which has no unit id
// and leaves the warning flags out):
// CHECK: --offload-device-only --offload-arch=sm_90 {{.*}}-fplugin-arg-usycl-tu-id=
// CHECK-NOT: -fopenmp
// CHECK-SAME: -Wno-source-uses-openmp
// CHECK: --offload-host-only {{.*}}-Xclang -fopenmp
// CHECK: {{^ .*}}clang++{{.*}} -fopenmp {{.*}}-lusycl -Wl,-rpath,{{[^ ]*}} -Wl,--push-state,--as-needed,-lmvec,--pop-state -Wl,-rpath,{{[^ ]*}}/lib -o
// RUN: env OMP_NUM_THREADS=3 ONEAPI_DEVICE_SELECTOR='native_cpu:*' %t/omp | FileCheck %s --check-prefix=OUT
// OUT: openmp 1 bad 0 threads 3 sum 6
//
// The program runs with the OpenMP runtime of the clang that compiled it
// (the LLVM library directory), not with an older system libomp.so.5 that
// the loader would find first (Debian: libomp5-19).
// RUN: ldd %t/omp | FileCheck %s --check-prefix=LDD
// LDD: libomp.so.5 => {{.*}}/lib/libomp.so.5
//
// Separate compile and link (-fopenmp at both), and -fsyntax-only.
// RUN: %usycl -fopenmp -fsycl-targets=x86_64 -c %s -o %t/sep.o
// RUN: %usycl -fopenmp -fsycl-targets=x86_64 %t/sep.o -o %t/sep
// RUN: env OMP_NUM_THREADS=2 ONEAPI_DEVICE_SELECTOR='native_cpu:*' %t/sep | FileCheck %s --check-prefix=SEP
// SEP: openmp 1 bad 0 threads 2 sum 3
// RUN: %usycl -fopenmp -fsyntax-only %s
// RUN: %usycl -fiopenmp -fsycl-targets=x86_64 -c %s -o %t/i.o
// RUN: %usycl -qopenmp -fsycl-targets=x86_64 -c %s -o %t/q.o
// RUN: llvm-nm %t/i.o | FileCheck %s --check-prefix=NM
// RUN: llvm-nm %t/q.o | FileCheck %s --check-prefix=NM
// NM: __kmpc_fork_call

#include <sycl/sycl.hpp>
#include <omp.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> ref(4096);
#pragma omp parallel for
  for (int i = 0; i < static_cast<int>(ref.size()); ++i)
    ref[i] = i * 2.0f;
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(ref.size(), q);
  q.parallel_for(ref.size(), [=](sycl::id<1> i) {
#pragma omp simd
    for (int k = 0; k < 1; ++k)
      out[i] = i[0] * 2.0f;
  }).wait();
  int bad = 0;
  for (size_t i = 0; i < ref.size(); ++i)
    bad += out[i] != ref[i];
  // A plain parallel region: every thread of the team runs it once.
  int threads = 0, sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
#pragma omp single
    threads = omp_get_num_threads();
    sum += omp_get_thread_num() + 1;
  }
  std::printf("openmp %d bad %d threads %d sum %d\n", omp_get_max_threads() >= 1, bad,
              threads, sum);
  sycl::free(out, q);
}
