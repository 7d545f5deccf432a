// Reliability under deadlock (seed 000, requirement 4): work-item 0 fails an
// assert and every other work-item then waits for a flag that only the host
// sets. The runtime must print the message while the kernel still runs (the
// CPU backend at the failure, the CUDA backend's watcher reading the mapped
// assert buffer); the host releases the kernel once it has seen the message.
#include "assert_common.hpp"

#include <atomic>
#include <cassert>
#include <chrono>
#include <thread>

int main() {
  e2e::stderr_capture capture;
  e2e::collected_errors errors;
  sycl::queue q(errors.handler(), sycl::property::queue::in_order{});
  e2e::print_device(q, "assert_hang");
  int *flag = sycl::malloc_host<int>(1, q);
  *flag = 0;
  constexpr size_t n = 256;
  q.parallel_for<class Hangs>(sycl::range<1>{n}, [=](sycl::id<1> i) {
    assert(i[0] != 0 && "hang follows");
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::system,
                     sycl::access::address_space::global_space>
        f(*flag);
    while (f.load() == 0) {
    }
  });

  // The kernel cannot finish before we set the flag: wait for the message.
  bool seen = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (capture.peek().find("Assertion `i[0] != 0 && \"hang follows\"` failed.") !=
        std::string::npos) {
      seen = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  e2e::check("message printed while the kernel hangs", seen);
  __atomic_store_n(flag, 1, __ATOMIC_SEQ_CST); // release the kernel
  q.wait_and_throw();
  e2e::check_eq("one exception after the kernel finished", errors.asserts(), size_t(1));
  sycl::free(flag, q);
  auto lines = e2e::assert_lines(capture.stop());
  e2e::check_eq("one stderr line", lines.size(), size_t(1));
  return e2e::finish("assert_hang");
}
