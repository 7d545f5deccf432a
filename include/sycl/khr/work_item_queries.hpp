// sycl_khr_work_item_queries (khr::this_nd_item, khr::this_group,
// khr::this_sub_group) and DPC++'s sycl_ext_oneapi_free_function_queries
// spellings (ext::oneapi::this_work_item::get_nd_item, get_work_group,
// get_sub_group): the calling work-item's nd_item, group and sub-group,
// from any function called by an nd_range kernel, without passing the
// nd_item down.
//
// NVPTX: from the special registers (tid, ctaid, ntid, nctaid), plus the
// launch's global offset, which the nd_range kernel entry leaves in shared
// memory (kernel_entry.hpp). CPU: from the work-group the thread is running
// (the runtime's cpu_group_ctx, __usycl_cpu_current_group) and the
// work-item's local linear id (__usycl_cpu_assert_item). Called outside an
// nd_range kernel, the CPU stops the program with a message; on a GPU the
// result is undefined, as the extensions say.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/group.hpp>
#include <sycl/id.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/range.hpp>
#include <sycl/sub_group.hpp>

#include <cstdint>
#if !defined(__SYCL_DEVICE_ONLY__)
#include <cstdio>
#include <cstdlib>
#endif

#define SYCL_KHR_WORK_ITEM_QUERIES 1
#define SYCL_EXT_ONEAPI_FREE_FUNCTION_QUERIES 1

namespace sycl {
inline namespace _V1 {
namespace detail {

#if !defined(__SYCL_DEVICE_ONLY__)
inline const cpu_group_ctx &current_cpu_group() {
  const cpu_group_ctx *g = __usycl_cpu_current_group;
  if (g == nullptr) {
    std::fprintf(stderr, "usycl: sycl::khr::this_nd_item/this_group/this_sub_group (or "
                         "ext::oneapi::this_work_item::get_*) called outside an nd_range "
                         "kernel\n");
    std::abort();
  }
  return *g;
}
#endif

template <int Dims> nd_item<Dims> current_nd_item() {
  static_assert(Dims >= 1 && Dims <= 3, "work-item queries: Dimensions must be 1, 2 or 3");
  id<Dims> gid, lid, grp, off;
  range<Dims> gr, lr;
  uint32_t sub_group_width = 32;
#if USYCL_DEVICE_NVPTX
  for (int d = 0; d < Dims; ++d) {
    const int cd = Dims - 1 - d; // SYCL's fastest dimension is CUDA's x
    lid[d] = nvptx_tid(cd);
    grp[d] = nvptx_ctaid(cd);
    lr[d] = nvptx_ntid(cd);
    gr[d] = lr[d] * nvptx_nctaid(cd);
    off[d] = nd_launch_offset[d];
    gid[d] = grp[d] * lr[d] + lid[d] + off[d];
  }
#elif defined(__SYCL_DEVICE_ONLY__)
  // Other device targets are compiled for checks only.
#else
  const cpu_group_ctx *g = &current_cpu_group();
  sub_group_width = g->sub_group_width;
  uint64_t rest = __usycl_cpu_assert_item; // local linear id, dimension Dims-1 fastest
  for (int d = Dims - 1; d >= 0; --d) {
    lid[d] = rest % g->local[d];
    rest /= g->local[d];
  }
  for (int d = 0; d < Dims; ++d) {
    grp[d] = g->group[d];
    lr[d] = g->local[d];
    gr[d] = g->dims.global[d];
    off[d] = g->dims.offset[d];
    gid[d] = grp[d] * lr[d] + lid[d] + off[d];
  }
#endif
  return nd_item<Dims>(gid, lid, grp, gr, lr, off, sub_group_width);
}

// The sub-group depends only on the work-item's local linear id and the
// work-group's size, whatever the kernel's dimensions.
inline sub_group current_sub_group() {
#if USYCL_DEVICE_NVPTX
  const uint32_t linear = nvptx_tid(0) + nvptx_ntid(0) * (nvptx_tid(1) + nvptx_ntid(1) * nvptx_tid(2));
  return sub_group::from_linear(linear, size_t(nvptx_ntid(0)) * nvptx_ntid(1) * nvptx_ntid(2), 32);
#elif defined(__SYCL_DEVICE_ONLY__)
  return sub_group(0, 0, 1, 1); // other device targets are compiled for checks only
#else
  // Unused dimensions of a launch have size 1.
  const cpu_group_ctx &g = current_cpu_group();
  return sub_group::from_linear(__usycl_cpu_assert_item, g.local[0] * g.local[1] * g.local[2],
                                g.sub_group_width);
#endif
}

} // namespace detail

namespace khr {
template <int Dimensions> sycl::nd_item<Dimensions> this_nd_item() {
  return sycl::detail::current_nd_item<Dimensions>();
}
template <int Dimensions> sycl::group<Dimensions> this_group() {
  return sycl::detail::current_nd_item<Dimensions>().get_group();
}
// sycl::sub_group, not the khr::sub_group of sycl_khr_group_interface.
inline sycl::sub_group this_sub_group() { return sycl::detail::current_sub_group(); }
} // namespace khr

namespace ext::oneapi::this_work_item {
template <int Dimensions> sycl::nd_item<Dimensions> get_nd_item() {
  return khr::this_nd_item<Dimensions>();
}
template <int Dimensions> sycl::group<Dimensions> get_work_group() {
  return khr::this_group<Dimensions>();
}
inline sycl::sub_group get_sub_group() { return khr::this_sub_group(); }
} // namespace ext::oneapi::this_work_item

} // namespace _V1
} // namespace sycl
