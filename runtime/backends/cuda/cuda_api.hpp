// The subset of the CUDA driver API the CUDA backend uses, declared here (we
// never include cuda.h: libusycl.so must build and run without CUDA) and
// resolved from libcuda.so.1 with dlopen/dlsym at run time.
//
// Types, enum values and signatures are copied from the CUDA 13.0 cuda.h; every
// symbol below exists with this signature in every driver since CUDA 11.x
// (optional ones are marked and checked before use).
#pragma once

#include <sycl/exception.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace usycl::rt::cuda {

// ---- types --------------------------------------------------------------
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUlinkState = struct CUlinkState_st *;
using CUhostFn = void (*)(void *user_data);
using CUoccupancyB2DSize = size_t (*)(int block_size);
struct CUmemLocation {
  int type; // CUmemLocationType
  int id;
};

// ---- CUresult values we test for ---------------------------------------------
enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
};

// ---- CUdevice_attribute ---------------------------------------------------------
enum : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

// ---- other enums and flags -------------------------------------------------
enum : int {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};
enum : int {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,
};
enum : int { // CUjit_option
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
};
enum : int { CU_JIT_INPUT_PTX = 1 }; // CUjitInputType
enum : int { CU_MEM_LOCATION_TYPE_DEVICE = 1, CU_MEM_LOCATION_TYPE_HOST = 2 };
enum : int { CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3, CU_MEM_ADVISE_SET_ACCESSED_BY = 5 };
inline constexpr CUdevice CU_DEVICE_CPU = -1;
inline constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;
inline constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
inline constexpr unsigned CU_EVENT_DEFAULT = 0x0;
inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;

// ---- CUDA arrays, texture and surface objects (images) ----------------------
using CUarray = struct CUarray_st *;
using CUtexObject = unsigned long long;
using CUsurfObject = unsigned long long;
enum : int { // CUarray_format
  CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  CU_AD_FORMAT_SIGNED_INT8 = 0x08,
  CU_AD_FORMAT_SIGNED_INT16 = 0x09,
  CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
  CU_AD_FORMAT_HALF = 0x10,
  CU_AD_FORMAT_FLOAT = 0x20,
};
enum : int { // CUaddress_mode
  CU_TR_ADDRESS_MODE_WRAP = 0,
  CU_TR_ADDRESS_MODE_CLAMP = 1,
  CU_TR_ADDRESS_MODE_MIRROR = 2,
  CU_TR_ADDRESS_MODE_BORDER = 3,
};
enum : int { CU_TR_FILTER_MODE_POINT = 0, CU_TR_FILTER_MODE_LINEAR = 1 };
enum : int { CU_MEMORYTYPE_DEVICE = 0x02, CU_MEMORYTYPE_ARRAY = 0x03 };
enum : int { CU_RESOURCE_TYPE_ARRAY = 0x00 };
inline constexpr unsigned CUDA_ARRAY3D_SURFACE_LDST = 0x02;
inline constexpr unsigned CU_TRSF_READ_AS_INTEGER = 0x01;
inline constexpr unsigned CU_TRSF_NORMALIZED_COORDINATES = 0x02;
inline constexpr unsigned CU_TRSF_SRGB = 0x10;
struct CUDA_ARRAY3D_DESCRIPTOR {
  size_t Width, Height, Depth;
  int Format; // CUarray_format
  unsigned NumChannels;
  unsigned Flags;
};
struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType; // CUmemorytype
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void *reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void *reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};
struct CUDA_RESOURCE_DESC {
  int resType; // CUresourcetype
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned flags;
};
struct CUDA_TEXTURE_DESC {
  int addressMode[3]; // CUaddress_mode
  int filterMode;     // CUfilter_mode
  unsigned flags;
  unsigned maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
};
// cuda.h's sizes on LP64 (checked against the CUDA 13.0 header).
static_assert(sizeof(CUDA_ARRAY3D_DESCRIPTOR) == 40 && sizeof(CUDA_MEMCPY3D) == 200 &&
              sizeof(CUDA_RESOURCE_DESC) == 144 && sizeof(CUDA_TEXTURE_DESC) == 104);

