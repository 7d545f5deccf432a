// Issue 19.8: with USYCL_CHECK=1 (this program sets it for itself and
// re-executes: the runtime reads it when it is loaded) an accessor index
// outside the accessor's range in a kernel running on the CPU is reported
// -- kernel, work-item, index -- as the launch's asynchronous errc::invalid
// (once per launch, like a device assert), that work-item stops before the
// access, and the others run. Without the check the kernels wrote past
// the buffers (heap corruption, segfaults). CPU only: GPU code has no check.
#include "e2e_common.hpp"

#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

class OneDim;
class Chained;
class NdRange;
class Ranged;
class InRange;

namespace {

std::vector<std::string> caught;

void async_errors(sycl::exception_list list) {
  for (const std::exception_ptr &e : list) try {
      std::rethrow_exception(e);
    } catch (const sycl::exception &ex) {
      caught.push_back(std::to_string(ex.code().value()) + ": " + ex.what());
    }
}

// The launch's asynchronous exceptions: exactly `expected` (errc::invalid).
void expect_async(sycl::queue &q, const std::string &what, const std::string &expected) {
  caught.clear();
  q.wait_and_throw();
  const std::string want = std::to_string(int(sycl::errc::invalid)) + ": " + expected;
  if (caught.size() != 1)
    e2e::fail(what + ": " + std::to_string(caught.size()) + " asynchronous exceptions instead of 1");
  else if (caught[0] != want)
    e2e::fail(what + ":\n  expected: " + want + "\n  got:      " + caught[0]);
  else
    std::printf("%s: %s\n", what.c_str(), caught[0].c_str());
}

} // namespace

int main(int, char **argv) {
  if (const char *c = std::getenv("USYCL_CHECK"); !c || std::strcmp(c, "1") != 0) {
    setenv("USYCL_CHECK", "1", 1);
    execv("/proc/self/exe", argv);
    std::perror("execv");
    return 1;
  }
  sycl::queue q{sycl::default_selector_v, async_errors};
  e2e::print_device(q, "accessor_bounds_check");

  {
    std::vector<int> host(10, -1);
    {
      sycl::buffer<int> b(host.data(), sycl::range<1>(10));
      q.submit([&](sycl::handler &h) {
        sycl::accessor a{b, h, sycl::write_only};
        h.parallel_for<OneDim>(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = int(i[0]); });
      });
      expect_async(q, "1-D range kernel",
                   "kernel 'OneDim': global id: [10,0,0], local id: [10,0,0]: accessor index [10] is "
                   "out of range: the accessor's range is [10] (USYCL_CHECK=1)");
    }
    for (int i = 0; i < 10; ++i) e2e::check_eq("OneDim result[" + std::to_string(i) + "]", host[i], i);
  }
  {
    sycl::buffer<float, 2> b{sycl::range<2>(3, 4)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for<Chained>(sycl::range<2>(3, 4),
                              [=](sycl::item<2> it) { a[it[0]][it[1] + 1] = 1.0f; });
    });
    expect_async(q, "2-D chained subscript",
                 "kernel 'Chained': global id: [0,3,0], local id: [0,3,0]: accessor index 4 of "
                 "dimension 1 is out of range: the accessor's range is [3,4] (USYCL_CHECK=1)");
  }
  {
    sycl::buffer<int> b{sycl::range<1>(16)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for<NdRange>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it) {
        a[it.get_global_id(0) + 4] = 1;
      });
    });
    expect_async(q, "nd_range kernel",
                 "kernel 'NdRange': global id: [12,0,0], local id: [4,0,0]: accessor index [16] is "
                 "out of range: the accessor's range is [16] (USYCL_CHECK=1)");
  }
  {
    // A ranged accessor: its range, not the buffer's, bounds the index.
    sycl::buffer<int> b{sycl::range<1>(16)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::range<1>(4), sycl::id<1>(2), sycl::write_only};
      h.single_task<Ranged>([=] { a[4] = 1; });
    });
    expect_async(q, "ranged accessor",
                 "kernel 'Ranged': global id: [0,0,0], local id: [0,0,0]: accessor index [4] is out "
                 "of range: the accessor's range is [4] (USYCL_CHECK=1)");
  }
  {
    // In range: no report, right results.
    std::vector<int> host(64, 0);
    {
      sycl::buffer<int> b(host.data(), sycl::range<1>(64));
      q.submit([&](sycl::handler &h) {
        sycl::accessor a{b, h};
        h.parallel_for<InRange>(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = a[63 - i[0]] + int(i[0]); });
      });
      caught.clear();
      q.wait_and_throw();
      e2e::check_eq("in-range kernel: asynchronous exceptions", caught.size(), size_t(0));
    }
  }
  return e2e::finish("accessor_bounds_check");
}
