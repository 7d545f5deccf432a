#include "cuda_device.hpp"

#include "../../host_memory.hpp"

#include "cuda_aspects.hpp"
#include "cuda_queue.hpp"

#include <algorithm>
#include <cstdio>

namespace usycl::rt::cuda {

namespace {
// cuMemAlloc* return at least 256-byte aligned memory.
constexpr size_t driver_alignment = 256;

// DPC++ sycl::aspect values (DESIGN.md).
enum aspect_value : int {
  aspect_gpu = 2,
  aspect_fp16 = 5,
  aspect_fp64 = 6,
  aspect_image = 9,
  aspect_online_compiler = 10,
  aspect_online_linker = 11,
  aspect_queue_profiling = 12,
  aspect_usm_device_allocations = 13,
  aspect_usm_host_allocations = 14,
  aspect_usm_shared_allocations = 15,
  aspect_usm_system_allocations = 17,
  aspect_usm_atomic_shared_allocations = 27,
  aspect_atomic64 = 28,
  aspect_ext_intel_pci_address = 18,
  aspect_ext_intel_free_memory = 36,
  aspect_ext_intel_memory_clock_rate = 38,
  aspect_ext_intel_memory_bus_width = 39,
};
} // namespace

device_info make_device_info(const device_attributes &a) {
  device_info info;
  const int sm = a.cc_major * 10 + a.cc_minor;
  info.name = a.name;
  info.vendor = "NVIDIA Corporation";
  info.vendor_id = 0x10de;
  info.version = std::to_string(a.cc_major) + "." + std::to_string(a.cc_minor);
  info.driver_version = format_driver_version(a.driver_version);
  info.arch = "sm_" + std::to_string(sm);
  info.target = "nvidia_gpu_" + info.arch;
  info.kind = device_kind::gpu;
  info.max_compute_units = static_cast<uint32_t>(std::max(a.sm_count, 1));
  info.max_clock_frequency_mhz = static_cast<uint32_t>(std::max(a.clock_khz, 0) / 1000);
  info.max_work_group_size = static_cast<size_t>(std::max(a.max_threads_per_block, 1));
  // SYCL order: dimension 0 is the slowest, i.e. CUDA z.
  info.max_work_item_sizes = {static_cast<size_t>(std::max(a.max_block[2], 1)),
                              static_cast<size_t>(std::max(a.max_block[1], 1)),
                              static_cast<size_t>(std::max(a.max_block[0], 1))};
  // CUDA's grid: x up to 2^31 - 1 blocks, y and z up to 65535 (SYCL order).
  info.max_work_groups = {static_cast<size_t>(std::max(a.max_grid[2], 1)),
                          static_cast<size_t>(std::max(a.max_grid[1], 1)),
                          static_cast<size_t>(std::max(a.max_grid[0], 1))};
  info.global_mem_size = a.total_mem;
  info.memory_clock_rate_mhz = static_cast<uint32_t>(std::max(a.memory_clock_khz, 0) / 1000);
  info.memory_bus_width_bits = static_cast<uint32_t>(std::max(a.memory_bus_width, 0));
  char pci[32];
  std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", a.pci_domain, a.pci_bus, a.pci_device);
  info.pci_address = pci;
  info.local_mem_size = static_cast<uint64_t>(std::max(a.smem_optin, a.smem_per_block));
  info.max_mem_alloc_size = a.total_mem;
  info.mem_base_addr_align_bits = driver_alignment * 8;
  info.sub_group_sizes = {32};

  auto &as = info.aspects;
  as.push_back(aspect_gpu);
  if (sm >= 53)
    as.push_back(aspect_fp16);
  as.push_back(aspect_fp64);
  // Texture and surface objects (cuda_images.cpp).
  as.push_back(aspect_image);
  as.push_back(aspect_queue_profiling);
  // sycl_ext_intel_device_info, as DPC++'s CUDA devices report them.
  as.push_back(aspect_ext_intel_pci_address);
  as.push_back(aspect_ext_intel_free_memory);
  if (info.memory_clock_rate_mhz != 0)
    as.push_back(aspect_ext_intel_memory_clock_rate);
  if (info.memory_bus_width_bits != 0)
    as.push_back(aspect_ext_intel_memory_bus_width);
  // kernel_bundle input/object states: PTX JIT and linker of the driver.
  as.push_back(aspect_online_compiler);
  as.push_back(aspect_online_linker);
  as.push_back(aspect_usm_device_allocations);
  if (a.unified_addressing && a.can_map_host)
    as.push_back(aspect_usm_host_allocations);
  if (a.managed)
    as.push_back(aspect_usm_shared_allocations);
  if (a.pageable_access)
    as.push_back(aspect_usm_system_allocations);
  // Host and kernel updating one shared allocation at once, atomically: the
  // pages must stay put (concurrent managed access) and the host's atomics
  // must be atomic for the device too, which PCIe hosts do not give.
  if (a.managed && a.concurrent_managed && a.host_native_atomic)
    as.push_back(aspect_usm_atomic_shared_allocations);
  if (sm >= 60)
    as.push_back(aspect_atomic64);
  if (int id = nvidia_identity_aspect(sm); id >= 0)
    as.push_back(id);
  return info;
}

device_state::~device_state() {
  images.reset();
  builtins.reset();
  kernels.reset();
  events.reset();
}

cuda_device::cuda_device(int ordinal) {
  const driver &drv = driver::get();
  const driver_api &a = drv.api();
  CUdevice dev = 0;
  check(a.device_get(&dev, ordinal), sycl::errc::runtime,
        "cuDeviceGet(" + std::to_string(ordinal) + ") failed");

  device_attributes attrs;
  char name[256] = {};
  if (a.device_get_name(name, sizeof name - 1, dev) == CUDA_SUCCESS)
    attrs.name = name;
  else
    attrs.name = "CUDA device " + std::to_string(ordinal);
  auto attr = [&](int id) {
    int v = 0;
    return a.device_get_attribute(&v, id, dev) == CUDA_SUCCESS ? v : 0;
  };
  attrs.cc_major = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  attrs.cc_minor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  attrs.driver_version = drv.version();
  attrs.sm_count = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  attrs.clock_khz = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
  attrs.max_threads_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  attrs.max_block[0] = attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
  attrs.max_block[1] = attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
  attrs.max_block[2] = attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
  attrs.max_grid[0] = attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
  attrs.max_grid[1] = attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
  attrs.max_grid[2] = attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
  size_t total = 0;
  if (a.device_total_mem(&total, dev) == CUDA_SUCCESS)
    attrs.total_mem = total;
  attrs.memory_clock_khz = attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
  attrs.memory_bus_width = attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  attrs.pci_domain = attr(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID);
  attrs.pci_bus = attr(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID);
  attrs.pci_device = attr(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID);
  attrs.smem_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  attrs.smem_optin = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  attrs.managed = attr(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY) != 0;
  attrs.concurrent_managed = attr(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS) != 0;
  attrs.pageable_access = attr(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS) != 0;
  attrs.host_native_atomic = attr(CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED) != 0;
  attrs.unified_addressing = attr(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING) != 0;
  attrs.can_map_host = attr(CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY) != 0;
  if (!attrs.unified_addressing)
    throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                          "CUDA device " + attrs.name +
                              " lacks unified addressing, which usycl needs");

