// Per-device cache of loaded modules and kernels.
//
// * Modules are loaded once per (device image, device), on the first launch
//   of any kernel they hold; images are tried in rank_images() order (exact
//   CUBIN, compatible CUBIN, PTX via the driver's JIT) and a failing load
//   (e.g. CUDA_ERROR_UNSUPPORTED_PTX_VERSION, NO_BINARY_FOR_GPU) falls back
//   to the next image.
// * Launches with specialization constant values (a value block, interned by
//   the runtime so equal values share a pointer) get a module of their own:
//   the PTX image with the values folded in (cuda_spec_constants.hpp),
//   JIT-compiled once per (kernel's image, values) and kept. A kernel whose
//   code reads none of the set constants uses its ordinary module.
// * Kernels are found by name. The hot path is a lock-free open-addressing
//   table keyed by the name *pointer* (names are string literals of the
//   program, so the same submission passes the same pointer): one hash, one
//   or two acquire loads. A miss takes the mutex, looks the name up by
//   string (the same kernel can be reached through different pointers from
//   different shared objects), loads what is needed, and publishes the
//   pointer in the table. Kernel entries are never freed before the device.
#pragma once

#include "cuda_api.hpp"
#include "cuda_context.hpp"
#include "cuda_image.hpp"

#include <atomic>
#include <functional>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace usycl::rt::cuda {

struct kernel_entry {
  CUfunction fn = nullptr;
  std::string name;   // mangled (_ZTS...)
  std::string pretty; // demangled, for messages
  const usycl_device_image *image = nullptr;
  CUmodule module = nullptr;    // the module `fn` is in
  uint32_t max_threads = 1024;  // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
  uint32_t static_smem = 0;     // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
  uint32_t range_budget = 256;  // threads per block for range launches
  // Work-items that fill the device once at the kernel's occupancy (blocks
  // of the occupancy-optimal size x blocks resident per SM x SMs); 0 unknown.
  uint64_t full_wave_threads = 0;
  size_t object_size = 0;       // kernel object bytes per the image (0: unknown)
  // Dynamic shared memory a launch may use without raising the attribute.
  std::atomic<uint32_t> dynamic_smem_limit{0};
  std::mutex attribute_mutex;
  // The kernel's whole-warp entry point `<name>$ww` in the same module
  // (compiler/passes/whole_warps.hpp): launched instead of this one when the
  // blocks are whole warps. Null when the module has none.
  kernel_entry *whole_warps = nullptr;
  // Device-side assert (cuda_assert.hpp): whether the image has the
  // isAssertEnabled set (0 = not looked at yet, 1 = no, 2 = yes and the
  // assert buffer is set up).
  std::atomic<uint8_t> assert_state{0};
};

class kernel_cache {
public:
  kernel_cache(std::shared_ptr<context> ctx, sm_arch arch,
               std::string device_name, uint32_t smem_optin);
  ~kernel_cache();
  // Before the first lookup: the aspects the device reports.
  void set_device_aspects(std::vector<int> aspects) { aspects_ = std::move(aspects); }
  // Before the first lookup: called with each module right after it loads
  // (device_global binding), under the cache's lock.
  void set_module_loaded_hook(std::function<void(CUmodule)> hook) { module_loaded_ = std::move(hook); }
  kernel_cache(const kernel_cache &) = delete;
  kernel_cache &operator=(const kernel_cache &) = delete;

  // The kernel named `name` on this device; throws sycl::exception
  // (errc::kernel when no image has it, errc::build when none loads).
  kernel_entry &get(const char *name) {
    if (kernel_entry *k = fast_.find(name)) [[likely]]
      return *k;
    return get_slow(name);
  }
  // The kernel specialized for the launch's value block
  // (kernel_launch::spec_constants); the plain kernel when `values` is null
  // or the kernel's code reads none of them. errc::build when the folded PTX
  // does not load.
  kernel_entry &get(const char *name, const void *values) {
    if (!values) [[likely]]
      return get(name);
    return get_specialized(get(name), values);
  }

  // The kernel compiled to run work-groups of `threads` work-items: when the
  // registers of `k`'s code allow fewer (k.max_threads < threads <= the
  // device's limit), its PTX is JIT-compiled again with that many threads per
  // block (ptxas then keeps to the registers that allows, as nvcc does with
  // __launch_bounds__), once per (kernel, size). `k` itself when it already
  // fits or no PTX image holds it.
  kernel_entry &for_block_size(kernel_entry &k, uint32_t threads);

  // Whether some registered image holding `name` fits this device (no load).
  bool has_kernel(const char *name);

