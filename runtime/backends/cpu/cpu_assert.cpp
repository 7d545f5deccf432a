// Device-side assert on the CPU backend: see cpu_assert.hpp.
#include "cpu_assert.hpp"

#include "../../assert_buffer.hpp"
#include "../../check_mode.hpp"
#include "../../image_registry.hpp"
#include "../../requirements.hpp" // demangle_kernel_name

#include <sycl/detail/accessor_check.hpp>
#include <sycl/detail/device_assert.hpp>

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <string_view>
#include <unordered_map>

// glibc's (assert.h leaves it out under NDEBUG, as the runtime is built).
extern "C" void __assert_fail(const char *expr, const char *file, unsigned int line,
                              const char *func) noexcept __attribute__((noreturn));

// Linear id of the running work-item, written by the CPU launchers
// (sycl/detail/kernel_entry.hpp, sycl/reduction.hpp).
extern "C" __attribute__((visibility("default"))) __attribute__((tls_model("initial-exec")))
__thread uint64_t __usycl_cpu_assert_item = 0;

namespace usycl::rt::cpu_assert {
namespace {

// Where a failing work-item goes: the __usycl_cpu_assert_run_* call running
// it, on the same stack (a fiber's own stack for fiber work-items).
struct frame {
  sigjmp_buf jump;
  launch_state *launch = nullptr;
  const sycl::detail::kernel_dims *dims = nullptr;     // range / single_task
  const sycl::detail::cpu_group_ctx *group = nullptr; // nd_range
};

// initial-exec: read at every barrier (fiber_switch) and work-item loop.
[[gnu::tls_model("initial-exec")]] thread_local frame *t_frame = nullptr;
[[gnu::tls_model("initial-exec")]] thread_local launch_state *t_launch = nullptr;
[[gnu::tls_model("initial-exec")]] thread_local bool t_first_item_failed = false;
[[gnu::tls_model("initial-exec")]] thread_local uint64_t t_first_item = 0;

void ids_of(const frame &f, uint64_t item, uint64_t gid[3], uint64_t lid[3]) {
  if (f.group) {
    const sycl::detail::cpu_group_ctx &g = *f.group;
    uint64_t rest = item;
    for (int d = 2; d >= 0; --d) {
      uint64_t extent = g.local[d] ? g.local[d] : 1;
      lid[d] = rest % extent;
      rest /= extent;
    }
    for (int d = 0; d < 3; ++d)
      gid[d] = g.group[d] * g.local[d] + lid[d] + g.dims.offset[d];
    return;
  }
  // Range kernels have no work-groups on the CPU: the whole range is one
  // group, so the local id is the global id without the offset.
  uint64_t rest = item;
  for (int d = 2; d >= 0; --d) {
    uint64_t extent = f.dims && f.dims->global[d] ? f.dims->global[d] : 1;
    lid[d] = rest % extent;
    rest /= extent;
  }
  for (int d = 0; d < 3; ++d) gid[d] = lid[d] + (f.dims ? f.dims->offset[d] : 0);
}

[[noreturn]] void forward_to_libc(const char *expr, const char *file, unsigned int line,
                                  const char *func) {
  using assert_fn = void (*)(const char *, const char *, unsigned int, const char *);
  static assert_fn next = reinterpret_cast<assert_fn>(dlsym(RTLD_NEXT, "__assert_fail"));
  if (next && next != &__assert_fail) next(expr, file, line, func);
  std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file ? file : "?", line,
               func ? func : "?", expr ? expr : "?");
  std::abort();
}

// Per thread (the CPU queues' worker threads ask): no lock on the launch path.
struct uses_assert_cache {
  uint64_t generation = ~uint64_t(0);
  std::unordered_map<const char *, bool> by_name;
};
thread_local uses_assert_cache t_uses_assert;

} // namespace

