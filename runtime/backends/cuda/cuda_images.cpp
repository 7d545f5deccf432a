#include "cuda_images.hpp"

#include <cstring>
#include <string>

namespace usycl::rt::cuda {

using sycl::detail::image_binding;
using sycl::detail::image_desc;
using channel_type = sycl::image_channel_type;

namespace {
CUdeviceptr dptr(const void *p) { return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p)); }
} // namespace

std::optional<cuda_image_format> cuda_format_of(const image_desc &desc, image_binding binding) {
  // cuMemcpy3D describes the storage by row pitch and rows per slice.
  if (desc.dims == 3 && desc.slice_pitch % desc.row_pitch != 0) return std::nullopt;
  cuda_image_format f;
  if (binding == image_binding::surface) {
    // Raw texel bits: one word of the element's size (suld.b/sust.b).
    switch (desc.element_bytes()) {
    case 1: f.format = CU_AD_FORMAT_UNSIGNED_INT8; break;
    case 2: f.format = CU_AD_FORMAT_UNSIGNED_INT16; break;
    case 4: f.format = CU_AD_FORMAT_UNSIGNED_INT32; break;
    case 8: f.format = CU_AD_FORMAT_UNSIGNED_INT32, f.channels = 2; break;
    case 16: f.format = CU_AD_FORMAT_UNSIGNED_INT32, f.channels = 4; break;
    default: return std::nullopt;
    }
    return f;
  }
  if (binding != image_binding::texture || sycl::detail::is_packed_channel_type(desc.type))
    return std::nullopt;
  f.channels = sycl::detail::channel_count(desc.order);
  if (f.channels == 3) return std::nullopt; // CUDA arrays have 1, 2 or 4 channels
  switch (desc.type) {
  case channel_type::unorm_int8: case channel_type::unsigned_int8: f.format = CU_AD_FORMAT_UNSIGNED_INT8; break;
  case channel_type::unorm_int16: case channel_type::unsigned_int16: f.format = CU_AD_FORMAT_UNSIGNED_INT16; break;
  case channel_type::unsigned_int32: f.format = CU_AD_FORMAT_UNSIGNED_INT32; break;
  case channel_type::snorm_int8: case channel_type::signed_int8: f.format = CU_AD_FORMAT_SIGNED_INT8; break;
  case channel_type::snorm_int16: case channel_type::signed_int16: f.format = CU_AD_FORMAT_SIGNED_INT16; break;
  case channel_type::signed_int32: f.format = CU_AD_FORMAT_SIGNED_INT32; break;
  case channel_type::fp16: f.format = CU_AD_FORMAT_HALF; break;
  case channel_type::fp32: f.format = CU_AD_FORMAT_FLOAT; break;
  default: return std::nullopt;
  }
  if (sycl::detail::texel_class_of(desc.type) != sycl::detail::texel_class::floating)
    f.texture_flags |= CU_TRSF_READ_AS_INTEGER;
  if (desc.order == sycl::image_channel_order::ext_oneapi_srgba) {
    if (desc.type != channel_type::unorm_int8) return std::nullopt;
    f.texture_flags |= CU_TRSF_SRGB;
  }
  if (desc.sampler.coordinate == sycl::coordinate_normalization_mode::normalized)
    f.texture_flags |= CU_TRSF_NORMALIZED_COORDINATES;
  return f;
}

CUDA_TEXTURE_DESC texture_desc_of(const image_desc &desc, const cuda_image_format &format) {
  CUDA_TEXTURE_DESC t;
  std::memset(&t, 0, sizeof t); // border colour (0,0,0,0): OpenCL's for clamp
  const bool normalized = format.texture_flags & CU_TRSF_NORMALIZED_COORDINATES;
  int mode = CU_TR_ADDRESS_MODE_CLAMP;
  switch (desc.sampler.addressing) {
  case sycl::addressing_mode::clamp: mode = CU_TR_ADDRESS_MODE_BORDER; break;
  // CUDA wraps and mirrors normalized coordinates only; unnormalized ones
  // clamp to the edge, as the software sampler does.
  case sycl::addressing_mode::repeat: mode = normalized ? CU_TR_ADDRESS_MODE_WRAP : mode; break;
  case sycl::addressing_mode::mirrored_repeat:
    mode = normalized ? CU_TR_ADDRESS_MODE_MIRROR : mode;
    break;
  default: break; // clamp_to_edge, none
  }
  for (int &m : t.addressMode) m = mode;
  // Linear filtering is defined for floating-point reads only.
  t.filterMode = desc.sampler.filtering == sycl::filtering_mode::linear &&
                         !(format.texture_flags & CU_TRSF_READ_AS_INTEGER)
                     ? CU_TR_FILTER_MODE_LINEAR
                     : CU_TR_FILTER_MODE_POINT;
  t.flags = format.texture_flags;
  return t;
}

