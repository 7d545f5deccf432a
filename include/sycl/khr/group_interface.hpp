// sycl_khr_group_interface: the shorter group interface (khr::work_group,
// khr::sub_group and the work-item within either), as thin views over
// sycl::group and sycl::sub_group.
//
// The published extension calls the work-item class work_item and its
// factory get_item; SYCL-CTS (and the extension's earlier draft) call them
// member_item and get_member_item. Both spellings are provided: member_item
// is work_item under its draft name.
//
// The mdspan-based members (extents, extent, rank, rank_dynamic,
// static_extent) exist where the standard library provides <mdspan>, as the
// extension specifies.
#pragma once

#include <sycl/group.hpp>
#include <sycl/id.hpp>
#include <sycl/memory_enums.hpp>
#include <sycl/range.hpp>
#include <sycl/sub_group.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <version>
#if defined(__cpp_lib_mdspan)
#include <mdspan>
#endif

#define SYCL_KHR_GROUP_INTERFACE 1

namespace sycl {
inline namespace _V1 {
namespace khr {

template <int Dimensions = 1> class work_group;
class sub_group;
template <typename ParentGroup> class work_item;
template <typename ParentGroup> class member_item;

namespace detail {
template <typename G> inline constexpr bool is_khr_group_v = false;
template <int D> inline constexpr bool is_khr_group_v<work_group<D>> = true;
template <> inline constexpr bool is_khr_group_v<sub_group> = true;

#if defined(__cpp_lib_mdspan)
// std::extents<Index, 1, ..., 1> with `Rank` static extents.
template <typename Index, typename Seq> struct unit_extents;
template <typename Index, size_t... I> struct unit_extents<Index, std::index_sequence<I...>> {
  using type = std::extents<Index, (I * 0 + 1)...>;
};
template <typename Extents, int Dims>
constexpr Extents extents_of(const sycl::range<Dims> &r) {
  return [&]<size_t... I>(std::index_sequence<I...>) {
    return Extents(static_cast<typename Extents::index_type>(r[int(I)])...);
  }(std::make_index_sequence<Dims>());
}
#endif
} // namespace detail

template <int Dimensions> class work_group {
public:
  using id_type = sycl::id<Dimensions>;
  using linear_id_type = size_t;
  using range_type = sycl::range<Dimensions>;
#if defined(__cpp_lib_mdspan)
  using extents_type = std::dextents<size_t, Dimensions>;
#endif
  using size_type = size_t;
  static constexpr int dimensions = Dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  work_group(group<Dimensions> g) noexcept : group_(g) {}
  operator group<Dimensions>() const noexcept { return group_; }

  id_type id() const noexcept { return group_.get_group_id(); }
  linear_id_type linear_id() const noexcept { return group_.get_group_linear_id(); }
  range_type range() const noexcept { return group_.get_group_range(); }
#if defined(__cpp_lib_mdspan)
  constexpr extents_type extents() const noexcept {
    return detail::extents_of<extents_type>(group_.get_local_range());
  }
  constexpr typename extents_type::index_type
  extent(typename extents_type::rank_type r) const noexcept {
    return extents().extent(r);
  }
  static constexpr typename extents_type::rank_type rank() noexcept { return extents_type::rank(); }
  static constexpr typename extents_type::rank_type rank_dynamic() noexcept {
    return extents_type::rank_dynamic();
  }
  static constexpr size_t static_extent(typename extents_type::rank_type r) noexcept {
    return extents_type::static_extent(r);
  }
#endif
  constexpr size_type size() const noexcept { return group_.get_local_linear_range(); }

  friend bool operator==(const work_group &a, const work_group &b) { return a.group_ == b.group_; }
  friend bool operator!=(const work_group &a, const work_group &b) { return !(a == b); }

private:
  template <typename> friend class work_item;
  group<Dimensions> group_;
};

class sub_group {
public:
  using id_type = sycl::id<1>;
  using linear_id_type = uint32_t;
  using range_type = sycl::range<1>;
#if defined(__cpp_lib_mdspan)
  using extents_type = std::dextents<uint32_t, 1>;
#endif
  using size_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  sub_group(sycl::sub_group sg) noexcept : group_(sg) {}
  operator sycl::sub_group() const noexcept { return group_; }

  id_type id() const noexcept { return group_.get_group_id(); }
  linear_id_type linear_id() const noexcept { return group_.get_group_linear_id(); }
  range_type range() const noexcept { return group_.get_group_range(); }
#if defined(__cpp_lib_mdspan)
  constexpr extents_type extents() const noexcept { return extents_type(size()); }
  constexpr typename extents_type::index_type
  extent(typename extents_type::rank_type r) const noexcept {
    return extents().extent(r);
  }
  static constexpr typename extents_type::rank_type rank() noexcept { return extents_type::rank(); }
  static constexpr typename extents_type::rank_type rank_dynamic() noexcept {
    return extents_type::rank_dynamic();
  }
  static constexpr size_t static_extent(typename extents_type::rank_type r) noexcept {
    return extents_type::static_extent(r);
  }
#endif
  constexpr size_type size() const noexcept { return group_.get_local_linear_range(); }
  // The kernel's sub-group size: what reqd_sub_group_size asks for, else the
  // device compiler's choice (a warp on NVPTX).
  constexpr size_type max_size() const noexcept {
    return uint32_t(group_.get_max_local_range()[0]);
  }

  friend bool operator==(const sub_group &a, const sub_group &b) { return a.group_ == b.group_; }
  friend bool operator!=(const sub_group &a, const sub_group &b) { return !(a == b); }

private:
  template <typename> friend class work_item;
  sycl::sub_group group_;
};

// The calling work-item as a group of one, within its work-group or
// sub-group: id() is its local id there, range() the parent's local range.
template <typename ParentGroup> class work_item {
  static_assert(detail::is_khr_group_v<ParentGroup>,
                "khr::work_item's parent must be khr::work_group or khr::sub_group");

public:
  using id_type = typename ParentGroup::id_type;
  using linear_id_type = typename ParentGroup::linear_id_type;
  using range_type = typename ParentGroup::range_type;
#if defined(__cpp_lib_mdspan)
  using extents_type =
      typename detail::unit_extents<typename ParentGroup::extents_type::index_type,
                                    std::make_index_sequence<ParentGroup::dimensions>>::type;
#endif
  using size_type = typename ParentGroup::size_type;
  static constexpr int dimensions = ParentGroup::dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_item;

  id_type id() const noexcept { return parent_.group_.get_local_id(); }
  linear_id_type linear_id() const noexcept {
    return linear_id_type(parent_.group_.get_local_linear_id());
  }
  range_type range() const noexcept { return parent_.group_.get_local_range(); }
#if defined(__cpp_lib_mdspan)
  constexpr extents_type extents() const noexcept { return extents_type(); }
  constexpr typename extents_type::index_type
  extent(typename extents_type::rank_type r) const noexcept {
    return extents().extent(r);
  }
  static constexpr typename extents_type::rank_type rank() noexcept { return extents_type::rank(); }
  static constexpr typename extents_type::rank_type rank_dynamic() noexcept {
    return extents_type::rank_dynamic();
  }
  static constexpr size_t static_extent(typename extents_type::rank_type r) noexcept {
    return extents_type::static_extent(r);
  }
#endif
  constexpr size_type size() const noexcept { return 1; }

  friend bool operator==(const work_item &a, const work_item &b) { return a.parent_ == b.parent_; }
  friend bool operator!=(const work_item &a, const work_item &b) { return !(a == b); }

protected:
  explicit work_item(ParentGroup parent) noexcept : parent_(parent) {}

private:
  template <typename G> friend work_item<G> get_item(G) noexcept;
  ParentGroup parent_;
};

template <typename ParentGroup> class member_item : public work_item<ParentGroup> {
  template <typename G> friend member_item<G> get_member_item(G) noexcept;
  explicit member_item(ParentGroup parent) noexcept : work_item<ParentGroup>(parent) {}
};

template <typename Group> work_item<Group> get_item(Group g) noexcept {
  static_assert(detail::is_khr_group_v<Group>,
                "khr::get_item takes a khr::work_group or a khr::sub_group");
  return work_item<Group>(g);
}
template <typename Group> member_item<Group> get_member_item(Group g) noexcept {
  static_assert(detail::is_khr_group_v<Group>,
                "khr::get_member_item takes a khr::work_group or a khr::sub_group");
  return member_item<Group>(g);
}

// True for exactly one work-item of `g`: the one with index 0.
template <typename Group> bool leader_of(Group g) noexcept {
  if constexpr (detail::is_khr_group_v<Group>)
    return get_item(g).linear_id() == 0;
  else
    return true; // a work_item is a group of one
}

} // namespace khr
} // namespace _V1
} // namespace sycl
