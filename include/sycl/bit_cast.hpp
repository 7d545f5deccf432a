// sycl::bit_cast (SYCL 2020 §4.17.2).
#pragma once

#include <sycl/detail/defines.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {

template <typename To, typename From>
#if defined(__cpp_concepts) && __cpp_concepts >= 201907L
  requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<From> &&
           std::is_trivially_copyable_v<To>)
#endif
constexpr To bit_cast(const From &from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "sycl::bit_cast: sizes differ");
  static_assert(std::is_trivially_copyable_v<From> && std::is_trivially_copyable_v<To>,
                "sycl::bit_cast: types must be trivially copyable");
  return __builtin_bit_cast(To, from);
}

} // namespace _V1
} // namespace sycl
