#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/device_event.hpp>
#include <sycl/group.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/sub_group.hpp>

namespace sycl {
inline namespace _V1 {

namespace access {
enum class fence_space : int { local_space = 0, global_space = 1, global_and_local = 2 };
} // namespace access

template <int Dims = 1> class nd_item {
public:
  static constexpr int dimensions = Dims;
  nd_item() = delete;

  id<Dims> get_global_id() const { return global_id_; }
  size_t get_global_id(int d) const { return global_id_[d]; }
  size_t get_global_linear_id() const {
    return detail::linearize(id<Dims>(global_id_ - offset_), global_range_);
  }
  id<Dims> get_local_id() const { return local_id_; }
  size_t get_local_id(int d) const { return local_id_[d]; }
  size_t get_local_linear_id() const { return detail::linearize(local_id_, local_range_); }
  group<Dims> get_group() const {
    return group<Dims>(group_id_, local_id_, local_range_, global_range_ / local_range_);
  }
  size_t get_group(int d) const { return group_id_[d]; }
  size_t get_group_linear_id() const {
    return detail::linearize(group_id_, range<Dims>(global_range_ / local_range_));
  }
  sub_group get_sub_group() const {
#if USYCL_DEVICE_NVPTX
    return sub_group(sub_group_lane_, sub_group_index_, local_range_.size(), sub_group_width_);
#else
    return sub_group(sub_group_lane_, sub_group_index_, local_range_.size(), sub_group_width_,
                     sub_group_lanes_);
#endif
  }
  range<Dims> get_group_range() const { return global_range_ / local_range_; }
  size_t get_group_range(int d) const { return global_range_[d] / local_range_[d]; }
  range<Dims> get_global_range() const { return global_range_; }
  size_t get_global_range(int d) const { return global_range_[d]; }
  range<Dims> get_local_range() const { return local_range_; }
  size_t get_local_range(int d) const { return local_range_[d]; }
  id<Dims> get_offset() const { return offset_; }
  nd_range<Dims> get_nd_range() const { return nd_range<Dims>(global_range_, local_range_, offset_); }

  // Common by-value semantics (SYCL 2020 §4.5.3): the same work-item of the
  // same launch.
  friend bool operator==(const nd_item &a, const nd_item &b) {
    return a.global_id_ == b.global_id_ && a.local_id_ == b.local_id_ &&
           a.group_id_ == b.group_id_ && a.global_range_ == b.global_range_ &&
           a.local_range_ == b.local_range_ && a.offset_ == b.offset_;
  }
  friend bool operator!=(const nd_item &a, const nd_item &b) { return !(a == b); }

  void barrier(access::fence_space = access::fence_space::global_and_local) const {
    detail::work_group_barrier();
  }
  // Deprecated in SYCL 2020 (use atomic_fence); the access mode is accepted
  // for SYCL 1.2.1 code and does not narrow the fence.
  template <access::mode = access::mode::read_write>
  void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
#if USYCL_DEVICE_NVPTX
    __nvvm_membar_cta();
#elif !defined(__SYCL_DEVICE_ONLY__)
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
  }

  // async_work_group_copy / wait_for (sycl/device_event.hpp).
  USYCL_ASYNC_WORK_GROUP_COPY_MEMBERS(get_local_linear_id(), local_range_.size(), true)

  // Built by kernel launchers (sub_group_width: the launch's, which only
  // the CPU backend chooses per launch; a warp on NVPTX). The work-item's
  // sub-group and lane follow from its local linear id, or come from the
  // CPU's work-item loops, which know them without a division.
  nd_item(const id<Dims> &global_id, const id<Dims> &local_id, const id<Dims> &group_id,
          const range<Dims> &global_range, const range<Dims> &local_range,
          const id<Dims> &offset, uint32_t sub_group_width)
      : nd_item(global_id, local_id, group_id, global_range, local_range, offset,
                sub_group_width,
                uint32_t(detail::linearize(local_id, local_range) >> __builtin_ctz(sub_group_width)),
                uint32_t(detail::linearize(local_id, local_range) & (sub_group_width - 1))) {}
  nd_item(const id<Dims> &global_id, const id<Dims> &local_id, const id<Dims> &group_id,
          const range<Dims> &global_range, const range<Dims> &local_range,
          const id<Dims> &offset, uint32_t sub_group_width, uint32_t sub_group_index,
          uint32_t sub_group_lane)
      : nd_item(global_id, local_id, group_id, global_range, local_range, offset,
                sub_group_width, sub_group_index, sub_group_lane,
                sub_group(sub_group_lane, sub_group_index, local_range.size(), sub_group_width)
                    .get_local_linear_range()) {}
  // (sub_group_lanes: the work-items of its sub-group, which the CPU's
  // work-item loops know.)
  nd_item(const id<Dims> &global_id, const id<Dims> &local_id, const id<Dims> &group_id,
          const range<Dims> &global_range, const range<Dims> &local_range,
          const id<Dims> &offset, uint32_t sub_group_width, uint32_t sub_group_index,
          uint32_t sub_group_lane, uint32_t sub_group_lanes)
      : global_id_(global_id), local_id_(local_id), group_id_(group_id),
        global_range_(global_range), local_range_(local_range), offset_(offset),
        sub_group_width_(sub_group_width), sub_group_index_(sub_group_index),
        sub_group_lane_(sub_group_lane) {
#if USYCL_DEVICE_NVPTX
    (void)sub_group_lanes;
#else
    sub_group_lanes_ = sub_group_lanes;
#endif
  }

private:
  id<Dims> global_id_;
  id<Dims> local_id_;
  id<Dims> group_id_;
  range<Dims> global_range_;
  range<Dims> local_range_;
  id<Dims> offset_;
  uint32_t sub_group_width_;
  uint32_t sub_group_index_;
  uint32_t sub_group_lane_;
#if !USYCL_DEVICE_NVPTX
  uint32_t sub_group_lanes_;
#endif
};

template <typename Group> void group_barrier(Group g, memory_scope = Group::fence_scope) {
  if constexpr (std::is_same_v<Group, sub_group> || detail::is_non_uniform_group_v<Group>)
    g.barrier();
  else
    detail::work_group_barrier();
}

} // namespace _V1
} // namespace sycl
