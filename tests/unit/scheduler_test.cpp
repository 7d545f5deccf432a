// The scheduler through the public API, without kernels: host_task chains,
// depends_on ordering, implicit ordering through buffer accesses, in-order
// queues, host_accessor blocking, asynchronous errors. Links libusycl.so and
// runs on the CPU device (ONEAPI_DEVICE_SELECTOR=native_cpu:* is set by ctest).
#include <sycl/accessor.hpp>
#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <cstring>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace std::chrono_literals;

namespace {

// A log of what happened, in order, shared by host tasks.
struct journal {
  std::mutex m;
  std::vector<int> entries;
  void add(int v) {
    std::lock_guard l(m);
    entries.push_back(v);
  }
  std::vector<int> get() {
    std::lock_guard l(m);
    return entries;
  }
};

sycl::queue cpu_queue(const sycl::property_list &props = {}) {
  return sycl::queue(sycl::device(), props);
}

} // namespace

TEST(Scheduler, DefaultDeviceExists) {
  sycl::queue q = cpu_queue();
  EXPECT_FALSE(q.get_device().get_info<sycl::info::device::name>().empty());
  EXPECT_FALSE(q.is_in_order());
}

TEST(Scheduler, HostTaskRunsAndEventCompletes) {
  sycl::queue q = cpu_queue();
  std::atomic<bool> ran{false};
  sycl::event e = q.submit([&](sycl::handler &h) { h.host_task([&] { ran = true; }); });
  e.wait();
  EXPECT_TRUE(ran);
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

TEST(Scheduler, HostTaskRunsOnAnotherThread) {
  sycl::queue q = cpu_queue();
  std::thread::id who;
  q.submit([&](sycl::handler &h) { h.host_task([&] { who = std::this_thread::get_id(); }); })
      .wait();
  EXPECT_NE(who, std::thread::id());
}

TEST(Scheduler, DependsOnChainRunsInOrder) {
  // Out-of-order queue: only depends_on orders these. The earlier tasks sleep,
  // so without the dependency the later ones would overtake them.
  sycl::queue q = cpu_queue();
  journal j;
  sycl::event prev;
  for (int i = 0; i < 6; ++i) {
    prev = q.submit([&, i, prev](sycl::handler &h) {
      h.depends_on(prev);
      h.host_task([&j, i] {
        std::this_thread::sleep_for(std::chrono::milliseconds(6 - i) * 5);
        j.add(i);
      });
    });
  }
  prev.wait();
  EXPECT_EQ(j.get(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  q.wait();
}

TEST(Scheduler, DependsOnSeveralEvents) {
  sycl::queue q = cpu_queue();
  std::atomic<int> done{0};
  std::vector<sycl::event> deps;
  for (int i = 0; i < 4; ++i)
    deps.push_back(q.submit([&, i](sycl::handler &h) {
      h.host_task([&, i] {
        std::this_thread::sleep_for(std::chrono::milliseconds(10 * (i + 1)));
        done.fetch_add(1);
      });
    }));
  std::atomic<int> seen{-1};
  q.submit([&](sycl::handler &h) {
     h.depends_on(deps);
     h.host_task([&] { seen = done.load(); });
   }).wait();
  EXPECT_EQ(seen.load(), 4) << "the joining task ran before all its dependencies finished";
}

TEST(Scheduler, DiamondDag) {
  //      a
  //    /   \
  //   b     c
  //    \   /
  //      d
  sycl::queue q = cpu_queue();
  journal j;
  auto a = q.submit([&](sycl::handler &h) {
    h.host_task([&] {
      std::this_thread::sleep_for(20ms);
      j.add(1);
    });
  });
  auto b = q.submit([&](sycl::handler &h) {
    h.depends_on(a);
    h.host_task([&] { j.add(2); });
  });
  auto c = q.submit([&](sycl::handler &h) {
    h.depends_on(a);
    h.host_task([&] {
      std::this_thread::sleep_for(10ms);
      j.add(3);
    });
  });
  q.submit([&](sycl::handler &h) {
     h.depends_on({b, c});
     h.host_task([&] { j.add(4); });
   }).wait();
  auto log = j.get();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log.front(), 1);
  EXPECT_EQ(log.back(), 4);
}

TEST(Scheduler, QueueWaitWaitsForEverything) {
  sycl::queue q = cpu_queue();
  std::atomic<int> done{0};
  for (int i = 0; i < 8; ++i)
    q.submit([&](sycl::handler &h) {
      h.host_task([&] {
        std::this_thread::sleep_for(5ms);
        done.fetch_add(1);
      });
    });
  q.wait();
  EXPECT_EQ(done.load(), 8);
}

TEST(Scheduler, InOrderQueueSerialisesHostTasks) {
  sycl::queue q = cpu_queue(sycl::property::queue::in_order());
  ASSERT_TRUE(q.is_in_order());
  ASSERT_TRUE(q.has_property<sycl::property::queue::in_order>());
  journal j;
  std::atomic<int> inside{0}, overlap{0};
  for (int i = 0; i < 10; ++i)
    q.submit([&, i](sycl::handler &h) {
      h.host_task([&, i] {
        if (inside.fetch_add(1) != 0) overlap.fetch_add(1);
        std::this_thread::sleep_for(std::chrono::milliseconds((10 - i) % 4));
        j.add(i);
        inside.fetch_sub(1);
      });
    });
  q.wait();
  EXPECT_EQ(overlap.load(), 0);
  std::vector<int> expect(10);
  std::iota(expect.begin(), expect.end(), 0);
  EXPECT_EQ(j.get(), expect);
}

TEST(Scheduler, InOrderQueueOrdersUsmCopiesAfterHostTasks) {
  sycl::queue q = cpu_queue(sycl::property::queue::in_order());
  std::vector<int> src(256, 0), dst(256, -1);
  q.submit([&](sycl::handler &h) {
    h.host_task([&] {
      std::this_thread::sleep_for(20ms);
      for (int i = 0; i < 256; ++i) src[i] = i * 3;
    });
  });
  q.memcpy(dst.data(), src.data(), 256 * sizeof(int));
  q.wait();
  for (int i = 0; i < 256; ++i) ASSERT_EQ(dst[i], i * 3) << "at " << i;
}

TEST(Scheduler, UsmCopyDependsOnHostTask) {
  sycl::queue q = cpu_queue();
  int *host = sycl::malloc_host<int>(1024, q);
  int *shared = sycl::malloc_shared<int>(1024, q);
  ASSERT_NE(host, nullptr);
  ASSERT_NE(shared, nullptr);
  auto fill = q.submit([&](sycl::handler &h) {
    h.host_task([=] {
      std::this_thread::sleep_for(20ms);
      for (int i = 0; i < 1024; ++i) host[i] = 7 * i;
    });
  });
  auto copy = q.memcpy(shared, host, 1024 * sizeof(int), fill);
  auto check = q.submit([&](sycl::handler &h) {
    h.depends_on(copy);
    h.host_task([=] {
      for (int i = 0; i < 1024; ++i) shared[i] += 1;
    });
  });
  check.wait();
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(shared[i], 7 * i + 1) << "at " << i;
  sycl::free(host, q);
  sycl::free(shared, q);
}

TEST(Scheduler, BufferAccessesOrderHostTasks) {
  // No depends_on: the two tasks are ordered only because both access the
  // buffer and the first writes it.
  sycl::queue q = cpu_queue();
  sycl::buffer<int> buf{sycl::range<1>(16)};
  journal j;
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(buf, h, sycl::write_only_host_task);
    h.host_task([&j, a] {
      (void)a;
      std::this_thread::sleep_for(30ms);
      j.add(1);
    });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(buf, h, sycl::read_only_host_task);
    h.host_task([&j, a] {
      (void)a;
      j.add(2);
    });
  });
  q.wait();
  EXPECT_EQ(j.get(), (std::vector<int>{1, 2}));
}