// ---- the function table -----------------------------------------------------
// X(member, symbol, required, return, params)
#define USYCL_CUDA_FUNCTIONS(X)                                                \
  X(init, "cuInit", true, CUresult, (unsigned flags))                          \
  X(driver_get_version, "cuDriverGetVersion", true, CUresult, (int *version))  \
  X(get_error_name, "cuGetErrorName", true, CUresult,                          \
    (CUresult error, const char **str))                                        \
  X(get_error_string, "cuGetErrorString", true, CUresult,                      \
    (CUresult error, const char **str))                                        \
  X(device_get_count, "cuDeviceGetCount", true, CUresult, (int *count))        \
  X(device_get, "cuDeviceGet", true, CUresult, (CUdevice * dev, int ordinal))  \
  X(device_get_name, "cuDeviceGetName", true, CUresult,                        \
    (char *name, int len, CUdevice dev))                                       \
  X(device_get_attribute, "cuDeviceGetAttribute", true, CUresult,              \
    (int *value, int attribute, CUdevice dev))                                 \
  X(device_total_mem, "cuDeviceTotalMem_v2", true, CUresult,                   \
    (size_t * bytes, CUdevice dev))                                            \
  X(mem_get_info, "cuMemGetInfo_v2", true, CUresult, (size_t * free, size_t *total)) \
  X(primary_ctx_retain, "cuDevicePrimaryCtxRetain", true, CUresult,            \
    (CUcontext * ctx, CUdevice dev))                                           \
  X(primary_ctx_release, "cuDevicePrimaryCtxRelease_v2", true, CUresult,       \
    (CUdevice dev))                                                            \
  X(ctx_get_current, "cuCtxGetCurrent", true, CUresult, (CUcontext * ctx))     \
  X(ctx_set_current, "cuCtxSetCurrent", true, CUresult, (CUcontext ctx))       \
  X(mem_alloc, "cuMemAlloc_v2", true, CUresult,                                \
    (CUdeviceptr * ptr, size_t bytes))                                         \
  X(mem_alloc_host, "cuMemAllocHost_v2", true, CUresult,                       \
    (void **ptr, size_t bytes))                                                \
  X(mem_alloc_managed, "cuMemAllocManaged", true, CUresult,                    \
    (CUdeviceptr * ptr, size_t bytes, unsigned flags))                         \
  X(mem_free, "cuMemFree_v2", true, CUresult, (CUdeviceptr ptr))               \
  X(mem_free_host, "cuMemFreeHost", true, CUresult, (void *ptr))               \
  X(pointer_get_attribute, "cuPointerGetAttribute", true, CUresult,            \
    (void *data, int attribute, CUdeviceptr ptr))                              \
  X(memcpy, "cuMemcpy", true, CUresult,                                        \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes))                          \
  X(memcpy_async, "cuMemcpyAsync", true, CUresult,                             \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))         \
  /* Peer access between devices (cuda_peer.hpp); optional: without them   \
     copies between GPUs go through the host. */                             \
  X(device_can_access_peer, "cuDeviceCanAccessPeer", false, CUresult,          \
    (int *can_access, CUdevice dev, CUdevice peer))                            \
  X(ctx_enable_peer_access, "cuCtxEnablePeerAccess", false, CUresult,          \
    (CUcontext peer, unsigned flags))                                          \
  X(memcpy_peer_async, "cuMemcpyPeerAsync", false, CUresult,                   \
    (CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src, CUcontext src_ctx,   \
     size_t bytes, CUstream stream))                                           \
  X(memset_d8_async, "cuMemsetD8Async", true, CUresult,                        \
    (CUdeviceptr dst, unsigned char value, size_t n, CUstream stream))         \
  X(memset_d16_async, "cuMemsetD16Async", true, CUresult,                      \
    (CUdeviceptr dst, unsigned short value, size_t n, CUstream stream))        \
  X(memset_d32_async, "cuMemsetD32Async", true, CUresult,                      \
    (CUdeviceptr dst, unsigned value, size_t n, CUstream stream))              \
  X(memset_d2d8_async, "cuMemsetD2D8Async", true, CUresult,                    \
    (CUdeviceptr dst, size_t pitch, unsigned char value, size_t width,         \
     size_t height, CUstream stream))                                          \
  X(memset_d2d16_async, "cuMemsetD2D16Async", true, CUresult,                  \
    (CUdeviceptr dst, size_t pitch, unsigned short value, size_t width,        \
     size_t height, CUstream stream))                                          \
  X(memset_d2d32_async, "cuMemsetD2D32Async", true, CUresult,                  \
    (CUdeviceptr dst, size_t pitch, unsigned value, size_t width,              \
     size_t height, CUstream stream))                                          \
  /* CUDA >= 12.2: location-based prefetch; older drivers: device-based. */    \
  X(mem_prefetch_async_v2, "cuMemPrefetchAsync_v2", false, CUresult,           \
    (CUdeviceptr ptr, size_t bytes, CUmemLocation location, unsigned flags,    \
     CUstream stream))                                                         \
  X(mem_prefetch_async_v1, "cuMemPrefetchAsync", false, CUresult,              \
    (CUdeviceptr ptr, size_t bytes, CUdevice dst, CUstream stream))            \
  X(mem_advise_v2, "cuMemAdvise_v2", false, CUresult,                          \
    (CUdeviceptr ptr, size_t bytes, int advice, CUmemLocation location))       \
  X(mem_advise_v1, "cuMemAdvise", false, CUresult,                             \
    (CUdeviceptr ptr, size_t bytes, int advice, CUdevice dev))                 \
  X(stream_create, "cuStreamCreate", true, CUresult,                           \
    (CUstream * stream, unsigned flags))                                       \
  X(stream_destroy, "cuStreamDestroy_v2", true, CUresult, (CUstream stream))   \
  X(stream_synchronize, "cuStreamSynchronize", true, CUresult,                 \
    (CUstream stream))                                                         \
  X(stream_query, "cuStreamQuery", true, CUresult, (CUstream stream))          \
  X(stream_wait_event, "cuStreamWaitEvent", true, CUresult,                    \
    (CUstream stream, CUevent event, unsigned flags))                          \
  X(launch_host_func, "cuLaunchHostFunc", true, CUresult,                      \
    (CUstream stream, CUhostFn fn, void *user_data))                           \
  X(event_create, "cuEventCreate", true, CUresult,                             \
    (CUevent * event, unsigned flags))                                         \
  X(event_destroy, "cuEventDestroy_v2", true, CUresult, (CUevent event))       \
  X(event_record, "cuEventRecord", true, CUresult,                             \
    (CUevent event, CUstream stream))                                          \
  X(event_query, "cuEventQuery", true, CUresult, (CUevent event))              \
  X(event_synchronize, "cuEventSynchronize", true, CUresult, (CUevent event))  \
  X(event_elapsed_time_v2, "cuEventElapsedTime_v2", false, CUresult,           \
    (float *ms, CUevent start, CUevent end))                                   \
  X(event_elapsed_time_v1, "cuEventElapsedTime", false, CUresult,              \
    (float *ms, CUevent start, CUevent end))                                   \
  X(module_load_data_ex, "cuModuleLoadDataEx", true, CUresult,                 \
    (CUmodule * module, const void *image, unsigned num_options,               \
     int *options, void **option_values))                                      \
  X(module_unload, "cuModuleUnload", true, CUresult, (CUmodule module))        \
  /* The JIT linker: PTX -> cubin for the on-disk kernel cache. */             \
  X(link_create, "cuLinkCreate_v2", false, CUresult,                           \
    (unsigned num_options, int *options, void **option_values,                 \
     CUlinkState *state))                                                      \
  X(link_add_data, "cuLinkAddData_v2", false, CUresult,                        \
    (CUlinkState state, int type, void *data, size_t size, const char *name,   \
     unsigned num_options, int *options, void **option_values))                \
  X(link_complete, "cuLinkComplete", false, CUresult,                          \
    (CUlinkState state, void **cubin, size_t *size))                           \
  X(link_destroy, "cuLinkDestroy", false, CUresult, (CUlinkState state))       \
  X(module_get_function, "cuModuleGetFunction", true, CUresult,                \
    (CUfunction * fn, CUmodule module, const char *name))                      \
  X(module_get_global, "cuModuleGetGlobal_v2", true, CUresult,                 \
    (CUdeviceptr * ptr, size_t *bytes, CUmodule module, const char *name))     \
  X(launch_kernel, "cuLaunchKernel", true, CUresult,                           \
    (CUfunction fn, unsigned grid_x, unsigned grid_y, unsigned grid_z,         \
     unsigned block_x, unsigned block_y, unsigned block_z,                     \
     unsigned shared_bytes, CUstream stream, void **params, void **extra))     \
  X(func_get_attribute, "cuFuncGetAttribute", true, CUresult,                  \
    (int *value, int attribute, CUfunction fn))                                \
  X(func_set_attribute, "cuFuncSetAttribute", true, CUresult,                  \
    (CUfunction fn, int attribute, int value))                                 \
  /* CUDA >= 12.4 */                                                           \
  X(func_get_param_info, "cuFuncGetParamInfo", false, CUresult,                \
    (CUfunction fn, size_t index, size_t *offset, size_t *size))               \
  X(array_3d_create, "cuArray3DCreate_v2", true, CUresult,                     \
    (CUarray * array, const CUDA_ARRAY3D_DESCRIPTOR *desc))                    \
  X(array_destroy, "cuArrayDestroy", true, CUresult, (CUarray array))          \
  X(memcpy_3d_async, "cuMemcpy3DAsync_v2", true, CUresult,                     \
    (const CUDA_MEMCPY3D *copy, CUstream stream))                              \
  X(tex_object_create, "cuTexObjectCreate", true, CUresult,                    \
    (CUtexObject * tex, const CUDA_RESOURCE_DESC *res,                         \
     const CUDA_TEXTURE_DESC *tex_desc, const void *view_desc))                \
  X(tex_object_destroy, "cuTexObjectDestroy", true, CUresult,                  \
    (CUtexObject tex))                                                         \
  X(surf_object_create, "cuSurfObjectCreate", true, CUresult,                  \
    (CUsurfObject * surf, const CUDA_RESOURCE_DESC *res))                      \
  X(surf_object_destroy, "cuSurfObjectDestroy", true, CUresult,                \
    (CUsurfObject surf))                                                       \
  X(occupancy_max_potential_block_size, "cuOccupancyMaxPotentialBlockSize",    \
    true, CUresult,                                                            \
    (int *min_grid_size, int *block_size, CUfunction fn,                       \
     CUoccupancyB2DSize smem_for_block, size_t dynamic_smem,                   \
     int block_size_limit))

