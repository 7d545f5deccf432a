// What an image is, as every part of usycl sees it: the channel order and
// type enums (SYCL 2020 §4.7.3.1, OpenCL 1.2 §5.3.1.1 formats), the
// image_format shortcuts, and image_desc, the plain description of one
// image's storage (extents, pitches, format, sampler) that image accessors
// carry into kernels and the runtime hands to the backends.
//
// Storage layout: x (range[0]) varies fastest; a row is row_pitch bytes, a
// slice slice_pitch bytes. Channels are stored in the order the channel
// order names (bgra: b first), each of the channel type's size, except the
// packed types (unorm_short_565/555: one 16-bit word, unorm_int_101010: one
// 32-bit word per texel).
#pragma once

#include <sycl/sampler.hpp>

#include <cstddef>
#include <cstdint>

namespace sycl {
inline namespace _V1 {

enum class image_channel_order : unsigned {
  a,
  r,
  rx,
  rg,
  rgx,
  ra,
  rgb,
  rgbx,
  rgba,
  argb,
  bgra,
  intensity,
  luminance,
  abgr,
  ext_oneapi_srgba,
};

enum class image_channel_type : unsigned {
  snorm_int8,
  snorm_int16,
  unorm_int8,
  unorm_int16,
  unorm_short_565,
  unorm_short_555,
  unorm_int_101010,
  signed_int8,
  signed_int16,
  signed_int32,
  unsigned_int8,
  unsigned_int16,
  unsigned_int32,
  fp16,
  fp32,
};

// SYCL 2020 §4.7.3.1. The spelling r32b32g32a32_* is the specification's.
enum class image_format : unsigned {
  r8g8b8a8_unorm,
  r16g16b16a16_unorm,
  r8g8b8a8_sint,
  r16g16b16a16_sint,
  r32b32g32a32_sint,
  r8g8b8a8_uint,
  r16g16b16a16_uint,
  r32b32g32a32_uint,
  r16b16g16a16_sfloat,
  r32g32b32a32_sfloat,
  b8g8r8a8_unorm,
};

namespace detail {

struct channel_format {
  image_channel_order order;
  image_channel_type type;
};

constexpr channel_format channel_format_of(image_format f) {
  using o = image_channel_order;
  using t = image_channel_type;
  switch (f) {
  case image_format::r8g8b8a8_unorm: return {o::rgba, t::unorm_int8};
  case image_format::r16g16b16a16_unorm: return {o::rgba, t::unorm_int16};
  case image_format::r8g8b8a8_sint: return {o::rgba, t::signed_int8};
  case image_format::r16g16b16a16_sint: return {o::rgba, t::signed_int16};
  case image_format::r32b32g32a32_sint: return {o::rgba, t::signed_int32};
  case image_format::r8g8b8a8_uint: return {o::rgba, t::unsigned_int8};
  case image_format::r16g16b16a16_uint: return {o::rgba, t::unsigned_int16};
  case image_format::r32b32g32a32_uint: return {o::rgba, t::unsigned_int32};
  case image_format::r16b16g16a16_sfloat: return {o::rgba, t::fp16};
  case image_format::r32g32b32a32_sfloat: return {o::rgba, t::fp32};
  case image_format::b8g8r8a8_unorm: return {o::bgra, t::unorm_int8};
  }
  return {o::rgba, t::fp32};
}

constexpr bool is_packed_channel_type(image_channel_type t) {
  return t == image_channel_type::unorm_short_565 || t == image_channel_type::unorm_short_555 ||
         t == image_channel_type::unorm_int_101010;
}

// Channels stored per texel, padding channels (the x of rx, rgx, rgbx)
// included. Packed channel types store all of them in one word.
constexpr unsigned channel_count(image_channel_order o) {
  using c = image_channel_order;
  switch (o) {
  case c::a: case c::r: case c::intensity: case c::luminance: return 1;
  case c::rx: case c::rg: case c::ra: return 2;
  case c::rgb: return 3;
  default: return 4;
  }
}

constexpr unsigned channel_type_bytes(image_channel_type t) {
  using c = image_channel_type;
  switch (t) {
  case c::snorm_int8: case c::unorm_int8: case c::signed_int8: case c::unsigned_int8: return 1;
  case c::snorm_int16: case c::unorm_int16: case c::signed_int16: case c::unsigned_int16:
  case c::fp16: case c::unorm_short_565: case c::unorm_short_555: return 2;
  default: return 4;
  }
}

// Bytes of one texel.
constexpr unsigned texel_bytes(image_channel_order o, image_channel_type t) {
  if (is_packed_channel_type(t)) return channel_type_bytes(t);
  return channel_count(o) * channel_type_bytes(t);
}

// The element type class a channel type reads as (SYCL 2020 §4.7.3.1,
// OpenCL read_imagef/i/ui): floats for normalized and floating types.
enum class texel_class : uint8_t { floating, signed_int, unsigned_int };
constexpr texel_class texel_class_of(image_channel_type t) {
  using c = image_channel_type;
  switch (t) {
  case c::signed_int8: case c::signed_int16: case c::signed_int32: return texel_class::signed_int;
  case c::unsigned_int8: case c::unsigned_int16: case c::unsigned_int32:
    return texel_class::unsigned_int;
  default: return texel_class::floating;
  }
}

// What a kernel's image accessor reads and writes through on a device with
// hardware images (CUDA): nothing (software access to `data`), a texture
// object (sampled_image_accessor: the image's sampler is known at launch)
// or a surface object (unsampled_image_accessor). The deprecated accessors
// take their sampler as a kernel-time argument, which a texture object
// cannot follow: they use software.
enum class image_binding : uint8_t { software, texture, surface };

// One image as a kernel or the runtime sees it. Trivially copyable and of
// the same layout in every compilation: image accessors embed it in the
// kernel object. `data` is the first member because the runtime patches it
// (it is the accessor slot of the image's storage); `texture` and `surface`
// are CUDA texture/surface object handles the CUDA backend fills in (0: the
// kernel reads and writes `data` in software).
struct image_desc {
  unsigned char *data = nullptr;
  uint64_t texture = 0;
  uint64_t surface = 0;
  uint64_t row_pitch = 0;   // bytes between rows (y)
  uint64_t slice_pitch = 0; // bytes between slices (z)
  int32_t extent[3] = {1, 1, 1}; // width, height, depth
  uint32_t dims = 1;
  image_channel_order order = image_channel_order::rgba;
  image_channel_type type = image_channel_type::fp32;
  image_sampler sampler{addressing_mode::none, coordinate_normalization_mode::unnormalized,
                        filtering_mode::nearest};

  uint32_t element_bytes() const { return texel_bytes(order, type); }
  uint64_t total_bytes() const {
    return dims == 1 ? uint64_t(extent[0]) * element_bytes()
                     : (dims == 2 ? row_pitch * uint64_t(extent[1])
                                  : slice_pitch * uint64_t(extent[2]));
  }
};

} // namespace detail
} // namespace _V1
} // namespace sycl
