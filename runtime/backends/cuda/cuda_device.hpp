// A CUDA device: its primary context, its properties (device_info), USM
// allocation, and the per-device state queues and events share.
#pragma once

#include "backend.hpp"
#include "cuda_api.hpp"
#include "cuda_builtin_kernels.hpp"
#include "cuda_context.hpp"
#include "cuda_device_globals.hpp"
#include "cuda_event.hpp"
#include "cuda_fault.hpp"
#include "cuda_image.hpp"
#include "cuda_images.hpp"
#include "cuda_kernel_cache.hpp"
#include "cuda_launch_config.hpp"
#include "cuda_peer.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <unordered_map>

namespace usycl::rt::cuda {

// Everything queues and events of a device need; shared so that a queue or
// event outliving its backend_device stays valid. Members are destroyed in
// reverse order: modules (builtins, kernels), events, then the context
// they live in.
struct device_state {
  std::shared_ptr<context> ctx;
  int ordinal = 0;
  sm_arch arch;
  device_info info;
  device_limits limits;
  uint32_t smem_optin = 48 * 1024;
  bool concurrent_managed = false;
  bool pageable_access = false;
  std::shared_ptr<event_pool> events;
  // The device's copies of the program's device_globals (outlive the modules
  // that point at them).
  std::unique_ptr<device_global_copies> globals;
  std::unique_ptr<kernel_cache> kernels;
  std::unique_ptr<builtin_kernels> builtins;
  // The first error that lost the context (cuda_fault.hpp).
  std::shared_ptr<device_fault> fault;
  // CUDA arrays and texture/surface objects of SYCL images (cuda_images.hpp).
  std::unique_ptr<image_objects> images;
  // Whether this device's context may access other devices' memory, per
  // peer, decided on the first copy between them (cuda_peer.hpp).
  peer_links peers;
  // Shared allocations kept in host memory for reduction results
  // (cuda_queue::copy_reduction_result); forgotten when freed.
  std::mutex host_results_mutex;
  std::unordered_set<const void *> host_results;

  ~device_state();
};

class cuda_device final : public backend_device {
public:
  // Throws sycl::exception when the device cannot be used.
  explicit cuda_device(int ordinal);
  ~cuda_device() override;

  const device_info &info() const override { return state_->info; }
  void *malloc(usm_kind kind, size_t bytes, size_t alignment) override;
  void free(void *ptr, usm_kind kind) override;
  std::unique_ptr<backend_queue> create_queue(bool in_order,
                                              bool profiling) override;
  bool has_kernel(const char *name) override;
  bool can_use_image(const usycl_device_image &image) const override {
    return fit_of(image, state_->arch) != image_fit::incompatible;
  }
  void memcpy_sync(void *dst, const void *src, size_t bytes) override;
  uint64_t free_memory() const override;
  void *device_global_storage(const void *host_object) override {
    return state_->globals->storage(host_object);
  }
  // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK of the loaded kernel.
  size_t kernel_max_work_group_size(const char *name) override {
    return state_->kernels->get(name).max_threads;
  }

  // Not (yet) in backend_device: the device address of a module-scope
  // variable next to `kernel` (assert fallback flag), nullptr when absent.
  void *kernel_global(const char *kernel, const char *symbol, size_t *bytes) {
    return state_->kernels->module_global(kernel, symbol, bytes);
  }

  const std::shared_ptr<device_state> &state() const { return state_; }

private:
  void *alloc_raw(usm_kind kind, size_t bytes);
  void free_raw(void *ptr, usm_kind kind);

  std::shared_ptr<device_state> state_;
  // Allocations aligned beyond what the driver gives: user pointer -> base.
  std::mutex overaligned_mutex_;
  std::unordered_map<void *, void *> overaligned_;
  std::atomic<size_t> overaligned_count_{0};
};

// Exposed for tests: the device_info the device would report, from raw
// attribute values (no driver calls).
struct device_attributes {
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int driver_version = 0;
  int sm_count = 0, clock_khz = 0;
  int max_threads_per_block = 0;
  int max_block[3] = {0, 0, 0}; // x, y, z
  int max_grid[3] = {0, 0, 0};  // x, y, z
  uint64_t total_mem = 0;
  int memory_clock_khz = 0, memory_bus_width = 0;
  int pci_domain = 0, pci_bus = 0, pci_device = 0;
  int smem_per_block = 0, smem_optin = 0;
  bool managed = false, concurrent_managed = false, pageable_access = false;
  bool unified_addressing = false, can_map_host = false;
  // Host and device atomics on one location are atomic with respect to each
  // other (NVLink-C2C systems; not PCIe hosts).
  bool host_native_atomic = false;
};
device_info make_device_info(const device_attributes &attrs);

} // namespace usycl::rt::cuda
