// Kernel entry points (device) and CPU launchers (host) for every kind of
// kernel invocation. The entry points carry clang's sycl_kernel_entry_point
// attribute: the device pass turns each instantiation into a ptx_kernel named
// _ZTS<KernelName> taking (kernel object, kernel_dims) by value. The CPU
// launchers are ordinary host templates the CPU backend calls per chunk.
#pragma once

#include <sycl/detail/accessor_check.hpp> // __usycl_check_enabled (host pass)
#include <sycl/detail/device_assert.hpp> // device __assert_fail, CPU assert hooks
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

// Calls the user's kernel with whatever its parameter accepts (SYCL 2020
// §4.9.4.2.1): item<Dims> by value or by (const) reference, `auto`, `auto &`,
// `const auto &`, or anything an item converts to (item<Dims, false>,
// id<Dims>, size_t for one dimension). The argument is an lvalue so that a
// non-const reference parameter (`[=](auto &idx)`) binds to it.
template <int Dims, typename K>
USYCL_INLINE void invoke_range_kernel(const K &k, const item<Dims, true> &it) {
  if constexpr (std::is_invocable_v<const K &, item<Dims, true> &>) {
    item<Dims, true> arg = it;
    k(arg);
  } else if constexpr (std::is_invocable_v<const K &, item<Dims, false> &>) {
    item<Dims, false> arg(it.get_id(), it.get_range(), id<Dims>());
    k(arg);
  } else if constexpr (std::is_invocable_v<const K &, id<Dims> &>) {
    id<Dims> arg = it.get_id();
    k(arg);
  } else {
    static_assert(std::is_invocable_v<const K &, item<Dims, true> &>,
                  "a parallel_for(range) kernel must be callable as a const function object "
                  "with a sycl::item<Dims> (or sycl::id<Dims>, or a type they convert to)");
  }
}

template <typename K> USYCL_INLINE void invoke_single_task(const K &k) {
  static_assert(std::is_invocable_v<const K &>, "a single_task kernel takes no arguments");
  k();
}

template <int Dims, typename K>
USYCL_INLINE void invoke_nd_kernel(const K &k, const nd_item<Dims> &it) {
  static_assert(std::is_invocable_v<const K &, nd_item<Dims> &>,
                "a parallel_for(nd_range) kernel must be callable as a const function object "
                "with a sycl::nd_item<Dims> (by value, `auto`, `auto &` or `const auto &`)");
  nd_item<Dims> arg = it; // an lvalue: `auto &` binds to it
  k(arg);
}

template <int Dims> USYCL_INLINE range<Dims> dims_range(const kernel_dims &d) {
  range<Dims> r;
  for (int i = 0; i < Dims; ++i) r[i] = d.global[i];
  return r;
}
template <int Dims> USYCL_INLINE id<Dims> dims_offset(const kernel_dims &d) {
  id<Dims> r;
  for (int i = 0; i < Dims; ++i) r[i] = d.offset[i];
  return r;
}

// ---- device entry points -------------------------------------------------

template <typename Name, typename K, int Dims>
[[clang::sycl_kernel_entry_point(Name)]] void range_kernel(K k, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token); // nothing unless the image asserts
  id<Dims> gid;
  for (int d = 0; d < Dims; ++d) {
    int cd = Dims - 1 - d; // SYCL's fastest dimension is CUDA's x
    uint64_t g = uint64_t(nvptx_ctaid(cd)) * nvptx_ntid(cd) + nvptx_tid(cd);
    if (g >= dims.global[d])
      return;
    gid[d] = g + dims.offset[d];
  }
  invoke_range_kernel<Dims>(k, item<Dims, true>(gid, dims_range<Dims>(dims), dims_offset<Dims>(dims)));
#elif USYCL_DEVICE_SPIRV
  // The requirements body (defines.hpp): never run.
  invoke_range_kernel<Dims>(
      k, item<Dims, true>(dims_offset<Dims>(dims), dims_range<Dims>(dims), dims_offset<Dims>(dims)));
