// sycl::is_device_copyable (SYCL 2020 §3.13.1): the types a kernel may
// capture or a buffer may hold although they are not trivially copyable,
// because copying their bytes to the device is still correct.
// SYCL_DEVICE_COPYABLE tells programs that the trait exists.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/span.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#define SYCL_DEVICE_COPYABLE 1

namespace sycl {
inline namespace _V1 {

template <typename DataT, std::size_t NumElements> class marray;

// Programs specialise this for their own types (as std::true_type).
template <typename T> struct is_device_copyable : std::is_trivially_copyable<T> {};

template <typename T> inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

// The library types SYCL 2020 names device copyable when their parts are.
template <typename T> struct is_device_copyable<std::array<T, 0>> : std::true_type {};
template <typename T, std::size_t N>
struct is_device_copyable<std::array<T, N>> : is_device_copyable<T> {};
template <typename T>
struct is_device_copyable<std::optional<T>> : is_device_copyable<T> {};
template <typename T1, typename T2>
struct is_device_copyable<std::pair<T1, T2>>
    : std::bool_constant<is_device_copyable_v<T1> && is_device_copyable_v<T2>> {};
template <typename... Ts>
struct is_device_copyable<std::tuple<Ts...>>
    : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename... Ts>
struct is_device_copyable<std::variant<Ts...>>
    : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename CharT, typename Traits>
struct is_device_copyable<std::basic_string_view<CharT, Traits>> : std::true_type {};
template <typename T, std::size_t N>
struct is_device_copyable<marray<T, N>> : is_device_copyable<T> {};
template <typename T, std::size_t Extent>
struct is_device_copyable<span<T, Extent>> : std::true_type {};
// A cv-qualified type is device copyable when the type is (so a
// specialisation for T also covers const T).
template <typename T>
struct is_device_copyable<const T> : is_device_copyable<T> {};
template <typename T>
struct is_device_copyable<volatile T> : is_device_copyable<T> {};
template <typename T>
struct is_device_copyable<const volatile T> : is_device_copyable<T> {};
// Arrays of device copyable elements.
template <typename T, std::size_t N>
struct is_device_copyable<T[N]> : is_device_copyable<T> {};

} // namespace _V1
} // namespace sycl
