// Software image access: texel encoding and decoding for every channel
// order and type, and sampling (nearest and linear filtering, every
// addressing mode, normalized and unnormalized coordinates) by the rules of
// OpenCL 1.2 §8 that SYCL 2020 §4.7.3 refers to.
//
// Host accessors and the CPU device always use it; on CUDA it serves the
// formats texture and surface objects cannot express (sycl/detail/
// image_cuda.hpp has the hardware path). Only builtins that lower to single
// instructions on every target are used (no libm calls, no double, no
// sycl::half), so an image kernel needs no aspect its own code does not.
#pragma once

#include <sycl/detail/image_desc.hpp>
#include <sycl/half.hpp>
#include <sycl/math.hpp>
#include <sycl/vec.hpp>

#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail::image_texel {

// One texel in rgba order: floats for normalized and floating channel
// types, two's-complement bits for integer channel types.
struct texel {
  float f[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  uint32_t i[4] = {0, 0, 0, 0};
};

// ---- scalar conversions (OpenCL 1.2 §8.3) ----

USYCL_INLINE float clampf(float v, float lo, float hi) {
  // NaN becomes lo, as OpenCL's saturating conversions give 0 for NaN.
  return v >= lo ? (v <= hi ? v : hi) : lo;
}
// convert_<type>_sat_rte(f * scale): round half to even, then saturate.
USYCL_INLINE int32_t to_normalized_int(float f, float scale, float lo, float hi) {
  return static_cast<int32_t>(__builtin_rintf(clampf(f * scale, lo, hi)));
}

USYCL_INLINE float half_bits_to_float(uint16_t h) { return detail::half_bits_to_float(h); }

// Round-to-nearest-even float -> binary16 with float arithmetic only.
USYCL_INLINE uint16_t float_to_half_bits(float f) {
  const uint32_t b = __builtin_bit_cast(uint32_t, f);
  const uint16_t sign = static_cast<uint16_t>((b >> 16) & 0x8000u);
  const uint32_t exp = (b >> 23) & 0xffu;
  uint32_t mant = b & 0x7fffffu;
  if (exp == 0xffu) // inf or NaN (kept quiet)
    return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0u));
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000u;
    const int shift = 14 - e;
    uint32_t r = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (r & 1))) ++r;
    return static_cast<uint16_t>(sign | r);
  }
  uint32_t out = sign | (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (out & 1))) ++out;
  return static_cast<uint16_t>(out);
}

// sRGB transfer functions (ext_oneapi_srgba): stored values are sRGB
// encoded, kernels see linear values.
USYCL_INLINE float srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : sycl::pow((c + 0.055f) / 1.055f, 2.4f);
}
USYCL_INLINE float linear_to_srgb(float c) {
  return c <= 0.0031308f ? c * 12.92f : 1.055f * sycl::pow(c, 1.0f / 2.4f) - 0.055f;
}

