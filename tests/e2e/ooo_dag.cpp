// Out-of-order queue running a DAG: kernels ordered only by the buffers they
// share (RAW, WAR, WAW), USM kernels and host tasks ordered by depends_on.
// Early nodes are made slow so a missing dependency shows as wrong data.
// Enqueued barriers (sycl_ext_oneapi_enqueue_barrier) and the queue-empty
// queries (khr_empty, ext_oneapi_empty) around host tasks held on a promise.
#include "e2e_common.hpp"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

constexpr size_t n = 4096;

// Enough work per item that a later node would overtake a missing dependency.
inline int slow_identity(int v) {
  // Collatz steps of v + 27: at most a few hundred for these inputs, never
  // 1000, so this returns v; the compiler cannot know that.
  unsigned long long x = (unsigned long long)(unsigned)v + 27;
  int steps = 0;
  while (x != 1 && steps < 1000) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  return v + (steps >= 1000 ? 1 : 0);
}

static void buffer_hazards(sycl::queue &q) {
  std::vector<int> x(n, 0), y(n, 0), z(n, 0);
  {
    sycl::buffer<int> X(x.data(), sycl::range<1>(n)), Y(y.data(), sycl::range<1>(n)),
        Z(z.data(), sycl::range<1>(n));
    // K1 writes X
    q.submit([&](sycl::handler &h) {
      sycl::accessor ax(X, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ax[i] = slow_identity(int(i[0])); });
    });
    // K2 reads X (RAW on K1), writes Y
    q.submit([&](sycl::handler &h) {
      sycl::accessor ax(X, h, sycl::read_only);
      sycl::accessor ay(Y, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ay[i] = slow_identity(ax[i]) * 2; });
    });
    // K3 writes X (WAR on K2: K2 must have read the old X)
    q.submit([&](sycl::handler &h) {
      sycl::accessor ax(X, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ax[i] += 1000000; });
    });
    // K4 writes Y again (WAW on K2), reading X (RAW on K3)
    q.submit([&](sycl::handler &h) {
      sycl::accessor ax(X, h, sycl::read_only);
      sycl::accessor ay(Y, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ay[i] = ay[i] + ax[i]; });
    });
    // K5 independent of everything above (Z only): may run any time.
    q.submit([&](sycl::handler &h) {
      sycl::accessor az(Z, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { az[i] = 7; });
    });
    // K6: two accessors to one buffer in one command (read + read_write of
    // Z), after K5 wrote it.
    q.submit([&](sycl::handler &h) {
      sycl::accessor zin(Z, h, sycl::read_only);
      sycl::accessor zout(Z, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { zout[i] = zin[i] + 1; });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    std::string at = "[" + std::to_string(i) + "]";
    e2e::check_eq("buffer_hazards X" + at, x[i], int(i) + 1000000);
    e2e::check_eq("buffer_hazards Y" + at, y[i], 2 * int(i) + int(i) + 1000000);
    e2e::check_eq("buffer_hazards Z" + at, z[i], 8);
  }
}

static void usm_dag(sycl::queue &q) {
  //        host(h0): fills p slowly
  //             |
  //          K_a: p += 1
  //          /      \
  //   K_b: r1=3p   K_c: r2=p+5
  //          \      /
  //          K_d: s = r1 + r2
  //             |
  //        host(h1): checks s, sets flag, bumps s
  //             |
  //          K_e: s *= 2
  int *p = sycl::malloc_shared<int>(n, q);
  int *r1 = sycl::malloc_device<int>(n, q);
  int *r2 = sycl::malloc_device<int>(n, q);
  int *s = sycl::malloc_shared<int>(n, q);
  std::atomic<int> host_seen_bad{0};
  auto h0 = q.submit([&](sycl::handler &h) {
    h.host_task([=] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      for (size_t i = 0; i < n; ++i) p[i] = int(i);
    });
  });
  auto ka = q.parallel_for(sycl::range<1>(n), h0, [=](sycl::id<1> i) { p[i] = slow_identity(p[i]) + 1; });
  auto kb = q.parallel_for(sycl::range<1>(n), ka, [=](sycl::id<1> i) { r1[i] = 3 * slow_identity(p[i]); });
  auto kc = q.parallel_for(sycl::range<1>(n), ka, [=](sycl::id<1> i) { r2[i] = p[i] + 5; });
  auto kd = q.parallel_for(sycl::range<1>(n), std::vector<sycl::event>{kb, kc},
                           [=](sycl::id<1> i) { s[i] = r1[i] + r2[i]; });
  auto h1 = q.submit([&](sycl::handler &h) {
    h.depends_on(kd);
    h.host_task([=, &host_seen_bad] {
      for (size_t i = 0; i < n; ++i) {
        int want = 3 * (int(i) + 1) + (int(i) + 1 + 5);
        if (s[i] != want) host_seen_bad.fetch_add(1);
        s[i] += 1;
      }
    });
  });
  auto ke = q.parallel_for(sycl::range<1>(n), h1, [=](sycl::id<1> i) { s[i] *= 2; });
  ke.wait();
  e2e::check_eq("usm_dag: host task saw wrong s values (count)", host_seen_bad.load(), 0);
  for (size_t i = 0; i < n; ++i) {
    int want = (3 * (int(i) + 1) + (int(i) + 1 + 5) + 1) * 2;
    e2e::check_eq("usm_dag s[" + std::to_string(i) + "]", s[i], want);
  }
  sycl::free(p, q);
  sycl::free(r1, q);
  sycl::free(r2, q);
  sycl::free(s, q);
}

