// What the restrictions must not reject: host-only code with every
// restricted construct (also in the same functions a kernel's neighbours
// use), constant evaluation (constexpr/consteval, template arguments,
// static_assert, if constexpr, if consteval), unevaluated operands (sizeof,
// alignof, decltype, noexcept, typeid inside sizeof, requires), templates
// whose device instantiations are clean, SYCL_EXTERNAL declarations, and the
// SYCL headers' own code (assert, atomics, barriers: PTX assembly,
// __usycl_assert_buffer).
//
// RUN: %clang -std=c++20 -Wno-c++23-extensions -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2>&1 | count 0
// RUN: %clang -std=c++20 -Wno-c++23-extensions -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2>&1 | count 0
// RUN: %clang -std=c++20 -Wno-c++23-extensions -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>
#include <cassert>
#include <cstdio>
#include <stdexcept>
#include <typeinfo>

struct Poly {
  virtual ~Poly() = default;
  virtual int f() const { return 1; }
};

int global_state = 0;
thread_local int tls_state = 0;
int recurse(int n) { return n ? recurse(n - 1) : 0; }
int undefined_elsewhere(int);

// Host-only: every restricted construct.
int host_everything(const Poly &p, int (*fp)(int)) {
  try {
    if (typeid(p) != typeid(Poly) || !dynamic_cast<const Poly *>(&p))
      throw std::runtime_error("x");
  } catch (...) {
  }
  long double ld = 1.0L;
  asm volatile("pause");
  std::printf("%d", snprintf(nullptr, 0, "%d", 1));
  return p.f() + fp(1) + recurse(3) + ++global_state + ++tls_state + int(ld) +
         undefined_elsewhere(2);
}

constexpr int cfact(int n) { return n <= 1 ? 1 : n * cfact(n - 1); }
consteval int ifact(int n) { return n <= 1 ? 1 : n * ifact(n - 1); }
constexpr int pick() {
  if consteval {
    return cfact(3); // only ever evaluated by the compiler
  } else {
    return 6;
  }
}

template <typename T> int generic(T x) {
  if constexpr (sizeof(T) > 8)
    throw x; // never instantiated for the device's T
  else
    return int(x) + pick();
}

SYCL_EXTERNAL int external_elsewhere(int); // linked later

template <typename T>
concept Callable = requires(T t) { t.f(); };

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(8, q);
  q.single_task<class Clean>([=]() {
    Poly obj;
    constexpr int a = cfact(5);
    static_assert(ifact(3) == 6);
    int arr[cfact(3)] = {};
    p[0] = a + ifact(4) + generic(p[1]) + sizeof(typeid(obj)) + alignof(Poly) +
           sizeof(global_state) + sizeof(recurse(1)) + noexcept(recurse(2)) +
           sizeof(decltype(host_everything(obj, nullptr))) + Callable<Poly> +
           obj.f() + arr[0] + external_elsewhere(p[2]) + sizeof(long double);
    assert(p[0] > 0);
  });
  q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> r(p[3]);
    r.fetch_add(1);
    sycl::group_barrier(it.get_group());
    sycl::atomic_fence(sycl::memory_order::acq_rel, sycl::memory_scope::work_group);
  });
  q.wait();
  Poly obj;
  return host_everything(obj, recurse);
}
