// Issue 19.7: USM memory used after sycl::free. With USYCL_CHECK=1 (this
// program sets it for itself and re-executes: the runtime reads it when it
// is loaded) a copy, fill, memset, prefetch or mem_advise touching memory
// sycl::free released throws errc::invalid naming the pointer, the size and
// the freed allocation, at submission; so does a second free. A copy
// running past the end of its allocation, or to a null pointer, is
// errc::invalid with or without the check. Copies between USM and host
// memory (std::vector) stay legal, also after frees. Without the check the
// copy wrote into the C heap ("double free" aborts, hangs).
#include "e2e_common.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

namespace {

std::string ptr(const void *p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

// The exact text of the exception.
template <typename F> void expect_invalid(const std::string &what, const std::string &text, F &&body) {
  try {
    body();
  } catch (const sycl::exception &e) {
    if (e.code() != sycl::errc::invalid)
      e2e::fail(what + ": errc " + std::to_string(e.code().value()) + " instead of invalid: " + e.what());
    else if (text != e.what())
      e2e::fail(what + ":\n  expected: " + text + "\n  got:      " + e.what());
    else
      std::printf("%s: %s\n", what.c_str(), e.what());
    return;
  }
  e2e::fail(what + ": no exception");
}

std::string freed(const std::string &what, const void *p, size_t bytes, const void *base,
                  size_t alloc_bytes, const char *kind) {
  return what + ": pointer " + ptr(p) + (bytes ? " (" + std::to_string(bytes) + " bytes)" : "") +
         " points into USM memory released by sycl::free (a " + std::to_string(alloc_bytes) +
         "-byte " + kind + " allocation at " + ptr(base) + "): use after free; allocate it again or free it later";
}

} // namespace

int main(int, char **argv) {
  if (const char *c = std::getenv("USYCL_CHECK"); !c || std::strcmp(c, "1") != 0) {
    setenv("USYCL_CHECK", "1", 1);
    execv("/proc/self/exe", argv);
    std::perror("execv");
    return 1;
  }
  sycl::queue q;
  e2e::print_device(q, "usm_use_after_free");
  constexpr size_t n = 1024, bytes = n * sizeof(int);
  std::vector<int> host(n, 7);

  int *dev = sycl::malloc_device<int>(n, q);
  int *shared = sycl::malloc_shared<int>(n, q);
  int *live = sycl::malloc_device<int>(n, q);
  q.memcpy(dev, host.data(), bytes).wait();
  sycl::free(dev, q);
  sycl::free(shared, q);

  expect_invalid("memcpy into freed device memory",
                 freed("memcpy destination", dev, bytes, dev, bytes, "malloc_device"),
                 [&] { q.memcpy(dev, host.data(), bytes).wait(); });
  expect_invalid("memcpy from inside freed device memory",
                 freed("memcpy source", dev + 4, 64, dev, bytes, "malloc_device"),
                 [&] { q.memcpy(host.data(), dev + 4, 64).wait(); });
  expect_invalid("device-to-device memcpy from freed memory",
                 freed("memcpy source", dev, bytes, dev, bytes, "malloc_device"),
                 [&] { q.memcpy(live, dev, bytes).wait(); });
  expect_invalid("memset of freed shared memory",
                 freed("fill/memset destination", shared, bytes, shared, bytes, "malloc_shared"),
                 [&] { q.memset(shared, 0, bytes).wait(); });
  expect_invalid("fill of freed shared memory",
                 freed("fill/memset destination", shared + 1, 8, shared, bytes, "malloc_shared"),
                 [&] { q.fill(shared + 1, 3, 2).wait(); });
  expect_invalid("prefetch of freed shared memory",
                 freed("prefetch", shared, bytes, shared, bytes, "malloc_shared"),
                 [&] { q.prefetch(shared, bytes).wait(); });
  expect_invalid("mem_advise on freed shared memory",
                 freed("mem_advise", shared, bytes, shared, bytes, "malloc_shared"),
                 [&] { q.mem_advise(shared, bytes, 0).wait(); });
  expect_invalid("double free", "sycl::free: pointer " + ptr(dev) +
                                    " was already freed (double free of a " + std::to_string(bytes) +
                                    "-byte USM allocation)",
                 [&] { sycl::free(dev, q); });
  expect_invalid("memcpy past the end of a live allocation",
                 "memcpy destination: pointer " + ptr(live + n - 2) + " (16 bytes) runs 8 bytes past the end of its " +
                     std::to_string(bytes) + "-byte malloc_device allocation at " + ptr(live),
                 [&] { q.memcpy(live + n - 2, host.data(), 16).wait(); });
  expect_invalid("memcpy to a null pointer", "memcpy destination: null pointer for 16 bytes",
                 [&] { q.memcpy(nullptr, host.data(), 16).wait(); });

  // Legal after the frees: USM <-> host memory allocated since, USM <-> USM,
  // new allocations, kernels on live memory.
  std::vector<int> later(n, 5);
  int *again = sycl::malloc_shared<int>(n, q);
  q.memcpy(live, later.data(), bytes).wait();
  q.memcpy(again, live, bytes).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { again[i] += 1; }).wait();
  q.memcpy(later.data(), again, bytes).wait();
  for (size_t i = 0; i < n; i += 97) e2e::check_eq("result[" + std::to_string(i) + "]", later[i], 6);
  // Many frees in a row keep working (the quarantine frees the oldest).
  for (int i = 0; i < 100; ++i) sycl::free(sycl::malloc_device<char>(4096, q), q);
  sycl::free(again, q);
  sycl::free(live, q);
  return e2e::finish("usm_use_after_free");
}
