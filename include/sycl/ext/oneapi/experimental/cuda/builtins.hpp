// sycl::ext::oneapi::experimental::cuda::ldg (DPC++'s
// sycl_ext_oneapi_cuda_tex_cache_read): a load through the GPU's read-only
// (non-coherent, "texture") data cache.
//
// On NVPTX every load is PTX ld.global.nc: the value's bytes are read as the
// widest naturally aligned integer words (up to a 16-byte v4.b32), then
// reassembled, so each supported type costs one or two instructions (a
// vec<T, 3> reads its three elements, never the padding element). Elsewhere
// it is a plain load, which is what the extension asks of other devices.
//
// The pointer must point into global memory (USM or a buffer accessor's
// data) and the data must not change while the kernel runs: that is the
// contract of the non-coherent cache.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/half.hpp>
#include <sycl/vec.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define SYCL_EXT_ONEAPI_CUDA_TEX_CACHE_READ 1

namespace sycl {
inline namespace _V1 {
namespace detail {

// What ldg reads of a T: DPC++ documents the scalar types and vec<T, 2..4>
// of them, and programs also read bfloat16, marray and their own
// trivially copyable structs through it; all are bytes to the cache.
template <typename T> struct ldg_layout {
  static constexpr bool supported = std::is_trivially_copyable_v<T>;
  static constexpr std::size_t value_bytes = sizeof(T);
};
template <typename T, int N> struct ldg_layout<vec<T, N>> {
  static constexpr bool supported = std::is_trivially_copyable_v<vec<T, N>>;
  // A vec<T, 3> is stored as four elements; the fourth is padding.
  static constexpr std::size_t value_bytes = sizeof(T) * static_cast<std::size_t>(N);
};

#if USYCL_DEVICE_NVPTX
// Reads `Bytes` bytes at `src` + `Offset` (aligned to `Align`, the alignment
// of the whole object) into `dst` + `Offset` with ld.global.nc, widest
// aligned word first.
template <std::size_t Offset, std::size_t Bytes, std::size_t Align>
USYCL_INLINE void ldg_bytes(const unsigned char *src, unsigned char *dst) {
  if constexpr (Bytes == 0) {
    return;
  } else {
    constexpr std::size_t at_most = Bytes < 16 ? Bytes : 16;
    constexpr std::size_t offset_align = Offset == 0 ? Align : (Offset & (~Offset + 1));
    constexpr std::size_t usable_align = offset_align < Align ? offset_align : Align;
    constexpr std::size_t chunk = [] {
      std::size_t c = 16;
      while (c > at_most || c > usable_align)
        c /= 2;
      return c;
    }();
    const unsigned char *from = src + Offset;
    unsigned char *to = dst + Offset;
    // Inline PTX, as CUDA's __ldg: clang's __nvvm_ldg_* builtins become
    // loads marked invariant, and that mark does not survive every
    // optimisation (a 16-byte one came out as plain ld.global). The asm has
    // no side effects, so repeated reads of one address still fold.
    if constexpr (chunk == 16) {
      std::uint32_t w[4];
      asm("ld.global.nc.v4.b32 {%0, %1, %2, %3}, [%4];"
          : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
          : "l"(from));
      std::memcpy(to, w, 16);
    } else if constexpr (chunk == 8) {
      std::uint64_t w;
      asm("ld.global.nc.b64 %0, [%1];" : "=l"(w) : "l"(from));
      std::memcpy(to, &w, 8);
    } else if constexpr (chunk == 4) {
      std::uint32_t w;
      asm("ld.global.nc.b32 %0, [%1];" : "=r"(w) : "l"(from));
      std::memcpy(to, &w, 4);
    } else if constexpr (chunk == 2) {
      std::uint16_t w;
      asm("ld.global.nc.b16 %0, [%1];" : "=h"(w) : "l"(from));
      std::memcpy(to, &w, 2);
    } else {
      std::uint16_t w; // PTX has no 8-bit registers: b8 loads into 16 bits
      asm("ld.global.nc.b8 %0, [%1];" : "=h"(w) : "l"(from));
      const unsigned char byte = static_cast<unsigned char>(w);
      std::memcpy(to, &byte, 1);
    }
    ldg_bytes<Offset + chunk, Bytes - chunk, Align>(src, dst);
  }
}
#endif

} // namespace detail

namespace ext::oneapi::experimental::cuda {

// Returns *ptr, read through the read-only data cache on NVIDIA GPUs.
// T: any trivially copyable type (DPC++ names the scalar types and their
// vec<T, 2..4>; bfloat16, marray and plain structs work the same way).
template <typename T>
USYCL_INLINE std::enable_if_t<sycl::detail::ldg_layout<std::remove_cv_t<T>>::supported, T>
ldg(const T *ptr) {
#if USYCL_DEVICE_NVPTX
  using layout = sycl::detail::ldg_layout<std::remove_cv_t<T>>;
  T result{};
  sycl::detail::ldg_bytes<0, layout::value_bytes, alignof(T)>(
      reinterpret_cast<const unsigned char *>(ptr), reinterpret_cast<unsigned char *>(&result));
  return result;
#else
  return *ptr;
#endif
}

} // namespace ext::oneapi::experimental::cuda
} // namespace _V1
} // namespace sycl
