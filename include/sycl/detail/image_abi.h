// Binary interface between the wrapper object that usycl++ links into every
// program and libusycl.so. The wrapper describes the device images it embeds
// with these plain C structs and hands them to the runtime from a static
// constructor. Keep it C (no templates, no STL) so the layout never depends on
// compiler flags; bump USYCL_IMAGE_ABI_VERSION on any change.
#ifndef USYCL_DETAIL_IMAGE_ABI_H
#define USYCL_DETAIL_IMAGE_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define USYCL_IMAGE_ABI_VERSION 1

// Property value types, as in the property-set text files.
enum usycl_property_type {
  USYCL_PROPERTY_UINT32 = 1,     // value held in `size`, `value` is null
  USYCL_PROPERTY_BYTE_ARRAY = 2, // `size` bytes at `value`
};

typedef struct usycl_property {
  const char *name;
  const void *value;
  uint32_t type;
  uint64_t size;
} usycl_property;

typedef struct usycl_property_set {
  const char *name;
  const usycl_property *begin;
  const usycl_property *end;
} usycl_property_set;

enum usycl_image_format {
  USYCL_IMAGE_PTX = 0,
  USYCL_IMAGE_CUBIN = 1,
  USYCL_IMAGE_LLVM_BC = 2,
  USYCL_IMAGE_SPIRV = 3,
  // No code (begin == end): only the kernel names and the property sets
  // ("SYCL/device requirements") of one sycl-post-link module for `target`.
  // usycl++ writes one for target "x86_64" per module (CPU kernels are host
  // code, but the runtime checks their requirements) and one for each module
  // that sycl-aspect-filter left out of a target's code generation; the
  // latter also carry the set "usycl/aspect filter" with excluded=1 (UINT32):
  // their kernels have no code for that target (docs/driver.md).
  USYCL_IMAGE_NONE = 4,
};

typedef struct usycl_device_image {
  uint32_t format;             // usycl_image_format
  const char *target;          // -fsycl-targets name, e.g. "nvidia_gpu_sm_90"
  const char *arch;            // backend architecture, e.g. "sm_90"
  const unsigned char *begin;  // image bytes
  const unsigned char *end;
  const char *const *kernels;  // _ZTS... names of the kernels in the image
  uint32_t num_kernels;
  const usycl_property_set *properties_begin;
  const usycl_property_set *properties_end;
} usycl_device_image;

typedef struct usycl_binary_desc {
  uint32_t version; // USYCL_IMAGE_ABI_VERSION
  uint32_t num_images;
  const usycl_device_image *images;
} usycl_binary_desc;

__attribute__((visibility("default"))) void
__usycl_register_images(const usycl_binary_desc *desc);
__attribute__((visibility("default"))) void
__usycl_unregister_images(const usycl_binary_desc *desc);

#ifdef __cplusplus
}
#endif
#endif