  auto st = std::make_shared<device_state>();
  st->ctx = context::retain(dev);
  st->ordinal = ordinal;
  st->arch = {attrs.cc_major * 10 + attrs.cc_minor, 0};
  st->info = make_device_info(attrs);
  for (int c = 0; c < 3; ++c) {
    if (attrs.max_block[c] > 0)
      st->limits.max_block[c] = static_cast<uint32_t>(attrs.max_block[c]);
    if (attrs.max_grid[c] > 0)
      st->limits.max_grid[c] = static_cast<uint32_t>(attrs.max_grid[c]);
  }
  if (attrs.max_threads_per_block > 0)
    st->limits.max_threads_per_block = static_cast<uint32_t>(attrs.max_threads_per_block);
  st->smem_optin = static_cast<uint32_t>(std::max(attrs.smem_optin, attrs.smem_per_block));
  st->concurrent_managed = attrs.concurrent_managed;
  st->pageable_access = attrs.pageable_access;
  st->events = std::make_shared<event_pool>(st->ctx);
  st->fault = std::make_shared<device_fault>(st->info.name);
  st->kernels = std::make_unique<kernel_cache>(st->ctx, st->arch, attrs.name,
                                               st->smem_optin);
  st->kernels->set_device_aspects(st->info.aspects);
  st->globals = std::make_unique<device_global_copies>(st->ctx, st->info.name);
  st->kernels->set_module_loaded_hook(
      [globals = st->globals.get()](CUmodule module) { globals->bind(module); });
  st->builtins = std::make_unique<builtin_kernels>(st->ctx);
  st->images = std::make_unique<image_objects>(st->ctx);
  state_ = std::move(st);
}

cuda_device::~cuda_device() = default;

