// sycl::atomic_ref on NVPTX: every memory order and scope becomes the PTX
// form with exactly those semantics (atomic_ref.hpp). Relaxed operations
// narrower than system scope are LLVM atomics in the reference's address
// space (atom.global / atom.shared, whose default semantics are
// .relaxed.gpu); the others are atom/ld/st with .<sem>.<scope>, seq_cst
// adding a leading fence.sc; float fetch_min is a compare-and-swap loop.
// Out of line functions, so the code of each is checked on its own.
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -fPIC -c %s -o %t/k.o
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -save-temps -shared -fPIC %t/k.o -o %t/a.so
// The functions land in images by their requirements (atomic64, ...):
// every image's PTX, in image order.
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/k.ptx
// RUN: FileCheck %s < %t/k.ptx
//
// CHECK-LABEL: .func {{.*}}add_relaxed_device_global
// CHECK: atom.global.add.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}add_relaxed_work_group_local
// CHECK: atom.shared.add.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}add_acq_rel_device
// CHECK: atom.acq_rel.gpu.add.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}load_acquire_work_group
// CHECK: ld.acquire.cta.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}store_release_device
// CHECK: st.release.gpu.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}cas_relaxed_acquire_sub_group
// CHECK: atom.acquire.cta.cas.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}fadd_relaxed_device
// CHECK: atom.global.add.f32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}min_relaxed_system
// CHECK: atom.relaxed.sys.min.s32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}max_acq_rel_work_group
// CHECK: atom.acq_rel.cta.max.u32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}fmin_relaxed_device
// CHECK: ld.relaxed.gpu.b32
// CHECK: atom.relaxed.gpu.cas.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}exchange_seq_cst_work_group
// CHECK: fence.sc.cta;
// CHECK: atom.acq_rel.cta.exch.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}add_seq_cst_system
// CHECK: fence.sc.sys;
// CHECK: atom.acq_rel.sys.add.u64
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}cas_acq_rel_device
// CHECK: atom.acq_rel.gpu.cas.b64
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}pointer_add_relaxed_device
// CHECK: atom.global.add.u64 {{.*}}, 12;
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}fadd_relaxed_system
// CHECK: atom.relaxed.sys.add.f64
// CHECK-LABEL: // -- End function

#include <sycl/sycl.hpp>

using sycl::memory_order;
using sycl::memory_scope;
using space = sycl::access::address_space;
template <typename T, memory_order Order, memory_scope Scope, space Space = space::global_space>
using ref = sycl::atomic_ref<T, Order, Scope, Space>;

SYCL_EXTERNAL __attribute__((noinline)) int add_relaxed_device_global(int *p, int v) {
  return ref<int, memory_order::relaxed, memory_scope::device>(*p).fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) int add_relaxed_work_group_local(int *p, int v) {
  return ref<int, memory_order::relaxed, memory_scope::work_group, space::local_space>(*p)
      .fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) int add_acq_rel_device(int *p, int v) {
  return ref<int, memory_order::acq_rel, memory_scope::device>(*p).fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) long add_seq_cst_system(long *p, long v) {
  return ref<long, memory_order::seq_cst, memory_scope::system>(*p).fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) int load_acquire_work_group(int *p) {
  return ref<int, memory_order::acq_rel, memory_scope::work_group>(*p).load();
}
SYCL_EXTERNAL __attribute__((noinline)) void store_release_device(int *p, int v) {
  ref<int, memory_order::acq_rel, memory_scope::device>(*p).store(v);
}
SYCL_EXTERNAL __attribute__((noinline)) bool
cas_acq_rel_device(unsigned long long *p, unsigned long long &expected, unsigned long long v) {
  return ref<unsigned long long, memory_order::acq_rel, memory_scope::device>(*p)
      .compare_exchange_strong(expected, v);
}
// A failure order stronger than the success order strengthens the whole CAS.
SYCL_EXTERNAL __attribute__((noinline)) bool cas_relaxed_acquire_sub_group(int *p, int &expected,
                                                                           int v) {
  return ref<int, memory_order::relaxed, memory_scope::sub_group>(*p).compare_exchange_weak(
      expected, v, memory_order::relaxed, memory_order::acquire);
}
SYCL_EXTERNAL __attribute__((noinline)) float fadd_relaxed_device(float *p, float v) {
  return ref<float, memory_order::relaxed, memory_scope::device>(*p).fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) double fadd_relaxed_system(double *p, double v) {
  return ref<double, memory_order::relaxed, memory_scope::system>(*p).fetch_add(v);
}
SYCL_EXTERNAL __attribute__((noinline)) int min_relaxed_system(int *p, int v) {
  return ref<int, memory_order::relaxed, memory_scope::system>(*p).fetch_min(v);
}
SYCL_EXTERNAL __attribute__((noinline)) unsigned max_acq_rel_work_group(unsigned *p, unsigned v) {
  return ref<unsigned, memory_order::acq_rel, memory_scope::work_group>(*p).fetch_max(v);
}
SYCL_EXTERNAL __attribute__((noinline)) float fmin_relaxed_device(float *p, float v) {
  return ref<float, memory_order::relaxed, memory_scope::device>(*p).fetch_min(v);
}
SYCL_EXTERNAL __attribute__((noinline)) int exchange_seq_cst_work_group(int *p, int v) {
  return ref<int, memory_order::seq_cst, memory_scope::work_group>(*p).exchange(v);
}
// Pointer arithmetic scales by the pointee: 3 ints are 12 bytes.
SYCL_EXTERNAL __attribute__((noinline)) int *pointer_add_relaxed_device(int **p) {
  return ref<int *, memory_order::relaxed, memory_scope::device>(*p).fetch_add(3);
}

// The device module holds the functions its kernel calls.
void go(sycl::queue &q, int *i, long *l, unsigned *u, unsigned long long *ull, float *f,
        double *d, int **pp) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> local(sycl::range<1>(1), h);
    h.parallel_for<class AtomicRefForms>(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1> it) {
      int expected = 0;
      unsigned long long expected64 = 0;
      int *shared = &local[0];
      i[1] = add_relaxed_device_global(i, 1) + add_relaxed_work_group_local(shared, 1) +
             add_acq_rel_device(i, 2) + load_acquire_work_group(i) + min_relaxed_system(i, 3) +
             exchange_seq_cst_work_group(i, 4) +
             int(cas_relaxed_acquire_sub_group(i, expected, 5)) + int(it.get_local_id(0));
      store_release_device(i, 6);
      l[1] = add_seq_cst_system(l, 7);
      u[1] = max_acq_rel_work_group(u, 8);
      ull[1] = cas_acq_rel_device(ull, expected64, 9);
      f[1] = fadd_relaxed_device(f, 1.0f) + fmin_relaxed_device(f, 2.0f);
      d[1] = fadd_relaxed_system(d, 3.0);
      pp[1] = pointer_add_relaxed_device(pp);
    });
  });
}