image_objects::key image_objects::key_of(const image_desc &d, image_binding binding) {
  return {d.data,
          static_cast<uint8_t>(binding),
          static_cast<unsigned>(d.order),
          static_cast<unsigned>(d.type),
          d.extent[0],
          d.extent[1],
          d.extent[2],
          d.row_pitch,
          d.slice_pitch,
          static_cast<unsigned>(d.sampler.addressing),
          static_cast<unsigned>(d.sampler.coordinate),
          static_cast<unsigned>(d.sampler.filtering)};
}

image_objects::~image_objects() {
  if (driver::exiting()) return; // the driver may be gone: leak
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  for (auto &[k, e] : entries_) destroy(*e);
}

void image_objects::destroy(entry &e) {
  const driver_api &a = ctx_->api();
  if (e.texture) a.tex_object_destroy(e.texture);
  if (e.surface) a.surf_object_destroy(e.surface);
  if (e.array) a.array_destroy(e.array);
  e = entry{};
}

const image_objects::entry *image_objects::get(const image_desc &desc, image_binding binding) {
  const std::optional<cuda_image_format> format = cuda_format_of(desc, binding);
  if (!format) return nullptr;
  std::lock_guard lock(mutex_);
  std::unique_ptr<entry> &slot = entries_[key_of(desc, binding)];
  if (slot) return slot.get();

  const driver_api &a = ctx_->api();
  ctx_->make_current();
  auto e = std::make_unique<entry>();
  CUDA_ARRAY3D_DESCRIPTOR ad{};
  ad.Width = static_cast<size_t>(desc.extent[0]);
  ad.Height = desc.dims > 1 ? static_cast<size_t>(desc.extent[1]) : 0;
  ad.Depth = desc.dims > 2 ? static_cast<size_t>(desc.extent[2]) : 0;
  ad.Format = format->format;
  ad.NumChannels = format->channels;
  ad.Flags = binding == image_binding::surface ? CUDA_ARRAY3D_SURFACE_LDST : 0;
  const std::string shape = std::to_string(desc.dims) + "-D image of " +
                            std::to_string(desc.extent[0]) + "x" + std::to_string(desc.extent[1]) +
                            "x" + std::to_string(desc.extent[2]) + " texels";
  CUresult r = a.array_3d_create(&e->array, &ad);
  if (r != CUDA_SUCCESS) {
    entries_.erase(key_of(desc, binding));
    throw_error(r == CUDA_ERROR_OUT_OF_MEMORY ? sycl::errc::memory_allocation : sycl::errc::runtime,
                r, "CUDA backend: cannot create the CUDA array of a " + shape);
  }
  CUDA_RESOURCE_DESC res;
  std::memset(&res, 0, sizeof res);
  res.resType = CU_RESOURCE_TYPE_ARRAY;
  res.res.array.hArray = e->array;
  if (binding == image_binding::texture) {
    const CUDA_TEXTURE_DESC td = texture_desc_of(desc, *format);
    r = a.tex_object_create(&e->texture, &res, &td, nullptr);
  } else {
    r = a.surf_object_create(&e->surface, &res);
  }
  if (r != CUDA_SUCCESS) {
    destroy(*e);
    entries_.erase(key_of(desc, binding));
    throw_error(sycl::errc::runtime, r,
                std::string("CUDA backend: cannot create the ") +
                    (binding == image_binding::texture ? "texture" : "surface") +
                    " object of a " + shape);
  }
  slot = std::move(e);
  return slot.get();
}

void image_objects::forget(const void *data) {
  std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (std::get<0>(it->first) == data) {
      destroy(*it->second);
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

void image_objects::copy(const image_desc &desc, const entry &e, bool to_array, CUstream stream) {
  CUDA_MEMCPY3D c;
  std::memset(&c, 0, sizeof c);
  c.WidthInBytes = static_cast<size_t>(desc.extent[0]) * desc.element_bytes();
  c.Height = desc.dims > 1 ? static_cast<size_t>(desc.extent[1]) : 1;
  c.Depth = desc.dims > 2 ? static_cast<size_t>(desc.extent[2]) : 1;
  const size_t pitch = desc.dims > 1 ? desc.row_pitch : c.WidthInBytes;
  const size_t rows_per_slice = desc.dims > 2 ? desc.slice_pitch / desc.row_pitch : c.Height;
  if (to_array) {
    c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    c.srcDevice = dptr(desc.data);
    c.srcPitch = pitch;
    c.srcHeight = rows_per_slice;
    c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    c.dstArray = e.array;
  } else {
    c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    c.srcArray = e.array;
    c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    c.dstDevice = dptr(desc.data);
    c.dstPitch = pitch;
    c.dstHeight = rows_per_slice;
  }
  check(ctx_->api().memcpy_3d_async(&c, stream), sycl::errc::runtime,
        std::string("CUDA backend: cannot copy an image ") +
            (to_array ? "into its CUDA array" : "out of its CUDA array"));
}

} // namespace usycl::rt::cuda
