// sycl::h_item (SYCL 2020 §4.9.1.7): the work-item of a hierarchical kernel's
// work-item scope (group::parallel_for_work_item). It carries three items:
//   global          - the physical work-item in the whole launch
//                     (group id * physical local range + physical local id);
//   logical local   - the id within the range given to parallel_for_work_item
//                     (the physical local range when none is given);
//   physical local  - the work-item of the work-group that runs this logical
//                     id (logical id modulo the physical range, per dimension).
// get_local*() is the logical local item, as the specification says.
#pragma once

#include <sycl/item.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims> class group;
template <int Dims> class h_item;

namespace detail {
// The body of group::parallel_for_work_item. A hierarchical kernel runs each
// work-group on one execution context (a CPU fiber, one CUDA thread; see
// sycl/detail/hierarchical.hpp), so a work-item scope is a loop over its
// logical work-items in row-major order, and the implicit work-group
// barriers before and after it hold by construction.
template <int Dims, typename F>
void run_work_item_scope(const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range,
                         F &f);
} // namespace detail

template <int Dims = 1> class h_item {
public:
  static constexpr int dimensions = Dims;
  h_item() = delete;
  h_item(const h_item &) = default;
  h_item &operator=(const h_item &) = default;

  item<Dims, false> get_global() const { return global_; }
  item<Dims, false> get_local() const { return get_logical_local(); }
  item<Dims, false> get_logical_local() const { return logical_local_; }
  item<Dims, false> get_physical_local() const { return physical_local_; }

  range<Dims> get_global_range() const { return global_.get_range(); }
  size_t get_global_range(int d) const { return global_.get_range(d); }
  id<Dims> get_global_id() const { return global_.get_id(); }
  size_t get_global_id(int d) const { return global_.get_id(d); }

  range<Dims> get_local_range() const { return logical_local_.get_range(); }
  size_t get_local_range(int d) const { return logical_local_.get_range(d); }
  id<Dims> get_local_id() const { return logical_local_.get_id(); }
  size_t get_local_id(int d) const { return logical_local_.get_id(d); }

  range<Dims> get_logical_local_range() const { return logical_local_.get_range(); }
  size_t get_logical_local_range(int d) const { return logical_local_.get_range(d); }
  id<Dims> get_logical_local_id() const { return logical_local_.get_id(); }
  size_t get_logical_local_id(int d) const { return logical_local_.get_id(d); }

  range<Dims> get_physical_local_range() const { return physical_local_.get_range(); }
  size_t get_physical_local_range(int d) const { return physical_local_.get_range(d); }
  id<Dims> get_physical_local_id() const { return physical_local_.get_id(); }
  size_t get_physical_local_id(int d) const { return physical_local_.get_id(d); }

  friend bool operator==(const h_item &a, const h_item &b) {
    return a.global_ == b.global_ && a.logical_local_ == b.logical_local_ &&
           a.physical_local_ == b.physical_local_;
  }
  friend bool operator!=(const h_item &a, const h_item &b) { return !(a == b); }

private:
  template <int D, typename F>
  friend void detail::run_work_item_scope(const id<D> &, const range<D> &, const range<D> &,
                                          const range<D> &, F &);
  h_item(const item<Dims, false> &global, const item<Dims, false> &logical_local,
         const item<Dims, false> &physical_local)
      : global_(global), logical_local_(logical_local), physical_local_(physical_local) {}

  item<Dims, false> global_;
  item<Dims, false> logical_local_;
  item<Dims, false> physical_local_;
};

namespace detail {
template <int Dims, typename F>
void run_work_item_scope(const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range,
                         F &f) {
  const range<Dims> global_range = group_range * physical_range;
  auto run_one = [&](const id<Dims> &logical) {
    id<Dims> physical, global;
    for (int d = 0; d < Dims; ++d) {
      physical[d] = logical[d] % physical_range[d];
      global[d] = group_id[d] * physical_range[d] + physical[d];
    }
    f(h_item<Dims>(item<Dims, false>(global, global_range, id<Dims>()),
                   item<Dims, false>(logical, logical_range, id<Dims>()),
                   item<Dims, false>(physical, physical_range, id<Dims>())));
  };
  if constexpr (Dims == 1) {
    for (size_t i = 0; i < logical_range[0]; ++i) run_one(id<1>(i));
  } else if constexpr (Dims == 2) {
    for (size_t i = 0; i < logical_range[0]; ++i)
      for (size_t j = 0; j < logical_range[1]; ++j) run_one(id<2>(i, j));
  } else {
    for (size_t i = 0; i < logical_range[0]; ++i)
      for (size_t j = 0; j < logical_range[1]; ++j)
        for (size_t k = 0; k < logical_range[2]; ++k) run_one(id<3>(i, j, k));
  }
}
} // namespace detail

} // namespace _V1
} // namespace sycl
