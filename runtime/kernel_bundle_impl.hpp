// What a kernel_bundle, a device_image and a kernel are inside libusycl.so
// (SYCL 2020 §4.11; include/sycl/kernel_bundle.hpp says what they mean).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/image_abi.h>
#include <sycl/kernel_bundle.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string_view>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class device_impl;

// One device image of a bundle: a registered image of the program (or, for
// a device whose backend runs kernels as host code without an image of its
// own -- the CPU --, that host code), the bundle's kernels it holds and the
// bundle's devices that use it.
class device_image_impl {
public:
  const usycl_device_image *image = nullptr; // null: host code
  bundle_state state = bundle_state::executable;
  std::vector<const char *> kernels;         // interned
  std::vector<device> devices;
};

class kernel_bundle_impl {
public:
  context ctx;
  std::vector<device> devices;
  bundle_state state = bundle_state::executable;
  std::vector<const char *> kernels; // interned, in the program's order
  std::vector<std::shared_ptr<device_image_impl>> images;

  // Values set with set_specialization_constant (key -> bytes).
  std::map<uint64_t, std::vector<unsigned char>> spec_values;

  // get_kernel hands out one kernel object per kernel id while any copy of
  // it lives. Weak: a kernel object owns its bundle, so a strong reference
  // here would be a cycle that keeps both alive forever.
  std::mutex kernels_mutex;
  std::map<const char *, std::weak_ptr<kernel_impl>> kernel_objects;

  bool has_kernel(const char *interned) const;
  bool has_device(const device &dev) const;
  // Whether `dev` can run `kernel` from one of the bundle's images.
  bool can_run(const char *interned, const device &dev) const;
};

class kernel_impl {
public:
  std::shared_ptr<kernel_bundle_impl> bundle;
  const char *symbol; // interned
};

// Interned kernel name (the pointer kernel_id and kernel_impl hold).
const char *intern_kernel_name(std::string_view name);

// The specialization constants the code of a bundle's image reads (the
// "SYCL/specialization constants" property set sycl-post-link writes): of
// its own image, or for host code, of the images describing its kernels.
std::set<uint64_t> spec_constants_read(const device_image_impl &image);

// Before a kernel command is enqueued: checks the command's kernel bundle
// against the kernel and the device (errc::kernel_not_supported), and when
// the kernel takes a kernel_handler, writes the address of its
// specialization constant block into the kernel object.
void prepare_kernel_launch(command_group &cg, const std::shared_ptr<device_impl> &device);

} // namespace detail
} // namespace _V1
} // namespace sycl
