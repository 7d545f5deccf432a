// Runtime entry points behind sycl::buffer and host accessors.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

namespace sycl {
inline namespace _V1 {
namespace detail {

class buffer_impl;

// user_ptr: storage the buffer uses and writes back to (T* constructors).
// init_data: copied in, never written back (const T*, iterators).
USYCL_EXPORT std::shared_ptr<buffer_impl> make_buffer(size_t bytes, void *user_ptr,
                                                      const void *init_data,
                                                      uint32_t property_bits);
// Token held by every user-visible copy of a buffer; when the last one goes,
// the runtime waits for the buffer's work and writes the data back.
USYCL_EXPORT std::shared_ptr<void> make_buffer_owner(const std::shared_ptr<buffer_impl> &b);
USYCL_EXPORT void buffer_set_final_data(buffer_impl &b, void *ptr);
// Write-back through a function of the final host contents (shared_ptr,
// weak_ptr and output-iterator destinations of set_final_data).
USYCL_EXPORT void buffer_set_final_data_writer(buffer_impl &b,
                                               std::function<void(const void *data)> writer);
// use_mutex: the runtime holds the mutex while it reads or writes the
// user's host memory (copy-in and write-back).
USYCL_EXPORT void buffer_set_mutex(buffer_impl &b, std::mutex *mutex);
USYCL_EXPORT void buffer_set_write_back(buffer_impl &b, bool write_back);
USYCL_EXPORT size_t buffer_byte_size(const buffer_impl &b);

// Host access: waits for the device work that conflicts with `mode`, brings
// the data to the host and blocks later device work until the token dies.
struct host_access {
  void *ptr;
  std::shared_ptr<void> release;
};
USYCL_EXPORT host_access buffer_host_access(const std::shared_ptr<buffer_impl> &b,
                                            access_mode mode, bool no_init);

} // namespace detail
} // namespace _V1
} // namespace sycl