TEST(Scheduler, TwoAccessorsToOneBufferInOneCommand) {
  // A command must not depend on itself when it names a buffer twice
  // (used to deadlock: the second access found the first among the users).
  sycl::queue q = cpu_queue();
  sycl::buffer<int> buf{sycl::range<1>(4)};
  std::atomic<int> ran{0};
  auto e = q.submit([&](sycl::handler &h) {
    sycl::accessor r(buf, h, sycl::read_only_host_task);
    sycl::accessor w(buf, h, sycl::write_only_host_task);
    h.host_task([&, r, w] {
      (void)r;
      (void)w;
      ran = 1;
    });
  });
  // And a writer followed by a command with a read and a read_write accessor.
  auto e2 = q.submit([&](sycl::handler &h) {
    sycl::accessor a(buf, h, sycl::read_write_host_task);
    sycl::accessor b(buf, h, sycl::read_only_host_task);
    h.host_task([&, a, b] {
      (void)a;
      (void)b;
      ran.fetch_add(1);
    });
  });
  e2.wait();
  e.wait();
  EXPECT_EQ(ran.load(), 2);
}

TEST(Scheduler, ReadersOfOneBufferMayOverlapButWaitForTheWriter) {
  sycl::queue q = cpu_queue();
  sycl::buffer<int> buf{sycl::range<1>(16)};
  std::atomic<bool> written{false};
  std::atomic<int> early{0};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(buf, h, sycl::write_only_host_task);
    h.host_task([&, a] {
      (void)a;
      std::this_thread::sleep_for(20ms);
      written = true;
    });
  });
  for (int r = 0; r < 3; ++r)
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(buf, h, sycl::read_only_host_task);
      h.host_task([&, a] {
        (void)a;
        if (!written) early.fetch_add(1);
      });
    });
  q.wait();
  EXPECT_EQ(early.load(), 0);
}

