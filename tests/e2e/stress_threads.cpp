// Thread safety under load (SYCL 2020 §4.3.1: every SYCL API is thread-safe).
// T threads (16) each make S submissions (10 000):
//   phase 1: all threads submit to one shared out-of-order queue;
//   phase 2: each thread submits to its own in-order queue (same context),
//            some commands waiting on events of the shared queue;
// in both phases, every 8th command updates a buffer all threads share (so
// the buffer's dependency tracking is hammered from every thread at once),
// every 97th is a host_task, the rest are USM kernels writing a slot of
// their own; threads wait on their queues now and then while the others
// keep submitting. Every result is checked afterwards.
//
// Sizes: STRESS_THREADS / STRESS_SUBMISSIONS in the environment (ctest's .cpu
// run uses fewer submissions; docs/testing.md has the full and the
// ThreadSanitizer runs).
#include "e2e_common.hpp"

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

size_t env_size(const char *name, size_t fallback) {
  const char *v = std::getenv(name);
  if (!v || !*v) return fallback;
  char *end = nullptr;
  unsigned long long n = std::strtoull(v, &end, 10);
  return (end && *end == 0 && n > 0) ? size_t(n) : fallback;
}

constexpr size_t lanes = 4; // work-items of each USM kernel

struct stress {
  size_t threads, submissions;
  sycl::context ctx;
  sycl::device dev;
  sycl::buffer<int> shared_counts; // one counter per thread
  std::vector<std::atomic<int>> host_tasks_run;

  stress(size_t t, size_t s, const sycl::queue &q)
      : threads(t), submissions(s), ctx(q.get_context()), dev(q.get_device()),
        shared_counts(sycl::range<1>(t)), host_tasks_run(t) {
    sycl::host_accessor a{shared_counts};
    for (size_t i = 0; i < t; ++i) a[i] = 0;
  }

  // One thread's submissions to `q`; `out` holds submissions * lanes ints
  // per thread. `after` (may be null) is an event of another queue that
  // every 16th command waits for.
  void submit_all(sycl::queue &q, size_t t, int *out, int tag, sycl::event *after) {
    for (size_t j = 0; j < submissions; ++j) {
      if (j % 8 == 0) {
        q.submit([&](sycl::handler &h) {
          sycl::accessor c{shared_counts, h, sycl::read_write};
          h.single_task([=] { c[t] += 1; });
        });
      } else if (j % 97 == 0) {
        q.submit([&](sycl::handler &h) {
          h.host_task([this, t] { host_tasks_run[t].fetch_add(1, std::memory_order_relaxed); });
        });
      } else {
        int *slot = out + (t * submissions + j) * lanes;
        const int value = tag + int(t * submissions + j);
        auto body = [=](sycl::id<1> i) { slot[i[0]] = value + int(i[0]); };
        if (after && j % 16 == 1)
          q.submit([&](sycl::handler &h) {
            h.depends_on(*after);
            h.parallel_for(sycl::range<1>(lanes), body);
          });
        else
          q.parallel_for(sycl::range<1>(lanes), body);
      }
      if (j % 1000 == 999) q.wait();
    }
  }

  size_t check_usm(const int *out, int tag, const char *phase) {
    size_t bad = 0;
    for (size_t t = 0; t < threads; ++t)
      for (size_t j = 0; j < submissions; ++j) {
        if (j % 8 == 0 || j % 97 == 0) continue;
        for (size_t i = 0; i < lanes; ++i) {
          int got = out[(t * submissions + j) * lanes + i];
          int want = tag + int(t * submissions + j) + int(i);
          if (got != want && bad++ < 5)
            e2e::fail(std::string(phase) + ": thread " + std::to_string(t) + " command " +
                      std::to_string(j) + " lane " + std::to_string(i) + ": expected " +
                      std::to_string(want) + ", got " + std::to_string(got));
        }
      }
    return bad;
  }
};

template <typename F> void run_threads(size_t n, F &&fn) {
  std::vector<std::thread> pool;
  for (size_t t = 0; t < n; ++t) pool.emplace_back(fn, t);
  for (auto &th : pool) th.join();
}

} // namespace

int main() {
  const size_t threads = env_size("STRESS_THREADS", 16);
  const size_t submissions = env_size("STRESS_SUBMISSIONS", 10000);
  sycl::queue shared_q; // out of order
  e2e::print_device(shared_q, "stress_threads");
  std::printf("  %zu threads x %zu submissions, shared queue then per-thread queues\n", threads,
              submissions);
  stress s(threads, submissions, shared_q);
  const size_t ints = threads * submissions * lanes;
  int *out1 = sycl::malloc_shared<int>(ints, shared_q);
  int *out2 = sycl::malloc_shared<int>(ints, shared_q);
  if (!e2e::check("USM allocations", out1 && out2)) return e2e::finish("stress_threads");

  // Phase 1: one queue, every thread.
  run_threads(threads, [&](size_t t) { s.submit_all(shared_q, t, out1, 1, nullptr); });
  shared_q.wait_and_throw();
  e2e::check_eq("phase 1: wrong USM results", s.check_usm(out1, 1, "shared queue"), size_t(0));

  // Phase 2: a queue per thread, the shared buffer and queue still in use.
  sycl::event marker = shared_q.single_task([] {});
  run_threads(threads, [&](size_t t) {
    sycl::queue own(s.ctx, s.dev, sycl::property::queue::in_order());
    s.submit_all(own, t, out2, 7, &marker);
    own.wait_and_throw();
  });
  e2e::check_eq("phase 2: wrong USM results", s.check_usm(out2, 7, "own queues"), size_t(0));

  const int per_phase_shared = int((submissions + 7) / 8);
  int per_phase_host = 0;
  for (size_t j = 0; j < submissions; ++j) per_phase_host += (j % 8 != 0 && j % 97 == 0);
  {
    sycl::host_accessor c{s.shared_counts, sycl::read_only};
    for (size_t t = 0; t < threads; ++t) {
      e2e::check_eq("shared buffer counter of thread " + std::to_string(t), c[t],
                    2 * per_phase_shared);
      e2e::check_eq("host tasks of thread " + std::to_string(t),
                    s.host_tasks_run[t].load(), 2 * per_phase_host);
    }
  }
  sycl::free(out1, shared_q);
  sycl::free(out2, shared_q);
  return e2e::finish("stress_threads");
}
