// sycl_ext_oneapi_properties: compile-time property lists.
//
// A property is a key type; a property value is `property_value<Key,
// Values...>` (an empty class: the values are template arguments, so a
// property list is a type and queries are constant expressions). A list is
// `properties<Values...>`, built with CTAD from values:
//
//   device_global<int, decltype(properties{device_image_scope, host_access_read})> g;
//   static_assert(decltype(g)::has_property<host_access_key>());
//
// This is the part of the extension that compile-time properties need
// (device_global's); run-time valued properties are not implemented.
#pragma once

#include <cstddef>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

// A property key's value with compile-time arguments. `value` is the first
// argument when it is an std::integral_constant (enum and bool properties).
template <typename Key, typename... Args> struct property_value {
  using key_t = Key;
};
template <typename Key, typename First, typename... Rest>
struct property_value<Key, First, Rest...> {
  using key_t = Key;
  static constexpr auto value = First::value;
};

template <typename T, typename = void> struct is_property_key : std::false_type {};
template <typename T> inline constexpr bool is_property_key_v = is_property_key<T>::value;
template <typename T, typename = void> struct is_property_value : std::false_type {};
template <typename Key, typename... Args>
struct is_property_value<property_value<Key, Args...>> : std::true_type {};
template <typename T> inline constexpr bool is_property_value_v = is_property_value<T>::value;
// Which objects a property applies to (is_property_key_of<Key, device_global<...>>).
template <typename Key, typename SyclObject> struct is_property_key_of : std::false_type {};

template <typename... Values> class properties {
  static_assert((is_property_value_v<Values> && ...),
                "sycl::ext::oneapi::experimental::properties takes property values "
                "(e.g. device_image_scope, host_access_read)");

public:
  // With no values this is the default constructor.
  constexpr properties(Values...) {}

  template <typename Key> static constexpr bool has_property() {
    return (std::is_same_v<typename Values::key_t, Key> || ...);
  }
  template <typename Key> static constexpr auto get_property() {
    static_assert(has_property<Key>(), "the property list has no such property; "
                                       "ask has_property<Key>() first");
    return find<Key, Values...>();
  }

private:
  template <typename Key, typename First, typename... Rest> static constexpr auto find() {
    if constexpr (std::is_same_v<typename First::key_t, Key>)
      return First{};
    else
      return find<Key, Rest...>();
  }
};
template <typename... Values> properties(Values...) -> properties<Values...>;

using empty_properties_t = properties<>;

template <typename T> struct is_property_list : std::false_type {};
template <typename... Values> struct is_property_list<properties<Values...>> : std::true_type {};
template <typename T> inline constexpr bool is_property_list_v = is_property_list<T>::value;

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