bool kernel_uses_assert(const char *kernel) {
  if (!kernel) return true;
  uses_assert_cache *cache = &t_uses_assert;
  image_registry &images = image_registry::instance();
  const uint64_t generation = images.generation();
  if (cache->generation != generation) {
    cache->by_name.clear();
    cache->generation = generation;
  }
  if (auto it = cache->by_name.find(kernel); it != cache->by_name.end()) return it->second;
  bool described = false, uses = false;
  for (const usycl_device_image *img : images.images_with_kernel(kernel)) {
    described = true;
    uses = uses || find_property_set(*img, "isAssertEnabled") != nullptr;
  }
  bool result = uses || !described;
  cache->by_name.emplace(kernel, result);
  return result;
}

launch_state::launch_state(backend_queue *bq, const sycl::detail::kernel_launch &launch)
    : bq_(bq), launch_(launch),
      // USYCL_CHECK: any kernel may fail an accessor check.
      guarded_(check_enabled() || kernel_uses_assert(launch.name)) {}

bool launch_state::record(std::string message, sycl::errc code) {
  if (failed_.exchange(true, std::memory_order_acq_rel)) return false;
  message_ = std::move(message);
  code_ = code;
  return true;
}

void launch_state::finish() {
  // pool.run has joined every chunk: message_ is visible here.
  if (failed_.load(std::memory_order_acquire)) assert_support::deliver(bq_, message_, code_);
}

launch_scope::launch_scope(backend_queue *bq, const sycl::detail::kernel_launch &launch)
    : state_(bq, launch), outer_(t_launch) {
  t_launch = &state_;
}

launch_scope::~launch_scope() {
  t_launch = outer_;
  try {
    state_.finish();
  } catch (...) {
  }
}

launch_state *current() { return t_launch; }

bind::bind(launch_state *state) : outer_(t_launch) { t_launch = state; }
bind::~bind() { t_launch = outer_; }

void set_first_item(uint64_t item) { t_first_item = item; }

bool failed_first_item() {
  bool failed = t_first_item_failed;
  t_first_item_failed = false;
  return failed;
}

fiber_switch::fiber_switch() : frame_(t_frame), item_(__usycl_cpu_assert_item) {
  t_frame = nullptr; // the scheduler and fibers started meanwhile have their own
}
fiber_switch::~fiber_switch() {
  t_frame = static_cast<frame *>(frame_);
  __usycl_cpu_assert_item = item_;
}

} // namespace usycl::rt::cpu_assert

using usycl::rt::cpu_assert::frame;
using usycl::rt::cpu_assert::t_frame;
using usycl::rt::cpu_assert::t_launch;

extern "C" __attribute__((visibility("default"))) void
__usycl_cpu_assert_run_range(sycl::detail::cpu_assert_range_fn fn, const void *object,
                             const sycl::detail::kernel_dims &dims, uint64_t begin,
                             uint64_t end) {
  if (!t_launch || !t_launch->guarded()) { // the kernel cannot fail an assert
    fn(object, dims, begin, end);
    return;
  }
  frame f;
  f.launch = t_launch;
  f.dims = &dims;
  frame *outer = t_frame;
  t_frame = &f;
  volatile uint64_t next = begin; // survives siglongjmp
  while (next < end) {
    if (sigsetjmp(f.jump, 0) == 0) {
      fn(object, dims, next, end);
      break;
    }
    // The work-item __usycl_cpu_assert_item failed an assert: skip it.
    next = __usycl_cpu_assert_item + 1;
  }
  t_frame = outer;
}

