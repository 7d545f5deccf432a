// SYCL images on CUDA: a CUDA array with a texture object (sampled_image
// accessors: the hardware converts, filters and addresses with the image's
// sampler) or a surface object (unsampled_image accessors: raw texel bits,
// converted in the kernel by the same code as on the CPU).
//
// The image's storage stays the buffer_impl's linear device memory (the
// source of truth for host copies and dependency tracking); the array is a
// per-device mirror. Before a kernel the stream copies the linear memory
// into the array, after a kernel that wrote through a surface it copies the
// array back: both on the kernel's stream, so ordering is the stream's.
// Arrays and objects are cached by the storage address and the image's
// description, and destroyed when that device memory is freed (the buffer's
// work has finished by then).
//
// Formats CUDA cannot express (packed 565/555/101010, 3-channel rgb, a slice
// pitch that is not a whole number of rows) get no object: kernels access
// the linear memory in software then (docs/images.md).
#pragma once

#include "cuda_api.hpp"
#include "cuda_context.hpp"

#include <sycl/detail/image_desc.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>

namespace usycl::rt::cuda {

// The CUDA array format for an image: element format, channels, texture
// flags. nullopt when the image must stay in software.
struct cuda_image_format {
  int format = CU_AD_FORMAT_UNSIGNED_INT8;
  unsigned channels = 1;
  unsigned texture_flags = 0; // CU_TRSF_*
};
std::optional<cuda_image_format> cuda_format_of(const sycl::detail::image_desc &desc,
                                                sycl::detail::image_binding binding);
// The texture descriptor for a sampled image's sampler (pure, unit-testable).
CUDA_TEXTURE_DESC texture_desc_of(const sycl::detail::image_desc &desc,
                                  const cuda_image_format &format);

class image_objects {
public:
  struct entry {
    CUarray array = nullptr;
    CUtexObject texture = 0;
    CUsurfObject surface = 0;
  };

  explicit image_objects(std::shared_ptr<context> ctx) : ctx_(std::move(ctx)) {}
  ~image_objects();
  image_objects(const image_objects &) = delete;
  image_objects &operator=(const image_objects &) = delete;

  // The array and object for `desc` (its `data`: the storage on this
  // device), created on first use; nullptr when the format stays in
  // software. Throws sycl::exception when the driver refuses.
  const entry *get(const sycl::detail::image_desc &desc, sycl::detail::image_binding binding);
  // The device memory at `data` is being freed: destroy what mirrors it.
  void forget(const void *data);

  // Enqueues the copy between the storage and the array on `stream`.
  void copy(const sycl::detail::image_desc &desc, const entry &e, bool to_array, CUstream stream);

private:
  // Everything that decides the array's shape and the object's behaviour.
  using key = std::tuple<const void *, uint8_t, unsigned, unsigned, int32_t, int32_t, int32_t,
                         uint64_t, uint64_t, unsigned, unsigned, unsigned>;
  static key key_of(const sycl::detail::image_desc &desc, sycl::detail::image_binding binding);
  void destroy(entry &e);

  std::shared_ptr<context> ctx_;
  std::mutex mutex_;
  std::map<key, std::unique_ptr<entry>> entries_;
};

} // namespace usycl::rt::cuda
