// sycl_ext_oneapi_group_load_store: a group reads (writes) a contiguous
// range of memory, each work-item receiving (giving) ElementsPerWorkItem
// values, in the `blocked` placement (work-item i owns elements
// [i*N, i*N+N), the default) or the `striped` one (work-item i owns i,
// i+size, i+2*size, ...).
//
//   group_load(g, in + base, span{vals}, properties{data_placement_blocked});
//
// Each work-item accesses its own elements directly: no barrier, no
// scratch memory, correct for any group and iterator. (A blocked load of a
// work-group through local memory with coalesced accesses, as DPC++ may do
// for `contiguous_memory` pointers, is a later optimisation.)
#pragma once

#include <sycl/ext/oneapi/properties/properties.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/span.hpp>
#include <sycl/vec.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class data_placement_enum : std::uint8_t { blocked, striped };
struct data_placement_key {
  template <data_placement_enum Placement>
  using value_t =
      property_value<data_placement_key, std::integral_constant<data_placement_enum, Placement>>;
};
template <data_placement_enum Placement>
inline constexpr data_placement_key::value_t<Placement> data_placement;
inline constexpr data_placement_key::value_t<data_placement_enum::blocked> data_placement_blocked;
inline constexpr data_placement_key::value_t<data_placement_enum::striped> data_placement_striped;

// Hints (the pointer is to contiguous memory; every work-item of the group
// makes the call): accepted, the direct accesses need neither.
struct contiguous_memory_key {
  using value_t = property_value<contiguous_memory_key>;
};
inline constexpr contiguous_memory_key::value_t contiguous_memory;
struct full_group_key {
  using value_t = property_value<full_group_key>;
};
inline constexpr full_group_key::value_t full_group;

template <> struct is_property_key<data_placement_key> : std::true_type {};
template <> struct is_property_key<contiguous_memory_key> : std::true_type {};
template <> struct is_property_key<full_group_key> : std::true_type {};

namespace detail {
template <typename Properties> constexpr bool striped() {
  if constexpr (Properties::template has_property<data_placement_key>())
    return Properties::template get_property<data_placement_key>().value ==
           data_placement_enum::striped;
  else
    return false;
}
// The index, from the group's start, of this work-item's k-th element.
template <typename Properties, typename Group>
std::size_t element_index(const Group &g, std::size_t k, std::size_t per_item) {
  const std::size_t id = g.get_local_linear_id();
  return striped<Properties>() ? id + k * std::size_t(g.get_local_linear_range())
                               : id * per_item + k;
}
template <typename Group, typename Properties>
inline constexpr bool load_store_args_v =
    sycl::is_group_v<std::decay_t<Group>> && is_property_list_v<Properties>;
} // namespace detail

// ---- loads ----
template <typename Group, typename InputIteratorT, typename OutputT, std::size_t N,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties>, int> = 0>
void group_load(Group g, InputIteratorT in_ptr, span<OutputT, N> out, Properties = {}) {
  for (std::size_t k = 0; k < N; ++k)
    out[k] = in_ptr[detail::element_index<Properties>(g, k, N)];
}
template <typename Group, typename InputIteratorT, typename OutputT, int N,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties>, int> = 0>
void group_load(Group g, InputIteratorT in_ptr, vec<OutputT, N> &out, Properties = {}) {
  for (int k = 0; k < N; ++k)
    out[k] = in_ptr[detail::element_index<Properties>(g, std::size_t(k), std::size_t(N))];
}
template <typename Group, typename InputIteratorT, typename OutputT,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties> &&
                               !is_property_list_v<OutputT>,
                           int> = 0>
void group_load(Group g, InputIteratorT in_ptr, OutputT &out, Properties = {}) {
  out = in_ptr[g.get_local_linear_id()];
}

// ---- stores ----
template <typename Group, typename InputT, std::size_t N, typename OutputIteratorT,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties>, int> = 0>
void group_store(Group g, const span<InputT, N> in, OutputIteratorT out_ptr, Properties = {}) {
  for (std::size_t k = 0; k < N; ++k)
    out_ptr[detail::element_index<Properties>(g, k, N)] = in[k];
}
template <typename Group, typename InputT, int N, typename OutputIteratorT,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties>, int> = 0>
void group_store(Group g, const vec<InputT, N> &in, OutputIteratorT out_ptr, Properties = {}) {
  for (int k = 0; k < N; ++k)
    out_ptr[detail::element_index<Properties>(g, std::size_t(k), std::size_t(N))] = in[k];
}
template <typename Group, typename InputT, typename OutputIteratorT,
          typename Properties = empty_properties_t,
          std::enable_if_t<detail::load_store_args_v<Group, Properties>, int> = 0>
void group_store(Group g, const InputT &in, OutputIteratorT out_ptr, Properties = {}) {
  out_ptr[g.get_local_linear_id()] = in;
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
