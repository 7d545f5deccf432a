// host_task with buffer accessors (target::host_task): the task sees the
// data the previous kernel wrote, and the next kernel sees the task's writes.
#include "e2e_common.hpp"

#include <vector>

int main() {
  sycl::queue q;
  e2e::print_device(q, "host_task_accessor");
  constexpr size_t n = 512;
  std::vector<int> out(n, 0);
  int seen_null = 0, seen_wrong = 0;
  {
    sycl::buffer<int> B(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::read_write_host_task);
      h.host_task([=, &seen_null, &seen_wrong] {
        if (a.get_pointer() == nullptr) {
          seen_null = 1;
          return;
        }
        for (size_t i = 0; i < n; ++i) {
          if (a[i] != int(i)) ++seen_wrong;
          a[i] = a[i] * 3;
        }
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
    });
  }
  e2e::check_eq("host_task accessor is bound (get_pointer() != nullptr)", seen_null, 0);
  e2e::check_eq("host_task saw the kernel's data (wrong elements)", seen_wrong, 0);
  for (size_t i = 0; i < n; ++i) e2e::check_eq("out[" + std::to_string(i) + "]", out[i], int(i) * 3 + 1);
  return e2e::finish("host_task_accessor");
}
