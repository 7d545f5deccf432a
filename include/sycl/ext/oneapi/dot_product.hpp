// sycl::ext::oneapi::dot_acc (DPC++'s DP4A extension): the dot product of
// two 4-element vectors of 8-bit integers, added to a 32-bit accumulator:
//   dot_acc(a, b, c) = c + a0*b0 + a1*b1 + a2*b2 + a3*b3
// Each operand is a vec<int8_t, 4>/vec<uint8_t, 4> or four bytes packed in
// a 32-bit integer (byte 0 = element 0; int32_t: signed bytes, uint32_t:
// unsigned bytes), in every signed/unsigned combination.
//
// NVPTX: one dp4a instruction (sm_61+). Elsewhere the same sum in software.
// Both wrap modulo 2^32, as dp4a does, rather than overflow.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/vec.hpp>

#include <cstdint>

namespace sycl {
inline namespace _V1 {
namespace detail {

// Element i (0..3) of a packed operand, sign- or zero-extended.
template <bool Signed> constexpr std::int32_t packed_byte(std::uint32_t packed, int i) noexcept {
  const std::uint8_t byte = static_cast<std::uint8_t>(packed >> (8 * i));
  if constexpr (Signed)
    return static_cast<std::int8_t>(byte);
  else
    return byte;
}

template <bool SignedA, bool SignedB>
USYCL_INLINE std::int32_t dot_acc_packed(std::uint32_t a, std::uint32_t b, std::int32_t c) {
#if USYCL_DEVICE_NVPTX
  std::int32_t d;
  if constexpr (SignedA && SignedB)
    asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  else if constexpr (SignedA)
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  else if constexpr (SignedB)
    asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  else
    asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
#else
  std::uint32_t sum = static_cast<std::uint32_t>(c);
  for (int i = 0; i < 4; ++i) // each product fits in 17 bits; the sum wraps
    sum += static_cast<std::uint32_t>(packed_byte<SignedA>(a, i) * packed_byte<SignedB>(b, i));
  return static_cast<std::int32_t>(sum);
#endif
}

template <typename T> USYCL_INLINE std::uint32_t pack_bytes(const vec<T, 4> &v) {
  std::uint32_t packed = 0;
  for (int i = 0; i < 4; ++i)
    packed |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(v[i])) << (8 * i);
  return packed;
}

} // namespace detail

namespace ext::oneapi {

USYCL_INLINE std::int32_t dot_acc(std::int32_t a, std::int32_t b, std::int32_t c) {
  return sycl::detail::dot_acc_packed<true, true>(static_cast<std::uint32_t>(a),
                                                  static_cast<std::uint32_t>(b), c);
}
USYCL_INLINE std::int32_t dot_acc(std::uint32_t a, std::uint32_t b, std::int32_t c) {
  return sycl::detail::dot_acc_packed<false, false>(a, b, c);
}
USYCL_INLINE std::int32_t dot_acc(std::int32_t a, std::uint32_t b, std::int32_t c) {
  return sycl::detail::dot_acc_packed<true, false>(static_cast<std::uint32_t>(a), b, c);
}
USYCL_INLINE std::int32_t dot_acc(std::uint32_t a, std::int32_t b, std::int32_t c) {
  return sycl::detail::dot_acc_packed<false, true>(a, static_cast<std::uint32_t>(b), c);
}

USYCL_INLINE std::int32_t dot_acc(vec<std::int8_t, 4> a, vec<std::int8_t, 4> b, std::int32_t c) {
  return sycl::detail::dot_acc_packed<true, true>(sycl::detail::pack_bytes(a),
                                                  sycl::detail::pack_bytes(b), c);
}
USYCL_INLINE std::int32_t dot_acc(vec<std::uint8_t, 4> a, vec<std::uint8_t, 4> b,
                                  std::int32_t c) {
  return sycl::detail::dot_acc_packed<false, false>(sycl::detail::pack_bytes(a),
                                                    sycl::detail::pack_bytes(b), c);
}
USYCL_INLINE std::int32_t dot_acc(vec<std::int8_t, 4> a, vec<std::uint8_t, 4> b,
                                  std::int32_t c) {
  return sycl::detail::dot_acc_packed<true, false>(sycl::detail::pack_bytes(a),
                                                   sycl::detail::pack_bytes(b), c);
}
USYCL_INLINE std::int32_t dot_acc(vec<std::uint8_t, 4> a, vec<std::int8_t, 4> b,
                                  std::int32_t c) {
  return sycl::detail::dot_acc_packed<false, true>(sycl::detail::pack_bytes(a),
                                                   sycl::detail::pack_bytes(b), c);
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
