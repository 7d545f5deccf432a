// Faults become exceptions, never crashes, and no data is lost (SYCL 2020
// §4.13: asynchronous errors reach the async_handler; §4.8.3: malloc_* return
// nullptr when the device cannot provide the memory; §4.7.2: a buffer that
// does not fit is errc::memory_allocation; §4.6.5.2: destroying a queue does
// not lose submitted work). Runs on every device:
//   1. allocations beyond the device's memory: nullptr (device, shared, host)
//   2. a buffer larger than the device's memory: errc::memory_allocation,
//      and the queue keeps working
//   3. a host_task that throws: the error reaches the async_handler, once,
//      and the buffers its neighbours wrote are written back intact
//   4. a queue destroyed with pending work: the work completes first
//   5. many failures in a row leave the queue usable
#include "e2e_common.hpp"

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

struct recorded {
  std::vector<std::string> messages;
  int calls = 0;
};

sycl::async_handler recorder(recorded &r) {
  return [&r](sycl::exception_list list) {
    ++r.calls;
    for (auto &e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception &ex) {
        r.messages.push_back(ex.what());
      } catch (...) {
        r.messages.push_back("<not a std::exception>");
      }
    }
  };
}

void oversized_allocations(sycl::queue &q) {
  const uint64_t gmem = q.get_device().get_info<sycl::info::device::global_mem_size>();
  try {
    void *d = sycl::malloc_device(size_t(gmem) * 2, q);
    e2e::check("malloc_device(2 * global_mem_size) == nullptr", d == nullptr);
    void *s = sycl::malloc_shared(size_t(gmem) * 64, q);
    e2e::check("malloc_shared(64 * global_mem_size) == nullptr", s == nullptr);
    void *h = sycl::malloc_host(SIZE_MAX / 2, q);
    e2e::check("malloc_host(SIZE_MAX / 2) == nullptr", h == nullptr);
    for (void *p : {d, s, h})
      if (p) sycl::free(p, q);
  } catch (const sycl::exception &e) {
    e2e::fail(std::string("an oversized allocation threw instead of returning nullptr: ") +
              e.what());
  }
}

void oversized_buffer(sycl::queue &q) {
  const uint64_t gmem = q.get_device().get_info<sycl::info::device::global_mem_size>();
  // More than the device has, and (for the CPU, whose memory is the host's)
  // more than the host can give: construction or first use must say so.
  const size_t elements = size_t(gmem) * 64 / sizeof(int);
  bool threw = false;
  try {
    sycl::buffer<int> huge{sycl::range<1>(elements)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{huge, h, sycl::write_only, sycl::no_init};
      h.single_task([=] { a[0] = 1; });
    });
    q.wait();
  } catch (const sycl::exception &e) {
    threw = true;
    e2e::check_eq("oversized buffer: errc", e.code().value(), int(sycl::errc::memory_allocation));
    e2e::check(std::string("oversized buffer message names the size: ") + e.what(),
               std::string(e.what()).find("bytes") != std::string::npos);
  }
  e2e::check("a buffer of 64 x global_mem_size threw errc::memory_allocation", threw);

  if (!q.get_device().is_cpu()) {
    // Fits in host memory (allocated lazily, never touched here) but not in
    // the device's: the first kernel using it must say so.
    threw = false;
    try {
      sycl::buffer<char> big{sycl::range<1>(size_t(gmem) + (size_t(64) << 20))};
      q.submit([&](sycl::handler &h) {
        sycl::accessor a{big, h, sycl::write_only, sycl::no_init};
        h.single_task([=] { a[0] = 1; });
      });
      q.wait();
    } catch (const sycl::exception &e) {
      threw = true;
      e2e::check_eq("buffer beyond device memory: errc", e.code().value(),
                    int(sycl::errc::memory_allocation));
      std::printf("  buffer beyond device memory: %s\n", e.what());
    }
    e2e::check("a buffer of global_mem_size + 64 MiB threw errc::memory_allocation", threw);
  }

  // The queue still works.
  int v = 0;
  {
    sycl::buffer<int> one(&v, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{one, h, sycl::write_only};
      h.single_task([=] { a[0] = 42; });
    });
  }
  e2e::check_eq("a kernel after the failed buffer", v, 42);
}