template <typename T> USYCL_INLINE T load(const unsigned char *p) {
  T v;
  __builtin_memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> USYCL_INLINE void store(unsigned char *p, T v) {
  __builtin_memcpy(p, &v, sizeof(T));
}

// ---- channel order: which rgba component each stored channel holds ----

// slot[k] is the rgba index (0..3) stored channel k holds, -1 for padding.
struct channel_slots {
  int8_t slot[4];
  uint8_t count;
};
USYCL_INLINE channel_slots slots_of(image_channel_order o) {
  using c = image_channel_order;
  switch (o) {
  case c::a: return {{3, -1, -1, -1}, 1};
  case c::r: case c::intensity: case c::luminance: return {{0, -1, -1, -1}, 1};
  case c::rx: return {{0, -1, -1, -1}, 2};
  case c::rg: return {{0, 1, -1, -1}, 2};
  case c::ra: return {{0, 3, -1, -1}, 2};
  case c::rgx: return {{0, 1, -1, -1}, 4};
  case c::rgb: return {{0, 1, 2, -1}, 3};
  case c::rgbx: return {{0, 1, 2, -1}, 4};
  case c::argb: return {{3, 0, 1, 2}, 4};
  case c::bgra: return {{2, 1, 0, 3}, 4};
  case c::abgr: return {{3, 2, 1, 0}, 4};
  default: return {{0, 1, 2, 3}, 4}; // rgba, ext_oneapi_srgba
  }
}

// Whether the channel order stores alpha: the border colour of
// addressing_mode::clamp is (0,0,0,0) then, (0,0,0,1) otherwise.
USYCL_INLINE bool has_alpha(image_channel_order o) {
  using c = image_channel_order;
  return o == c::a || o == c::ra || o == c::rgba || o == c::argb || o == c::bgra ||
         o == c::abgr || o == c::intensity || o == c::ext_oneapi_srgba;
}

USYCL_INLINE texel border_texel(const image_desc &d) {
  texel t;
  if (!has_alpha(d.order)) {
    t.f[3] = 1.0f;
    t.i[3] = 1;
  }
  return t;
}

// ---- decoding and encoding one texel ----

USYCL_INLINE float decode_float_channel(image_channel_type t, const unsigned char *p) {
  using c = image_channel_type;
  switch (t) {
  case c::unorm_int8: return static_cast<float>(load<uint8_t>(p)) / 255.0f;
  case c::unorm_int16: return static_cast<float>(load<uint16_t>(p)) / 65535.0f;
  case c::snorm_int8: {
    const float v = static_cast<float>(load<int8_t>(p)) / 127.0f;
    return v < -1.0f ? -1.0f : v;
  }
  case c::snorm_int16: {
    const float v = static_cast<float>(load<int16_t>(p)) / 32767.0f;
    return v < -1.0f ? -1.0f : v;
  }
  case c::fp16: return half_bits_to_float(load<uint16_t>(p));
  case c::fp32: return load<float>(p);
  // Integer channels read through a float path (an int image read as
  // float4): the numeric value, as a conversion would give.
  case c::signed_int8: return static_cast<float>(load<int8_t>(p));
  case c::signed_int16: return static_cast<float>(load<int16_t>(p));
  case c::signed_int32: return static_cast<float>(load<int32_t>(p));
  case c::unsigned_int8: return static_cast<float>(load<uint8_t>(p));
  case c::unsigned_int16: return static_cast<float>(load<uint16_t>(p));
  case c::unsigned_int32: return static_cast<float>(load<uint32_t>(p));
  default: return 0.0f;
  }
}

USYCL_INLINE uint32_t decode_int_channel(image_channel_type t, const unsigned char *p) {
  using c = image_channel_type;
  switch (t) {
  case c::signed_int8: return static_cast<uint32_t>(static_cast<int32_t>(load<int8_t>(p)));
  case c::signed_int16: return static_cast<uint32_t>(static_cast<int32_t>(load<int16_t>(p)));
  case c::signed_int32: case c::unsigned_int32: return load<uint32_t>(p);
  case c::unsigned_int8: return load<uint8_t>(p);
  case c::unsigned_int16: return load<uint16_t>(p);
  default: // a float image read as int4/uint4: the value converted
    return static_cast<uint32_t>(static_cast<int32_t>(decode_float_channel(t, p)));
  }
}

USYCL_INLINE void encode_float_channel(image_channel_type t, unsigned char *p, float v) {
  using c = image_channel_type;
  switch (t) {
  case c::unorm_int8: store<uint8_t>(p, static_cast<uint8_t>(to_normalized_int(v, 255.0f, 0.0f, 255.0f))); break;
  case c::unorm_int16: store<uint16_t>(p, static_cast<uint16_t>(to_normalized_int(v, 65535.0f, 0.0f, 65535.0f))); break;
  case c::snorm_int8: store<int8_t>(p, static_cast<int8_t>(to_normalized_int(v, 127.0f, -128.0f, 127.0f))); break;
  case c::snorm_int16: store<int16_t>(p, static_cast<int16_t>(to_normalized_int(v, 32767.0f, -32768.0f, 32767.0f))); break;
  case c::fp16: store<uint16_t>(p, float_to_half_bits(v)); break;
  case c::fp32: store<float>(p, v); break;
  case c::signed_int8: store<int8_t>(p, static_cast<int8_t>(to_normalized_int(v, 1.0f, -128.0f, 127.0f))); break;
  case c::signed_int16: store<int16_t>(p, static_cast<int16_t>(to_normalized_int(v, 1.0f, -32768.0f, 32767.0f))); break;
  case c::signed_int32: store<int32_t>(p, static_cast<int32_t>(v)); break;
  case c::unsigned_int8: store<uint8_t>(p, static_cast<uint8_t>(to_normalized_int(v, 1.0f, 0.0f, 255.0f))); break;
  case c::unsigned_int16: store<uint16_t>(p, static_cast<uint16_t>(to_normalized_int(v, 1.0f, 0.0f, 65535.0f))); break;
  case c::unsigned_int32: store<uint32_t>(p, static_cast<uint32_t>(v < 0.0f ? 0.0f : v)); break;
  default: break;
  }
}

// Integer writes saturate to the channel's range (convert_<type>_sat).
USYCL_INLINE void encode_int_channel(image_channel_type t, unsigned char *p, uint32_t bits) {
  using c = image_channel_type;
  const int32_t s = static_cast<int32_t>(bits);
  switch (t) {
  case c::signed_int8: store<int8_t>(p, static_cast<int8_t>(s < -128 ? -128 : (s > 127 ? 127 : s))); break;
  case c::signed_int16: store<int16_t>(p, static_cast<int16_t>(s < -32768 ? -32768 : (s > 32767 ? 32767 : s))); break;
  case c::signed_int32: case c::unsigned_int32: store<uint32_t>(p, bits); break;
  case c::unsigned_int8: store<uint8_t>(p, static_cast<uint8_t>(bits > 255u ? 255u : bits)); break;
  case c::unsigned_int16: store<uint16_t>(p, static_cast<uint16_t>(bits > 65535u ? 65535u : bits)); break;
  default: encode_float_channel(t, p, static_cast<float>(s)); break;
  }
}

USYCL_INLINE texel decode(const image_desc &d, const unsigned char *p) {
  using c = image_channel_type;
  texel t;
  t.f[3] = 1.0f;
  t.i[3] = 1;
  if (is_packed_channel_type(d.type)) {
    if (d.type == c::unorm_int_101010) {
      const uint32_t w = load<uint32_t>(p);
      t.f[0] = static_cast<float>((w >> 20) & 0x3ffu) / 1023.0f;
      t.f[1] = static_cast<float>((w >> 10) & 0x3ffu) / 1023.0f;
      t.f[2] = static_cast<float>(w & 0x3ffu) / 1023.0f;
    } else {
      const uint32_t w = load<uint16_t>(p);
      const bool is565 = d.type == c::unorm_short_565;
      t.f[0] = static_cast<float>((w >> (is565 ? 11 : 10)) & 0x1fu) / 31.0f;
      t.f[1] = is565 ? static_cast<float>((w >> 5) & 0x3fu) / 63.0f
                     : static_cast<float>((w >> 5) & 0x1fu) / 31.0f;
      t.f[2] = static_cast<float>(w & 0x1fu) / 31.0f;
    }
    return t;
  }
  const channel_slots s = slots_of(d.order);
  const unsigned size = channel_type_bytes(d.type);
  const bool is_int = texel_class_of(d.type) != texel_class::floating;
  for (unsigned k = 0; k < s.count; ++k) {
    if (s.slot[k] < 0) continue;
    if (is_int)
      t.i[s.slot[k]] = decode_int_channel(d.type, p + k * size);
    else
      t.f[s.slot[k]] = decode_float_channel(d.type, p + k * size);
  }
  if (!is_int) {
    for (int k = 0; k < 4; ++k) t.i[k] = static_cast<uint32_t>(static_cast<int32_t>(t.f[k]));
  } else {
    for (int k = 0; k < 4; ++k) t.f[k] = static_cast<float>(static_cast<int32_t>(t.i[k]));
  }
  if (d.order == image_channel_order::intensity) {
    for (int k = 1; k < 4; ++k) { t.f[k] = t.f[0]; t.i[k] = t.i[0]; }
  } else if (d.order == image_channel_order::luminance) {
    t.f[1] = t.f[2] = t.f[0];
    t.i[1] = t.i[2] = t.i[0];
  } else if (d.order == image_channel_order::ext_oneapi_srgba) {
    for (int k = 0; k < 3; ++k) t.f[k] = srgb_to_linear(t.f[k]);
  }
  return t;
}

// `use_int`: the colour came from an int4/uint4 (t.i holds it), else from
// a float4/half4 (t.f).
USYCL_INLINE void encode(const image_desc &d, unsigned char *p, texel t, bool use_int) {
  using c = image_channel_type;
  if (is_packed_channel_type(d.type)) {
    float rgb[3];
    for (int k = 0; k < 3; ++k)
      rgb[k] = use_int ? static_cast<float>(static_cast<int32_t>(t.i[k])) : t.f[k];
    if (d.type == c::unorm_int_101010) {
      uint32_t w = 0;
      for (int k = 0; k < 3; ++k)
        w |= static_cast<uint32_t>(to_normalized_int(rgb[k], 1023.0f, 0.0f, 1023.0f)) << (20 - 10 * k);
      store<uint32_t>(p, w);
    } else {
      const bool is565 = d.type == c::unorm_short_565;
      const uint32_t r = static_cast<uint32_t>(to_normalized_int(rgb[0], 31.0f, 0.0f, 31.0f));
      const uint32_t g = static_cast<uint32_t>(is565 ? to_normalized_int(rgb[1], 63.0f, 0.0f, 63.0f)
                                                     : to_normalized_int(rgb[1], 31.0f, 0.0f, 31.0f));
      const uint32_t b = static_cast<uint32_t>(to_normalized_int(rgb[2], 31.0f, 0.0f, 31.0f));
      store<uint16_t>(p, static_cast<uint16_t>(is565 ? (r << 11) | (g << 5) | b
                                                     : (r << 10) | (g << 5) | b));
    }
    return;
  }
  if (d.order == image_channel_order::ext_oneapi_srgba && !use_int)
    for (int k = 0; k < 3; ++k) t.f[k] = linear_to_srgb(t.f[k]);
  const channel_slots s = slots_of(d.order);
  const unsigned size = channel_type_bytes(d.type);
  for (unsigned k = 0; k < s.count; ++k) {
    unsigned char *q = p + k * size;
    if (s.slot[k] < 0) { // padding: zero, so the stored bytes are defined
      for (unsigned b = 0; b < size; ++b) q[b] = 0;
      continue;
    }
    if (use_int)
      encode_int_channel(d.type, q, t.i[s.slot[k]]);
    else
      encode_float_channel(d.type, q, t.f[s.slot[k]]);
  }
}

// ---- addressing ----

USYCL_INLINE const unsigned char *texel_address(const image_desc &d, int x, int y, int z) {
  return d.data + static_cast<uint64_t>(z) * d.slice_pitch + static_cast<uint64_t>(y) * d.row_pitch +
         static_cast<uint64_t>(x) * d.element_bytes();
}

USYCL_INLINE bool inside(const image_desc &d, const int *c) {
  for (uint32_t k = 0; k < d.dims; ++k)
    if (c[k] < 0 || c[k] >= d.extent[k]) return false;
  return true;
}

// An integer-coordinate read: the texel, or the border colour outside the
// image (out-of-range reads are undefined in SYCL; this keeps them safe).
USYCL_INLINE texel fetch(const image_desc &d, const int *c) {
  if (!inside(d, c)) return border_texel(d);
  return decode(d, texel_address(d, c[0], d.dims > 1 ? c[1] : 0, d.dims > 2 ? c[2] : 0));
}

// Out-of-range writes are dropped (undefined in SYCL).
USYCL_INLINE void write(const image_desc &d, const int *c, const texel &t, bool use_int) {
  if (!inside(d, c)) return;
  encode(d, const_cast<unsigned char *>(texel_address(d, c[0], d.dims > 1 ? c[1] : 0,
                                                      d.dims > 2 ? c[2] : 0)),
         t, use_int);
}

USYCL_INLINE int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
USYCL_INLINE int floor_to_int(float v) { return static_cast<int>(__builtin_floorf(v)); }

// Nearest filtering: the texel index for coordinate s in a dimension of n
// texels (OpenCL 1.2 §8.2). clamp may give -1 or n (the border).
USYCL_INLINE int nearest_index(float s, int n, const image_sampler &smp) {
  const bool normalized = smp.coordinate == coordinate_normalization_mode::normalized;
  const float nf = static_cast<float>(n);
  switch (normalized ? smp.addressing : (smp.addressing == addressing_mode::clamp
                                             ? addressing_mode::clamp
                                             : addressing_mode::clamp_to_edge)) {
  case addressing_mode::repeat: {
    int i = floor_to_int((s - __builtin_floorf(s)) * nf);
    return i > n - 1 ? i - n : i;
  }
  case addressing_mode::mirrored_repeat: {
    const float m = __builtin_fabsf(s - 2.0f * __builtin_rintf(0.5f * s));
    int i = floor_to_int(m * nf);
    return i < n - 1 ? i : n - 1;
  }
  case addressing_mode::clamp:
    return clampi(floor_to_int(normalized ? s * nf : s), -1, n);
  default: // clamp_to_edge, and none (out-of-range results are undefined)
    return clampi(floor_to_int(normalized ? s * nf : s), 0, n - 1);
  }
}

// Linear filtering: the two texel indices around s and the weight of the
// second one.
struct linear_pair {
  int i0, i1;
  float weight;
};
USYCL_INLINE linear_pair linear_indices(float s, int n, const image_sampler &smp) {
  const bool normalized = smp.coordinate == coordinate_normalization_mode::normalized;
  const float nf = static_cast<float>(n);
  auto frac = [](float v) { return v - __builtin_floorf(v); };
  switch (normalized ? smp.addressing : (smp.addressing == addressing_mode::clamp
                                             ? addressing_mode::clamp
                                             : addressing_mode::clamp_to_edge)) {
  case addressing_mode::repeat: {
    const float u = (s - __builtin_floorf(s)) * nf;
    int i0 = floor_to_int(u - 0.5f), i1 = i0 + 1;
    if (i0 < 0) i0 += n;
    if (i1 > n - 1) i1 -= n;
    return {i0, i1, frac(u - 0.5f)};
  }
  case addressing_mode::mirrored_repeat: {
    const float u = __builtin_fabsf(s - 2.0f * __builtin_rintf(0.5f * s)) * nf;
    const int i0 = floor_to_int(u - 0.5f);
    return {i0 < 0 ? 0 : i0, i0 + 1 > n - 1 ? n - 1 : i0 + 1, frac(u - 0.5f)};
  }
  case addressing_mode::clamp: {
    const float u = normalized ? s * nf : s;
    const int i0 = floor_to_int(u - 0.5f);
    return {clampi(i0, -1, n), clampi(i0 + 1, -1, n), frac(u - 0.5f)};
  }
  default: {
    const float u = normalized ? s * nf : s;
    const int i0 = floor_to_int(u - 0.5f);
    return {clampi(i0, 0, n - 1), clampi(i0 + 1, 0, n - 1), frac(u - 0.5f)};
  }
  }
}

// A sampled read at floating-point coordinates `s` (d.dims of them).
USYCL_INLINE texel sample(const image_desc &d, const float *s) {
  const image_sampler &smp = d.sampler;
  const bool linear = smp.filtering == filtering_mode::linear &&
                      texel_class_of(d.type) == texel_class::floating;
  if (!linear) {
    int c[3] = {0, 0, 0};
    for (uint32_t k = 0; k < d.dims; ++k) c[k] = nearest_index(s[k], d.extent[k], smp);
    return fetch(d, c);
  }
  linear_pair p[3] = {{0, 0, 0.0f}, {0, 0, 0.0f}, {0, 0, 0.0f}};
  for (uint32_t k = 0; k < d.dims; ++k) p[k] = linear_indices(s[k], d.extent[k], smp);
  texel out;
  const int corners = 1 << d.dims;
  for (int corner = 0; corner < corners; ++corner) {
    int c[3] = {0, 0, 0};
    float w = 1.0f;
    for (uint32_t k = 0; k < d.dims; ++k) {
      const bool upper = (corner >> k) & 1;
      c[k] = upper ? p[k].i1 : p[k].i0;
      w *= upper ? p[k].weight : 1.0f - p[k].weight;
    }
    const texel t = fetch(d, c);
    for (int k = 0; k < 4; ++k) out.f[k] += w * t.f[k];
  }
  for (int k = 0; k < 4; ++k) out.i[k] = static_cast<uint32_t>(static_cast<int32_t>(out.f[k]));
  return out;
}

// ---- element types (int4, uint4, float4, half4) ----

template <typename DataT> struct element_of;
template <typename T> struct element_of<vec<T, 4>> {
  using type = T;
};
template <typename DataT>
inline constexpr bool is_image_element_v =
    std::is_same_v<DataT, vec<int32_t, 4>> || std::is_same_v<DataT, vec<uint32_t, 4>> ||
    std::is_same_v<DataT, vec<float, 4>> || std::is_same_v<DataT, vec<half, 4>>;
template <typename DataT> inline constexpr bool is_integer_element_v =
    std::is_same_v<DataT, vec<int32_t, 4>> || std::is_same_v<DataT, vec<uint32_t, 4>>;

template <typename DataT> USYCL_INLINE DataT to_element(const texel &t) {
  using E = typename element_of<DataT>::type;
  if constexpr (is_integer_element_v<DataT>)
    return DataT(static_cast<E>(t.i[0]), static_cast<E>(t.i[1]), static_cast<E>(t.i[2]),
                 static_cast<E>(t.i[3]));
  else
    return DataT(static_cast<E>(t.f[0]), static_cast<E>(t.f[1]), static_cast<E>(t.f[2]),
                 static_cast<E>(t.f[3]));
}

template <typename DataT> USYCL_INLINE texel from_element(const DataT &v) {
  texel t;
  for (int k = 0; k < 4; ++k) {
    if constexpr (is_integer_element_v<DataT>)
      t.i[k] = static_cast<uint32_t>(v[k]);
    else
      t.f[k] = static_cast<float>(v[k]);
  }
  return t;
}

// ---- coordinates: int/float for 1-D, a vec of 2 (2-D) or 4 (3-D) ----

template <typename CoordT> struct coord_traits {
  using scalar = CoordT;
  static constexpr int count = 1;
};
template <typename T, int N> struct coord_traits<vec<T, N>> {
  using scalar = T;
  static constexpr int count = N;
};
template <typename CoordT, int Dims>
inline constexpr bool coord_fits_v =
    (std::is_arithmetic_v<typename coord_traits<CoordT>::scalar> &&
     (Dims == 1 ? coord_traits<CoordT>::count == 1
                : (Dims == 2 ? coord_traits<CoordT>::count == 2
                             : coord_traits<CoordT>::count >= 3)));
template <typename CoordT, int Dims>
inline constexpr bool int_coord_v =
    coord_fits_v<CoordT, Dims> && std::is_integral_v<typename coord_traits<CoordT>::scalar>;
template <typename CoordT, int Dims>
inline constexpr bool float_coord_v =
    coord_fits_v<CoordT, Dims> &&
    std::is_floating_point_v<typename coord_traits<CoordT>::scalar>;

template <typename CoordT, typename T, int Dims>
USYCL_INLINE void unpack_coords(const CoordT &c, T *out) {
  if constexpr (coord_traits<CoordT>::count == 1)
    out[0] = static_cast<T>(c);
  else
    for (int k = 0; k < Dims; ++k) out[k] = static_cast<T>(c[k]);
}

} // namespace detail::image_texel
} // namespace _V1
} // namespace sycl