TEST(Scheduler, HostTaskAccessorSeesBufferData) {
  // A host_task accessor must point at the buffer's host copy while the task runs.
  std::vector<std::string> errors;
  sycl::queue q(sycl::device(), [&](sycl::exception_list l) {
    for (auto &e : l) try {
        std::rethrow_exception(e);
      } catch (const std::exception &ex) {
        errors.push_back(ex.what());
      }
  });
  std::vector<int> data(64);
  std::iota(data.begin(), data.end(), 0);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(buf, h, sycl::read_write_host_task);
      h.host_task([a] {
        if (a.get_pointer() == nullptr) throw std::runtime_error("host_task accessor is null");
        for (size_t i = 0; i < a.size(); ++i) a[i] = a[i] * 2 + 1;
      });
    });
    q.wait_and_throw();
  }
  for (auto &e : errors) ADD_FAILURE() << "host task failed: " << e;
  for (int i = 0; i < 64; ++i) ASSERT_EQ(data[i], 2 * i + 1) << "at " << i;
}

TEST(Scheduler, HostAccessorWaitsForWriter) {
  sycl::queue q = cpu_queue();
  sycl::buffer<int> buf{sycl::range<1>(8)};
  std::atomic<bool> finished{false};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(buf, h, sycl::write_only_host_task);
    h.host_task([&, a] {
      (void)a;
      std::this_thread::sleep_for(40ms);
      finished = true;
    });
  });
  {
    sycl::host_accessor ha(buf, sycl::read_only);
    EXPECT_TRUE(finished) << "host_accessor was constructed before the writing task finished";
  }
  q.wait();
}

TEST(Scheduler, HostAccessorBlocksLaterCommands) {
  sycl::queue q = cpu_queue();
  sycl::buffer<int> buf{sycl::range<1>(8)};
  std::atomic<bool> started{false};
  sycl::event e;
  {
    sycl::host_accessor ha(buf, sycl::read_write);
    ha[0] = 42;
    e = q.submit([&](sycl::handler &h) {
      sycl::accessor a(buf, h, sycl::read_write_host_task);
      h.host_task([&, a] {
        (void)a;
        started = true;
      });
    });
    std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(started) << "a command on the buffer ran while a host_accessor was alive";
    EXPECT_NE(e.get_info<sycl::info::event::command_execution_status>(),
              sycl::info::event_command_status::complete);
  }
  e.wait();
  EXPECT_TRUE(started);
  sycl::host_accessor check(buf, sycl::read_only);
  EXPECT_EQ(check[0], 42);
}

