#include "group_executor.hpp"

#include "cpu_assert.hpp"
#include "../../trace.hpp"

#include <sycl/exception.hpp>

#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

extern "C" {
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) thread_local char
    *__usycl_cpu_local_memory = nullptr;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) thread_local
    uint64_t __usycl_cpu_work_group_run = 0;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) thread_local
    bool __usycl_cpu_work_items_interleave = false;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) thread_local
    const sycl::detail::cpu_group_ctx *__usycl_cpu_current_group = nullptr;
}

namespace usycl::rt::cpu {
namespace ctx = boost::context;

namespace {

// Work-item stacks are reused across work-groups on the same thread.
constexpr size_t fiber_stack_bytes = 256 * 1024;

class stack_pool {
public:
  ctx::stack_context allocate() {
    if (!free_.empty()) {
      auto s = free_.back().context;
      free_.pop_back();
      return s;
    }
    return allocator_.allocate();
  }
  void deallocate(ctx::stack_context &s) {
    free_.push_back({s, static_cast<char *>(s.sp) - s.size});
  }
  ~stack_pool() {
    for (auto &s : free_) allocator_.deallocate(s.context);
  }

private:
  // A stack_context holds the stack's top (sp = allocation + size), which
  // points just past the allocation: the free stacks of a pool thread still
  // alive when LeakSanitizer checks at exit looked leaked (a flaky CI
  // failure). Keeping the allocation's start too keeps them reachable.
  struct free_stack {
    ctx::stack_context context;
    void *allocation;
  };
  ctx::fixedsize_stack allocator_{fiber_stack_bytes};
  std::vector<free_stack> free_;
};

struct pooled_stack {
  stack_pool *pool;
  ctx::stack_context allocate() { return pool->allocate(); }
  void deallocate(ctx::stack_context &s) noexcept { pool->deallocate(s); }
};

// Per-thread state of the work-group being executed.
struct group_state {
  bool on_fiber = false;       // the current work-item runs on a fiber
  bool barrier_hit = false;    // some work-item reached a barrier
  ctx::fiber scheduler;        // continuation back to run_work_group
  std::vector<unsigned char> local;
  stack_pool stacks;
  uint64_t groups_run = 0; // numbers __usycl_cpu_work_group_run
};

// initial-exec: libusycl.so is loaded with the program, and a barrier reads
// this several times per work-item switch (__tls_get_addr was 9% of it).
[[gnu::tls_model("initial-exec")]] thread_local group_state t_group;

void ensure_local_memory(size_t bytes) {
  auto &local = t_group.local;
  if (local.size() < bytes + 64) local.resize(bytes + 64);
  auto addr = reinterpret_cast<uintptr_t>(local.data());
  __usycl_cpu_local_memory = reinterpret_cast<char *>((addr + 63) & ~uintptr_t(63));
}

// One trace line per kernel that runs as fibers although it has a group
// launcher (the compiler's remark says why).
void note_fiber_fallback(const nd_launch &launch) {
  if (!trace::enabled(trace::level::basic) || !launch.kernel_name)
    return;
  static std::mutex mutex;
  static std::set<const char *> noted;
  std::lock_guard lock(mutex);
  if (noted.insert(launch.kernel_name).second)
    trace::write("cpu", "kernel '" + trace::kernel_name(launch.kernel_name) +
                            "' runs its work-items as fibers (not as work-item loops: compile "
                            "with -Rpass-missed=usycl-work-item-loops to see why)");
}

} // namespace

void run_work_group(const nd_launch &launch, const uint64_t group_id[3]) {
  sycl::detail::cpu_group_ctx g = launch.group;
  for (int d = 0; d < 3; ++d) g.group[d] = group_id[d];
  const uint64_t items = g.local[0] * g.local[1] * g.local[2];
  ensure_local_memory(launch.local_mem_bytes);

  group_state &state = t_group;
  state.barrier_hit = false;
  pooled_stack alloc{&state.stacks};

  auto make_item = [&](uint64_t i) {
    return ctx::fiber(std::allocator_arg, alloc, [&launch, &g, i](ctx::fiber &&caller) {
      t_group.scheduler = std::move(caller);
      t_group.on_fiber = true;
      launch.fn(launch.kernel_object, g, i, i + 1);
      t_group.on_fiber = false;
      return std::move(t_group.scheduler);
    });
  };

  // Per-work-item state the headers keep on the thread (sycl::stream's format
  // flags) needs to know which group runs, and whether its work-items
  // interleave (as fibers, at barriers) or run one after the other; the
  // free-function work-item queries read the group (work_item_builtins.hpp).
  __usycl_cpu_work_group_run = ++state.groups_run;
  __usycl_cpu_work_items_interleave = true;
  __usycl_cpu_current_group = &g;
  struct end_of_group {
    ~end_of_group() {
      __usycl_cpu_work_group_run = 0;
      __usycl_cpu_work_items_interleave = false;
      __usycl_cpu_current_group = nullptr;
    }
  } end_of_group_on_exit;

  if (launch.group_loops) {
    state.barrier_hit = false;
    if (launch.group_loops(launch.kernel_object, g)) {
      if (state.barrier_hit)
        throw sycl::exception(
            sycl::make_error_code(sycl::errc::kernel),
            std::string("kernel '") + (launch.kernel_name ? launch.kernel_name : "?") +
                "' reached a work-group barrier inside a function the compiler could not see "
                "(a SYCL_EXTERNAL function of another translation unit?): on the CPU such a "
                "kernel cannot run as work-item loops; define the function in the kernel's "
                "translation unit");
      return;
    }
    note_fiber_fallback(launch);
  }

  // Work-item 0 first, on a fiber: if it never waits at a barrier, by SYCL's
  // uniformity rule no work-item does, and the rest run as a plain loop.
  std::vector<ctx::fiber> fibers;
  ctx::fiber first = make_item(0);
  first = std::move(first).resume();
  // (An assert that stopped work-item 0 hides whether it would have reached
  // a barrier: then run the others as fibers too; cpu_assert.hpp.)
  if (!state.barrier_hit && !usycl::rt::cpu_assert::failed_first_item()) {
    __usycl_cpu_work_items_interleave = false; // one work-item after the other from here
    if (items > 1) launch.fn(launch.kernel_object, g, 1, items);
    if (state.barrier_hit)
      throw sycl::exception(sycl::make_error_code(sycl::errc::kernel),
                            "work-group barrier reached by some work-items only (non-uniform "
                            "control flow around group_barrier/nd_item::barrier)");
    return;
  }
  fibers.reserve(items);
  fibers.push_back(std::move(first));
  for (uint64_t i = 1; i < items; ++i) fibers.push_back(make_item(i));
  // Round-robin: each pass takes every live work-item to its next barrier.
  // Work-item 0 already waits at the first one, so the first pass skips it.
  for (uint64_t start = 1;; start = 0) {
    bool live = start == 1;
    for (uint64_t i = start; i < items; ++i) {
      if (!fibers[i]) continue;
      fibers[i] = std::move(fibers[i]).resume();
      if (fibers[i]) live = true;
    }
    if (!live) break;
  }
}

} // namespace usycl::rt::cpu

