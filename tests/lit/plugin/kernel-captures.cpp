// SYCL 2020 4.12.4 and 3.13.1: a kernel captures by value, and what it
// captures (or a functor kernel's members) is device copyable. Errors at the
// capture or member, in every device pass, the CPU's analysis pass included.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2> %t.cpu
// RUN: FileCheck %s --input-file=%t.cpu --implicit-check-not=error: --implicit-check-not=warning:
//
// The host pass says nothing (its kernels are checked by a device pass).
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

#include <string>
#include <utility>
#include <vector>

struct Copyable { int a; float b; };
struct UserCopy { // a user copy constructor, no is_device_copyable
  int v;
  UserCopy() : v(0) {}
  UserCopy(const UserCopy &o) : v(o.v) {}
};
struct Vouched { // the same, with the trait specialised
  int v;
  Vouched() : v(0) {}
  Vouched(const Vouched &o) : v(o.v) {}
};
template <> struct sycl::is_device_copyable<Vouched> : std::true_type {};
struct AssignOnly { // trivially copy-constructible: accepted, as by DPC++
  int v;
  AssignOnly &operator=(const AssignOnly &o) { v = o.v; return *this; }
};

struct Functor {
  // Each member's error is on its line.
  std::vector<int> data; // CHECK-DAG: kernel-captures.cpp:[[@LINE]]:20: error: kernel 'Functor' has the member 'data' of type 'std::vector<int>', which is not device copyable
  int &ref;              // CHECK-DAG: kernel-captures.cpp:[[@LINE]]:8: error: kernel 'Functor' has the reference member 'ref'; the kernel object is copied to the device, where what it refers to does not exist: hold a value, an accessor or a USM pointer instead
  void operator()(sycl::id<1>) const {}
};

void submit(sycl::queue &q, int *p, sycl::buffer<int> &buf) {
  int n = 4;
  std::vector<int> v(4);
  std::string s = "x";
  UserCopy u;
  Vouched ok;
  AssignOnly a{};
  Copyable c{1, 2.0f};
  std::pair<int, float> pr{1, 2.0f};

  // Fine: by value, device copyable things (USM pointers, accessors,
  // local_accessors, std::pair, trait-vouched types).
  q.submit([&](sycl::handler &h) {
    sycl::accessor acc{buf, h};
    sycl::local_accessor<int, 1> lm{sycl::range<1>{8}, h};
    h.parallel_for(sycl::nd_range<1>{8, 8}, [=](sycl::nd_item<1> it) {
      acc[it.get_global_id()] = lm[0] + n + c.a + pr.first + ok.v + a.v + p[0];
    });
  });

  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:50: error: kernel 'Ref' captures 'n' by reference; SYCL kernels capture by value (SYCL 2020 4.12.4) because they run where the host's stack is not: write [=] or [n]
  q.parallel_for<class Ref>(sycl::range<1>{4}, [&n, p](sycl::id<1> i) { p[i] = n; });
  // CHECK-DAG: kernel-captures.cpp:[[@LINE+2]]:74: error: kernel 'Implicit' captures 'p' by reference (implicitly, through [&]); SYCL kernels
  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:81: error: kernel 'Implicit' captures 'n' by reference (implicitly, through [&]); SYCL kernels
  q.parallel_for<class Implicit>(sycl::range<1>{4}, [&](sycl::id<1> i) { p[i] = n; });
  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:79: error: kernel 'Vector' captures 'v' of type 'std::vector<int>', which is not device copyable: what a kernel captures must be trivially copyable or have sycl::is_device_copyable specialised to true (SYCL 2020 3.13.1); pass its data in a buffer or a USM allocation, or capture a pointer to it
  q.parallel_for<class Vector>(sycl::range<1>{4}, [=](sycl::id<1> i) { p[i] = v[i]; });
  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:83: error: kernel 'String' captures 's' of type 'std::string', which is not device copyable
  q.parallel_for<class String>(sycl::range<1>{4}, [=](sycl::id<1> i) { p[i] = int(s.size()); });
  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:46: error: kernel 'UserCopy' captures 'u' of type 'UserCopy', which is not device copyable
  q.single_task<class UserCopy>([=] { p[0] = u.v; });

  // A lambda captured by the kernel lambda, holding a reference.
  auto get = [&] { return n; };
  // CHECK-DAG: kernel-captures.cpp:[[@LINE-1]]:27: error: kernel 'Nested' captures 'n' by reference (implicitly, through [&]) (inside the lambda or object captured as 'get')
  q.single_task<class Nested>([=] { p[0] = get(); });

  // CHECK-DAG: kernel-captures.cpp:[[@LINE+1]]:33: error: kernel 'Buffer' captures 'buf' by reference
  q.single_task<class Buffer>([&buf, p] { p[0] = int(buf.size()); });

  // Functor kernels: their members (errors above, at Functor).
  q.parallel_for(sycl::range<1>{4}, Functor{v, n});
}
