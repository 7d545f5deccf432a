// The small interface every backend (CPU threads, CUDA driver API) implements.
// The runtime core (queues, scheduler, buffers, USM bookkeeping) only talks to
// devices through these classes, so a backend never sees SYCL objects and the
// core never sees a driver handle.
#pragma once

#include <sycl/detail/image_abi.h>
#include <sycl/detail/image_desc.hpp>
#include <sycl/detail/kernel_desc.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace usycl::rt {

enum class device_kind { cpu, gpu, accelerator };
enum class usm_kind { device, host, shared };

// Everything `device::get_info` and the requirement checks need, filled once
// at discovery.
struct device_info {
  std::string name;
  std::string vendor;
  std::string version;        // e.g. "8.0" (compute capability) or "1.0"
  std::string driver_version; // e.g. "12.8" or "usycl 0.1"
  std::string arch;           // "sm_90", "x86_64"
  std::string target;         // -fsycl-targets name, "nvidia_gpu_sm_90", "x86_64"
  device_kind kind = device_kind::cpu;
  uint32_t vendor_id = 0;
  uint32_t max_compute_units = 1;
  uint32_t max_clock_frequency_mhz = 0;
  size_t max_work_group_size = 1;
  std::array<size_t, 3> max_work_item_sizes{1, 1, 1}; // SYCL dimension order
  // Most work-groups per dimension of one launch (SYCL dimension order).
  std::array<size_t, 3> max_work_groups{2147483647, 2147483647, 2147483647};
  uint64_t global_mem_size = 0;
  // sycl_ext_intel_device_info (0 / "" where the device has no such thing).
  uint32_t memory_clock_rate_mhz = 0;
  uint32_t memory_bus_width_bits = 0;
  std::string pci_address; // "DDDD:BB:DD.F"
  uint64_t local_mem_size = 0;
  uint64_t max_mem_alloc_size = 0;
  uint32_t mem_base_addr_align_bits = 1024;
  std::vector<size_t> sub_group_sizes;
  // The sub-group size of launches whose kernel has no reqd_sub_group_size
  // (one of sub_group_sizes; 0: the largest of them). The CPU's depends on
  // the host's vector registers (backends/cpu/sub_group_width.hpp).
  uint32_t default_sub_group_size = 0;
  std::vector<int> aspects; // sycl::aspect values
};

// A point in a backend queue's stream of work. Complete once everything
// enqueued before it finished. Timestamps are nanoseconds on
// std::chrono::steady_clock so they compare across backends.
class backend_event {
public:
  virtual ~backend_event() = default;
  virtual bool is_complete() = 0;
  // Blocks; throws sycl::exception (with the backend's error name) when the
  // work before the event failed.
  virtual void wait() = 0;
  // Only for events recorded with timing = true; valid after completion.
  virtual uint64_t timestamp_ns() = 0;
};

class backend_device;

// An in-order stream of device work (a CUDA stream, a CPU worker queue).
// All calls return once the work is enqueued; errors that show up later are
// reported by backend_event::wait / synchronize.
class backend_queue {
public:
  virtual ~backend_queue() = default;
  virtual void launch(const sycl::detail::kernel_launch &launch) = 0;
  virtual void memcpy(void *dst, const void *src, size_t bytes) = 0;
  // A copy from device memory of `src_device` to device memory of
  // `dst_device`, two different devices of this queue's backend (one of them
  // normally this queue's): enqueued as a direct device-to-device copy where
  // the backend can do one (CUDA: peer access) and then returns true. False
  // when it cannot (the default); nothing was enqueued and the caller copies
  // another way (memcpy, which may go through the host).
  virtual bool copy_between_devices(void *dst, backend_device &dst_device,
                                    const void *src, backend_device &src_device,
                                    size_t bytes) {
    (void)dst, (void)dst_device, (void)src, (void)src_device, (void)bytes;
    return false;
  }
  // Repeats the pattern `count` times from dst.
  virtual void fill(void *dst, const void *pattern, size_t pattern_size,
                    size_t count) = 0;
  virtual void prefetch(const void *ptr, size_t bytes) = 0;
  // After a reduction kernel: its result from the device-memory staging slot
  // `src` into the user's USM memory `dst`, which lies in the allocation
  // [alloc_base, alloc_base + alloc_bytes) of kind `kind`. A backend may also
  // choose where a small shared allocation lives (the host reads results).
  virtual void copy_reduction_result(void *dst, const void *src, size_t bytes, usm_kind kind,
                                     const void *alloc_base, size_t alloc_bytes) {
    (void)kind, (void)alloc_base, (void)alloc_bytes;
    memcpy(dst, src, bytes);
  }
  // Runs fn on a host thread when the work enqueued before it has finished;
  // later work waits for fn. Used for host tasks and buffer bookkeeping.
  virtual void host_callback(void (*fn)(void *), void *arg) = 0;
  virtual std::shared_ptr<backend_event> record(bool timing) = 0;
  // Later work on this queue waits for `event` (which may belong to another
  // queue of the same backend).
  virtual bool wait_for(backend_event &event) = 0;
  virtual void synchronize() = 0;
  // Whether all work put on this queue so far has finished, asked without a
  // round trip to the device (false when unsure or on an error, which the
  // event path then reports). A wait for a command whose queue has drained
  // -- a copy to pageable host memory often returns only once it is done --
  // then needs no event recorded and waited for.
  virtual bool idle() { return false; }
  // Device memory (staging_bytes) that only work on this queue uses, in
  // queue order: the temporaries of a command's staged reduction results
  // (scheduler.cpp). Null where kernels write results in place (the CPU) or
  // it cannot be had. A command holds staging_mutex() from its first use of
  // it to its last, so that two commands enqueued at once from two threads
  // never interleave their uses.
  static constexpr size_t staging_bytes = 256;
  virtual void *staging_memory() { return nullptr; }
  std::mutex &staging_mutex() { return staging_mutex_; }

private:
  std::mutex staging_mutex_;

public:
  // Throws sycl::exception when the device can take no more work (a CUDA
  // context lost to an illegal address). The scheduler asks before it
  // touches buffers, so a refused command leaves their data where it was.
  virtual void check_usable() const {}

