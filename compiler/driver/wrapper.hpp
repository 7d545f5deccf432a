//===- wrapper.hpp - The object that hands images to the runtime -*- C++ -*-===//
//
// The device images end up in the program through a small generated C++ file:
//
//   * each image's bytes are pulled in by a top-level asm block with
//     `.incbin "<path>"` (so a megabyte-sized cubin compiles as fast as a
//     tiny one), between two local labels;
//   * the kernel names, property sets and image descriptors are static C
//     structs of sycl/detail/image_abi.h;
//   * a constructor calls __usycl_register_images(&desc) and a destructor
//     __usycl_unregister_images(&desc).
//
// PTX images are followed by a NUL byte that [begin, end) does not count, so
// the runtime can hand `begin` to cuModuleLoadData as a C string.
// NONE images (requirements only) have begin == end.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "device_link.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace usycl::driver {

// The section listing the device symbols the images export (device code
// dynamic linking): "<target>\t<symbol>\n" per export, not loaded at run time.
inline constexpr llvm::StringLiteral ExportsSectionName = ".usycl.exports";

// The wrapper's C++ source for `Images`.
std::string generateWrapperSource(llvm::ArrayRef<DeviceImage> Images);

} // namespace usycl::driver
