// Device-side assert (seed 000, docs/assert.md): the seed's use-case and the
// ways a failure reaches the program. Built twice: as is (asserts on) and
// with -DNDEBUG (assert_basic_ndebug: nothing printed, nothing thrown, every
// work-item runs to the end).
//
//  * seed use-case: every work-item with even X fails; one message on
//    stderr, one exception (errc::ext_oneapi_assert), ids of a failing item,
//    the other work-items run to the end;
//  * message format: nd_range global/local ids (5,11) in groups of (4,8) ->
//    global id: [5,11,0], local id: [1,3,0]; 3-D range with offset;
//    single_task;
//  * delivery: queue::wait_and_throw, event::wait_and_throw,
//    queue::wait + throw_asynchronous, the context's handler, an
//    out-of-order queue; two failing kernels; the queue is used again.
//  * CPU executor paths: barriers after / work-item 0 failing before a
//    barrier; many failing work-items on every thread -> one report.
#include "assert_common.hpp"

#include <sycl/sycl.hpp>

#include <cassert>

#ifdef NDEBUG
constexpr bool asserts_on = false;
#else
constexpr bool asserts_on = true;
#endif

using namespace sycl;

namespace {

constexpr size_t N = 6, M = 5;

constexpr unsigned seed_line = __LINE__ + 2;
void user_func(item<2> Item) {
  assert((Item[0] % 2) && "Nil");
}

e2e::collected_errors g_errors;
int g_expected_asserts = 0; // exceptions the program should have received

// The one assert message in `errors` (checks there is exactly one).
bool one_assert(const std::string &what, e2e::collected_errors &errors, e2e::assert_fields &f,
                size_t expected = 1) {
  auto msgs = errors.assert_messages();
  if (!asserts_on) expected = 0;
  e2e::check_eq(what + ": assert exceptions", msgs.size(), expected);
  g_expected_asserts += int(msgs.size());
  if (msgs.empty() || expected == 0) return false;
  std::printf("%s: %s\n", what.c_str(), msgs[0].c_str());
  return e2e::parse_assert(what, msgs[0], f);
}

void seed_use_case(queue &q) {
  g_errors.clear();
  int *before = malloc_shared<int>(N * M, q);
  int *after = malloc_shared<int>(N * M, q);
  for (size_t i = 0; i < N * M; ++i) before[i] = after[i] = -1;
  q.submit([&](handler &CGH) {
    CGH.parallel_for<class TheKernel>(range<2>{N, M}, [=](item<2> It) {
      before[It.get_linear_id()] = 1; // do_smth()
      user_func(It);
      after[It.get_linear_id()] = 2; // do_smth_else()
    });
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("seed use-case", g_errors, f)) {
    e2e::check("seed: file", f.file.find("assert_basic.cpp") != std::string::npos);
    e2e::check_eq("seed: line", f.line, seed_line);
    e2e::check("seed: function names user_func: " + f.function,
               f.function.find("user_func") != std::string::npos);
    e2e::check_eq("seed: expression", f.expr, std::string("(Item[0] % 2) && \"Nil\""));
    e2e::check("seed: failing X is even", f.gid[0] % 2 == 0 && f.gid[0] < N);
    e2e::check("seed: Y in range", f.gid[1] < M);
    e2e::check_eq("seed: unused dimension", f.gid[2], 0ull);
    e2e::check_eq("seed: unused local dimension", f.lid[2], 0ull);
  }
  for (size_t x = 0; x < N; ++x)
    for (size_t y = 0; y < M; ++y) {
      std::string at = "[" + std::to_string(x) + "," + std::to_string(y) + "]";
      e2e::check_eq("seed: do_smth ran " + at, before[x * M + y], 1);
      // Failing work-items stop at the assert; the others run to the end.
      int expect = (asserts_on && x % 2 == 0) ? -1 : 2;
      e2e::check_eq("seed: do_smth_else " + at, after[x * M + y], expect);
    }
  free(before, q);
  free(after, q);
}

void nd_range_ids(queue &q) {
  g_errors.clear();
  int *out = malloc_shared<int>(8 * 16, q);
  for (int i = 0; i < 8 * 16; ++i) out[i] = 0;
  constexpr unsigned nd_line = __LINE__ + 3; // the assert below
  q.parallel_for<class NdIds>(nd_range<2>({8, 16}, {4, 8}), [=](nd_item<2> it) {
    size_t g0 = it.get_global_id(0), g1 = it.get_global_id(1);
    assert(!(g0 == 5 && g1 == 11));
    out[it.get_global_linear_id()] = 1;
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("nd_range ids", g_errors, f)) {
    e2e::check_eq("nd: line", f.line, nd_line);
    auto msg = g_errors.assert_messages()[0];
    e2e::check("nd: ids are 'global id: [5,11,0], local id: [1,3,0]': " + msg,
               msg.find(": global id: [5,11,0], local id: [1,3,0] Assertion `!(g0 == 5 && g1 == "
                        "11)` failed.") != std::string::npos);
  }
  for (int i = 0; i < 8 * 16; ++i)
    e2e::check_eq("nd: out[" + std::to_string(i) + "]", out[i],
                  (asserts_on && i == 5 * 16 + 11) ? 0 : 1);
  free(out, q);
}

void range3d_offset(queue &q) {
  g_errors.clear();
  q.parallel_for<class Range3D>(range<3>{2, 3, 4}, id<3>{1, 2, 3}, [=](item<3> it) {
    assert(!(it[0] == 2 && it[1] == 4 && it[2] == 6) && "offset item");
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("3-D range with offset", g_errors, f)) {
    e2e::check_eq("3d: gid0", f.gid[0], 2ull);
    e2e::check_eq("3d: gid1", f.gid[1], 4ull);
    e2e::check_eq("3d: gid2", f.gid[2], 6ull);
    if (!e2e::is_gpu(q)) { // CPU: one work-group, local id = id - offset
      e2e::check_eq("3d: lid0", f.lid[0], 1ull);
      e2e::check_eq("3d: lid1", f.lid[1], 2ull);
      e2e::check_eq("3d: lid2", f.lid[2], 3ull);
    }
  }
}

void single_task_assert(queue &q) {
  g_errors.clear();
  int *flag = malloc_shared<int>(1, q);
  *flag = 0;
  q.single_task<class Single>([=] {
    assert(*flag == 1 && "single");
    *flag = 2;
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("single_task", g_errors, f)) {
    for (int d = 0; d < 3; ++d) {
      e2e::check_eq("single: gid", f.gid[d], 0ull);
      e2e::check_eq("single: lid", f.lid[d], 0ull);
    }
  }
  e2e::check_eq("single: stopped at the assert", *flag, asserts_on ? 0 : 2);
  free(flag, q);
}

void event_wait_and_throw(queue &q) {
  g_errors.clear();
  event e = q.parallel_for<class EventLevel>(range<1>{16}, [=](id<1> i) { assert(i[0] != 7); });
  e.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("event::wait_and_throw", g_errors, f)) e2e::check_eq("event: gid0", f.gid[0], 7ull);
}

void wait_then_throw_asynchronous(queue &q) {
  g_errors.clear();
  q.parallel_for<class AsyncLater>(range<1>{16}, [=](id<1> i) { assert(i[0] != 3); });
  q.wait(); // never calls the handler
  e2e::check_eq("wait(): handler not called", g_errors.handler_calls, 0);
  q.throw_asynchronous();
  e2e::assert_fields f;
  one_assert("queue::throw_asynchronous", g_errors, f);
}

void two_kernels(queue &q) {
  g_errors.clear();
  q.parallel_for<class FirstFails>(range<1>{8}, [=](id<1> i) { assert(i[0] != 1 && "first"); });
  q.parallel_for<class SecondFails>(range<1>{8}, [=](id<1> i) { assert(i[0] != 2 && "second"); });
  q.wait_and_throw();
  size_t n = g_errors.asserts();
  std::printf("two failing kernels: %zu exception(s)\n", n);
  if (asserts_on) {
    // Seed 000: at least one. The CPU and the CUDA backend report both.
    e2e::check("two kernels: at least one exception", n >= 1);
    e2e::check_eq("two kernels: one exception per kernel", n, size_t(2));
  } else {
    e2e::check_eq("two kernels (NDEBUG)", n, size_t(0));
  }
  g_expected_asserts += int(n);
}

void queue_reused(queue &q) {
  constexpr size_t n = 1000;
  float *a = malloc_shared<float>(n, q), *b = malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) a[i] = float(i);
  q.parallel_for<class Reuse>(range<1>{n}, [=](id<1> i) { b[i] = a[i] * 2 + 1; }).wait_and_throw();
  for (size_t i = 0; i < n; i += 37) e2e::check_eq("reused queue b[" + std::to_string(i) + "]", b[i], float(i) * 2 + 1);
  free(a, q);
  free(b, q);
}

void context_handler() {
  e2e::collected_errors ctx_errors;
  device dev = queue().get_device();
  context ctx(dev, ctx_errors.handler());
  queue q(ctx, dev); // no handler of its own
  q.parallel_for<class CtxHandler>(range<1>{4}, [=](id<1> i) { assert(i[0] != 0); });
  q.wait_and_throw();
  e2e::assert_fields f;
  one_assert("context's async_handler", ctx_errors, f);
}

void out_of_order_queue() {
  e2e::collected_errors errors;
  queue q(errors.handler());
  q.parallel_for<class OutOfOrder>(range<1>{64}, [=](id<1> i) { assert(i[0] != 42); });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("out-of-order queue", errors, f)) e2e::check_eq("ooo: gid0", f.gid[0], 42ull);
}

void barrier_paths(queue &q) {
  // A work-item failing after a barrier; the others pass more barriers.
  g_errors.clear();
  int *out = malloc_shared<int>(64, q);
  for (int i = 0; i < 64; ++i) out[i] = 0;
  q.parallel_for<class AfterBarrier>(nd_range<1>({64}, {16}), [=](nd_item<1> it) {
    it.barrier();
    assert(it.get_global_id(0) != 19);
    it.barrier();
    out[it.get_global_id(0)] = 1;
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("assert after a barrier", g_errors, f)) {
    e2e::check_eq("after barrier: gid", f.gid[0], 19ull);
    e2e::check_eq("after barrier: lid", f.lid[0], 3ull);
  }
  for (int i = 0; i < 64; ++i)
    e2e::check_eq("after barrier: out[" + std::to_string(i) + "]", out[i], asserts_on && i == 19 ? 0 : 1);

  // Work-item 0 of each group fails before the group's barrier.
  g_errors.clear();
  for (int i = 0; i < 64; ++i) out[i] = 0;
  q.parallel_for<class BeforeBarrier>(nd_range<1>({32}, {8}), [=](nd_item<1> it) {
    assert(it.get_local_id(0) != 0);
    it.barrier();
    out[it.get_global_id(0)] = 1;
  });
  q.wait_and_throw();
  if (one_assert("work-item 0 fails before a barrier", g_errors, f))
    e2e::check_eq("before barrier: lid", f.lid[0], 0ull);
  for (int i = 0; i < 32; ++i)
    e2e::check_eq("before barrier: out[" + std::to_string(i) + "]", out[i], asserts_on && i % 8 == 0 ? 0 : 1);
  free(out, q);
}

void many_failures(queue &q) {
  g_errors.clear();
  constexpr size_t n = 1 << 16; // several chunks on every CPU thread
  int *out = malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) out[i] = 0;
  q.parallel_for<class EveryoneFails>(range<1>{n}, [=](id<1> i) {
    out[i] = 1;
    assert(i[0] % 3 != 0);
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("many failing work-items", g_errors, f)) e2e::check("many: gid % 3 == 0", f.gid[0] % 3 == 0);
  size_t ran = 0;
  for (size_t i = 0; i < n; ++i) ran += out[i] == 1;
  e2e::check_eq("many: every work-item ran up to the assert", ran, n);
  free(out, q);
}

// One work-item deep in a long range fails: on the CPU the work-item loop
// runs in blocks whose asserts are checked a block ahead
// (compiler/passes/assert_versioning.hpp); the block holding the failure
// must run as written, every other work-item must run, and the failing one
// must stop at its assert.
void late_failure(queue &q) {
  g_errors.clear();
  constexpr size_t n = 300007, bad = 100003;
  double *in = malloc_shared<double>(n, q), *out = malloc_shared<double>(n, q);
  for (size_t i = 0; i < n; ++i) in[i] = i == bad ? -1.0 : 1.0, out[i] = 0.0;
  q.parallel_for<class LateFailure>(range<1>{n}, [=](id<1> i) {
    assert(in[i] >= 0.0 && "late");
    out[i] = in[i] + 2.0;
  });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (asserts_on && one_assert("late failure", g_errors, f))
    e2e::check_eq("late failure: gid0", f.gid[0], static_cast<unsigned long long>(bad));
  size_t ran = 0;
  for (size_t i = 0; i < n; ++i) ran += out[i] == 3.0;
  // (With NDEBUG the bad one runs too, and writes 1.)
  e2e::check_eq("late failure: the other work-items ran", ran, n - 1);
  e2e::check("late failure: the failing work-item stopped", !asserts_on || out[bad] == 0.0);
  free(in, q);
  free(out, q);
}

// Reductions run their items through their own launchers. CPU only: on
// CUDA a work-item that stopped at an assert no longer takes part in the
// group's combining step (docs/assert.md, "Limits").
void reductions_on_cpu(queue &q) {
  if (e2e::is_gpu(q)) return;
  g_errors.clear();
  int *sum = malloc_shared<int>(1, q);
  *sum = 0;
  q.parallel_for<class RangeReduction>(range<2>{8, 8}, reduction(sum, plus<int>()),
                                       [=](item<2> it, auto &s) {
                                         assert(!(it[0] == 3 && it[1] == 5) && "reduction");
                                         s += 1;
                                       });
  q.wait_and_throw();
  e2e::assert_fields f;
  if (one_assert("range reduction", g_errors, f)) {
    e2e::check_eq("range reduction: gid0", f.gid[0], 3ull);
    e2e::check_eq("range reduction: gid1", f.gid[1], 5ull);
  }
  if (!asserts_on) e2e::check_eq("range reduction (NDEBUG): sum", *sum, 64);
  g_errors.clear();
  *sum = 0;
  q.parallel_for<class NdReduction>(nd_range<1>{{64}, {16}}, reduction(sum, plus<int>()),
                                    [=](nd_item<1> it, auto &s) {
                                      assert(it.get_global_id(0) != 40 && "nd reduction");
                                      s += 1;
                                    });
  q.wait_and_throw();
  if (one_assert("nd_range reduction", g_errors, f)) {
    e2e::check_eq("nd reduction: gid", f.gid[0], 40ull);
    e2e::check_eq("nd reduction: lid", f.lid[0], 8ull);
  }
  if (!asserts_on) e2e::check_eq("nd reduction (NDEBUG): sum", *sum, 64);
  free(sum, q);
}

} // namespace

int main() {
  e2e::stderr_capture capture;
  queue q(g_errors.handler(), property::queue::in_order{});
  e2e::print_device(q, "assert_basic");

  seed_use_case(q);
  nd_range_ids(q);
  range3d_offset(q);
  single_task_assert(q);
  event_wait_and_throw(q);
  wait_then_throw_asynchronous(q);
  two_kernels(q);
  queue_reused(q);
  context_handler();
  out_of_order_queue();
  barrier_paths(q);
  many_failures(q);
  late_failure(q);
  reductions_on_cpu(q);
  queue_reused(q);

  // One line on stderr per exception (per failing kernel), in the format.
  std::string err = capture.stop();
  auto lines = e2e::assert_lines(err);
  e2e::check_eq("assert lines printed on stderr", int(lines.size()), g_expected_asserts);
  for (auto &l : lines) {
    e2e::assert_fields f;
    e2e::parse_assert("stderr line", l, f);
  }
  if (!asserts_on) e2e::check("NDEBUG: nothing on stderr", err.find("Assertion") == std::string::npos);
  return e2e::finish(asserts_on ? "assert_basic" : "assert_basic_ndebug");
}
