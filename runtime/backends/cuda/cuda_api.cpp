#include "cuda_api.hpp"

#include "trace.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>

namespace usycl::rt::cuda {

namespace {
std::atomic<bool> g_exiting{false};
void mark_exiting() { g_exiting.store(true, std::memory_order_relaxed); }
} // namespace

bool driver::exiting() { return g_exiting.load(std::memory_order_relaxed); }

// USYCL_TRACE=2: every driver call goes through a thunk that forwards it and
// traces its result. Installed only at that level, so the calls cost nothing
// extra otherwise; one thunk per table entry (its index picks the storage).
namespace {
enum api_index : size_t {
#define USYCL_CUDA_INDEX(member, symbol, required, ret, params) index_##member,
  USYCL_CUDA_FUNCTIONS(USYCL_CUDA_INDEX)
#undef USYCL_CUDA_INDEX
};

CUresult (*g_untraced_error_name)(CUresult, const char **) = nullptr;

void trace_result(const char *symbol, CUresult r) {
  const char *name = nullptr;
  if (r != CUDA_SUCCESS && g_untraced_error_name)
    g_untraced_error_name(r, &name);
  if (r == CUDA_SUCCESS)
    trace::writef("cuda", "%s -> CUDA_SUCCESS", symbol);
  else
    trace::writef("cuda", "%s -> %s (%d)", symbol, name ? name : "error", r);
}

template <size_t Index, typename Fn> struct traced_call;
template <size_t Index, typename... Args> struct traced_call<Index, CUresult (*)(Args...)> {
  static inline CUresult (*real)(Args...) = nullptr;
  static inline const char *symbol = nullptr;
  static CUresult call(Args... args) {
    CUresult r = real(args...);
    trace_result(symbol, r);
    return r;
  }
};

void install_tracing(driver_api &api) {
  g_untraced_error_name = api.get_error_name;
#define USYCL_CUDA_TRACE(member, symbol_name, required, ret, params)            \
  if (api.member) {                                                            \
    using thunk = traced_call<index_##member, decltype(api.member)>;           \
    thunk::real = api.member;                                                  \
    thunk::symbol = symbol_name;                                               \
    api.member = &thunk::call;                                                 \
  }
  USYCL_CUDA_FUNCTIONS(USYCL_CUDA_TRACE)
#undef USYCL_CUDA_TRACE
}
} // namespace

const driver &driver::get() {
  // Leaked on purpose: backend objects may be destroyed during static
  // destruction, after a function-local static driver would be gone.
  static const driver *instance = new driver;
  return *instance;
}

driver::driver() { load(); }

void driver::load() {
  // RTLD_LOCAL: the symbols stay private to us; RTLD_NOW: fail here, not on
  // the first call, if the library is broken.
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    reason_ = "CUDA driver libcuda.so.1 not found";
    if (err && *err)
      reason_ += std::string(" (") + err + ")";
    return;
  }

  std::string missing;
#define USYCL_CUDA_RESOLVE(member, symbol, required, ret, params)              \
  api_.member = reinterpret_cast<ret(*) params>(dlsym(lib, symbol));           \
  if (required && !api_.member)                                                \
    missing += std::string(missing.empty() ? "" : ", ") + symbol;
  USYCL_CUDA_FUNCTIONS(USYCL_CUDA_RESOLVE)
#undef USYCL_CUDA_RESOLVE
  if (!api_.mem_prefetch_async_v2 && !api_.mem_prefetch_async_v1)
    missing += std::string(missing.empty() ? "" : ", ") + "cuMemPrefetchAsync";
  if (!api_.event_elapsed_time_v2 && !api_.event_elapsed_time_v1)
    missing += std::string(missing.empty() ? "" : ", ") + "cuEventElapsedTime";
  if (!missing.empty()) {
    reason_ = "CUDA driver libcuda.so.1 is too old (missing " + missing +
              "); update the NVIDIA driver";
    return; // the library stays loaded: harmless, and dlclose is not safe
  }

  if (trace::enabled(trace::level::api))
    install_tracing(api_);
  CUresult r = api_.init(0);
  if (r != CUDA_SUCCESS) {
    reason_ = "cuInit failed: " + error_name(r);
    return;
  }
  api_.driver_get_version(&version_);
  // Registered after cuInit, so it runs before any exit handler libcuda
  // registered during initialisation (atexit runs in reverse order).
  std::atexit(mark_exiting);
  available_ = true;
}

std::string driver::error_name(CUresult r) const {
  const char *name = nullptr;
  if (api_.get_error_name && api_.get_error_name(r, &name) == CUDA_SUCCESS &&
      name)
    return name;
  // The driver could not say (stub libraries do this): the usual suspects of
  // a failing cuInit, from cuda.h.
  switch (r) {
  case 1: return "CUDA_ERROR_INVALID_VALUE";
  case 2: return "CUDA_ERROR_OUT_OF_MEMORY";
  case 3: return "CUDA_ERROR_NOT_INITIALIZED";
  case 4: return "CUDA_ERROR_DEINITIALIZED";
  case 34: return "CUDA_ERROR_STUB_LIBRARY";
  case 36: return "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER";
  case 46: return "CUDA_ERROR_DEVICE_UNAVAILABLE";
  case 100: return "CUDA_ERROR_NO_DEVICE";
  case 101: return "CUDA_ERROR_INVALID_DEVICE";
  case 102: return "CUDA_ERROR_DEVICE_NOT_LICENSED";
  case 304: return "CUDA_ERROR_OPERATING_SYSTEM";
  case 802: return "CUDA_ERROR_SYSTEM_NOT_READY";
  case 803: return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  case 804: return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
  case 999: return "CUDA_ERROR_UNKNOWN";
  default: return "CUDA error " + std::to_string(r);
  }
}

std::string driver::describe(CUresult r) const {
  std::string text = error_name(r);
  const char *str = nullptr;
  if (api_.get_error_string && api_.get_error_string(r, &str) == CUDA_SUCCESS &&
      str && *str)
    text += std::string(" (") + str + ")";
  return text;
}

void throw_error(sycl::errc code, CUresult r, std::string_view what) {
  constexpr std::string_view prefix = "CUDA backend: ";
  std::string msg(what.starts_with(prefix) ? "" : prefix);
  msg += what;
  msg += ": ";
  msg += driver::get().describe(r);
  throw sycl::exception(sycl::make_error_code(code), msg);
}

std::string format_driver_version(int version) {
  return std::to_string(version / 1000) + "." +
         std::to_string((version % 1000) / 10);
}

} // namespace usycl::rt::cuda
