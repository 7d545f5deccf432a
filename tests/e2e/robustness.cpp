// Mistakes and corner cases a new user runs into, each once a crash, lost
// data, a hang or a silent failure:
//  - empty ranges (nd_range, range, hierarchical, reductions) run nothing
//    and leave a reduction's value (or its identity) as it is; a local size
//    of 0 is named as such;
//  - a host_accessor that outlives its buffer object: its writes reach the
//    final data (same thread: when it dies; another thread: ~buffer waits);
//  - two host_accessors of one buffer in one thread both work; one that
//    would wait for a command waiting for this thread's own host_accessor
//    throws instead of hanging;
//  - a range with more work-items than fit in 64 bits throws;
//  - async errors still pending when a queue is destroyed reach its handler.
#include "e2e_common.hpp"

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

static void empty_ranges(sycl::queue &q) {
  int *count = sycl::malloc_shared<int>(1, q);
  *count = 0;
  q.parallel_for(sycl::nd_range<1>(0, 4), [=](sycl::nd_item<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     c += 1;
   }).wait();
  q.parallel_for(sycl::nd_range<2>({0, 8}, {4, 4}), [=](sycl::nd_item<2>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     c += 1;
   }).wait();
  q.parallel_for(sycl::range<1>(0), [=](sycl::id<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     c += 1;
   }).wait();
  q.parallel_for(sycl::range<3>(4, 0, 4), [=](sycl::id<3>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     c += 1;
   }).wait();
  q.submit([&](sycl::handler &h) {
     h.parallel_for_work_group(sycl::range<1>(0), sycl::range<1>(4), [=](sycl::group<1> g) {
       g.parallel_for_work_item([&](sycl::h_item<1>) {
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
         c += 1;
       });
     });
   }).wait();
  e2e::check_eq("work-items run by empty launches", *count, 0);

  // A reduction over nothing: its value unchanged, or the identity.
  int *sum = sycl::malloc_shared<int>(2, q);
  sum[0] = 5;
  sum[1] = 7;
  q.parallel_for(sycl::nd_range<1>(0, 8), sycl::reduction(sum, sycl::plus<int>()),
                 [=](sycl::nd_item<1>, auto &r) { r += 1; })
      .wait();
  e2e::check_eq("nd_range(0, 8) reduction keeps its value", sum[0], 5);
  q.parallel_for(sycl::range<1>(0),
                 sycl::reduction(sum + 1, sycl::plus<int>(),
                                 sycl::property::reduction::initialize_to_identity()),
                 [=](sycl::id<1>, auto &r) { r += 1; })
      .wait();
  e2e::check_eq("range(0) reduction with initialize_to_identity", sum[1], 0);
  {
    int value = 11;
    {
      sycl::buffer<int> b(&value, 1);
      q.submit([&](sycl::handler &h) {
        h.parallel_for(sycl::nd_range<1>(0, 16), sycl::reduction(b, h, sycl::maximum<int>()),
                       [=](sycl::nd_item<1> it, auto &m) { m.combine(int(it.get_global_id(0))); });
      });
    }
    e2e::check_eq("buffer reduction over nd_range(0, 16)", value, 11);
  }

  e2e::expect_exception("nd_range(0, 0)", sycl::errc::nd_range, {"local range {0}", "is 0"}, [&] {
    q.parallel_for(sycl::nd_range<1>(0, 0), [=](sycl::nd_item<1>) {}).wait();
  });
  // Work submitted after all of these still runs.
  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     c += 1;
   }).wait();
  e2e::check_eq("work-items after the empty launches", *count, 64);
  sycl::free(count, q);
  sycl::free(sum, q);
}

static void host_accessor_outlives_buffer(sycl::queue &q) {
  constexpr size_t n = 1000;
  // Same thread: written through the accessor after `delete`, written back
  // when the accessor dies.
  {
    std::vector<int> init(n, 1), v(n, 0);
    auto b = std::make_unique<sycl::buffer<int>>(init.data(), sycl::range<1>(n));
    b->set_final_data(v.data());
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(*b, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
    });
    {
      sycl::host_accessor a(*b);
      b.reset();
      e2e::check_eq("host_accessor after delete sees the kernel's result", a[5], 2);
      a[0] = 9;
    }
    e2e::check_eq("same-thread write after delete reached the final data", v[0], 9);
    e2e::check_eq("kernel result reached the final data", v[1], 2);
  }
  // Another thread holds the accessor: ~buffer waits for it.
  {
    std::vector<int> v(n, 0);
    auto b = std::make_unique<sycl::buffer<int>>(sycl::range<1>(n));
    b->set_final_data(v.data());
    std::promise<void> opened;
    std::atomic<bool> deleted{false};
    std::thread holder([&] {
      sycl::host_accessor a(*b, sycl::write_only, sycl::no_init);
      opened.set_value();
      // Gives the main thread time to reach ~buffer first.
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      e2e::check("~buffer returned while another thread's host_accessor was alive", !deleted);
      for (size_t i = 0; i < n; ++i) a[i] = int(i) + 1;
    });
    opened.get_future().wait();
    b.reset();
    deleted = true;
    int written = 0;
    for (size_t i = 0; i < n; ++i) written += v[i] == int(i) + 1;
    e2e::check_eq("writes of another thread's host_accessor after delete", written, int(n));
    holder.join();
  }
}