TEST(Scheduler, HostAccessorOnOtherBufferDoesNotBlock) {
  sycl::queue q = cpu_queue();
  sycl::buffer<int> a{sycl::range<1>(8)}, b{sycl::range<1>(8)};
  sycl::host_accessor ha(a, sycl::read_write);
  std::atomic<bool> ran{false};
  q.submit([&](sycl::handler &h) {
     sycl::accessor acc(b, h, sycl::read_write_host_task);
     h.host_task([&, acc] {
       (void)acc;
       ran = true;
     });
   }).wait();
  EXPECT_TRUE(ran);
}

TEST(Scheduler, BufferWritesBackOnDestruction) {
  std::vector<int> data(32, 1);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(32));
    sycl::host_accessor ha(buf, sycl::read_write);
    for (int i = 0; i < 32; ++i) ha[i] = 100 + i;
  }
  for (int i = 0; i < 32; ++i) ASSERT_EQ(data[i], 100 + i);
}

TEST(Scheduler, BufferFromConstDataIsNotWrittenBack) {
  const std::vector<int> data(16, 5);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(16));
    sycl::host_accessor ha(buf, sycl::read_write);
    EXPECT_EQ(ha[3], 5);
    ha[3] = 9;
  }
  EXPECT_EQ(data[3], 5);
}

TEST(Scheduler, SetFinalDataRedirectsWriteBack) {
  std::vector<int> data(16, 0), out(16, -1);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(16));
    buf.set_final_data(out.data());
    sycl::host_accessor ha(buf, sycl::write_only);
    for (int i = 0; i < 16; ++i) ha[i] = i;
  }
  // (What happens to `data` is unspecified: the buffer owned it while alive.)
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], i);
}

TEST(Scheduler, WriteBackDisabledLeavesFinalDataAlone) {
  std::vector<int> data(16, 0), out(16, -1);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(16));
    buf.set_final_data(out.data());
    buf.set_write_back(false);
    sycl::host_accessor ha(buf, sycl::write_only);
    for (int i = 0; i < 16; ++i) ha[i] = i;
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], -1);
}

TEST(Scheduler, BufferDestructorWaitsForPendingWork) {
  sycl::queue q = cpu_queue();
  std::vector<int> data(4, 0);
  std::atomic<bool> finished{false};
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(buf, h, sycl::write_only_host_task);
      h.host_task([&, a] {
        (void)a;
        std::this_thread::sleep_for(30ms);
        finished = true;
      });
    });
  }
  EXPECT_TRUE(finished) << "buffer destructor returned while a command on it was running";
}

TEST(Scheduler, HostTaskExceptionGoesToAsyncHandler) {
  std::vector<std::string> caught;
  auto handler = [&](sycl::exception_list list) {
    for (auto &e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception &ex) {
        caught.push_back(ex.what());
      }
    }
  };
  sycl::queue q(sycl::device(), handler);
  q.submit([&](sycl::handler &h) {
    h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), "boom-1"); });
  });
  q.wait(); // must not throw
  EXPECT_TRUE(caught.empty()) << "wait() delivered asynchronous errors";
  q.wait_and_throw();
  ASSERT_EQ(caught.size(), 1u);
  EXPECT_NE(caught[0].find("boom-1"), std::string::npos) << caught[0];
  caught.clear();
  q.wait_and_throw();
  EXPECT_TRUE(caught.empty()) << "an error was delivered twice";
}

TEST(Scheduler, ThrowAsynchronousDeliversOnce) {
  int calls = 0;
  size_t errors = 0;
  sycl::queue q(sycl::device(), [&](sycl::exception_list l) {
    ++calls;
    errors += l.size();
  });
  for (int i = 0; i < 3; ++i)
    q.submit([&](sycl::handler &h) { h.host_task([] { throw std::runtime_error("x"); }); });
  q.wait();
  q.throw_asynchronous();
  EXPECT_EQ(errors, 3u);
  q.throw_asynchronous();
  EXPECT_EQ(errors, 3u);
}

