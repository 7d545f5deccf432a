// Device-side assert in a SYCL_EXTERNAL function of another translation unit
// (assert_external_lib.cpp, compiled separately with usycl++ -c): the failure
// names that file and function, and is delivered like any other.
#include "assert_common.hpp"

#include <cassert>

SYCL_EXTERNAL int ext_checked_square(int x); // asserts x != 5

int main() {
  e2e::stderr_capture capture;
  e2e::collected_errors errors;
  sycl::queue q(errors.handler(), sycl::property::queue::in_order{});
  e2e::print_device(q, "assert_external");
  constexpr int n = 64;
  int *out = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) out[i] = -1;
  q.parallel_for<class CallsExternal>(sycl::range<1>{n}, [=](sycl::id<1> i) {
    out[i] = ext_checked_square(int(i[0]));
  });
  q.wait_and_throw();

  auto msgs = errors.assert_messages();
  e2e::check_eq("one assert exception", msgs.size(), size_t(1));
  e2e::assert_fields f;
  if (!msgs.empty() && e2e::parse_assert("message", msgs[0], f)) {
    e2e::check("file is the other TU: " + f.file,
               f.file.find("assert_external_lib.cpp") != std::string::npos);
    e2e::check("function is ext_checked_square: " + f.function,
               f.function.find("ext_checked_square") != std::string::npos);
    e2e::check_eq("expression", f.expr, std::string("x != 5 && \"five is not allowed\""));
    e2e::check_eq("global id", f.gid[0], 5ull);
  }
  for (int i = 0; i < n; ++i)
    e2e::check_eq("out[" + std::to_string(i) + "]", out[i], i == 5 ? -1 : i * i);

  // The queue is used again.
  q.parallel_for<class AfterExternal>(sycl::range<1>{n}, [=](sycl::id<1> i) { out[i] = 7; });
  q.wait_and_throw();
  for (int i = 0; i < n; ++i) e2e::check_eq("again out[" + std::to_string(i) + "]", out[i], 7);
  sycl::free(out, q);

  auto lines = e2e::assert_lines(capture.stop());
  e2e::check_eq("one line on stderr", lines.size(), size_t(1));
  return e2e::finish("assert_external");
}