#else
  (void)k;
  (void)dims;
#endif
}

template <typename Name, typename K, int Dims>
[[clang::sycl_kernel_entry_point(Name)]] void nd_range_kernel(K k, kernel_dims dims) {
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  // For khr::this_nd_item (work_item_builtins.hpp): one shared store per
  // dimension, the whole cost of the free-function queries to other kernels.
  for (int d = 0; d < Dims; ++d)
    nd_launch_offset[d] = dims.offset[d];
  id<Dims> gid, lid, grp;
  range<Dims> lr;
  for (int d = 0; d < Dims; ++d) {
    int cd = Dims - 1 - d;
    lid[d] = nvptx_tid(cd);
    grp[d] = nvptx_ctaid(cd);
    lr[d] = nvptx_ntid(cd);
    gid[d] = grp[d] * lr[d] + lid[d] + dims.offset[d];
  }
  invoke_nd_kernel<Dims>(k, nd_item<Dims>(gid, lid, grp, dims_range<Dims>(dims), lr,
                                          dims_offset<Dims>(dims), 32));
#elif USYCL_DEVICE_SPIRV
  // The requirements body (defines.hpp): never run.
  invoke_nd_kernel<Dims>(k, nd_item<Dims>(dims_offset<Dims>(dims), id<Dims>(), id<Dims>(),
                                          dims_range<Dims>(dims), dims_range<Dims>(dims),
                                          dims_offset<Dims>(dims), 32));
#else
  (void)k;
  (void)dims;
#endif
}

template <typename Name, typename K>
[[clang::sycl_kernel_entry_point(Name)]] void single_task_kernel(K k, kernel_dims dims) {
  (void)dims;
#if USYCL_DEVICE_NVPTX
  __usycl_assert_launch_begin(dims.launch_token);
  invoke_single_task(k);
#elif USYCL_DEVICE_SPIRV
  invoke_single_task(k); // the requirements body (defines.hpp): never run
#else
  (void)k;
#endif
}

// ---- CPU launchers (host code) -------------------------------------------
#ifndef __SYCL_DEVICE_ONLY__

// Assert (device_assert.hpp): the item loops note the running work-item's
// linear id in __usycl_cpu_assert_item (one store per work-item, which the
// compiler moves out of loops whose body makes no call) and run under
// __usycl_cpu_assert_run_*: a direct call, unless the kernel's image uses
// assert (isAssertEnabled, from any of its translation units); then a
// work-item whose assert fails is stopped and the next one runs. The store
// also marks the loop as a work-item loop for the host pass, which lets
// loops with asserts vectorise (compiler/passes/assert_versioning.hpp).
#define USYCL_CPU_ASSERT_ITEM(lin) (__usycl_cpu_assert_item = (lin))

template <typename K, int Dims>
void cpu_range_items(const void *object, const kernel_dims &dims, uint64_t begin,
                     uint64_t end) {
  // A local copy lets the optimiser keep the captures in registers and
  // vectorise the loop (no aliasing with the stored kernel object).
  const K k = *static_cast<const K *>(object);
  const range<Dims> r = dims_range<Dims>(dims);
  const id<Dims> off = dims_offset<Dims>(dims);
  if constexpr (Dims == 1) {
    for (uint64_t i = begin; i < end; ++i) {
      USYCL_CPU_ASSERT_ITEM(i);
      invoke_range_kernel<1>(k, item<1, true>(id<1>(i + off[0]), r, off));
    }
  } else if constexpr (Dims == 2) {
    uint64_t row = begin / r[1], col = begin % r[1];
    while (begin < end) {
      uint64_t stop = std::min<uint64_t>(r[1], col + (end - begin));
      for (uint64_t c = col; c < stop; ++c) {
        USYCL_CPU_ASSERT_ITEM(row * r[1] + c);
        invoke_range_kernel<2>(k, item<2, true>(id<2>(row + off[0], c + off[1]), r, off));
      }
      begin += stop - col;
      col = 0;
      ++row;
    }
  } else {
    uint64_t plane = r[1] * r[2];
    uint64_t i0 = begin / plane, i1 = (begin % plane) / r[2], i2 = begin % r[2];
    while (begin < end) {
      uint64_t stop = std::min<uint64_t>(r[2], i2 + (end - begin));
      for (uint64_t c = i2; c < stop; ++c) {
        USYCL_CPU_ASSERT_ITEM((i0 * r[1] + i1) * r[2] + c);
        invoke_range_kernel<3>(
            k, item<3, true>(id<3>(i0 + off[0], i1 + off[1], c + off[2]), r, off));
      }
      begin += stop - i2;
      i2 = 0;
      if (++i1 == r[1]) {
        i1 = 0;
        ++i0;
      }
    }
  }
}

