// sycl::device_event (SYCL 2020 §4.15.4) and the work-group copy behind
// nd_item/group::async_work_group_copy.
//
// The copy is done by the work-group itself: every work-item copies the
// elements i = local_linear_id, + local_size, ... and the group then meets at
// a work-group barrier, so when async_work_group_copy returns the data is in
// place for every work-item and the event it returns is already complete
// (wait() has nothing left to wait for). NVPTX has no copy engine a kernel
// could start asynchronously on every architecture usycl targets (cp.async
// needs sm_80 and 4/8/16-byte elements), and the cooperative loop plus
// barrier is what the CUDA programming guide's own shared-memory staging does.
// With decorated multi_ptr arguments the loop's loads and stores are
// ld.global / st.shared (and the reverse) on NVPTX.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/multi_ptr.hpp>

#include <cstddef>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class device_event;
namespace detail {
USYCL_INLINE device_event make_device_event() noexcept;
}

class device_event {
public:
  // The copy completed before the event was handed out (see above).
  void wait() noexcept {}

private:
  device_event() = default;
  friend device_event detail::make_device_event() noexcept;
};

namespace detail {

USYCL_INLINE device_event make_device_event() noexcept { return device_event(); }

// async_work_group_copy's element types: the destination's is the source's
// without const (SYCL 2020 §4.9.1.8).
template <typename DestT, typename SrcT>
inline constexpr bool group_copy_types_match =
    std::is_same_v<DestT, std::remove_const_t<SrcT>> && !std::is_const_v<DestT>;

template <typename DestPtr, typename SrcPtr>
USYCL_INLINE device_event group_copy(DestPtr dest, SrcPtr src, size_t num_elements,
                                     size_t dest_stride, size_t src_stride, size_t local_id,
                                     size_t local_size, bool synchronize = true) {
  for (size_t i = local_id; i < num_elements; i += local_size)
    dest[i * dest_stride] = src[i * src_stride];
  if (synchronize)
    work_group_barrier();
  return make_device_event();
}

// group::async_work_group_copy is also called from the work-group scope of
// a hierarchical kernel (parallel_for_work_group), which usycl runs on ONE
// execution context per group (detail/hierarchical.hpp) with a group whose
// local id is 0: the group's logical ids cannot say who copies what there.
// So the group form shares the copy out by the physical work-items: on NVPTX
// the CUDA block's threads (the work-items of an nd_range group, or the one
// thread of a hierarchical group); on the CPU, where a group's work-items run
// one after another on one thread, the first one copies everything (the same
// total work) and the others find nothing left to do.
struct physical_share {
  size_t first, step;
};
USYCL_INLINE physical_share group_copy_share(size_t logical_local_id) noexcept {
#if USYCL_DEVICE_NVPTX
  (void)logical_local_id;
  size_t x = nvptx_ntid(0), y = nvptx_ntid(1), z = nvptx_ntid(2);
  return {nvptx_tid(0) + x * (nvptx_tid(1) + y * size_t(nvptx_tid(2))), x * y * z};
#else
  return {logical_local_id == 0 ? 0 : ~size_t(0), 1};
#endif
}

} // namespace detail

} // namespace _V1
} // namespace sycl

namespace sycl {
inline namespace _V1 {
namespace detail {
// The two copy directions of async_work_group_copy: global to local memory
// and local to global. The strided form strides the global side.
template <access::address_space DestSpace, access::address_space SrcSpace>
inline constexpr bool is_group_copy_direction =
    (DestSpace == access::address_space::local_space &&
     SrcSpace == access::address_space::global_space) ||
    (DestSpace == access::address_space::global_space &&
     SrcSpace == access::address_space::local_space);

template <access::address_space DestSpace, typename DestPtr, typename SrcPtr>
USYCL_INLINE device_event group_copy_strided(DestPtr dest, SrcPtr src, size_t num_elements,
                                             size_t global_stride, size_t local_id,
                                             size_t local_size, bool synchronize) {
  bool to_global = DestSpace == access::address_space::global_space;
  return group_copy(dest, src, num_elements, to_global ? global_stride : 1,
                    to_global ? 1 : global_stride, local_id, local_size, synchronize);
}
} // namespace detail
} // namespace _V1
} // namespace sycl

// Members of nd_item and group (both call this with their local linear id,
// work-group size and whether the copy ends with a work-group barrier). Kept
// as a macro so the two classes show one contract.
#define USYCL_ASYNC_WORK_GROUP_COPY_MEMBERS(LOCAL_ID, LOCAL_SIZE, SYNCHRONIZE)               \
  template <typename DestT, access::address_space DestS, access::decorated DestD,           \
            typename SrcT, access::address_space SrcS, access::decorated SrcD,              \
            typename = std::enable_if_t<detail::group_copy_types_match<DestT, SrcT> &&      \
                                        detail::is_group_copy_direction<DestS, SrcS>>>      \
  device_event async_work_group_copy(multi_ptr<DestT, DestS, DestD> dest,                    \
                                     multi_ptr<SrcT, SrcS, SrcD> src,                        \
                                     size_t num_elements) const {                            \
    return detail::group_copy(dest.get_decorated(), src.get_decorated(), num_elements, 1, 1, \
                              LOCAL_ID, LOCAL_SIZE, SYNCHRONIZE);                            \
  }                                                                                          \
  template <typename DestT, access::address_space DestS, access::decorated DestD,           \
            typename SrcT, access::address_space SrcS, access::decorated SrcD,              \
            typename = std::enable_if_t<detail::group_copy_types_match<DestT, SrcT> &&      \
                                        detail::is_group_copy_direction<DestS, SrcS>>>      \
  device_event async_work_group_copy(multi_ptr<DestT, DestS, DestD> dest,                    \
                                     multi_ptr<SrcT, SrcS, SrcD> src, size_t num_elements,   \
                                     size_t global_stride) const {                           \
    return detail::group_copy_strided<DestS>(dest.get_decorated(), src.get_decorated(),     \
                                             num_elements, global_stride, LOCAL_ID,         \
                                             LOCAL_SIZE, SYNCHRONIZE);                       \
  }                                                                                          \
  template <typename... Events> void wait_for(Events... events) const {                      \
    static_assert((std::is_same_v<Events, device_event> && ...),                             \
                  "wait_for takes sycl::device_event arguments");                            \
    (events.wait(), ...);                                                                    \
  }
