// Device-side assert (seed 000, docs/assert.md).
//
// `assert(expr)` in a kernel calls glibc's __assert_fail(expr, file, line,
// function) in both passes; what runs depends on the device:
//
//  * NVPTX (device pass): this header defines __assert_fail for device code
//    (the "fallback approach"): the failing work-item writes the failure into
//    the device's assert buffer -- mapped pinned host memory the runtime
//    allocates once per device and points the program-scope variable
//    __usycl_assert_buffer of each device image at (cuModuleGetGlobal, once
//    per module) -- and then ends (PTX `exit`, which also releases barriers
//    it would hold up). No `trap`, no __assertfail: the CUDA context stays
//    usable. A slot is claimed with an atomic CAS on the launch's token (the
//    runtime passes one per launch in kernel_dims), so the first failing
//    work-item of a launch wins, each launch reports once, and the runtime
//    knows exactly which launch (queue) failed; the host watches the slots'
//    `ready` words while kernels run.
//  * SPIR-V (device pass): a definition that traps, for the image's
//    requirements only (usycl runs no SPIR-V code).
//  * CPU: kernels are host code, so assert calls glibc's __assert_fail, which
//    libusycl.so interposes (runtime/backends/cpu/cpu_assert.cpp). The CPU
//    launchers of kernel_entry.hpp tell it which work-item is running
//    (__usycl_cpu_assert_item) and run their items through
//    __usycl_cpu_assert_run_*, which only sets up a recovery point for
//    kernels whose image uses assert. (The launcher's translation unit may
//    have NDEBUG while a SYCL_EXTERNAL function it calls asserts: seed 000's
//    table, row 3; so the launchers do not depend on NDEBUG.)
//
// Nothing here costs anything unless an assert fails: __assert_fail is only
// emitted into device code that calls it (inline = linkonce_odr), and the
// variable only into images whose code reaches it. sycl-post-link gives
// exactly those images the `isAssertEnabled` property set, and the runtime
// only sets up and checks the assert buffer for them.
#pragma once

#include <sycl/detail/defines.hpp>

#include <cassert> // glibc's declaration of __assert_fail comes first
#include <cstdint>

namespace sycl {
inline namespace _V1 {
namespace detail {

// ---- the assert buffer (device code <-> runtime/backends/cuda/cuda_assert.cpp)
// Plain data in mapped pinned host memory; keep the layout in sync with the
// runtime (it static_asserts the size).
inline constexpr uint32_t assert_slot_count = 8;
inline constexpr uint32_t assert_text_bytes = 256; // per string, NUL included

struct assert_slot {
  // The launch that owns the slot; 0 = free. Claimed by the first failing
  // work-item of a launch (CAS 0 -> key); other work-items of the same launch
  // see their own key and do not report again. The key is the launch token
  // the runtime passed in kernel_dims: the runtime matches records to
  // launches by it.
  uint64_t key;
  // Device address of the module's __usycl_assert_buffer variable: tells
  // the runtime which device image (module) the kernel came from.
  uint64_t module;
  uint32_t ready; // set last (after a system fence): the fields are complete
  uint32_t line;
  uint32_t tid[3], ctaid[3], ntid[3], nctaid[3]; // CUDA x, y, z
  char file[assert_text_bytes];
  char func[assert_text_bytes];
  char expr[assert_text_bytes];
};

struct assert_buffer {
  uint32_t flags; // assert_flag_*
  uint32_t slot_count;
  uint64_t reserved;
  assert_slot slots[assert_slot_count];
};

// Set by the runtime: execute `brkpt` at the assertion (USYCL_ASSERT_BREAK=1).
inline constexpr uint32_t assert_flag_break = 1;

} // namespace detail
} // namespace _V1
} // namespace sycl

#if USYCL_DEVICE_NVPTX
extern "C" {
// The runtime points this at the device's assert buffer (cuModuleGetGlobal);
// one per device image (linkonce_odr: every translation unit may define it).
inline sycl::_V1::detail::assert_buffer *__usycl_assert_buffer = nullptr;

// Launch-token hooks: every entry point calls begin with the launch's token
// (kernel_dims::launch_token); __assert_fail reads it back. Weak placeholders
// here: whether the image uses assert is only known after device linking
// (another TU's SYCL_EXTERNAL code may assert), so sycl-post-link gives them
// their bodies per image -- a __shared__ store/load where assert is used,
// nothing elsewhere (compiler/post-link/assert_properties.hpp).
__attribute__((weak)) void __usycl_assert_launch_begin(uint64_t) {}
__attribute__((weak)) uint64_t __usycl_assert_launch_token() { return 0; }
}

namespace sycl {
inline namespace _V1 {
namespace detail {

inline void device_assert_copy(char *dst, const char *src) {
  uint32_t i = 0;
  if (src)
    for (; i + 1 < assert_text_bytes && src[i]; ++i)
      dst[i] = src[i];
  dst[i] = '\0'; // truncated safely
}

[[noreturn]] inline void device_assert_exit() {
  asm volatile("exit;" ::: "memory");
  __builtin_unreachable();
}

} // namespace detail
} // namespace _V1
} // namespace sycl