template <typename K, int Dims>
void cpu_range_launcher(const void *object, const kernel_dims &dims, uint64_t begin,
                        uint64_t end) {
  __usycl_cpu_assert_run_range(&cpu_range_items<K, Dims>, object, dims, begin, end);
}

template <typename K>
void cpu_single_task_items(const void *object, const kernel_dims &, uint64_t, uint64_t) {
  USYCL_CPU_ASSERT_ITEM(0);
  invoke_single_task(*static_cast<const K *>(object));
}

template <typename K>
void cpu_single_task_launcher(const void *object, const kernel_dims &dims, uint64_t begin,
                              uint64_t end) {
  __usycl_cpu_assert_run_range(&cpu_single_task_items<K>, object, dims, begin, end);
}

// A work-group of the CPU backend in SYCL's terms: its ranges and ids from
// the runtime's plain arrays, and the nd_item of each of its work-items.
template <int Dims> struct cpu_group_geometry {
  range<Dims> global, local;
  id<Dims> group, offset;
  uint32_t sub_group_width;
  USYCL_INLINE explicit cpu_group_geometry(const cpu_group_ctx &g)
      : cpu_group_geometry(g, g.sub_group_width) {}
  USYCL_INLINE cpu_group_geometry(const cpu_group_ctx &g, uint32_t width)
      : sub_group_width(width) {
    for (int d = 0; d < Dims; ++d) {
      global[d] = g.dims.global[d];
      local[d] = g.local[d];
      group[d] = g.group[d];
      offset[d] = g.dims.offset[d];
    }
  }
  // The local id of the work-item with linear id lin (dimension Dims-1 fastest).
  USYCL_INLINE id<Dims> local_id(uint64_t lin) const {
    id<Dims> lid;
    for (int d = Dims - 1; d >= 0; --d) {
      lid[d] = lin % local[d];
      lin /= local[d];
    }
    return lid;
  }
  USYCL_INLINE nd_item<Dims> item(const id<Dims> &lid) const {
    const uint64_t lin = linearize(lid, local);
    return item(lid, uint32_t(lin >> __builtin_ctz(sub_group_width)),
                uint32_t(lin & (sub_group_width - 1)));
  }
  // (The work-item loops know its sub-group, lane and the sub-group's lanes.)
  USYCL_INLINE nd_item<Dims> item(const id<Dims> &lid, uint32_t sub_group, uint32_t lane) const {
    return nd_item<Dims>(global_id(lid), lid, group, global, local, offset, sub_group_width,
                         sub_group, lane);
  }
  USYCL_INLINE nd_item<Dims> item(const id<Dims> &lid, uint32_t sub_group, uint32_t lane,
                                  uint32_t lanes) const {
    return nd_item<Dims>(global_id(lid), lid, group, global, local, offset, sub_group_width,
                         sub_group, lane, lanes);
  }
  USYCL_INLINE id<Dims> global_id(const id<Dims> &lid) const {
    id<Dims> gid;
    for (int d = 0; d < Dims; ++d) gid[d] = group[d] * local[d] + lid[d] + offset[d];
    return gid;
  }
};