uint64_t cuda_device::free_memory() const {
  state_->ctx->make_current();
  size_t free = 0, total = 0;
  check(state_->ctx->api().mem_get_info(&free, &total), sycl::errc::runtime,
        "cuMemGetInfo failed on " + state_->info.name);
  return free;
}

void *cuda_device::alloc_raw(usm_kind kind, size_t bytes) {
  const driver_api &a = state_->ctx->api();
  CUresult r;
  void *p = nullptr;
  CUdeviceptr d = 0;
  switch (kind) {
  case usm_kind::device:
    r = a.mem_alloc(&d, bytes);
    p = reinterpret_cast<void *>(static_cast<uintptr_t>(d));
    break;
  case usm_kind::host:
    r = a.mem_alloc_host(&p, bytes);
    break;
  case usm_kind::shared:
    // Managed memory may exceed the device (pages migrate), but not what
    // the device and the host together can hold: the driver reserves
    // addresses lazily and would fail only when the pages are touched.
    if (bytes > state_->info.global_mem_size + usycl::rt::host_physical_memory())
      return nullptr;
    r = a.mem_alloc_managed(&d, bytes, CU_MEM_ATTACH_GLOBAL);
    p = reinterpret_cast<void *>(static_cast<uintptr_t>(d));
    break;
  default:
    return nullptr;
  }
  return r == CUDA_SUCCESS ? p : nullptr;
}

void cuda_device::free_raw(void *ptr, usm_kind kind) {
  const driver_api &a = state_->ctx->api();
  if (kind == usm_kind::host)
    a.mem_free_host(ptr);
  else
    a.mem_free(static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr)));
}

void *cuda_device::malloc(usm_kind kind, size_t bytes, size_t alignment) {
  if (bytes == 0)
    return nullptr;
  if (alignment & (alignment - 1))
    return nullptr; // not a power of two
  try {
    state_->ctx->make_current();
  } catch (...) {
    return nullptr;
  }
  void *p = alloc_raw(kind, bytes);
  if (!p || alignment <= driver_alignment ||
      reinterpret_cast<uintptr_t>(p) % alignment == 0)
    return p;
  // Over-align: allocate more and remember the base for free().
  free_raw(p, kind);
  if (bytes > SIZE_MAX - alignment)
    return nullptr;
  void *base = alloc_raw(kind, bytes + alignment - 1);
  if (!base)
    return nullptr;
  auto aligned = reinterpret_cast<void *>(
      (reinterpret_cast<uintptr_t>(base) + alignment - 1) & ~(uintptr_t(alignment) - 1));
  try {
    std::lock_guard lock(overaligned_mutex_);
    overaligned_[aligned] = base;
    overaligned_count_.fetch_add(1, std::memory_order_relaxed);
  } catch (...) {
    free_raw(base, kind);
    return nullptr;
  }
  return aligned;
}

void cuda_device::free(void *ptr, usm_kind kind) {
  if (!ptr || driver::exiting())
    return;
  // Keyed by the address the program holds (the registry's base), before an
  // over-aligned allocation's raw base replaces it below.
  if (kind == usm_kind::shared) {
    std::lock_guard lock(state_->host_results_mutex);
    state_->host_results.erase(ptr);
  }
  if (overaligned_count_.load(std::memory_order_relaxed) != 0) {
    std::lock_guard lock(overaligned_mutex_);
    if (auto it = overaligned_.find(ptr); it != overaligned_.end()) {
      ptr = it->second;
      overaligned_.erase(it);
      overaligned_count_.fetch_sub(1, std::memory_order_relaxed);
    }
  }
  try {
    state_->ctx->make_current();
  } catch (...) {
    return;
  }
  // An image's storage: its CUDA array mirrors go with it.
  if (kind == usm_kind::device) state_->images->forget(ptr);
  free_raw(ptr, kind);
}

std::unique_ptr<backend_queue> cuda_device::create_queue(bool /*in_order*/,
                                                         bool /*profiling*/) {
  // A backend_queue is always in order; the runtime core makes out-of-order
  // SYCL queues from several of them.
  return std::make_unique<cuda_queue>(state_);
}

bool cuda_device::has_kernel(const char *name) {
  return state_->kernels->has_kernel(name);
}

void cuda_device::memcpy_sync(void *dst, const void *src, size_t bytes) {
  if (bytes == 0)
    return;
  state_->fault->throw_if_lost();
  state_->ctx->make_current();
  CUresult r = state_->ctx->api().memcpy(
      static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(dst)),
      static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(src)), bytes);
  if (r != CUDA_SUCCESS)
    throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                          state_->fault->note(r, "copy of " + std::to_string(bytes) +
                                                     " bytes failed", ""));
}

} // namespace usycl::rt::cuda
