// sycl::kernel (SYCL 2020 §4.11.13): one kernel of an executable
// kernel_bundle. A kernel object names a kernel of the application (its
// _ZTS... symbol) inside the bundle it came from; launching it through a
// handler runs exactly the code a lambda submission of the same kernel runs.
// Its descriptors (§A.5) are answered by the runtime from the kernel's device
// image and the device: required work-group and sub-group sizes come from
// the image's "SYCL/device requirements", limits from the device/backend.
#pragma once

#include <sycl/backend_types.hpp>
#include <sycl/context.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/device.hpp>
#include <sycl/info.hpp>
#include <sycl/range.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace sycl {
inline namespace _V1 {

enum class bundle_state : char { input = 0, object = 1, executable = 2, ext_oneapi_source = 3 };
template <bundle_state State> class kernel_bundle;
class kernel_id;

namespace info {
namespace kernel {
struct USYCL_EXPORT num_args {
  using return_type = uint32_t;
};
struct USYCL_EXPORT attributes {
  using return_type = std::string;
};
} // namespace kernel
namespace kernel_device_specific {
// work_group_size is declared in <sycl/info.hpp>.
struct USYCL_EXPORT global_work_size {
  using return_type = range<3>;
};
struct USYCL_EXPORT compile_work_group_size {
  using return_type = range<3>;
};
struct USYCL_EXPORT preferred_work_group_size_multiple {
  using return_type = size_t;
};
struct USYCL_EXPORT private_mem_size {
  using return_type = size_t;
};
struct USYCL_EXPORT max_num_sub_groups {
  using return_type = uint32_t;
};
struct USYCL_EXPORT compile_num_sub_groups {
  using return_type = uint32_t;
};
struct USYCL_EXPORT max_sub_group_size {
  using return_type = uint32_t;
};
struct USYCL_EXPORT compile_sub_group_size {
  using return_type = uint32_t;
};
} // namespace kernel_device_specific
} // namespace info

namespace detail {
class kernel_impl;
class kernel_bundle_impl;
} // namespace detail

class USYCL_EXPORT kernel {
public:
  kernel() = delete;
  kernel(const kernel &) = default;
  kernel(kernel &&) = default;
  kernel &operator=(const kernel &) = default;
  kernel &operator=(kernel &&) = default;
  ~kernel() = default;

  backend get_backend() const noexcept;
  context get_context() const;
  // Defined in <sycl/kernel_bundle.hpp> (which this header includes).
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;

  // info::kernel descriptors.
  template <typename Param> typename Param::return_type get_info() const;
  // info::kernel_device_specific descriptors; errc::invalid when `dev` is not
  // a device of the kernel's bundle.
  template <typename Param> typename Param::return_type get_info(const device &dev) const;

  friend bool operator==(const kernel &a, const kernel &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const kernel &a, const kernel &b) { return !(a == b); }

  explicit kernel(std::shared_ptr<detail::kernel_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::kernel_impl> &impl() const { return impl_; }
  // The kernel's device entry point symbol (_ZTS...), interned.
  const char *symbol() const noexcept;
  std::shared_ptr<detail::kernel_bundle_impl> bundle_impl() const;

private:
  std::shared_ptr<detail::kernel_impl> impl_;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::kernel> {
  size_t operator()(const sycl::kernel &k) const {
    return std::hash<const void *>()(k.impl().get());
  }
};

#include <sycl/kernel_bundle.hpp>
