// Seed 000's two-TU example, "main.cpp" half, for the four rows of its
// table (which TU defines NDEBUG): ROW_MAIN_NDEBUG compiles this TU with
// NDEBUG, ROW_IMPL_NDEBUG the other (assert_rows_impl.cpp). Built with
// -fsycl-device-code-split=per_kernel, so each kernel has its own image:
//
//   * isAssertEnabled is in an image iff device code of a TU compiled
//     without NDEBUG can fail an assert in it (checked for the CPU's and the
//     sm_90 images through the runtime's __usycl_kernel_has_assert query);
//   * the asserts that fire are those of the TUs without NDEBUG.
#ifdef ROW_MAIN_NDEBUG
#define NDEBUG
#endif
#include "assert_common.hpp"

#include <cassert>

SYCL_EXTERNAL int calculus(int);
void enqueueKernel(sycl::queue &, sycl::buffer<int, 1> &);
const char *impl_kernel_symbol();
class MainKernel;
extern "C" int __usycl_kernel_has_assert(const char *symbol, const char *target);

#ifdef ROW_IMPL_NDEBUG
constexpr bool impl_asserts = false;
#else
constexpr bool impl_asserts = true;
#endif
#ifdef ROW_MAIN_NDEBUG
constexpr bool main_asserts = false;
#else
constexpr bool main_asserts = true;
#endif

int main() {
  e2e::stderr_capture capture;
  e2e::collected_errors errors;
  sycl::queue Q(errors.handler(), sycl::property::queue::in_order{});
  e2e::print_device(Q, "assert_rows");
  std::printf("row: impl.cpp %s NDEBUG, main.cpp %s NDEBUG\n", impl_asserts ? "without" : "with",
              main_asserts ? "without" : "with");

  // Property sets (device independent: every image is registered).
  const char *main_kernel = USYCL_KERNEL_SYMBOL(MainKernel);
  const char *impl_kernel = impl_kernel_symbol();
  for (const char *target : {"x86_64", "nvidia_gpu_sm_90"}) {
    std::string t = target;
    // MainKernel holds calculus() (impl.cpp) and its own assert (main.cpp).
    e2e::check_eq(t + ": MainKernel isAssertEnabled",
                  __usycl_kernel_has_assert(main_kernel, target),
                  (impl_asserts || main_asserts) ? 1 : 0);
    e2e::check_eq(t + ": ImplKernel isAssertEnabled",
                  __usycl_kernel_has_assert(impl_kernel, target), impl_asserts ? 1 : 0);
  }

  constexpr size_t n = 16;
  sycl::buffer<int, 1> B{sycl::range<1>{n}};
  {
    sycl::host_accessor h(B);
    for (size_t i = 0; i < n; ++i) h[i] = int(i);
  }
  Q.submit([&](sycl::handler &H) {
    auto Acc = B.get_access<sycl::access_mode::read_write>(H);
    H.parallel_for<class MainKernel>(sycl::range<1>{n}, [=](sycl::item<1> It) {
      int X = calculus(It[0] == 3 ? 0 : 1); // should fail assertion (impl.cpp)
      assert(X && "Nil in result");         // fails when calculus did not
      if (It[0] != 0) Acc[It] = Acc[It] + X; // Acc[0] stays 0: ImplKernel's assert
    });
  });
  Q.wait_and_throw();
  auto msgs = errors.assert_messages();
  if (impl_asserts) {
    e2e::check_eq("MainKernel: one exception", msgs.size(), size_t(1));
    if (!msgs.empty())
      e2e::check("MainKernel: calculus' assert: " + msgs[0],
                 msgs[0].find("Assertion `X && \"Invalid value\"` failed.") != std::string::npos &&
                     msgs[0].find("global id: [3,0,0]") != std::string::npos);
  } else if (main_asserts) {
    e2e::check_eq("MainKernel: one exception", msgs.size(), size_t(1));
    if (!msgs.empty())
      e2e::check("MainKernel: main's assert: " + msgs[0],
                 msgs[0].find("Assertion `X && \"Nil in result\"` failed.") != std::string::npos);
  } else {
    e2e::check_eq("MainKernel: no exception", msgs.size(), size_t(0));
  }
  size_t expected = msgs.size();

  errors.clear();
  enqueueKernel(Q, B);
  Q.wait_and_throw();
  msgs = errors.assert_messages();
  e2e::check_eq("ImplKernel: exceptions", msgs.size(), size_t(impl_asserts ? 1 : 0));
  if (impl_asserts && !msgs.empty())
    e2e::check("ImplKernel: its assert: " + msgs[0],
               msgs[0].find("Assertion `Acc[It] && \"impl kernel\"` failed.") != std::string::npos);
  expected += msgs.size();

  auto lines = e2e::assert_lines(capture.stop());
  e2e::check_eq("stderr lines", lines.size(), expected);
  return e2e::finish("assert_rows");
}