extern "C" __attribute__((visibility("default"))) void
__usycl_cpu_assert_run_nd(sycl::detail::cpu_assert_nd_fn fn, const void *object,
                          const sycl::detail::cpu_group_ctx &group, uint64_t begin,
                          uint64_t end) {
  if (!t_launch || !t_launch->guarded()) { // the kernel cannot fail an assert
    fn(object, group, begin, end);
    return;
  }
  frame f;
  f.launch = t_launch;
  f.group = &group;
  if (begin == usycl::rt::cpu_assert::t_first_item)
    usycl::rt::cpu_assert::t_first_item_failed = false;
  frame *outer = t_frame;
  t_frame = &f;
  volatile uint64_t next = begin;
  while (next < end) {
    if (sigsetjmp(f.jump, 0) == 0) {
      fn(object, group, next, end);
      break;
    }
    next = __usycl_cpu_assert_item + 1;
  }
  t_frame = outer;
}

// Interposes glibc's __assert_fail (cpu_assert.hpp).
extern "C" __attribute__((visibility("default"))) void
__assert_fail(const char *expr, const char *file, unsigned int line, const char *func) noexcept {
  using namespace usycl::rt;
  frame *f = t_frame;
  if (!f) usycl::rt::cpu_assert::forward_to_libc(expr, file, line, func);
  const uint64_t item = __usycl_cpu_assert_item;
  if (f->group && item == usycl::rt::cpu_assert::t_first_item)
    usycl::rt::cpu_assert::t_first_item_failed = true;
  // Only the kernel's first failure is formatted, printed and reported.
  bool first = false;
  if (!f->launch || !f->launch->has_failed()) try {
    uint64_t gid[3], lid[3];
    usycl::rt::cpu_assert::ids_of(*f, item, gid, lid);
    std::string message = assert_support::format_message(file, line, func, gid, lid, expr);
    first = f->launch ? f->launch->record(message) : true;
    if (first) assert_support::announce(message); // aborts with USYCL_ASSERT_ABORT=1
  } catch (...) {
  }
  // Stop here under a debugger (or when asked), in the failing work-item.
  if (first && (assert_support::break_requested() || assert_support::debugger_attached()))
    std::raise(SIGTRAP);
  siglongjmp(f->jump, 1);
}

namespace {

std::string ids_text(const size_t *v, int n) {
  std::string s = "[";
  for (int d = 0; d < n; ++d) s += (d ? "," : "") + std::to_string(v[d]);
  return s + "]";
}

} // namespace

// USYCL_CHECK=1: an accessor index outside the accessor's range
// (<sycl/detail/accessor_check.hpp>). In a CPU kernel: recorded and printed
// like a failed assert (the first failure of the launch; its asynchronous
// exception is errc::invalid), and the work-item stops. Elsewhere (a host
// task's accessor): a synchronous errc::invalid.
extern "C" __attribute__((visibility("default"))) void
__usycl_accessor_index_out_of_range(int dims, int dimension, const size_t *index,
                                    const size_t *range) {
  using namespace usycl::rt;
  const std::string where =
      dimension < 0 ? "accessor index " + ids_text(index, dims)
                    : "accessor index " + std::to_string(*index) + " of dimension " +
                          std::to_string(dimension);
  const std::string what = where + " is out of range: the accessor's range is " +
                           ids_text(range, dims) + " (USYCL_CHECK=1)";
  frame *f = t_frame;
  if (!f || !f->launch) throw sycl::exception(sycl::make_error_code(sycl::errc::invalid), what);
  const uint64_t item = __usycl_cpu_assert_item;
  if (f->group && item == usycl::rt::cpu_assert::t_first_item)
    usycl::rt::cpu_assert::t_first_item_failed = true;
  if (!f->launch->has_failed()) try {
    uint64_t gid[3], lid[3];
    usycl::rt::cpu_assert::ids_of(*f, item, gid, lid);
    std::string message = "kernel '" + demangle_kernel_name(f->launch->launch().name) +
                          "': global id: " + ids_text(gid, 3) + ", local id: " +
                          ids_text(lid, 3) + ": " + what;
    if (f->launch->record(message, sycl::errc::invalid))
      assert_support::announce(message); // aborts with USYCL_ASSERT_ABORT=1
  } catch (...) {
  }
  siglongjmp(f->jump, 1);
}
