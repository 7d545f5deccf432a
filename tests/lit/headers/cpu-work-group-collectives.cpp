// Work-group collectives on the CPU (sycl/group_algorithm.hpp, "CPU
// work-groups"): each work-item stores its value into the thread's exchange
// buffer, one barrier, work-item 0 alone folds (or scans) it as 64-byte
// vectors, one barrier, every work-item reads the result. So under
// usycl-work-item-loops a reduce, a scan, a broadcast and any_of are three
// loops (a store loop that vectorises, the one-work-item fold, a read loop)
// with two barriers and nothing kept per work-item. Before (a list of
// per-work-item nodes under a lock, folded by work-item 0): 4 loops, 3
// barriers, 3 per-work-item arrays, 0.8 GB/s for 2^22 floats on 2 cores.
//
// RUN: %clang -fsycl --offload-host-only -O2 -S -emit-llvm -o %t.ll -isystem %sycl-include \
// RUN:   -D__SYCL_TARGET_INTEL_X86_64__ -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=host -fplugin-arg-usycl-tu-id=lit %s \
// RUN:   '-Rpass=usycl-work-item-loops|loop-vectorize' -Rpass-missed=usycl-work-item-loops 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.ll --check-prefix=IR
//
// REMARK-NOT: remark: {{.*}}fibers
// REMARK-DAG: remark: kernel 'reduce({{.*}}': work-group as 3 loop(s) over its work-items (2 barrier(s), 0 per-work-item array(s)
// REMARK-DAG: remark: kernel 'scan({{.*}}': work-group as 3 loop(s) over its work-items (2 barrier(s), 0 per-work-item array(s)
// REMARK-DAG: remark: kernel 'broadcast({{.*}}': work-group as 3 loop(s) over its work-items (2 barrier(s), 0 per-work-item array(s)
// REMARK-DAG: remark: kernel 'any({{.*}}': work-group as 3 loop(s) over its work-items (2 barrier(s), 0 per-work-item array(s)
// REMARK-DAG: remark: vectorized loop
// REMARK-NOT: remark: {{.*}}fibers
//
// The fold and the scan run on whole vectors; no lock, no list.
// IR-LABEL: define {{.*}}cpu_nd_group_loops{{.*}}6reduce
// IR-NOT: atomicrmw
// IR: fadd <16 x float>
// IR-LABEL: define {{.*}}cpu_nd_group_loops{{.*}}4scan
// IR-NOT: atomicrmw
// IR: shufflevector <16 x float>
// IR: fadd <16 x float>
// IR-LABEL: define {{.*}}cpu_nd_group_loops{{.*}}3any
// IR-NOT: atomicrmw
// IR: or <64 x i8>
#include <sycl/sycl.hpp>

void reduce(sycl::queue &q, const float *in, float *partial, size_t n) {
  q.parallel_for(sycl::nd_range<1>{n, 256}, [=](sycl::nd_item<1> it) {
    const float s =
        sycl::reduce_over_group(it.get_group(), in[it.get_global_id(0)], sycl::plus<float>());
    if (it.get_local_id(0) == 0)
      partial[it.get_group(0)] = s;
  });
}

void scan(sycl::queue &q, const float *in, float *out, size_t n) {
  q.parallel_for(sycl::nd_range<1>{n, 256}, [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    out[i] = sycl::inclusive_scan_over_group(it.get_group(), in[i], sycl::plus<>());
  });
}

void broadcast(sycl::queue &q, const int *in, int *out, size_t n) {
  q.parallel_for(sycl::nd_range<1>{n, 128}, [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    out[i] = 2 * sycl::group_broadcast(it.get_group(), in[i], 5);
  });
}

void any(sycl::queue &q, const int *in, int *out, size_t n) {
  q.parallel_for(sycl::nd_range<1>{n, 256}, [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    out[i] = sycl::any_of_group(it.get_group(), in[i] < 0);
  });
}
