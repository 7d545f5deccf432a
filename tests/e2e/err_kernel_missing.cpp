// Error case (CUDA only): the program is built for the CPU target only
// (-fsycl-targets=x86_64), so the kernel exists on the host but no image for
// the GPU holds it. Launching it on a CUDA device must fail with a
// sycl::exception whose message names the kernel, not crash or hang.
#include "e2e_common.hpp"

#include <string>

class MissingOnGpuKernel;

int main() {
  sycl::queue q([](sycl::exception_list l) {
    for (auto &e : l) std::rethrow_exception(e);
  });
  e2e::print_device(q, "err_kernel_missing");
  if (q.get_device().get_backend() != sycl::backend::ext_oneapi_cuda) {
    std::printf("err_kernel_missing: needs a CUDA device; skipped\n");
    return 77;
  }
  int *p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  bool thrown = false;
  try {
    q.submit([&](sycl::handler &h) { h.single_task<MissingOnGpuKernel>([=] { *p = 1; }); });
    q.wait_and_throw();
  } catch (const sycl::exception &e) {
    thrown = true;
    std::string msg = e.what();
    std::printf("err_kernel_missing: got exception (errc %d): %s\n", e.code().value(), msg.c_str());
    e2e::check("message names the kernel (MissingOnGpuKernel): " + msg,
               msg.find("MissingOnGpuKernel") != std::string::npos);
    e2e::check("errc is kernel_not_supported, invalid, build or runtime",
               e.code() == sycl::errc::kernel_not_supported || e.code() == sycl::errc::invalid ||
                   e.code() == sycl::errc::build || e.code() == sycl::errc::runtime);
  }
  e2e::check("launching a kernel without a device image threw", thrown);
  e2e::check_eq("the kernel did not run", *p, 0);
  sycl::free(p, q);
  return e2e::finish("err_kernel_missing");
}