static void host_task_between_kernels_on_buffers(sycl::queue &q) {
  // kernel writes buffer -> host_task (depends_on) edits USM -> kernel combines
  std::vector<int> out(n, 0);
  int *u = sycl::malloc_shared<int>(n, q);
  {
    sycl::buffer<int> B(out.data(), sycl::range<1>(n));
    auto k1 = q.submit([&](sycl::handler &h) {
      sycl::accessor b(B, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = int(i) * 10; });
    });
    auto ht = q.submit([&](sycl::handler &h) {
      h.depends_on(k1);
      h.host_task([=] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        for (size_t i = 0; i < n; ++i) u[i] = int(i % 3);
      });
    });
    q.submit([&](sycl::handler &h) {
      h.depends_on(ht);
      sycl::accessor b(B, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] += u[i]; });
    });
  }
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("host_task_between_kernels out[" + std::to_string(i) + "]", out[i],
                  int(i) * 10 + int(i % 3));
  sycl::free(u, q);
}

// sycl_ext_oneapi_enqueue_barrier and queue::khr_empty/ext_oneapi_empty:
// a host task held on a promise keeps the queue busy, so what must wait for
// it (a barrier, the commands after the barrier) visibly does.
static void barriers_and_empty(sycl::queue &q) {
  e2e::check("fresh queue khr_empty", sycl::queue(q.get_context(), q.get_device()).khr_empty());
  int *u = sycl::malloc_shared<int>(4, q);
  for (int i = 0; i < 4; ++i) u[i] = 0;
  q.wait();

  // Barrier over all earlier commands (handler form), then a kernel.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  q.submit([&](sycl::handler &h) {
    h.host_task([=] {
      released.wait();
      u[0] = 1;
    });
  });
  e2e::check("khr_empty while a host task waits", !q.khr_empty());
  e2e::check("ext_oneapi_empty while a host task waits", !q.ext_oneapi_empty());
  auto barrier = q.submit([&](sycl::handler &h) { h.ext_oneapi_barrier(); });
  auto after = q.single_task([=] { u[1] = u[0] + 1; }); // waits for the barrier
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  e2e::check("barrier incomplete before the host task ran",
             barrier.get_info<sycl::info::event::command_execution_status>() !=
                 sycl::info::event_command_status::complete);
  release.set_value();
  after.wait();
  e2e::check_eq("kernel after ext_oneapi_barrier() saw the host task's write", u[1], 2);
  q.wait();
  e2e::check("khr_empty after wait", q.khr_empty());

  // Barrier over given events of another queue (queue form): commands of
  // the barrier's queue after it wait for those events.
  sycl::queue other(q.get_context(), q.get_device());
  std::promise<void> release2;
  std::shared_future<void> released2 = release2.get_future().share();
  auto gated = other.submit([&](sycl::handler &h) {
    h.host_task([=] {
      released2.wait();
      u[2] = 5;
    });
  });
  sycl::event b2 = q.ext_oneapi_submit_barrier({gated});
  auto after2 = q.single_task([=] { u[3] = u[2] * 2; });
  e2e::check("the other queue is not empty", !other.khr_empty());
  release2.set_value();
  after2.wait();
  e2e::check_eq("kernel after ext_oneapi_submit_barrier({e}) saw the event's write", u[3], 10);
  b2.wait();
  other.wait();
  e2e::check("both queues empty at the end", q.khr_empty() && other.khr_empty());

  // An in-order queue is empty when its last command is done.
  sycl::queue in_order(q.get_context(), q.get_device(), sycl::property::queue::in_order());
  std::promise<void> release3;
  std::shared_future<void> released3 = release3.get_future().share();
  in_order.submit([&](sycl::handler &h) { h.host_task([=] { released3.wait(); }); });
  in_order.single_task([=] { u[0] = 7; });
  e2e::check("in-order khr_empty while busy", !in_order.khr_empty());
  release3.set_value();
  in_order.wait();
  e2e::check("in-order khr_empty after wait", in_order.khr_empty());
  sycl::free(u, q);
}

int main() {
  sycl::queue q; // out-of-order (the default)
  e2e::print_device(q, "ooo_dag");
  if (q.is_in_order()) e2e::fail("default queue reports in-order");
  buffer_hazards(q);
  usm_dag(q);
  host_task_between_kernels_on_buffers(q);
  barriers_and_empty(q);
  return e2e::finish("ooo_dag");
}