extern "C" __attribute__((visibility("default"))) void __usycl_cpu_group_barrier() {
  using namespace usycl::rt::cpu;
  t_group.barrier_hit = true;
  if (!t_group.on_fiber) return; // reported by run_work_group
  usycl::rt::cpu_assert::fiber_switch assert_context; // kept across the switch
  t_group.on_fiber = false;
  t_group.scheduler = std::move(t_group.scheduler).resume();
  t_group.on_fiber = true;
}

namespace usycl::rt::cpu {
namespace {
// One buffer per call site of group_local_memory on each thread: a thread
// runs one work-group at a time, so the work-groups it runs take turns with
// the same memory, as the blocks of a GPU take turns with shared memory.
struct group_local_site {
  const void *key;
  std::unique_ptr<std::byte[]> storage;
  void *aligned;
};
[[gnu::tls_model("initial-exec")]] thread_local std::vector<group_local_site> t_group_local_sites;
} // namespace
} // namespace usycl::rt::cpu

// Called where the pass usycl-group-local-memory replaced a call site of
// sycl::ext::oneapi::group_local_memory (compiler/passes/group_local_memory.hpp).
extern "C" __attribute__((visibility("default"))) void *
__usycl_cpu_group_local_memory(const void *site, size_t size, size_t align) {
  using namespace usycl::rt::cpu;
  for (group_local_site &s : t_group_local_sites)
    if (s.key == site) return s.aligned;
  auto storage = std::make_unique<std::byte[]>(size + align);
  const auto addr = reinterpret_cast<uintptr_t>(storage.get());
  void *aligned = reinterpret_cast<void *>((addr + align - 1) & ~uintptr_t(align - 1));
  t_group_local_sites.push_back({site, std::move(storage), aligned});
  return aligned;
}

// The group launchers' markers (sycl/detail/work_item_builtins.hpp). A
// launcher the pass usycl-work-item-loops did not rewrite (it did not run:
// a build without usycl++'s host pass plugin) asks this and falls back.
extern "C" __attribute__((visibility("default"))) bool __usycl_cpu_work_item_loops() {
  return false;
}
// Unreachable: only launchers whose __usycl_cpu_work_item_loops() is true
// (rewritten by the pass, which removes these calls) get to them.
extern "C" __attribute__((visibility("default"))) uint64_t __usycl_cpu_work_item_id(uint64_t,
                                                                                   uint64_t,
                                                                                   uint64_t) {
  std::abort();
}
extern "C" __attribute__((visibility("default"))) uint64_t __usycl_cpu_work_item_local_id(int) {
  std::abort();
}

namespace usycl::rt::cpu {
namespace {
// Values a rewritten launcher keeps per work-item across barriers: one block
// per thread, grown to the largest group it ran, reused by every group.
struct work_item_storage {
  std::unique_ptr<std::byte[]> block;
  size_t bytes = 0;
};
[[gnu::tls_model("initial-exec")]] thread_local work_item_storage t_work_item_storage;
} // namespace
} // namespace usycl::rt::cpu

extern "C" __attribute__((visibility("default"))) void *__usycl_cpu_work_item_storage(uint64_t bytes) {
  auto &s = usycl::rt::cpu::t_work_item_storage;
  if (s.bytes < bytes) {
    s.block = std::make_unique<std::byte[]>(bytes + 64);
    s.bytes = bytes;
  }
  const auto addr = reinterpret_cast<uintptr_t>(s.block.get());
  return reinterpret_cast<void *>((addr + 63) & ~uintptr_t(63));
}
