// Hardware image access on NVIDIA GPUs: PTX tex (texture objects, for
// sampled_image_accessor) and suld/sust (surface objects, for
// unsampled_image_accessor), with 64-bit object handles the CUDA backend
// creates at launch (runtime/backends/cuda/cuda_images.cpp).
//
// Textures convert and filter in hardware and return channels in storage
// order; we map them to rgba with the channel order. Surfaces move raw
// texel bits (suld.b/sust.b): the conversion to and from the element type is
// the software one (image_texel.hpp), so every channel type converts exactly
// as on the CPU. Only compiled for NVPTX device code.
#pragma once

#include <sycl/detail/image_desc.hpp>
#include <sycl/detail/image_texel.hpp>

#include <cstdint>

#if USYCL_DEVICE_NVPTX

namespace sycl {
inline namespace _V1 {
namespace detail::image_cuda {

// Four channels in storage order -> a texel in rgba order.
USYCL_INLINE image_texel::texel to_rgba(const image_desc &d, const float *f, const uint32_t *u) {
  image_texel::texel t;
  t.f[3] = 1.0f;
  t.i[3] = 1;
  const image_texel::channel_slots s = image_texel::slots_of(d.order);
  const bool is_int = texel_class_of(d.type) != texel_class::floating;
  for (unsigned k = 0; k < s.count && k < 4; ++k) {
    if (s.slot[k] < 0) continue;
    t.f[s.slot[k]] = is_int ? static_cast<float>(static_cast<int32_t>(u[k])) : f[k];
    t.i[s.slot[k]] = is_int ? u[k] : static_cast<uint32_t>(static_cast<int32_t>(f[k]));
  }
  if (d.order == image_channel_order::intensity) {
    for (int k = 1; k < 4; ++k) { t.f[k] = t.f[0]; t.i[k] = t.i[0]; }
  } else if (d.order == image_channel_order::luminance) {
    t.f[1] = t.f[2] = t.f[0];
    t.i[1] = t.i[2] = t.i[0];
  }
  return t;
}

template <int Dims> USYCL_INLINE void tex_f32(uint64_t tex, const float *s, float *r) {
  if constexpr (Dims == 1)
    asm volatile("tex.1d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5}];"
                 : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3])
                 : "l"(tex), "f"(s[0]));
  else if constexpr (Dims == 2)
    asm volatile("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
                 : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3])
                 : "l"(tex), "f"(s[0]), "f"(s[1]));
  else
    asm volatile("tex.3d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
                 : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3])
                 : "l"(tex), "f"(s[0]), "f"(s[1]), "f"(s[2]));
}

