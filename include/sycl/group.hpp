#pragma once

#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/device_event.hpp>
#include <sycl/h_item.hpp>
#include <sycl/id.hpp>
#include <sycl/memory_enums.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims> class nd_item;

namespace detail {
struct leader_only_scope {};
} // namespace detail

template <int Dims = 1> class group {
public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  id<Dims> get_group_id() const { return group_id_; }
  size_t get_group_id(int d) const { return group_id_[d]; }
  id<Dims> get_local_id() const { return local_id_; }
  size_t get_local_id(int d) const { return local_id_[d]; }
  range<Dims> get_local_range() const { return local_range_; }
  size_t get_local_range(int d) const { return local_range_[d]; }
  range<Dims> get_group_range() const { return group_range_; }
  size_t get_group_range(int d) const { return group_range_[d]; }
  range<Dims> get_max_local_range() const { return local_range_; }
  size_t operator[](int d) const { return group_id_[d]; }
  size_t get_group_linear_id() const { return detail::linearize(group_id_, group_range_); }
  size_t get_local_linear_id() const { return detail::linearize(local_id_, local_range_); }
  size_t get_group_linear_range() const { return group_range_.size(); }
  size_t get_local_linear_range() const { return local_range_.size(); }
  bool leader() const { return get_local_linear_id() == 0; }

  // Common by-value semantics (SYCL 2020 §4.5.3): equal when every id and
  // range is equal (the same work-group seen by the same work-item).
  friend bool operator==(const group &a, const group &b) {
    return a.group_id_ == b.group_id_ && a.local_id_ == b.local_id_ &&
           a.local_range_ == b.local_range_ && a.group_range_ == b.group_range_;
  }
  friend bool operator!=(const group &a, const group &b) { return !(a == b); }

  // Legacy SYCL 1.2.1 names kept because real code still calls them
  // (deprecated in SYCL 2020: get_group_id, get_group_linear_id and the
  // group's local_range * group_range).
  size_t get_linear_id() const { return get_group_linear_id(); }
  id<Dims> get_id() const { return group_id_; }
  size_t get_id(int d) const { return group_id_[d]; }
  range<Dims> get_global_range() const { return group_range_ * local_range_; }
  size_t get_global_range(int d) const { return group_range_[d] * local_range_[d]; }

  // async_work_group_copy / wait_for (sycl/device_event.hpp).
  // In the work-group scope of a hierarchical kernel on CUDA only the
  // block's leader thread runs (detail/work_group_scope.hpp): it copies
  // everything itself, and a block barrier there would never be met.
  USYCL_ASYNC_WORK_GROUP_COPY_MEMBERS(
      leader_only_ ? 0 : detail::group_copy_share(get_local_linear_id()).first,
      leader_only_ ? 1 : detail::group_copy_share(get_local_linear_id()).step, !leader_only_)

  // Hierarchical parallelism (§4.10.4.2): the work-item scope of a
  // parallel_for_work_group kernel, over the work-group's work-items or over
  // a logical range mapped onto them (sycl/h_item.hpp).
  template <typename F> void parallel_for_work_item(F &&f) const {
    detail::run_work_item_scope<Dims>(group_id_, group_range_, local_range_, local_range_, f);
  }
  template <typename F>
  void parallel_for_work_item(range<Dims> logical_range, F &&f) const {
    detail::run_work_item_scope<Dims>(group_id_, group_range_, local_range_, logical_range, f);
  }

  group(const id<Dims> &group_id, const id<Dims> &local_id,
        const range<Dims> &local_range, const range<Dims> &group_range)
      : group_id_(group_id), local_id_(local_id), local_range_(local_range),
        group_range_(group_range) {}

  // The work-group scope of a hierarchical kernel run by one leader thread
  // of the group (detail/hierarchical.hpp on CUDA).
  group(detail::leader_only_scope, const id<Dims> &group_id, const range<Dims> &local_range,
        const range<Dims> &group_range)
      : group(group_id, id<Dims>(), local_range, group_range) {
    leader_only_ = true;
  }

private:
  id<Dims> group_id_;
  id<Dims> local_id_;
  range<Dims> local_range_;
  range<Dims> group_range_;
  bool leader_only_ = false;
};

} // namespace _V1
} // namespace sycl
