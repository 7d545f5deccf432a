#include "cuda_jit_cache.hpp"

#include "disk_cache.hpp"
#include "trace.hpp"

#include <chrono>
#include <cstring>
#include <vector>

#ifndef USYCL_VERSION_STRING
#error "USYCL_VERSION_STRING must be defined (runtime/CMakeLists.txt): it is part of the cache keys"
#endif

namespace usycl::rt::cuda {

namespace {

// The JIT options that shape the code: none besides the defaults (optimize
// at the driver's default level for the context's device). Change this
// text whenever an option is added, so old entries are not reused.
constexpr std::string_view jit_options_text = "default-O4;target-from-context";
constexpr size_t jit_log_size = 16 * 1024;

const disk_cache &the_cache() {
  // Read once per process; leaked so it outlives static destruction.
  static const disk_cache *cache = [] {
    auto *c = new disk_cache(disk_cache::from_environment());
    if (c->enabled())
      USYCL_TRACE_IF(basic, "cache", "kernel cache in %s (at most %llu bytes)",
                     c->directory().c_str(), static_cast<unsigned long long>(c->max_bytes()));
    else
      USYCL_TRACE_IF(basic, "cache", "kernel cache off: %s", c->why().c_str());
    return c;
  }();
  return *cache;
}

std::string arch_text(sm_arch arch) {
  std::string s = "sm_" + std::to_string(arch.sm);
  if (arch.suffix)
    s += arch.suffix;
  return s;
}

// cuLink* state, destroyed on every path.
class link_state {
public:
  explicit link_state(const driver_api &api) : api_(api) {}
  ~link_state() {
    if (state_)
      api_.link_destroy(state_);
  }
  link_state(const link_state &) = delete;
  link_state &operator=(const link_state &) = delete;
  CUlinkState *out() { return &state_; }
  CUlinkState get() const { return state_; }

private:
  const driver_api &api_;
  CUlinkState state_ = nullptr;
};

// PTX -> cubin with the driver's JIT linker; empty on failure.
std::vector<unsigned char> jit_compile(const driver_api &api, const char *ptx, size_t size,
                                       const std::string &what) {
  std::string log(jit_log_size, '\0');
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(log.size()))};
  link_state link(api);
  CUresult r = api.link_create(2, options, values, link.out());
  if (r == CUDA_SUCCESS)
    r = api.link_add_data(link.get(), CU_JIT_INPUT_PTX, const_cast<char *>(ptx), size + 1,
                          "usycl.ptx", 0, nullptr, nullptr);
  void *cubin = nullptr;
  size_t cubin_size = 0;
  if (r == CUDA_SUCCESS)
    r = api.link_complete(link.get(), &cubin, &cubin_size);
  if (r != CUDA_SUCCESS || !cubin || !cubin_size) {
    USYCL_TRACE_IF(basic, "cache", "JIT linker failed for %s (CUDA error %d): %s", what.c_str(), r,
                   log.c_str());
    return {};
  }
  // The cubin belongs to the link state: copy it before it is destroyed.
  auto *bytes = static_cast<const unsigned char *>(cubin);
  return std::vector<unsigned char>(bytes, bytes + cubin_size);
}

CUresult load_cubin(const driver_api &api, CUmodule *module, const void *cubin) {
  return api.module_load_data_ex(module, cubin, 0, nullptr, nullptr);
}

} // namespace

std::string ptx_cache_key(std::string_view ptx, sm_arch arch, int driver_version) {
  return disk_cache::make_key({"usycl-cuda-ptx-jit", USYCL_VERSION_STRING, arch_text(arch),
                               std::to_string(driver_version), jit_options_text, ptx});
}

std::optional<CUresult> load_ptx_through_cache(const driver_api &api, CUmodule *module,
                                               const char *ptx, sm_arch arch,
                                               const std::string &what) {
  const disk_cache &cache = the_cache();
  if (!cache.enabled())
    return std::nullopt;
  if (!api.link_create || !api.link_add_data || !api.link_complete || !api.link_destroy) {
    USYCL_TRACE_IF(basic, "cache", "driver has no cuLink* functions: %s is JIT-compiled uncached",
                   what.c_str());
    return std::nullopt;
  }
  size_t size = std::strlen(ptx);
  std::string key = ptx_cache_key(std::string_view(ptx, size), arch, driver::get().version());

  if (std::optional<std::vector<unsigned char>> cubin = cache.load(key)) {
    CUresult r = load_cubin(api, module, cubin->data());
    if (r == CUDA_SUCCESS) {
      USYCL_TRACE_IF(basic, "cache", "hit: %s for %s from %s (%zu bytes)", what.c_str(),
                     arch_text(arch).c_str(), cache.entry_path(key).c_str(), cubin->size());
      return r;
    }
    // A cubin this driver refuses (should not happen: the key has the driver
    // version); compile again and replace it.
    USYCL_TRACE_IF(basic, "cache", "the driver refused cached %s (CUDA error %d); recompiling",
                   cache.entry_path(key).c_str(), r);
  }

  auto start = std::chrono::steady_clock::now();
  std::vector<unsigned char> cubin = jit_compile(api, ptx, size, what);
  if (cubin.empty())
    return std::nullopt;
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  bool stored = cache.store(key, cubin.data(), cubin.size());
  USYCL_TRACE_IF(basic, "cache", "miss: %s JIT-compiled for %s in %.1f ms (%zu bytes)%s%s",
                 what.c_str(), arch_text(arch).c_str(), ms, cubin.size(),
                 stored ? ", stored as " : ", not stored",
                 stored ? cache.entry_path(key).c_str() : "");
  CUresult r = load_cubin(api, module, cubin.data());
  if (r != CUDA_SUCCESS)
    return std::nullopt; // let the caller's direct load report the error
  return r;
}

} // namespace usycl::rt::cuda