  // Raises the kernel's dynamic shared memory limit to `bytes`; throws
  // errc::memory_allocation when static + dynamic exceeds the device.
  void allow_dynamic_smem(kernel_entry &k, size_t bytes);

  // Address and size of a module-scope variable in the module that holds
  // `kernel` (for the assert fallback's program-scope flag); nullptr if absent.
  void *module_global(const char *kernel, const char *symbol, size_t *bytes);
  // The same in the module of a kernel entry (a specialized one has its own).
  void *module_global(kernel_entry &k, const char *symbol, size_t *bytes);

private:
  // Insert-only pointer -> entry map with lock-free lookups.
  class pointer_table {
  public:
    pointer_table();
    ~pointer_table();
    kernel_entry *find(const char *key) const {
      const table *t = current_.load(std::memory_order_acquire);
      size_t i = hash(key) & t->mask;
      for (;;) {
        const char *k = t->slots[i].key.load(std::memory_order_acquire);
        if (k == key)
          return t->slots[i].value.load(std::memory_order_relaxed);
        if (!k)
          return nullptr;
        i = (i + 1) & t->mask;
      }
    }
    // Writers hold the cache mutex.
    void insert(const char *key, kernel_entry *value);
    void clear(); // publishes an empty table; old ones live until destruction

  private:
    struct slot {
      std::atomic<const char *> key{nullptr};
      std::atomic<kernel_entry *> value{nullptr};
    };
    struct table {
      size_t mask;
      size_t used = 0;
      std::unique_ptr<slot[]> slots;
      explicit table(size_t capacity)
          : mask(capacity - 1), slots(new slot[capacity]) {}
    };
    static size_t hash(const char *p) {
      auto v = reinterpret_cast<uintptr_t>(p);
      return static_cast<size_t>((v >> 3) * 0x9E3779B97F4A7C15ull >> 20);
    }
    std::atomic<table *> current_;
    std::vector<std::unique_ptr<table>> tables_; // all, current last
  };

  struct module_state {
    CUmodule module = nullptr;
    CUresult error = CUDA_SUCCESS; // load failure, remembered
    std::string log;               // JIT error log of a failed load
    const unsigned char *begin = nullptr, *end = nullptr; // identity check
  };

  kernel_entry &get_slow(const char *name);
  kernel_entry &get_specialized(kernel_entry &plain, const void *values);
  module_state &load_module(const usycl_device_image &image);
  // load_module for an image that imports device functions from shared
  // libraries: JIT-links it with the exporting images; false (and `st`'s
  // error and log set) when it cannot.
  bool link_module(const usycl_device_image &image, module_state &st);
  // JIT-compiles `ptx` into `module` with the error log in `log` (and, when
  // not 0, that many threads per block); the driver's result.
  CUresult jit_load(const char *ptx, uint32_t threads_per_block, CUmodule &module, std::string &log);
  // A module besides the images' own (specialised, sized): unloaded with the
  // cache, bound like the others.
  void adopt_extra_module(CUmodule module);
  // The entry of `fn`, with its whole-warp entry point's (kept in entries_)
  // when the module has one. Under the mutex.
  std::unique_ptr<kernel_entry> make_entry(CUfunction fn, CUmodule module, const char *name,
                                           const usycl_device_image &image);
  void revalidate_images();
  [[noreturn]] void throw_not_found(const char *name,
                                    const std::vector<const usycl_device_image *> &holding);

  std::shared_ptr<context> ctx_;
  std::vector<const usycl_device_image *>
  usable(std::vector<const usycl_device_image *> images) const;
  sm_arch arch_;
  // The device's aspects: JIT-mode if_device_has variants are chosen by them.
  std::vector<int> aspects_;
  std::function<void(CUmodule)> module_loaded_;
  std::string device_name_;
  uint32_t smem_optin_;

  pointer_table fast_;
  std::mutex mutex_;
  std::unordered_map<std::string, kernel_entry *> by_name_;
  std::vector<std::unique_ptr<kernel_entry>> entries_; // never freed early
  std::unordered_map<const usycl_device_image *, module_state> modules_;
  std::vector<CUmodule> retired_modules_; // of unregistered images
  // (plain kernel entry, value block) -> the specialized entry (which may be
  // the plain one); their modules, unloaded with the cache.
  std::map<std::pair<const kernel_entry *, const void *>, kernel_entry *> specialized_;
  std::vector<CUmodule> specialized_modules_;
  // (kernel entry, threads per block) -> the entry built for that block size.
  std::map<std::pair<const kernel_entry *, uint32_t>, kernel_entry *> sized_;
  uint64_t seen_generation_ = 0;
};

} // namespace usycl::rt::cuda
