// Nothing SYCL allows is rejected: a BabelStream-style program (USM and
// buffers, copy/mul/add/triad/dot, reductions, nd_range kernels with local
// memory and group barriers, atomics, math, a templated functor, constexpr
// helpers, const tables, assert, printf) compiles without a diagnostic in
// every pass, also at -O2 with code generation.
//
// RUN: %clang -std=c++20 -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2>&1 | count 0
// RUN: %clang -std=c++20 -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -O2 -emit-llvm -c -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s -o /dev/null 2>&1 | count 0
// RUN: %clang -std=c++20 -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2>&1 | count 0
// RUN: %clang -std=c++20 -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kBlock = 256;
static const float kWeights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
constexpr double kScalar = 0.4;

template <typename T> constexpr T square(T x) { return x * x; }

template <typename T> struct Triad {
  T *a;
  const T *b, *c;
  T scalar;
  void operator()(sycl::id<1> i) const { a[i] = b[i] + scalar * c[i]; }
};

template <typename T> class Stream {
public:
  Stream(sycl::queue &q, size_t n) : q(q), n(n) {
    a = sycl::malloc_device<T>(n, q);
    b = sycl::malloc_device<T>(n, q);
    c = sycl::malloc_device<T>(n, q);
    sum = sycl::malloc_shared<T>(1, q);
  }
  ~Stream() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
    sycl::free(sum, q);
  }
  void init() {
    T *a = this->a, *b = this->b, *c = this->c;
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      a[i] = T(0.1);
      b[i] = T(0.2);
      c[i] = T(0.0);
    });
    q.wait();
  }
  void copy() {
    T *a = this->a, *c = this->c;
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { c[i] = a[i]; });
  }
  void mul() {
    T *b = this->b, *c = this->c;
    const T s = T(kScalar);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = s * c[i]; });
  }
  void triad() { q.parallel_for(sycl::range<1>(n), Triad<T>{a, b, c, T(kScalar)}); }
  T dot() {
    T *a = this->a, *b = this->b;
    *sum = 0;
    q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<T>()),
                   [=](sycl::id<1> i, auto &acc) { acc += a[i] * b[i]; });
    q.wait();
    return *sum;
  }
  // The classic two-stage dot: a local-memory tree per work-group.
  T dot_local() {
    T *a = this->a, *b = this->b, *sum = this->sum;
    size_t n = this->n;
    *sum = 0;
    size_t groups = (n + kBlock - 1) / kBlock;
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<T, 1> tile(sycl::range<1>(kBlock), h);
      h.parallel_for(sycl::nd_range<1>(groups * kBlock, kBlock), [=](sycl::nd_item<1> it) {
        size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
        tile[lid] = gid < n ? a[gid] * b[gid] : T(0);
        for (size_t off = kBlock / 2; off > 0; off /= 2) {
          sycl::group_barrier(it.get_group());
          if (lid < off)
            tile[lid] += tile[lid + off];
        }
        if (lid == 0) {
          sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device> r(*sum);
          r.fetch_add(tile[0]);
        }
      });
    });
    q.wait();
    return *sum;
  }

private:
  sycl::queue &q;
  size_t n;
  T *a, *b, *c, *sum;
};

int main() {
  sycl::queue q;
  constexpr size_t n = 1 << 16;
  Stream<float> s(q, n);
  s.init();
  s.copy();
  s.mul();
  s.triad();
  float d1 = s.dot(), d2 = s.dot_local();

  // Buffers and accessors, math, a const table, assert and printf.
  std::vector<float> host(n, 1.0f);
  {
    sycl::buffer<float, 1> buf(host.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
        size_t i = it.get_linear_id();
        float x = acc[i] * kWeights[i % 4];
        assert(x >= 0.0f);
        acc[i] = sycl::sqrt(square(x)) + std::fabs(x) + sycl::fmin(x, 1.0f) +
                 std::min(x, 2.0f) + expf(x) * sinf(x);
        if (i == 0)
          printf("first %f\n", acc[i]);
      });
    });
  }
  std::printf("%f %f %f\n", d1, d2, host[0]);
  return 0;
}