static void two_host_accessors(sycl::queue &q) {
  std::vector<int> v(64, 3);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(64));
    {
      auto h1 = b.get_host_access();
      auto h2 = b.get_host_access();
      h2[0] = 4;
      e2e::check_eq("two host accessors share the data", h1[0], 4);
      h1[1] = 5;
      sycl::host_accessor h3(b, sycl::read_only);
      e2e::check_eq("a third, read-only one sees both", h3[0] + h3[1], 9);
    }
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::read_write);
      h.single_task([=] { a[2] = a[0] + a[1]; });
    });
    {
      sycl::host_accessor h(b, sycl::read_only);
      e2e::check_eq("kernel after two host accessors sees their writes", h[2], 9);
    }
    // A real cycle: the kernel waits for h1, a new host accessor would wait
    // for the kernel.
    {
      sycl::host_accessor h1(b);
      q.submit([&](sycl::handler &h) {
        sycl::accessor a(b, h, sycl::read_write);
        h.single_task([=] { a[3] = 42; });
      });
      e2e::expect_exception("host_accessor behind a kernel waiting for this thread's",
                            sycl::errc::invalid, {"host_accessor", "this thread still holds"},
                            [&] { sycl::host_accessor h2(b); });
    }
    sycl::host_accessor h(b, sycl::read_only);
    e2e::check_eq("the kernel ran once the first host accessor died", h[3], 42);
  }
  e2e::check_eq("write-back after the cycle", v[3], 42);
}

static void overflowing_ranges(sycl::queue &q) {
  const size_t big = size_t(1) << 22; // 2^66 work-items in 3 dimensions
  e2e::expect_exception("range<3>(2^22, 2^22, 2^22)", sycl::errc::invalid,
                        {"more work-items than fit in 64 bits", "{4194304, 4194304, 4194304}"},
                        [&] { q.parallel_for(sycl::range<3>(big, big, big), [=](sycl::id<3>) {}); });
  e2e::expect_exception("nd_range<3> of 2^66 work-items", sycl::errc::nd_range,
                        {"more work-items than fit in 64 bits"}, [&] {
                          q.parallel_for(sycl::nd_range<3>({big, big, big}, {1, 1, 1}),
                                         [=](sycl::nd_item<3>) {});
                        });
  int *sum = sycl::malloc_shared<int>(1, q);
  e2e::expect_exception("reduction over 2^66 work-items", sycl::errc::invalid,
                        {"more work-items than fit in 64 bits"}, [&] {
                          q.parallel_for(sycl::range<3>(big, big, big),
                                         sycl::reduction(sum, sycl::plus<int>()),
                                         [=](sycl::id<3>, auto &r) { r += 1; });
                        });
  sycl::free(sum, q);
}

static void async_errors_at_destruction(const sycl::device &dev) {
  int delivered = 0;
  {
    sycl::queue q(dev, [&](sycl::exception_list errors) { delivered += int(errors.size()); });
    q.submit([&](sycl::handler &h) { h.host_task([] { throw std::runtime_error("host task"); }); });
    q.wait(); // waits, delivers nothing
    e2e::check_eq("errors delivered by wait()", delivered, 0);
  }
  e2e::check_eq("errors delivered when the queue was destroyed", delivered, 1);
  // The context's handler when the queue has none.
  int to_context = 0;
  {
    sycl::context ctx(dev, [&](sycl::exception_list errors) { to_context += int(errors.size()); });
    sycl::queue q(ctx, dev);
    q.submit([&](sycl::handler &h) { h.host_task([] { throw std::runtime_error("host task"); }); });
    q.wait();
  }
  e2e::check_eq("errors delivered to the context's handler", to_context, 1);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "robustness");
  empty_ranges(q);
  host_accessor_outlives_buffer(q);
  two_host_accessors(q);
  overflowing_ranges(q);
  async_errors_at_destruction(q.get_device());
  return e2e::finish("robustness");
}