// Integer textures (CU_TRSF_READ_AS_INTEGER): s32 results hold the
// channel's bits for signed and unsigned types alike.
template <int Dims> USYCL_INLINE void tex_s32(uint64_t tex, const float *s, uint32_t *r) {
  if constexpr (Dims == 1)
    asm volatile("tex.1d.v4.s32.f32 {%0, %1, %2, %3}, [%4, {%5}];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(tex), "f"(s[0]));
  else if constexpr (Dims == 2)
    asm volatile("tex.2d.v4.s32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(tex), "f"(s[0]), "f"(s[1]));
  else
    asm volatile("tex.3d.v4.s32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(tex), "f"(s[0]), "f"(s[1]), "f"(s[2]));
}

template <typename DataT, int Dims>
USYCL_INLINE DataT texture_read(const image_desc &d, const float *s) {
  float f[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  uint32_t u[4] = {0, 0, 0, 0};
  if (texel_class_of(d.type) == texel_class::floating)
    tex_f32<Dims>(d.texture, s, f);
  else
    tex_s32<Dims>(d.texture, s, u);
  return image_texel::to_element<DataT>(to_rgba(d, f, u));
}

// ---- surfaces: raw texel bits, x in bytes; out-of-range reads give 0 and
// out-of-range writes are dropped (.zero) ----

template <int Dims>
USYCL_INLINE void suld(uint64_t surf, int xb, const int *c, unsigned bytes, uint32_t *w) {
  unsigned short h = 0;
  const int y = Dims > 1 ? c[1] : 0, z = Dims > 2 ? c[2] : 0;
#define USYCL_SULD(GEOM, COORDS, ...)                                                     \
  switch (bytes) {                                                                        \
  case 1: asm volatile("suld.b." GEOM ".b8.zero {%0}, [%1, " COORDS "];" : "=h"(h) : "l"(surf), __VA_ARGS__); w[0] = h; break; \
  case 2: asm volatile("suld.b." GEOM ".b16.zero {%0}, [%1, " COORDS "];" : "=h"(h) : "l"(surf), __VA_ARGS__); w[0] = h; break; \
  case 4: asm volatile("suld.b." GEOM ".b32.zero {%0}, [%1, " COORDS "];" : "=r"(w[0]) : "l"(surf), __VA_ARGS__); break; \
  case 8: asm volatile("suld.b." GEOM ".v2.b32.zero {%0, %1}, [%2, " COORDS2 "];" : "=r"(w[0]), "=r"(w[1]) : "l"(surf), __VA_ARGS__); break; \
  default: asm volatile("suld.b." GEOM ".v4.b32.zero {%0, %1, %2, %3}, [%4, " COORDS4 "];" : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "l"(surf), __VA_ARGS__); break; \
  }
  if constexpr (Dims == 1) {
#define COORDS2 "{%3}"
#define COORDS4 "{%5}"
    USYCL_SULD("1d", "{%2}", "r"(xb))
#undef COORDS2
#undef COORDS4
  } else if constexpr (Dims == 2) {
#define COORDS2 "{%3, %4}"
#define COORDS4 "{%5, %6}"
    USYCL_SULD("2d", "{%2, %3}", "r"(xb), "r"(y))
#undef COORDS2
#undef COORDS4
  } else {
#define COORDS2 "{%3, %4, %5, %5}"
#define COORDS4 "{%5, %6, %7, %7}"
    USYCL_SULD("3d", "{%2, %3, %4, %4}", "r"(xb), "r"(y), "r"(z))
#undef COORDS2
#undef COORDS4
  }
#undef USYCL_SULD
}

template <int Dims>
USYCL_INLINE void sust(uint64_t surf, int xb, const int *c, unsigned bytes, const uint32_t *w) {
  const unsigned short h = static_cast<unsigned short>(w[0]);
  const int y = Dims > 1 ? c[1] : 0, z = Dims > 2 ? c[2] : 0;
#define USYCL_SUST(GEOM, COORDS, ...)                                                     \
  switch (bytes) {                                                                        \
  case 1: asm volatile("sust.b." GEOM ".b8.zero [%0, " COORDS "], {%" VAL1 "};" :: "l"(surf), __VA_ARGS__, "h"(h) : "memory"); break; \
  case 2: asm volatile("sust.b." GEOM ".b16.zero [%0, " COORDS "], {%" VAL1 "};" :: "l"(surf), __VA_ARGS__, "h"(h) : "memory"); break; \
  case 4: asm volatile("sust.b." GEOM ".b32.zero [%0, " COORDS "], {%" VAL1 "};" :: "l"(surf), __VA_ARGS__, "r"(w[0]) : "memory"); break; \
  case 8: asm volatile("sust.b." GEOM ".v2.b32.zero [%0, " COORDS "], {" VAL2 "};" :: "l"(surf), __VA_ARGS__, "r"(w[0]), "r"(w[1]) : "memory"); break; \
  default: asm volatile("sust.b." GEOM ".v4.b32.zero [%0, " COORDS "], {" VAL4 "};" :: "l"(surf), __VA_ARGS__, "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]) : "memory"); break; \
  }
  if constexpr (Dims == 1) {
#define VAL1 "2"
#define VAL2 "%2, %3"
#define VAL4 "%2, %3, %4, %5"
    USYCL_SUST("1d", "{%1}", "r"(xb))
#undef VAL1
#undef VAL2
#undef VAL4
  } else if constexpr (Dims == 2) {
#define VAL1 "3"
#define VAL2 "%3, %4"
#define VAL4 "%3, %4, %5, %6"
    USYCL_SUST("2d", "{%1, %2}", "r"(xb), "r"(y))
#undef VAL1
#undef VAL2
#undef VAL4
  } else {
#define VAL1 "4"
#define VAL2 "%4, %5"
#define VAL4 "%4, %5, %6, %7"
    USYCL_SUST("3d", "{%1, %2, %3, %3}", "r"(xb), "r"(y), "r"(z))
#undef VAL1
#undef VAL2
#undef VAL4
  }
#undef USYCL_SUST
}

template <typename DataT, int Dims>
USYCL_INLINE DataT surface_read(const image_desc &d, const int *c) {
  const unsigned bytes = d.element_bytes();
  uint32_t w[4] = {0, 0, 0, 0};
  suld<Dims>(d.surface, c[0] * static_cast<int>(bytes), c, bytes, w);
  return image_texel::to_element<DataT>(
      image_texel::decode(d, reinterpret_cast<const unsigned char *>(w)));
}

template <typename DataT, int Dims>
USYCL_INLINE void surface_write(const image_desc &d, const int *c, const DataT &color) {
  const unsigned bytes = d.element_bytes();
  uint32_t w[4] = {0, 0, 0, 0};
  image_texel::encode(d, reinterpret_cast<unsigned char *>(w), image_texel::from_element(color),
                      image_texel::is_integer_element_v<DataT>);
  sust<Dims>(d.surface, c[0] * static_cast<int>(bytes), c, bytes, w);
}

} // namespace detail::image_cuda
} // namespace _V1
} // namespace sycl

#endif // USYCL_DEVICE_NVPTX
