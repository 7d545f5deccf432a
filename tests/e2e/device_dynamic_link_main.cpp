// Device code dynamic linking (seed 002; issue 19.20): kernels calling
// SYCL_EXTERNAL functions that a shared library built with usycl++ -shared
// defines (device_dynamic_link_lib.cpp). The program is linked against the
// library; its images import the functions, the library's export them, and
// the runtime links them at load time (CUDA: the JIT linker; CPU: the
// dynamic loader already bound the host code). The fp64 function's
// requirement is the calling kernel's: on a device without fp64
// (USYCL_EMULATE=intel_gpu_tgllp, DL_EXPECT_NO_FP64=1) its submission throws
// errc::kernel_not_supported naming the function, while the other kernel
// still runs.
#include "e2e_common.hpp"

#include <cstring>

SYCL_EXTERNAL int dl_square_plus(int x);
SYCL_EXTERNAL float dl_half(float x);

int main() {
  sycl::queue q;
  const bool expect_no_fp64 = std::getenv("DL_EXPECT_NO_FP64") != nullptr;
  e2e::print_device(q, "device_dynamic_link");
  constexpr int n = 1000;

  {
    int *out = sycl::malloc_shared<int>(n, q);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       out[i] = dl_square_plus(static_cast<int>(i[0]));
     }).wait();
    for (int i = 0; i < n; ++i)
      e2e::check_eq("out[" + std::to_string(i) + "]", out[i], i * i + 7);
    // Again: the linked module is cached.
    q.single_task([=] { out[0] = dl_square_plus(-3); }).wait();
    e2e::check_eq("dl_square_plus(-3)", out[0], 16);
    sycl::free(out, q);
  }

  {
    float *out = sycl::malloc_shared<float>(n, q);
    bool threw = false;
    try {
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
         out[i] = dl_half(static_cast<float>(i[0]));
       }).wait();
    } catch (const sycl::exception &e) {
      threw = true;
      const std::string what = e.what();
      std::printf("fp64 kernel: %s\n", what.c_str());
      if (e.code() != sycl::errc::kernel_not_supported)
        e2e::fail("the fp64 kernel threw " + std::string(e.code().message()) +
                  ", expected kernel_not_supported");
      if (what.find("SYCL_EXTERNAL function 'dl_half(float)' of a shared library") ==
              std::string::npos ||
          what.find("'aspect::fp64'") == std::string::npos)
        e2e::fail("the message does not name dl_half and aspect::fp64: " + what);
    }
    const bool has_fp64 = q.get_device().has(sycl::aspect::fp64);
    if (threw != !has_fp64)
      e2e::fail(std::string("the fp64 kernel ") + (threw ? "threw" : "ran") + " on a device " +
                (has_fp64 ? "with" : "without") + " fp64");
    if (expect_no_fp64 && !threw)
      e2e::fail("DL_EXPECT_NO_FP64: the fp64 kernel ran");
    if (!threw)
      for (int i = 0; i < n; ++i)
        e2e::check_eq("half[" + std::to_string(i) + "]", out[i], i * 0.5f);
    sycl::free(out, q);
  }
  return e2e::finish("device_dynamic_link");
}
