// Optional kernel features (seed 002): [[sycl::reqd_sub_group_size(S)]].
// A device whose info::device::sub_group_sizes lacks S must refuse the
// kernel with errc::kernel_not_supported, synchronously, with the seed's
// message: size 16 on NVIDIA GPUs ({32}) and on the CPU emulating one;
// size 128 everywhere (the CPU runs {4, 8, 16, 32, 64}). Where the size is
// supported (32 on a GPU; 16 and 32 on the CPU, also emulating
// intel_gpu_pvc, which reports {16, 32}) the kernel runs, with sub-groups
// of that size.
#include "oks_common.hpp"

#include <algorithm>

class Sg16Kernel;
class Sg32Kernel;
class Sg128Kernel;

int main() {
  oks::test_queue tq("oks_sub_group");
  sycl::queue &q = tq.q;
  sycl::device dev = tq.device();
  auto sizes = dev.get_info<sycl::info::device::sub_group_sizes>();
  std::printf("  sub_group_sizes:");
  for (size_t s : sizes) std::printf(" %zu", s);
  std::printf("\n");
  auto supports = [&](size_t s) { return std::find(sizes.begin(), sizes.end(), s) != sizes.end(); };
  if (oks::expect_unsupported())
    e2e::check("this run needs a device without sub-group size 16", !supports(16));

  constexpr size_t n = 64;
  int *out = sycl::malloc_shared<int>(2 * n + 1, q);
  for (size_t i = 0; i < 2 * n + 1; ++i) out[i] = 0;

  auto submit16 = [&] {
    q.parallel_for<Sg16Kernel>(sycl::nd_range<1>(n, 32), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
      // The sub-group's size, as the kernel sees it.
      out[it.get_global_id(0)] = int(it.get_sub_group().get_max_local_range()[0]);
    });
  };
  auto submit128 = [&] {
    q.parallel_for<Sg128Kernel>(sycl::nd_range<1>(128, 128), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(128)]] {
      if (it.get_global_id(0) == 0) out[2 * n] = 128;
    });
  };
  auto submit32 = [&] {
    q.submit([&](sycl::handler &h) {
      h.parallel_for<Sg32Kernel>(sycl::range<1>(n), [=](sycl::id<1> i) [[sycl::reqd_sub_group_size(32)]] {
        out[n + i] = 32;
      });
    });
  };
  auto msg = [](int s) {
    return "Kernel has a required sub-group size of '" + std::to_string(s) +
           "' but device does not support this sub-group size.";
  };

  if (!supports(16)) {
    oks::expect_sync_exception(tq, "reqd_sub_group_size(16)", sycl::errc::kernel_not_supported,
                               {msg(16), "Sg16Kernel", tq.device_name()}, submit16);
  } else {
    submit16();
    tq.drain("reqd_sub_group_size(16)");
  }
  if (!supports(32)) {
    oks::expect_sync_exception(tq, "reqd_sub_group_size(32)", sycl::errc::kernel_not_supported,
                               {msg(32), "Sg32Kernel"}, submit32);
  } else {
    submit32();
    tq.drain("reqd_sub_group_size(32)");
  }
  // No device runs sub-groups of 128.
  e2e::check("this device has no sub-group size 128", !supports(128));
  oks::expect_sync_exception(tq, "reqd_sub_group_size(128)", sycl::errc::kernel_not_supported,
                             {msg(128), "Sg128Kernel"}, submit128);
  tq.drain("reqd_sub_group_size(128)");
  e2e::check_eq("Sg128 did not run", out[2 * n], 0);
  for (size_t i = 0; i < n; ++i) {
    if (!e2e::check_eq("Sg16 out[" + std::to_string(i) + "]", out[i], supports(16) ? 16 : 0)) break;
    if (!e2e::check_eq("Sg32 out[" + std::to_string(n + i) + "]", out[n + i], supports(32) ? 32 : 0)) break;
  }
  e2e::check_eq("is_compatible<Sg16Kernel>", sycl::is_compatible<Sg16Kernel>(dev), supports(16));
  e2e::check_eq("is_compatible<Sg32Kernel>", sycl::is_compatible<Sg32Kernel>(dev), supports(32));
  e2e::check_eq("is_compatible<Sg128Kernel>", sycl::is_compatible<Sg128Kernel>(dev), false);

  sycl::free(out, q);
  return e2e::finish("oks_sub_group");
}
