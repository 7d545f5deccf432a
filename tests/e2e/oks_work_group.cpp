// Optional kernel features (seed 002): [[sycl::reqd_work_group_size(...)]].
// An nd_range launch whose local range differs from the required size is
// refused synchronously with errc::nd_range, and the message names both
// sizes and the kernel; the matching local range runs. In 2-D the order of
// the attribute's dimensions is the nd_range's (SYCL order).
#include "oks_common.hpp"

class Wg16Kernel;
class Wg4x8Kernel;

// One kernel (one lambda), launched with the nd_range given.
static void launch_wg16(sycl::queue &q, int *out, sycl::nd_range<1> r) {
  q.parallel_for<Wg16Kernel>(r, [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(16)]] {
    out[it.get_global_id(0)] = int(it.get_local_range(0));
  });
}

static void launch_wg4x8(sycl::queue &q, int *out, sycl::nd_range<2> r) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Wg4x8Kernel>(r, [=](sycl::nd_item<2> it) [[sycl::reqd_work_group_size(4, 8)]] {
      out[it.get_global_linear_id()] = int(it.get_local_range(0) * 100 + it.get_local_range(1));
    });
  });
}

int main() {
  oks::test_queue tq("oks_work_group");
  sycl::queue &q = tq.q;
  sycl::device dev = tq.device();
  constexpr size_t n = 128;
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) out[i] = 0;

  oks::expect_sync_exception(tq, "reqd_work_group_size(16) with local 8", sycl::errc::nd_range,
                             {"required work-group size of '{16}'", "local range is '{8}'",
                              "Wg16Kernel", tq.device_name()},
                             [&] { launch_wg16(q, out, sycl::nd_range<1>(n, 8)); });
  oks::expect_sync_exception(tq, "reqd_work_group_size(16) with local 32", sycl::errc::nd_range,
                             {"'{16}'", "'{32}'"},
                             [&] { launch_wg16(q, out, sycl::nd_range<1>(n, 32)); });
  for (size_t i = 0; i < n; ++i)
    if (!e2e::check_eq("refused launch did not run: out[" + std::to_string(i) + "]", out[i], 0)) break;

  launch_wg16(q, out, sycl::nd_range<1>(n, 16));
  tq.drain("reqd_work_group_size(16) with local 16");
  for (size_t i = 0; i < n; ++i)
    if (!e2e::check_eq("out[" + std::to_string(i) + "]", out[i], 16)) break;

  // 2-D: {4, 8} required; {8, 4} has the same size but not the same shape.
  oks::expect_sync_exception(tq, "reqd_work_group_size(4, 8) with local {8, 4}", sycl::errc::nd_range,
                             {"'{4, 8}'", "'{8, 4}'", "Wg4x8Kernel"},
                             [&] { launch_wg4x8(q, out, sycl::nd_range<2>({8, 16}, {8, 4})); });
  launch_wg4x8(q, out, sycl::nd_range<2>({8, 16}, {4, 8}));
  tq.drain("reqd_work_group_size(4, 8) with local {4, 8}");
  for (size_t i = 0; i < n; ++i)
    if (!e2e::check_eq("2-D out[" + std::to_string(i) + "]", out[i], 408)) break;

  // 16 and 32 work-items fit every usycl device.
  e2e::check_eq("is_compatible<Wg16Kernel>", sycl::is_compatible<Wg16Kernel>(dev), true);
  e2e::check_eq("is_compatible<Wg4x8Kernel>", sycl::is_compatible<Wg4x8Kernel>(dev), true);

  sycl::free(out, q);
  return e2e::finish("oks_work_group");
}
