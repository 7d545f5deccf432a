// Stand-in for the SYCL headers in driver tests: a kernel entry point the way
// the headers declare one, so the tests do not depend on <sycl/sycl.hpp>.
#pragma once

template <typename Name, typename Kernel>
[[clang::sycl_kernel_entry_point(Name)]] void test_kernel_entry(Kernel k) {
  k();
}