struct driver_api {
#define USYCL_CUDA_MEMBER(member, symbol, required, ret, params)               \
  ret(*member) params = nullptr;
  USYCL_CUDA_FUNCTIONS(USYCL_CUDA_MEMBER)
#undef USYCL_CUDA_MEMBER
};

// The loaded driver: one per process, created on first use, never unloaded
// (libcuda is not safe to dlclose and may be needed by other libraries).
class driver {
public:
  // Loads libcuda.so.1 and calls cuInit(0) the first time; thread-safe.
  static const driver &get();

  bool available() const { return available_; }
  // Why the driver is unusable ("" when available()).
  const std::string &unavailable_reason() const { return reason_; }
  // cuDriverGetVersion, e.g. 12080.
  int version() const { return version_; }
  const driver_api &api() const { return api_; }

  // "CUDA_ERROR_OUT_OF_MEMORY" (or "CUDA error 2" when the driver cannot say).
  std::string error_name(CUresult r) const;
  // "CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  std::string describe(CUresult r) const;

  // True once the process started exiting (set from an atexit handler that
  // runs before libcuda tears itself down). Destructors that would call into
  // the driver then leak their handles instead.
  static bool exiting();

private:
  driver();
  void load();

  driver_api api_{};
  bool available_ = false;
  std::string reason_;
  int version_ = 0;
};

// Shorthand for driver::get().api(); only valid where the driver is available.
inline const driver_api &api() { return driver::get().api(); }

// Throws sycl::exception(code, "CUDA backend: <what>: CUDA_ERROR_X (explanation)").
[[noreturn]] void throw_error(sycl::errc code, CUresult r, std::string_view what);

inline void check(CUresult r, sycl::errc code, std::string_view what) {
  if (r != CUDA_SUCCESS) [[unlikely]]
    throw_error(code, r, what);
}

// Errors a destructor may see and must swallow: the driver or context is
// already gone at process exit.
inline bool is_teardown_error(CUresult r) {
  return r == CUDA_ERROR_DEINITIALIZED || r == CUDA_ERROR_NOT_INITIALIZED ||
         r == CUDA_ERROR_INVALID_CONTEXT;
}

// "12.8" from 12080.
std::string format_driver_version(int version);

} // namespace usycl::rt::cuda