template <typename K, int Dims>
void cpu_nd_items(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  const K &k = *static_cast<const K *>(object);
  const cpu_group_geometry<Dims> geometry(g);
  for (uint64_t lin = begin; lin < end; ++lin) {
    USYCL_CPU_ASSERT_ITEM(lin);
    invoke_nd_kernel<Dims>(k, geometry.item(geometry.local_id(lin)));
  }
}

template <typename K, int Dims>
void cpu_nd_launcher(const void *object, const cpu_group_ctx &g, uint64_t begin, uint64_t end) {
  __usycl_cpu_assert_run_nd(&cpu_nd_items<K, Dims>, object, g, begin, end);
}

// The nd_item of the ONE work-item a group-loops launcher is written as
// (cpu_nd_group_loops below, sycl::reduction's cpu_reduction_nd_group_items):
// its index comes from the markers usycl-work-item-loops replaces by the
// indices of its loops over the group.
// `width` is the launcher's own __usycl_cpu_launch_sub_group_width(...): the
// pass usycl-launch-sub-group-width makes it a constant where the kernel the
// launcher calls requires a sub-group size (it looks below the marker's
// caller, so the call stays in each launcher).
template <int Dims>
USYCL_INLINE nd_item<Dims> cpu_group_loops_item(const cpu_group_ctx &g, uint32_t width) {
  const cpu_group_geometry<Dims> geometry(g, width);
  const range<Dims> &lr = geometry.local;
  // One loop per dimension the kernel has (the pass nests them).
  const uint64_t lin =
      __usycl_cpu_work_item_id(lr[0], Dims > 1 ? lr[1] : 1, Dims > 2 ? lr[2] : 1, width,
                               g.item_begin, g.item_end);
  id<Dims> lid;
  if constexpr (Dims == 1) {
    lid[0] = lin;
  } else {
    for (int d = 0; d < Dims; ++d) lid[d] = __usycl_cpu_work_item_local_id(d);
  }
  const uint32_t sub_group = __usycl_cpu_work_item_sub_group();
  const uint32_t lane = __usycl_cpu_work_item_lane();
  const uint32_t lanes = __usycl_cpu_work_item_lanes();
  return geometry.item(lid, sub_group, lane, lanes);
}

// The whole work-group at once, as loops over its work-items: written as ONE
// work-item (index __usycl_cpu_work_item_id), which the host pass
// usycl-work-item-loops (compiler/passes/work_item_loops.hpp) cuts at the
// barriers into regions, each a loop over the group. Returns false, having
// run nothing, where the pass could not do that (or did not run: libusycl's
// __usycl_cpu_work_item_loops() is false); the runtime then runs the group
// through cpu_nd_launcher, its work-items as fibers.
template <typename K, int Dims>
bool cpu_nd_group_loops(const void *object, const cpu_group_ctx &g) {
  if (!__usycl_cpu_work_item_loops())
    return false;
  // The runtime never calls this launcher under USYCL_CHECK=1 (its
  // work-items need recovery points: the CPU backend's run_nd); telling
  // the optimiser so removes the accessor checks (accessor_check.hpp) from
  // these loops, which then vectorise as without them.
  __builtin_assume(!__usycl_check_enabled);
  const K &k = *static_cast<const K *>(object);
  // (The pass stores the linear id into __usycl_cpu_assert_item in the
  // loops whose code reads it.)
  // A constant where the kernel requires a sub-group size.
  const uint32_t width = __usycl_cpu_launch_sub_group_width(g.sub_group_width);
  invoke_nd_kernel<Dims>(k, cpu_group_loops_item<Dims>(g, width));
  return true;
}

#undef USYCL_CPU_ASSERT_ITEM

#endif

} // namespace detail
} // namespace _V1
} // namespace sycl
