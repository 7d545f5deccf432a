// The compile-time properties of sycl_ext_oneapi_device_global.
#pragma once

#include <sycl/ext/oneapi/properties/properties.hpp>

#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT> class device_global;

// One copy per device image instead of per device. usycl keeps one copy per
// device either way (a stronger guarantee than the property asks for).
struct device_image_scope_key {
  using value_t = property_value<device_image_scope_key>;
};
inline constexpr device_image_scope_key::value_t device_image_scope;

// How the host uses the variable (an optimisation hint; usycl allows every
// copy whatever the value).
enum class host_access_enum : std::uint16_t { read, write, read_write, none };
struct host_access_key {
  template <host_access_enum Access>
  using value_t = property_value<host_access_key, std::integral_constant<host_access_enum, Access>>;
};
template <host_access_enum Access> inline constexpr host_access_key::value_t<Access> host_access;
inline constexpr host_access_key::value_t<host_access_enum::read> host_access_read;
inline constexpr host_access_key::value_t<host_access_enum::write> host_access_write;
inline constexpr host_access_key::value_t<host_access_enum::read_write> host_access_read_write;
inline constexpr host_access_key::value_t<host_access_enum::none> host_access_none;

// FPGA reprogramming behaviour: accepted, no effect on CPU and CUDA.
enum class init_mode_enum : std::uint16_t { reprogram, reset };
struct init_mode_key {
  template <init_mode_enum Mode>
  using value_t = property_value<init_mode_key, std::integral_constant<init_mode_enum, Mode>>;
};
template <init_mode_enum Mode> inline constexpr init_mode_key::value_t<Mode> init_mode;
inline constexpr init_mode_key::value_t<init_mode_enum::reprogram> init_mode_reprogram;
inline constexpr init_mode_key::value_t<init_mode_enum::reset> init_mode_reset;

// FPGA control/status registers: accepted, no effect on CPU and CUDA.
struct implement_in_csr_key {
  template <bool Enable>
  using value_t = property_value<implement_in_csr_key, std::bool_constant<Enable>>;
};
template <bool Enable> inline constexpr implement_in_csr_key::value_t<Enable> implement_in_csr;
inline constexpr implement_in_csr_key::value_t<true> implement_in_csr_on;
inline constexpr implement_in_csr_key::value_t<false> implement_in_csr_off;

template <> struct is_property_key<device_image_scope_key> : std::true_type {};
template <> struct is_property_key<host_access_key> : std::true_type {};
template <> struct is_property_key<init_mode_key> : std::true_type {};
template <> struct is_property_key<implement_in_csr_key> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<device_image_scope_key, device_global<T, PropertyListT>> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<host_access_key, device_global<T, PropertyListT>> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<init_mode_key, device_global<T, PropertyListT>> : std::true_type {};
template <typename T, typename PropertyListT>
struct is_property_key_of<implement_in_csr_key, device_global<T, PropertyListT>> : std::true_type {};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