void throwing_host_task(sycl::queue &q, recorded &r) {
  constexpr size_t n = 4096;
  std::vector<int> before(n, -1), after(n, -1), untouched(n, 7);
  const int calls0 = r.calls;
  const size_t messages0 = r.messages.size();
  {
    sycl::buffer<int> b_before(before.data(), sycl::range<1>(n));
    sycl::buffer<int> b_after(after.data(), sycl::range<1>(n));
    sycl::buffer<int> b_untouched(untouched.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b_before, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i[0]) * 3; });
    });
    // The failing task reads b_before (so it runs after the kernel) and
    // writes b_untouched (a failed writer must not corrupt its data).
    q.submit([&](sycl::handler &h) {
      sycl::accessor in{b_before, h, sycl::read_only};
      sycl::accessor out{b_untouched, h, sycl::read_write};
      h.host_task([=] {
        if (in[1] == 3) throw std::runtime_error("host-task-fault-17");
        out[0] = -99;
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor in{b_before, h, sycl::read_only};
      sycl::accessor a{b_after, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = in[i] + 1; });
    });
    q.wait();
    e2e::check_eq("wait() does not call the async_handler", r.calls, calls0);
    q.wait_and_throw();
    e2e::check_eq("wait_and_throw calls the async_handler once", r.calls, calls0 + 1);
    if (e2e::check_eq("one error delivered", r.messages.size(), messages0 + 1))
      e2e::check("message kept: " + r.messages.back(),
                 r.messages.back().find("host-task-fault-17") != std::string::npos);
  } // write-back of all three buffers
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    bad += before[i] != int(i) * 3;
    bad += after[i] != int(i) * 3 + 1;
    bad += untouched[i] != 7;
  }
  e2e::check_eq("wrong values after write-back", bad, size_t(0));
}

void destroy_with_pending_work(const sycl::device &dev) {
  constexpr size_t n = 1 << 16;
  constexpr int rounds = 64;
  std::vector<int> data(n, 0);
  int *usm = nullptr;
  sycl::context ctx(dev);
  usm = sycl::malloc_shared<int>(n, dev, ctx);
  if (!e2e::check("malloc_shared", usm != nullptr)) return;
  {
    sycl::buffer<int> b(data.data(), sycl::range<1>(n));
    {
      sycl::queue q(ctx, dev); // out of order: commands may overlap
      for (int r = 0; r < rounds; ++r)
        q.submit([&](sycl::handler &h) {
          sycl::accessor a{b, h, sycl::read_write};
          h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
        });
      q.submit([&](sycl::handler &h) {
        h.host_task([] { std::this_thread::sleep_for(std::chrono::milliseconds(50)); });
      });
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { usm[i] = int(i[0]); });
    } // ~queue: SYCL requires the submitted work to finish, not to be dropped
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) bad += usm[i] != int(i);
    e2e::check_eq("USM kernel finished before ~queue returned (wrong values)", bad, size_t(0));
  }
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += data[i] != rounds;
  e2e::check_eq("buffer chain of a destroyed queue written back (wrong values)", bad, size_t(0));
  sycl::free(usm, ctx);
}

void repeated_failures(sycl::queue &q, recorded &r) {
  const size_t messages0 = r.messages.size();
  for (int i = 0; i < 50; ++i)
    q.submit([&](sycl::handler &h) { h.host_task([i] { throw std::logic_error("x" + std::to_string(i)); }); });
  q.wait_and_throw();
  e2e::check_eq("50 failing host tasks, 50 errors", r.messages.size(), messages0 + 50);
  int *p = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *p = 5; }).wait_and_throw();
  e2e::check_eq("the queue works after 50 failures", *p, 5);
  sycl::free(p, q);
}

} // namespace

int main() {
  recorded r;
  sycl::queue q(sycl::default_selector_v, recorder(r), sycl::property::queue::in_order());
  e2e::print_device(q, "fault_recovery");
  oversized_allocations(q);
  oversized_buffer(q);
  throwing_host_task(q, r);
  destroy_with_pending_work(q.get_device());
  repeated_failures(q, r);
  return e2e::finish("fault_recovery");
}
