// Error case: USM memory of one context used with a queue (or free) of
// another context gives errc::invalid naming the context mismatch.
#include "e2e_common.hpp"

#include <vector>

int main() {
  sycl::queue q;
  e2e::print_device(q, "err_usm_context");
  sycl::device dev = q.get_device();
  sycl::context other(dev);
  if (other == q.get_context()) {
    e2e::fail("a new context compares equal to the queue's default context");
    return e2e::finish("err_usm_context");
  }
  constexpr size_t n = 256;
  std::vector<int> host(n, 1);
  int *foreign = sycl::malloc_device<int>(n, dev, other);
  int *foreign_shared = sycl::malloc_shared<int>(n, dev, other);
  int *mine = sycl::malloc_device<int>(n, q);
  if (!foreign || !foreign_shared || !mine) {
    e2e::fail("allocation failed");
    return e2e::finish("err_usm_context");
  }

  e2e::expect_exception("queue::memcpy to another context's memory", sycl::errc::invalid, {"context"},
                        [&] { q.memcpy(foreign, host.data(), n * sizeof(int)).wait(); });
  e2e::expect_exception("queue::memcpy from another context's memory", sycl::errc::invalid, {"context"},
                        [&] { q.memcpy(host.data(), foreign_shared, n * sizeof(int)).wait(); });
  e2e::expect_exception("queue::memcpy between contexts (device to device)", sycl::errc::invalid, {"context"},
                        [&] { q.memcpy(mine, foreign, n * sizeof(int)).wait(); });
  e2e::expect_exception("queue::memset on another context's memory", sycl::errc::invalid, {"context"},
                        [&] { q.memset(foreign, 0, n * sizeof(int)).wait(); });
  e2e::expect_exception("queue::fill on another context's memory", sycl::errc::invalid, {"context"},
                        [&] { q.fill(foreign, 7, n).wait(); });

  e2e::expect_exception("sycl::free with another context", sycl::errc::invalid, {"context"},
                        [&] { sycl::free(foreign, q); });
  e2e::expect_exception("sycl::free(ptr, context) with another context", sycl::errc::invalid, {"context"},
                        [&] { sycl::free(mine, other); });

  e2e::check_eq("get_pointer_type in the wrong context", sycl::get_pointer_type(foreign, q.get_context()),
                sycl::usm::alloc::unknown);
  e2e::check_eq("get_pointer_type in the right context", sycl::get_pointer_type(foreign, other),
                sycl::usm::alloc::device);

  // A queue on the other context can use the memory.
  sycl::queue q2(other, dev);
  q2.memcpy(foreign, host.data(), n * sizeof(int)).wait();
  q2.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { foreign_shared[i] = foreign[i] + 1; }).wait();
  for (size_t i = 0; i < n; ++i) e2e::check_eq("other-context queue result [" + std::to_string(i) + "]", foreign_shared[i], 2);

  // The failed frees freed nothing: the right frees still work.
  try {
    sycl::free(foreign, other);
    sycl::free(foreign_shared, q2);
    sycl::free(mine, q);
  } catch (const sycl::exception &e) {
    e2e::fail(std::string("freeing with the right context threw: ") + e.what());
  }
  e2e::expect_exception("double free", sycl::errc::invalid, {}, [&] { sycl::free(mine, q); });
  return e2e::finish("err_usm_context");
}
