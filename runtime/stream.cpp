// sycl::stream's host side (include/sycl/stream.hpp): the device-visible
// buffer each stream writes into, and printing it when its kernel is done.
//
// The buffer is shared USM of the command group's device (written by the
// kernel, read here). It is printed by work queued after the kernel
// (command_group::after_kernel), which on CUDA runs in a stream callback where
// no CUDA call is allowed; so buffers are never freed there but go back to a
// per-device pool, and later streams reuse them.
#include "platform_impl.hpp"
#include "queue_impl.hpp"

#include <sycl/handler.hpp>
#include <sycl/stream.hpp>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace {

using usycl::rt::backend_device;
using usycl::rt::usm_kind;

class stream_buffer_pool {
public:
  // A buffer of at least `bytes` (a power of two, so sizes are few).
  char *take(backend_device &dev, size_t bytes) {
    {
      std::lock_guard lock(mutex_);
      auto &list = free_[{&dev, bytes}];
      if (!list.empty()) {
        char *p = list.back();
        list.pop_back();
        return p;
      }
    }
    return static_cast<char *>(dev.malloc(usm_kind::shared, bytes, 64));
  }
  void give_back(backend_device &dev, size_t bytes, char *p) {
    std::lock_guard lock(mutex_);
    free_[{&dev, bytes}].push_back(p);
  }

private:
  std::mutex mutex_;
  std::map<std::pair<backend_device *, size_t>, std::vector<char *>> free_;
};

// Never destroyed: buffers may still be in use by kernels at exit, and CUDA
// may be gone by then. Reachable, so leak checkers do not report it.
stream_buffer_pool &pool() {
  static stream_buffer_pool *p = new stream_buffer_pool;
  return *p;
}

size_t pool_size_for(size_t bytes) {
  size_t s = 4096;
  while (s < bytes) s *= 2;
  return s;
}

// Owns one stream's buffer for the command group; prints it when run.
struct stream_lease {
  backend_device *dev;
  char *memory;
  size_t pool_bytes;
  size_t output_bytes;

  stream_lease(backend_device *d, char *m, size_t pool, size_t output)
      : dev(d), memory(m), pool_bytes(pool), output_bytes(output) {}
  stream_lease(const stream_lease &) = delete;
  stream_lease &operator=(const stream_lease &) = delete;
  ~stream_lease() { pool().give_back(*dev, pool_bytes, memory); }

  void print() const {
    auto *header = reinterpret_cast<stream_buffer_header *>(memory);
    unsigned long long used = __atomic_load_n(&header->used, __ATOMIC_ACQUIRE);
    size_t n = used < output_bytes ? size_t(used) : output_bytes;
    if (n) {
      std::fwrite(memory + sizeof(stream_buffer_header), 1, n, stdout);
      std::fflush(stdout);
    }
    header->used = 0;
  }
};

std::atomic<uint64_t> next_serial{1};

} // namespace

char *stream_open(handler &h, size_t buffer_size, uint64_t &serial) {
  serial = next_serial.fetch_add(1, std::memory_order_relaxed);
  const std::shared_ptr<queue_impl> &q = h.queue_impl();
  if (!q)
    throw exception(make_error_code(errc::invalid),
                    "sycl::stream: the handler belongs to no queue");
  backend_device &dev = q->device().backend_device();
  size_t bytes = sizeof(stream_buffer_header) + buffer_size;
  if (bytes < buffer_size || buffer_size > dev.info().max_mem_alloc_size)
    throw exception(make_error_code(errc::memory_allocation),
                    "sycl::stream: a buffer of " + std::to_string(buffer_size) +
                        " bytes is larger than the device can allocate; ask for less");
  size_t pool_bytes = pool_size_for(bytes);
  char *memory = pool().take(dev, pool_bytes);
  if (!memory)
    throw exception(make_error_code(errc::memory_allocation),
                    "sycl::stream: cannot allocate its " + std::to_string(buffer_size) +
                        "-byte buffer in shared memory of " + dev.info().name);
  auto lease = std::make_shared<stream_lease>(&dev, memory, pool_bytes, buffer_size);
  std::memset(memory, 0, sizeof(stream_buffer_header));
  h.command().after_kernel.push_back([lease] { lease->print(); });
  return memory;
}

} // namespace detail
} // namespace _V1
} // namespace sycl