TEST(Scheduler, BarrierWaitsForPrecedingWork) {
  sycl::queue q = cpu_queue();
  std::atomic<int> done{0};
  std::vector<sycl::event> evs;
  for (int i = 0; i < 3; ++i)
    evs.push_back(q.submit([&](sycl::handler &h) {
      h.host_task([&] {
        std::this_thread::sleep_for(10ms);
        done.fetch_add(1);
      });
    }));
  q.ext_oneapi_submit_barrier(evs).wait();
  EXPECT_EQ(done.load(), 3);
  q.wait();
}

TEST(Scheduler, EmptyCommandGroupIsAnEvent) {
  sycl::queue q = cpu_queue();
  sycl::event e = q.submit([](sycl::handler &) {});
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

TEST(Scheduler, ProfilingOfHostTaskIsMonotone) {
  sycl::queue q = cpu_queue(
      {sycl::property::queue::in_order(), sycl::property::queue::enable_profiling()});
  auto e = q.submit([&](sycl::handler &h) { h.host_task([] { std::this_thread::sleep_for(5ms); }); });
  e.wait();
  uint64_t s = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
  uint64_t b = e.get_profiling_info<sycl::info::event_profiling::command_start>();
  uint64_t f = e.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_LE(s, b);
  EXPECT_LE(b, f);
  EXPECT_GE(f - b, 4'000'000u) << "a 5 ms host task measured " << (f - b) << " ns";
}

TEST(Scheduler, ProfilingWithoutPropertyThrowsInvalid) {
  sycl::queue q = cpu_queue();
  auto e = q.submit([&](sycl::handler &h) { h.host_task([] {}); });
  e.wait();
  try {
    (void)e.get_profiling_info<sycl::info::event_profiling::command_start>();
    FAIL() << "no exception";
  } catch (const sycl::exception &ex) {
    EXPECT_EQ(ex.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(ex.what()).find("enable_profiling"), std::string::npos) << ex.what();
  }
}

TEST(Scheduler, ManyIndependentHostTasksComplete) {
  sycl::queue q = cpu_queue();
  std::atomic<int> n{0};
  std::vector<sycl::event> evs;
  for (int i = 0; i < 500; ++i)
    evs.push_back(q.submit([&](sycl::handler &h) { h.host_task([&] { n.fetch_add(1); }); }));
  sycl::event::wait(evs);
  EXPECT_EQ(n.load(), 500);
}

// A long chain of commands that cannot be enqueued yet (each waits for the
// one before it through a buffer, the first for a slow host task) must not
// hold a host thread per command: the stress test (tests/e2e/stress_threads)
// made thousands of threads that way. Pending commands park on their
// dependency instead; the results still come in order.
TEST(Scheduler, PendingChainDoesNotHoldAThreadPerCommand) {
  auto threads_now = [] {
    size_t n = 0;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator("/proc/self/task", ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
      ++n;
    return n;
  };
  constexpr int chain = 2000;
  sycl::queue q;
  sycl::buffer<int> b{sycl::range<1>(1)};
  std::atomic<bool> release{false};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{b, h, sycl::read_write_host_task};
    h.host_task([=, &release] {
      while (!release.load()) std::this_thread::sleep_for(1ms);
      a[0] = 0;
    });
  });
  for (int i = 0; i < chain; ++i)
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::read_write_host_task};
      h.host_task([=] { a[0] = a[0] + 1; });
    });
  std::this_thread::sleep_for(100ms); // give a thread-per-command design time to show
  const size_t threads = threads_now();
  release = true;
  q.wait();
  EXPECT_LT(threads, 100u) << "threads while " << chain << " commands were pending";
  sycl::host_accessor a{b};
  EXPECT_EQ(a[0], chain);
}
