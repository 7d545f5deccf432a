#pragma once

#include <sycl/backend_types.hpp>
#include <sycl/detail/defines.hpp>

namespace sycl {
inline namespace _V1 {

// Passed to host tasks that ask for it. usycl exposes the backend only.
class interop_handle {
public:
  backend get_backend() const noexcept { return backend_; }
  explicit interop_handle(backend b) : backend_(b) {}

private:
  backend backend_;
};

} // namespace _V1
} // namespace sycl
