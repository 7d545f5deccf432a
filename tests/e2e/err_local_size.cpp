// Error case: a work-group larger than the device allows (max_work_group_size,
// or max_work_item_sizes in one dimension) is rejected with errc::nd_range,
// the message names the limit, and the kernel never runs.
#include "e2e_common.hpp"

#include <algorithm>

int main() {
  sycl::queue q;
  e2e::print_device(q, "err_local_size");
  auto d = q.get_device();
  size_t wg = d.get_info<sycl::info::device::max_work_group_size>();
  auto wis = d.get_info<sycl::info::device::max_work_item_sizes<3>>();
  std::printf("  max_work_group_size %zu, max_work_item_sizes {%zu, %zu, %zu}\n", wg, wis[0], wis[1], wis[2]);
  int *ran = sycl::malloc_shared<int>(1, q);
  *ran = 0;

  // 1-D: twice the maximum.
  size_t l = 2 * wg;
  std::string ls = std::to_string(l);
  e2e::expect_exception("1-D local " + ls, sycl::errc::nd_range, {ls.c_str()}, [&] {
    q.parallel_for(sycl::nd_range<1>(sycl::range<1>(l), sycl::range<1>(l)), [=](sycl::nd_item<1>) { *ran = 1; });
    q.wait();
  });

  // 2-D: each dimension within max_work_item_sizes, the product above
  // max_work_group_size.
  size_t l1 = std::min(wis[2], wg);
  size_t l0 = wg / l1 + 1;
  if (l0 <= wis[1] && l0 * l1 > wg) {
    std::string wgs = std::to_string(wg);
    e2e::expect_exception("2-D local {" + std::to_string(l0) + "," + std::to_string(l1) + "}",
                          sycl::errc::nd_range, {wgs.c_str(), "max_work_group_size"}, [&] {
                            q.parallel_for(sycl::nd_range<2>({l0, l1}, {l0, l1}),
                                           [=](sycl::nd_item<2>) { *ran = 2; });
                            q.wait();
                          });
  } else {
    std::printf("  (2-D product case not constructible on this device)\n");
  }

  // 3-D: one dimension above its max_work_item_sizes entry, product within
  // max_work_group_size when the device allows that.
  if (wis[0] < wg) {
    size_t l0b = wis[0] + 1;
    std::string lim = std::to_string(wis[0]);
    e2e::expect_exception("3-D local {" + std::to_string(l0b) + ",1,1}", sycl::errc::nd_range, {lim.c_str()}, [&] {
      q.parallel_for(sycl::nd_range<3>({l0b, 1, 1}, {l0b, 1, 1}), [=](sycl::nd_item<3>) { *ran = 3; });
      q.wait();
    });
  } else {
    std::printf("  (per-dimension case not constructible: max_work_item_sizes[0] >= max_work_group_size)\n");
  }
  q.wait();
  e2e::check_eq("no rejected kernel ran (flag)", *ran, 0);

  // The largest allowed group works.
  size_t ok = std::min(wg, wis[2]);
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(ok * 2), sycl::range<1>(ok)), [=](sycl::nd_item<1> it) {
     if (it.get_global_linear_id() == 0) *ran = int(it.get_local_range(0));
   }).wait();
  e2e::check_eq("maximal work-group runs", *ran, int(ok));
  sycl::free(ran, q);
  return e2e::finish("err_local_size");
}
