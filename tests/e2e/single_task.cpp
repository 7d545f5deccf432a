// single_task kernels: through the queue shortcut and the handler, with
// buffers and USM, with a captured struct, with depends_on, and a named kernel.
#include "e2e_common.hpp"

#include <vector>

class NamedSingleTask;

struct params {
  int a, b;
  float scale;
  long long big;
};

int main() {
  sycl::queue q;
  e2e::print_device(q, "single_task");

  // USM, queue shortcut
  int *out = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
     for (int i = 0; i < 8; ++i) out[i] = i * i;
   }).wait();
  for (int i = 0; i < 8; ++i) e2e::check_eq("usm out[" + std::to_string(i) + "]", out[i], i * i);

  // Handler with a buffer and a captured struct (kernel object with several fields)
  params p{7, -3, 1.5f, 1LL << 40};
  long long result[3] = {0, 0, 0};
  {
    sycl::buffer<long long> r(result, sycl::range<1>(3));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(r, h, sycl::write_only);
      h.single_task<NamedSingleTask>([=] {
        acc[0] = p.a * p.b;
        acc[1] = (long long)(p.scale * 4.0f);
        acc[2] = p.big + 1;
      });
    });
  }
  e2e::check_eq("struct a*b", result[0], -21LL);
  e2e::check_eq("struct scale*4", result[1], 6LL);
  e2e::check_eq("struct big+1", result[2], (1LL << 40) + 1);

  // A sequential loop that only makes sense in one work-item: prefix sum.
  constexpr int n = 1000;
  int *v = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) v[i] = i % 7;
  auto e1 = q.single_task([=] {
    for (int i = 1; i < n; ++i) v[i] += v[i - 1];
  });
  // depends_on form of the shortcut
  auto e2 = q.single_task(e1, [=] { v[0] = -1; });
  e2.wait();
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += i % 7;
    e2e::check_eq("prefix v[" + std::to_string(i) + "]", v[i], i == 0 ? -1 : acc);
  }

  // Many tiny single_tasks in a row on an in-order queue.
  sycl::queue ioq{sycl::property::queue::in_order()};
  int *counter = sycl::malloc_shared<int>(1, ioq);
  *counter = 0;
  for (int i = 0; i < 100; ++i) ioq.single_task([=] { *counter = *counter * 2 % 1000003 + 1; });
  ioq.wait();
  int c = 0;
  for (int i = 0; i < 100; ++i) c = c * 2 % 1000003 + 1;
  e2e::check_eq("100 chained single_tasks", *counter, c);

  sycl::free(out, q);
  sycl::free(v, q);
  sycl::free(counter, ioq);
  return e2e::finish("single_task");
}
