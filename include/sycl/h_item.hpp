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

#include <sycl/detail/work_group_scope.hpp>
#include <sycl/item.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims> class group;
template <int Dims> class h_item;

namespace detail {
// The body of group::parallel_for_work_item (defined below).
template <int Dims, typename F>
void run_work_item_scope(const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range,
                         F &f);
template <int Dims>
h_item<Dims> make_h_item(const id<Dims> &logical, const id<Dims> &physical,
                         const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range);
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
  template <int D>
  friend h_item<D> detail::make_h_item(const id<D> &, const id<D> &, const id<D> &,
                                       const range<D> &, const range<D> &, const range<D> &);
  h_item(const item<Dims, false> &global, const item<Dims, false> &logical_local,
         const item<Dims, false> &physical_local)
      : global_(global), logical_local_(logical_local), physical_local_(physical_local) {}

  item<Dims, false> global_;
  item<Dims, false> logical_local_;
  item<Dims, false> physical_local_;
};

namespace detail {
// The work-item of logical local id `logical`, which runs on the physical
// work-item `physical` (`logical` modulo the work-group size, per
// dimension).
template <int Dims>
h_item<Dims> make_h_item(const id<Dims> &logical, const id<Dims> &physical,
                         const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range) {
  id<Dims> global;
  for (int d = 0; d < Dims; ++d) global[d] = group_id[d] * physical_range[d] + physical[d];
  return h_item<Dims>(item<Dims, false>(global, group_range * physical_range, id<Dims>()),
                      item<Dims, false>(logical, logical_range, id<Dims>()),
                      item<Dims, false>(physical, physical_range, id<Dims>()));
}
template <int Dims>
h_item<Dims> make_h_item(const id<Dims> &logical, const id<Dims> &group_id,
                         const range<Dims> &group_range, const range<Dims> &physical_range,
                         const range<Dims> &logical_range) {
  id<Dims> physical;
  for (int d = 0; d < Dims; ++d) physical[d] = logical[d] % physical_range[d];
  return make_h_item<Dims>(logical, physical, group_id, group_range, physical_range,
                           logical_range);
}

#if USYCL_DEVICE_NVPTX
// One thread's share of a published work-item scope
// (sycl/detail/work_group_scope.hpp): the physical work-items whose linear
// id is this thread's index modulo the work-item threads, each with every
// logical work-item folded onto it (§4.10.4.2.3: those run one after
// another on their physical work-item, so private_memory, indexed by the
// physical id, has one thread per value).
template <int Dims, typename F> void run_work_item_share(const work_item_scope_call &call) {
  __usycl_work_item_scope();
  F &f = *static_cast<F *>(call.body);
  id<Dims> group_id;
  range<Dims> group_range, physical_range, logical_range;
  for (int d = 0; d < Dims; ++d) {
    group_id[d] = call.group_id[d];
    group_range[d] = call.group_range[d];
    physical_range[d] = call.physical_range[d];
    logical_range[d] = call.logical_range[d];
  }
  const size_t physical_items = physical_range.size();
  // No division per work-item (64-bit division is slow on the GPU): a
  // 1-D physical id is p itself, and a folded logical id's physical id is
  // the one it was folded onto.
  for (size_t p = work_item_thread(); p < physical_items; p += work_item_threads()) {
    id<Dims> physical;
    if constexpr (Dims == 1) {
      physical[0] = p;
    } else {
      size_t rest = p;
      for (int d = Dims - 1; d >= 0; --d) {
        physical[d] = rest % physical_range[d];
        rest /= physical_range[d];
      }
    }
    auto run = [&](const id<Dims> &logical) {
      f(make_h_item<Dims>(logical, physical, group_id, group_range, physical_range,
                          logical_range));
    };
    if constexpr (Dims == 1) {
      for (size_t i = physical[0]; i < logical_range[0]; i += physical_range[0]) run(id<1>(i));
    } else if constexpr (Dims == 2) {
      for (size_t i = physical[0]; i < logical_range[0]; i += physical_range[0])
        for (size_t j = physical[1]; j < logical_range[1]; j += physical_range[1])
          run(id<2>(i, j));
    } else {
      for (size_t i = physical[0]; i < logical_range[0]; i += physical_range[0])
        for (size_t j = physical[1]; j < logical_range[1]; j += physical_range[1])
          for (size_t k = physical[2]; k < logical_range[2]; k += physical_range[2])
            run(id<3>(i, j, k));
    }
  }
}
#endif

// On CUDA the leader publishes the scope and the block runs it; elsewhere
// the work-group runs on one execution context (a CPU fiber) and the scope
// is a loop over its logical work-items in row-major order, the implicit
// barriers around it holding by construction.
template <int Dims, typename F>
void run_work_item_scope(const id<Dims> &group_id, const range<Dims> &group_range,
                         const range<Dims> &physical_range, const range<Dims> &logical_range,
                         F &f) {
#if USYCL_DEVICE_NVPTX
  if (work_item_thread_count() == 0) {
    for (size_t i = 0; i < logical_range.size(); ++i) {
      id<Dims> logical;
      size_t rest = i;
      for (int d = Dims - 1; d >= 0; --d) {
        logical[d] = rest % logical_range[d];
        rest /= logical_range[d];
      }
      f(make_h_item<Dims>(logical, group_id, group_range, physical_range, logical_range));
    }
    return;
  }
  work_item_scope_call &call = published_scope();
  call.run = &run_work_item_share<Dims, F>;
  call.body = const_cast<void *>(static_cast<const void *>(&f));
  for (int d = 0; d < Dims; ++d) {
    call.group_id[d] = group_id[d];
    call.group_range[d] = group_range[d];
    call.physical_range[d] = physical_range[d];
    call.logical_range[d] = logical_range[d];
  }
  // The implicit barriers before and after the scope.
  publish_work_item_scope(call);
#else
  auto run = [&](const id<Dims> &logical) {
    f(make_h_item<Dims>(logical, group_id, group_range, physical_range, logical_range));
  };
  if constexpr (Dims == 1) {
    for (size_t i = 0; i < logical_range[0]; ++i) run(id<1>(i));
  } else if constexpr (Dims == 2) {
    for (size_t i = 0; i < logical_range[0]; ++i)
      for (size_t j = 0; j < logical_range[1]; ++j) run(id<2>(i, j));
  } else {
    for (size_t i = 0; i < logical_range[0]; ++i)
      for (size_t j = 0; j < logical_range[1]; ++j)
        for (size_t k = 0; k < logical_range[2]; ++k) run(id<3>(i, j, k));
  }
#endif
}
} // namespace detail

} // namespace _V1
} // namespace sycl
