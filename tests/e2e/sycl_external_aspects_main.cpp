// A kernel that calls no SYCL_EXTERNAL function with [[sycl::device_has]]
// runs on every device, although its translation unit also holds a kernel
// calling one that needs aspect::gpu (defined in sycl_external_aspects_lib.cpp):
// the aspect belongs to the calling kernel only, so the two get separate
// images and requirements.
#include "e2e_common.hpp"

using acc_t = sycl::accessor<int, 1>;
template <sycl::aspect A> SYCL_EXTERNAL [[sycl::device_has(A)]] void needs_aspect(const acc_t &acc);

class plain_kernel;
class gpu_kernel;

int main() {
  sycl::queue q;
  e2e::print_device(q, "sycl_external_aspects");
  int data = 0;
  {
    sycl::buffer<int> buf{&data, {1}};
    q.submit([&](sycl::handler &h) {
      acc_t acc{buf, h};
      h.single_task<plain_kernel>([=] { acc[0] = 1; });
    });
  }
  e2e::check_eq("plain kernel ran", data, 1);
  bool has_gpu = q.get_device().has(sycl::aspect::gpu);
  e2e::check_eq("is_compatible<gpu_kernel>", sycl::is_compatible<gpu_kernel>(q.get_device()), has_gpu);
  e2e::check("is_compatible<plain_kernel>", sycl::is_compatible<plain_kernel>(q.get_device()));
  auto submit_gpu_kernel = [&] {
    sycl::buffer<int> buf{&data, {1}};
    q.submit([&](sycl::handler &h) {
      acc_t acc{buf, h};
      h.single_task<gpu_kernel>([=] { needs_aspect<sycl::aspect::gpu>(acc); });
    });
  };
  if (has_gpu)
    submit_gpu_kernel();
  else
    e2e::expect_exception("kernel calling a gpu-only SYCL_EXTERNAL on a non-gpu device",
                          sycl::errc::kernel_not_supported, {"aspect::gpu"}, submit_gpu_kernel);
  e2e::check_eq("result", data, has_gpu ? 2 : 1);
  return e2e::finish("sycl_external_aspects");
}