  // Hardware image objects for one image accessor of the next launch
  // (sycl/detail/image_desc.hpp): `desc.data` is the image's storage on
  // this queue's device. Returns the handles to put into the kernel's
  // image_desc; none (the default, the CPU) means the kernel reads and
  // writes `data` in software. Work the handles need before the kernel
  // (filling a CUDA array from `data`) is enqueued here.
  struct image_handles {
    uint64_t texture = 0;
    uint64_t surface = 0;
  };
  virtual image_handles bind_image(const sycl::detail::image_desc &desc,
                                   sycl::detail::image_binding binding) {
    (void)desc, (void)binding;
    return {};
  }
  // After the launch: make `desc.data` hold what the kernel wrote through
  // the handles bind_image gave (enqueued behind the kernel).
  virtual void unbind_image(const sycl::detail::image_desc &desc,
                            sycl::detail::image_binding binding, bool writes) {
    (void)desc, (void)binding, (void)writes;
  }
};

class backend_device {
public:
  virtual ~backend_device() = default;
  virtual const device_info &info() const = 0;
  // nullptr when the device cannot provide the memory (never throws for OOM).
  virtual void *malloc(usm_kind kind, size_t bytes, size_t alignment) = 0;
  virtual void free(void *ptr, usm_kind kind) = 0;
  virtual std::unique_ptr<backend_queue> create_queue(bool in_order,
                                                      bool profiling) = 0;
  // Whether a kernel with this name can be launched (an image holds it, or
  // for the CPU, it is always host code).
  virtual bool has_kernel(const char *name) = 0;
  // Whether this device would run code from `image` (its format and target
  // fit): the CPU takes x86_64 images (including the code-less
  // requirements-only ones), CUDA images of its architecture or an older
  // one. Only descriptions are read, never the image bytes. The
  // optional-feature checks read the requirements of these images.
  virtual bool can_use_image(const usycl_device_image &image) const = 0;
  // Synchronous copy between any host and device pointers of this device.
  virtual void memcpy_sync(void *dst, const void *src, size_t bytes) = 0;
  // The most work-items per work-group the compiled kernel `name` can run
  // with on this device (its registers and shared memory may allow fewer
  // than the device's limit); 0 when the backend has no per-kernel limit
  // (the CPU: the device's limit applies). May load the kernel's code.
  virtual size_t kernel_max_work_group_size(const char *name) {
    (void)name;
    return 0;
  }
  // Bytes of device memory free now (sycl_ext_intel_device_info's
  // free_memory).
  virtual uint64_t free_memory() const = 0;
  // This device's copy of the device_global whose host object is
  // `host_object` (runtime/device_globals.hpp). The CPU device's copy is the
  // host object.
  virtual void *device_global_storage(const void *host_object) {
    return const_cast<void *>(host_object);
  }
};

class backend {
public:
  virtual ~backend() = default;
  // The ONEAPI_DEVICE_SELECTOR / sycl-ls name: "native_cpu", "cuda".
  virtual const char *name() const = 0;
  virtual std::string platform_name() const = 0;
  virtual std::string platform_vendor() const = 0;
  virtual std::string platform_version() const = 0;
  virtual const std::vector<std::shared_ptr<backend_device>> &devices() = 0;
  // Why devices() is empty ("libcuda.so.1 not found", ...), "" otherwise.
  virtual std::string unavailable_reason() const = 0;
  // A setting of this backend's environment variables that cannot be
  // honoured ("" when none): reported like a malformed
  // ONEAPI_DEVICE_SELECTOR, never ignored (a test that relies on it must not
  // run without it).
  virtual std::string configuration_error() const { return {}; }
};

std::unique_ptr<backend> make_cpu_backend();
std::unique_ptr<backend> make_cuda_backend();

} // namespace usycl::rt
