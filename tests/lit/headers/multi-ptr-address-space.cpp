// A decorated multi_ptr carries its address space into the NVPTX code:
// through a decorated local_ptr the loads and stores are ld.shared/st.shared
// and through a decorated global_ptr st.global, even in functions that see
// nothing but the pointer (out of line, so no inference from the caller can
// supply the space). async_work_group_copy with decorated pointers copies
// with ld.global + st.shared.
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -fPIC -c %s -o %t/k.o
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-targets=nvidia_gpu_sm_90 -save-temps -shared -fPIC %t/k.o -o %t/a.so
// RUN: FileCheck %s < %t/tmp/usycl-*/nvidia_gpu_sm_90/module_0.ptx
//
// CHECK-LABEL: .func {{.*}}load_local
// CHECK: ld.shared.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}store_local
// CHECK: st.shared.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}store_global
// CHECK: st.global.b32
// CHECK-LABEL: // -- End function
// CHECK-LABEL: .func {{.*}}copy_in
// CHECK: ld.global.b32
// CHECK: st.shared.b32
// CHECK: barrier.sync
// CHECK-LABEL: // -- End function

#include <sycl/sycl.hpp>

SYCL_EXTERNAL __attribute__((noinline)) int load_local(sycl::decorated_local_ptr<int> p,
                                                        size_t i) {
  return p[i];
}
SYCL_EXTERNAL __attribute__((noinline)) void store_local(sycl::decorated_local_ptr<int> p,
                                                          size_t i, int v) {
  p[i] = v;
}
SYCL_EXTERNAL __attribute__((noinline)) void store_global(sycl::decorated_global_ptr<int> p,
                                                           size_t i, int v) {
  *(p + i) = v;
}
SYCL_EXTERNAL __attribute__((noinline)) void copy_in(sycl::nd_item<1> it,
                                                      sycl::decorated_local_ptr<int> dst,
                                                      sycl::decorated_global_ptr<int> src) {
  it.async_work_group_copy(dst, src, 64).wait();
}

void go(sycl::queue &q, sycl::buffer<int> &b) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor acc(b, h);
    sycl::local_accessor<int> loc(sycl::range<1>(64), h);
    h.parallel_for<class LocalPtrKernel>(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
      size_t i = it.get_local_id(0);
      copy_in(it, loc.get_multi_ptr<sycl::access::decorated::yes>(),
              acc.get_multi_ptr<sycl::access::decorated::yes>());
      store_local(loc.get_multi_ptr<sycl::access::decorated::yes>(), i, int(i));
      sycl::group_barrier(it.get_group());
      int v = load_local(loc.get_multi_ptr<sycl::access::decorated::yes>(), 63 - i);
      store_global(acc.get_multi_ptr<sycl::access::decorated::yes>(), i, v);
    });
  });
}
