// Asynchronous errors: an exception thrown by a host task reaches the queue's
// async_handler on wait_and_throw / throw_asynchronous (never from wait()),
// exactly once, with its errc and message; a queue without a handler falls
// back to the context's handler.
#include "e2e_common.hpp"

#include <stdexcept>
#include <string>
#include <vector>

struct seen {
  std::vector<std::string> messages;
  std::vector<int> codes;
  int calls = 0;
};

static sycl::async_handler recorder(seen &s) {
  return [&s](sycl::exception_list list) {
    ++s.calls;
    for (auto &e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const sycl::exception &ex) {
        s.messages.push_back(ex.what());
        s.codes.push_back(ex.code().value());
      } catch (const std::exception &ex) {
        s.messages.push_back(ex.what());
        s.codes.push_back(-1);
      }
    }
  };
}

int main() {
  seen s;
  sycl::queue q(sycl::default_selector_v, recorder(s));
  e2e::print_device(q, "async_handler");

  // A kernel that works, then a host task that fails.
  int *p = sycl::malloc_shared<int>(16, q);
  auto k = q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = int(i); });
  q.submit([&](sycl::handler &h) {
    h.depends_on(k);
    h.host_task([] {
      throw sycl::exception(sycl::make_error_code(sycl::errc::kernel_argument), "host-task-failure-42");
    });
  });
  q.wait();
  e2e::check_eq("handler not called by wait()", s.calls, 0);
  q.wait_and_throw();
  e2e::check_eq("handler called once by wait_and_throw", s.calls, 1);
  if (e2e::check_eq("one error delivered", s.messages.size(), size_t(1))) {
    e2e::check("message kept: " + s.messages[0], s.messages[0].find("host-task-failure-42") != std::string::npos);
    e2e::check_eq("errc kept", s.codes[0], int(sycl::errc::kernel_argument));
  }
  q.wait_and_throw();
  e2e::check_eq("no second delivery of the same error (errors)", s.messages.size(), size_t(1));

  // Non-SYCL exceptions are delivered too; several in one list or several calls.
  for (int i = 0; i < 3; ++i)
    q.submit([&](sycl::handler &h) { h.host_task([i] { throw std::runtime_error("std-error-" + std::to_string(i)); }); });
  q.wait();
  q.throw_asynchronous();
  e2e::check_eq("three more errors delivered", s.messages.size(), size_t(4));
  for (size_t i = 1; i < s.messages.size(); ++i)
    e2e::check("std::runtime_error message: " + s.messages[i], s.messages[i].find("std-error-") != std::string::npos);

  // Work after an error still runs.
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] += 100; }).wait();
  for (int i = 0; i < 16; ++i) e2e::check_eq("kernel after error p[" + std::to_string(i) + "]", p[i], i + 100);

  // event::wait_and_throw delivers to the queue's handler as well.
  auto e = q.submit([&](sycl::handler &h) { h.host_task([] { throw std::runtime_error("via-event"); }); });
  e.wait_and_throw();
  e2e::check("event::wait_and_throw delivered",
             !s.messages.empty() && s.messages.back().find("via-event") != std::string::npos);

  // A queue without handler, in a context with one: the context's handler gets it.
  seen cs;
  sycl::context ctx(q.get_device(), recorder(cs));
  sycl::queue q2(ctx, q.get_device());
  q2.submit([&](sycl::handler &h) { h.host_task([] { throw std::runtime_error("to-context"); }); });
  q2.wait_and_throw();
  e2e::check_eq("context handler called", cs.calls, 1);
  e2e::check("context handler got the error",
             !cs.messages.empty() && cs.messages[0].find("to-context") != std::string::npos);

  sycl::free(p, q);
  return e2e::finish("async_handler");
}