extern "C" {
// glibc's assert macro calls this; in device code it records the failure
// and ends the work-item (docs/assert.md). Cold and out of line: kernels
// carry one call on their failure path, nothing else.
__attribute__((noreturn, noinline, cold)) inline void
__assert_fail(const char *expr, const char *file, unsigned int line,
              const char *func) noexcept {
  using namespace sycl::_V1::detail;
  assert_buffer *buf = *(assert_buffer *volatile *)&__usycl_assert_buffer;
  const uint64_t key = __usycl_assert_launch_token();
  if (!buf || !key) // the runtime did not set this launch up: fail loudly
    __builtin_trap();
  for (uint32_t i = 0; i < assert_slot_count; ++i) {
    assert_slot &s = buf->slots[i];
    uint64_t old;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
    asm volatile("atom.sys.cas.b64 %0, [%1], %2, %3;"
                 : "=l"(old) : "l"(&s.key), "l"(uint64_t(0)), "l"(key) : "memory");
#else
    asm volatile("atom.cas.b64 %0, [%1], %2, %3;"
                 : "=l"(old) : "l"(&s.key), "l"(uint64_t(0)), "l"(key) : "memory");
#endif
    if (old == key)
      break; // another work-item of this kernel reported already
    if (old != 0)
      continue; // another kernel's failure
    s.module = (uint64_t)(uintptr_t)&__usycl_assert_buffer;
    s.line = line;
    s.tid[0] = __nvvm_read_ptx_sreg_tid_x();
    s.tid[1] = __nvvm_read_ptx_sreg_tid_y();
    s.tid[2] = __nvvm_read_ptx_sreg_tid_z();
    s.ctaid[0] = __nvvm_read_ptx_sreg_ctaid_x();
    s.ctaid[1] = __nvvm_read_ptx_sreg_ctaid_y();
    s.ctaid[2] = __nvvm_read_ptx_sreg_ctaid_z();
    s.ntid[0] = __nvvm_read_ptx_sreg_ntid_x();
    s.ntid[1] = __nvvm_read_ptx_sreg_ntid_y();
    s.ntid[2] = __nvvm_read_ptx_sreg_ntid_z();
    s.nctaid[0] = __nvvm_read_ptx_sreg_nctaid_x();
    s.nctaid[1] = __nvvm_read_ptx_sreg_nctaid_y();
    s.nctaid[2] = __nvvm_read_ptx_sreg_nctaid_z();
    device_assert_copy(s.file, file);
    device_assert_copy(s.func, func);
    device_assert_copy(s.expr, expr);
    asm volatile("membar.sys;" ::: "memory"); // the record before `ready`
    *(volatile uint32_t *)&s.ready = 1;
    asm volatile("membar.sys;" ::: "memory");
    break;
  }
  // All slots taken by other kernels: this failure is not reported (the
  // runtime frees slots as their kernels complete).
  if (*(volatile uint32_t *)&buf->flags & assert_flag_break)
    asm volatile("brkpt;" ::: "memory");
  device_assert_exit();
}
}
#endif // USYCL_DEVICE_NVPTX

#if USYCL_DEVICE_SPIRV
// SPIR-V images are never run (defines.hpp), but a kernel that asserts must
// reach a definition here, as on NVPTX, for the `isAssertEnabled` property
// of its image.
extern "C" __attribute__((noreturn, noinline, cold)) inline void
__assert_fail(const char *, const char *, unsigned int, const char *) noexcept {
  __builtin_trap();
}
#endif

// ---- CPU: what the launchers tell libusycl.so (host pass only) -------------
#if !defined(__SYCL_DEVICE_ONLY__)
namespace sycl {
inline namespace _V1 {
namespace detail {
struct kernel_dims;
struct cpu_group_ctx;
using cpu_assert_range_fn = void (*)(const void *object, const kernel_dims &dims,
                                     uint64_t begin, uint64_t end);
using cpu_assert_nd_fn = void (*)(const void *object, const cpu_group_ctx &group,
                                  uint64_t begin, uint64_t end);
} // namespace detail
} // namespace _V1
} // namespace sycl

extern "C" {
// Linear id of the work-item a CPU launcher is running (range: over the
// launch, nd_range: within the work-group; row-major, dimension 2 fastest).
// `__thread`, not thread_local: no TLS wrapper call, so the launchers' loops
// still vectorise (the store leaves loops whose body makes no call).
extern __attribute__((tls_model("initial-exec"))) __thread uint64_t __usycl_cpu_assert_item;
// Run items [begin, end) through `fn`; for kernels whose image uses assert
// so that an assert failing in one of them stops that work-item only: the
// failure is recorded, the rest of the items run
// (runtime/backends/cpu/cpu_assert.cpp).
USYCL_EXPORT void __usycl_cpu_assert_run_range(sycl::_V1::detail::cpu_assert_range_fn fn,
                                               const void *object,
                                               const sycl::_V1::detail::kernel_dims &dims,
                                               uint64_t begin, uint64_t end);
USYCL_EXPORT void __usycl_cpu_assert_run_nd(sycl::_V1::detail::cpu_assert_nd_fn fn,
                                            const void *object,
                                            const sycl::_V1::detail::cpu_group_ctx &group,
                                            uint64_t begin, uint64_t end);
}
#endif
