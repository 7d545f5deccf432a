// Which kernels a device can run, from the device images' "SYCL/device
// requirements" (seed 002, "Changes to the DPC++ runtime").
//
// At submission the scheduler asks for the kernel's verdict on the queue's
// device. The verdict is computed once per (kernel name pointer, device) and
// cached in a lock-free table (names are string literals of the program, so
// one kernel is always the same pointer): after the first submission a check
// is one atomic load of the registry generation, one hash probe and a
// compare. Loading or unloading a library with images bumps the generation
// and old verdicts are recomputed on their next use.
//
// Computing a verdict reads image *descriptions* only (never their bytes):
//  1. The kernel's own images for the device: those holding it that the
//     backend would use (backend_device::can_use_image: the CPU's x86_64
//     images, usually code-less requirements-only ones; CUDA images of the
//     device's architecture or older). If any of them has requirements, the
//     kernel is supported when one of those images passes check_requirements;
//     otherwise the first image's failure is the verdict.
//  2. No own image (the aspect filter dropped the kernel for this target, or
//     the program was not built for it): the requirements of the kernel's
//     images for other targets (x86_64 requirements-only images first) decide
//     the same way, so a GPU without fp16 gets "Kernel uses optional feature
//     corresponding to 'aspect::fp16' ..." instead of "kernel not found".
//     When they pass (or there are none), a missing image is left to the
//     backend (errc::kernel) and the CPU runs its host code.
//  3. No requirement data anywhere (a program built without them): no check.
// Only the images holding the kernel matter: other kernels of the same
// source that use unsupported features never make this one fail
// (speculative compilation).
#pragma once

#include "requirements.hpp"

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/exception.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class device_impl;

struct kernel_verdict {
  uint64_t generation = 0;  // image registry generation it was computed at
  bool supported = true;
  errc code = errc::success;
  std::string message;      // complete exception text when !supported
  // Required work-group sizes of the image that will run (empty: none); an
  // nd_range launch's local range must equal one of them.
  std::vector<std::vector<uint32_t>> work_group_sizes;
  // Required sub-group sizes of that image (reqd_sub_group_size; empty: none).
  std::vector<uint32_t> sub_group_sizes;
  // The sub-group size its launches run with: the required one, else the
  // device's default (kernel_launch::sub_group_size; the kernel queries
  // max_sub_group_size and max_num_sub_groups report it).
  uint32_t launch_sub_group_size = 0;
};

// Computes a verdict without the cache (also for kernel_bundle queries).
kernel_verdict compute_kernel_verdict(std::string_view kernel, const device_impl &device,
                                      uint64_t generation);

// Insert-or-update map from kernel name pointer to verdict with lock-free
// lookups; verdicts live as long as the cache (one per device).
class kernel_verdict_cache {
public:
  kernel_verdict_cache();
  ~kernel_verdict_cache();
  kernel_verdict_cache(const kernel_verdict_cache &) = delete;
  kernel_verdict_cache &operator=(const kernel_verdict_cache &) = delete;

  const kernel_verdict &get(const char *kernel, const device_impl &device, uint64_t generation) {
    const table *t = current_.load(std::memory_order_acquire);
    size_t i = hash(kernel) & t->mask;
    for (;;) {
      const char *k = t->slots[i].key.load(std::memory_order_acquire);
      if (k == kernel) {
        const kernel_verdict *v = t->slots[i].value.load(std::memory_order_acquire);
        if (v->generation == generation) [[likely]]
          return *v;
        break;
      }
      if (!k) break;
      i = (i + 1) & t->mask;
    }
    return get_slow(kernel, device, generation);
  }

private:
  struct slot {
    std::atomic<const char *> key{nullptr};
    std::atomic<const kernel_verdict *> value{nullptr};
  };
  struct table {
    size_t mask;
    size_t used = 0;
    std::unique_ptr<slot[]> slots;
    explicit table(size_t capacity) : mask(capacity - 1), slots(new slot[capacity]) {}
  };
  static size_t hash(const char *p) {
    auto v = reinterpret_cast<uintptr_t>(p);
    return static_cast<size_t>((v >> 3) * 0x9E3779B97F4A7C15ull >> 20);
  }
  const kernel_verdict &get_slow(const char *kernel, const device_impl &device,
                                 uint64_t generation);
  void put(const char *key, const kernel_verdict *value); // holds mutex_

  std::atomic<table *> current_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<table>> tables_;            // all, current last
  std::vector<std::unique_ptr<kernel_verdict>> verdicts_; // never freed early
};

// The submit-path check: throws errc::kernel_not_supported (or errc::runtime
// for a malformed property set) when the device cannot run the kernel, and
// errc::nd_range when an nd_range's local range differs from the kernel's
// required work-group size. Otherwise sets launch.sub_group_size.
void check_kernel_requirements(kernel_launch &launch, device_impl &device);

// Whether `kernel` can run on `device`: its requirements pass and the
// backend has code for it (kernel_bundle, is_compatible).
bool kernel_is_compatible(const char *kernel, device_impl &device);

} // namespace detail
} // namespace _V1
} // namespace sycl
