#include "group_executor.hpp"

#include "cpu_assert.hpp"
#include "../../trace.hpp"

#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/exception.hpp>

#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

// (__thread, as work_item_builtins.hpp declares them.)
extern "C" {
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) __thread char
    *__usycl_cpu_local_memory = nullptr;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) __thread
    uint64_t __usycl_cpu_work_group_run = 0;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) __thread
    bool __usycl_cpu_work_items_interleave = false;
__attribute__((visibility("default"))) __attribute__((tls_model("initial-exec"))) __thread
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

// Where a work-item running on a fiber stands (the fiber schedule).
enum class wait_state : uint8_t { running, group_barrier, sub_group_barrier, done };

// The work-items of one sub-group waiting at a sub-group barrier.
struct sub_group_wait {
  uint32_t arrived = 0;
  void (*step)(void *, uint32_t) = nullptr; // the first arrival's
  bool mixed_steps = false;                 // another arrival passed another step
};

// Per-thread state of the work-group being executed.
struct group_state {
  bool on_fiber = false;              // the current work-item runs on a fiber
  bool lone_item = false;             // a one-work-item group runs on the thread's stack
  bool group_barrier_hit = false;     // some work-item reached a work-group barrier
  bool sub_group_barrier_hit = false; // ... a sub-group barrier
  ctx::fiber scheduler;               // continuation back to run_work_group
  std::vector<unsigned char> local;
  stack_pool stacks;
  uint64_t groups_run = 0; // numbers __usycl_cpu_work_group_run

  // The running group: its work-items and sub-group width.
  uint64_t items = 0;
  uint32_t width = 1;
  // The fiber schedule, set up by the group's first barrier on a fiber (a
  // group whose work-items reach none never pays for it).
  bool schedule_ready = false;
  uint64_t current = 0; // the work-item whose fiber runs
  std::vector<wait_state> waits;
  std::vector<sub_group_wait> sub_groups;
  uint64_t group_waiting = 0; // work-items waiting at the work-group barrier
  // The probe fiber (run_group): the work-item it runs alone, whether that
  // one has returned, why the probe came back, whether it should end.
  enum class probe_state : uint8_t { running, needs_fibers, plain_loop_barrier, done };
  uint64_t probe_item = 0;
  bool probe_finished = false;
  probe_state probe = probe_state::running;
  bool probe_stop = false;

  bool barrier_hit() const { return group_barrier_hit || sub_group_barrier_hit; }
  uint64_t sub_group_count() const { return (items + width - 1) / width; }
  uint32_t lanes(uint64_t sub_group) const {
    return static_cast<uint32_t>(std::min<uint64_t>(width, items - sub_group * width));
  }
  void prepare_schedule() {
    if (schedule_ready) return;
    waits.assign(items, wait_state::running);
    sub_groups.assign(sub_group_count(), {});
    group_waiting = 0;
    schedule_ready = true;
  }
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

// The sub-groups' exchange blocks (__usycl_cpu_sub_group_block): one
// allocation per thread, grown to the largest group it ran, reused by every
// group; laid out for the running group at its first request.
struct sub_group_blocks {
  std::unique_ptr<std::byte[]> storage;
  size_t bytes = 0;
  uint64_t group_run = 0; // the __usycl_cpu_work_group_run the layout is for
  uint64_t count = 0;
  size_t stride = 0;
  std::byte *base = nullptr;
  // A request for a sub-group the group does not have (a header bug): it
  // gets `spare`, and its work-group throws this once it is done (an
  // exception cannot leave a fiber).
  std::string error;
  std::unique_ptr<std::byte[]> spare;
};
[[gnu::tls_model("initial-exec")]] thread_local sub_group_blocks t_blocks;

std::string kernel_display_name(const char *name) {
  return name ? "kernel '" + trace::kernel_name(name) + "'" : std::string("a kernel");
}

[[noreturn]] void throw_kernel_error(const std::string &message) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), message);
}

void *sub_group_block(uint32_t sub_group) {
  sub_group_blocks &b = t_blocks;
  if (b.group_run != __usycl_cpu_work_group_run || !b.base) [[unlikely]] {
    const sycl::detail::cpu_group_ctx *g = __usycl_cpu_current_group;
    if (!g)
      throw_kernel_error("a sub-group exchange block was asked for outside an nd_range "
                         "work-group (sub-groups exist in parallel_for(nd_range) kernels only)");
    const uint64_t items = g->local[0] * g->local[1] * g->local[2];
    const uint32_t width = std::max<uint32_t>(1, g->sub_group_width);
    b.count = (items + width - 1) / width;
    b.stride = sycl::detail::cpu_sub_group_block_bytes(width);
    const size_t need = b.count * b.stride;
    if (b.bytes < need) {
      b.storage = std::make_unique<std::byte[]>(need + 64);
      b.bytes = need;
    }
    const auto addr = reinterpret_cast<uintptr_t>(b.storage.get());
    b.base = reinterpret_cast<std::byte *>((addr + 63) & ~uintptr_t(63));
    b.group_run = __usycl_cpu_work_group_run;
  }
  if (sub_group >= b.count) [[unlikely]] {
    if (b.error.empty())
      b.error = "sub-group " + std::to_string(sub_group) +
                " has no exchange block: the running work-group has " + std::to_string(b.count) +
                " sub-groups";
    if (!b.spare)
      b.spare = std::make_unique<std::byte[]>(sycl::detail::cpu_sub_group_block_bytes(64) + 64);
    const auto addr = reinterpret_cast<uintptr_t>(b.spare.get());
    return reinterpret_cast<void *>((addr + 63) & ~uintptr_t(63));
  }
  return b.base + size_t(sub_group) * b.stride;
}

// Runs sub-group sg's step (once) and lets its waiting work-items go on.
void release_sub_group(group_state &s, uint64_t sg) {
  sub_group_wait &w = s.sub_groups[sg];
  if (w.step) w.step(sub_group_block(static_cast<uint32_t>(sg)), s.lanes(sg));
  const uint64_t begin = sg * s.width, end = begin + s.lanes(sg);
  for (uint64_t i = begin; i < end; ++i)
    if (s.waits[i] == wait_state::sub_group_barrier) s.waits[i] = wait_state::running;
  w = {};
}

// From a work-item's fiber to the scheduler, until it resumes the fiber.
void wait_on_fiber(group_state &s) {
  usycl::rt::cpu_assert::fiber_switch assert_context; // kept across the switch
  s.on_fiber = false;
  s.scheduler = std::move(s.scheduler).resume();
  s.on_fiber = true;
}

// Why the fibers of [begin, end) cannot go on: the first sub-group whose
// work-items disagree, else the work-group barrier.
std::string describe_stall(const group_state &s, uint64_t begin, uint64_t end) {
  for (uint64_t sg = begin / s.width; sg * s.width < end; ++sg) {
    const uint64_t first = sg * s.width, last = first + s.lanes(sg);
    uint64_t at_sub_group = 0, at_group = 0, done = 0;
    for (uint64_t i = first; i < last; ++i) {
      at_sub_group += s.waits[i] == wait_state::sub_group_barrier;
      at_group += s.waits[i] == wait_state::group_barrier;
      done += s.waits[i] == wait_state::done;
    }
    if (!at_sub_group) continue;
    std::string what = "work-items " + std::to_string(first) + ".." + std::to_string(last - 1) +
                       " form sub-group " + std::to_string(sg) + ": ";
    if (s.sub_groups[sg].mixed_steps)
      return what + "its work-items wait at different sub-group collectives";
    if (at_group)
      return what + std::to_string(at_sub_group) +
             " of them wait at a sub-group barrier (a sub-group collective or "
             "group_barrier(sub_group)), " +
             std::to_string(at_group) + " at a work-group barrier";
    if (done)
      return what + std::to_string(at_sub_group) +
             " of them wait at a sub-group barrier (a sub-group collective or "
             "group_barrier(sub_group)), the other " +
             std::to_string(done) + " returned without reaching it";
  }
  return "a work-group barrier was reached by some work-items only";
}

[[noreturn]] void throw_non_uniform(const nd_launch &launch, const sycl::detail::cpu_group_ctx &g,
                                    const std::string &what) {
  throw_kernel_error(
      kernel_display_name(launch.kernel_name) + ": non-uniform control flow in work-group {" +
      std::to_string(g.group[0]) + ", " + std::to_string(g.group[1]) + ", " +
      std::to_string(g.group[2]) + "}: " + what +
      "; every work-item of a sub-group must reach each of its collectives and sub-group "
      "barriers, and every work-item of a work-group each work-group barrier: move them out "
      "of conditions the work-items disagree on");
}

// Runs the fibers of work-items [begin, end) (fibers[k] is work-item
// begin + k; empty once it has returned; fibers[0] is the probe, whose
// work-item has returned when probe_finished) to the end. Round-robin: each pass
// takes every work-item that may go on to its next barrier. A sub-group's
// last work-item to arrive at a sub-group barrier runs the step and lets the
// others go on itself; the work-group barrier opens when every live
// work-item waits at it (whole_group only: a sub-group run alone has
// nobody to meet there). Anything else is a non-uniform-control-flow error.
void run_fibers(group_state &s, const nd_launch &launch, const sycl::detail::cpu_group_ctx &g,
                std::vector<ctx::fiber> &fibers, uint64_t begin, bool whole_group) {
  s.prepare_schedule();
  const uint64_t n = fibers.size();
  uint64_t live = 0;
  auto returned = [&](uint64_t k) { return !fibers[k] || (k == 0 && s.probe_finished); };
  for (uint64_t k = 0; k < n; ++k) {
    if (!returned(k))
      ++live;
    else
      s.waits[begin + k] = wait_state::done;
  }
  // The work-group barrier opened: this pass lets its waiting work-items go
  // on (all live ones waited there; those arriving again in the pass were
  // visited already).
  bool group_open = false;
  while (live) {
    bool ran = false;
    for (uint64_t k = 0; k < n; ++k) {
      const uint64_t i = begin + k;
      if (s.waits[i] != wait_state::running &&
          !(group_open && s.waits[i] == wait_state::group_barrier))
        continue;
      s.waits[i] = wait_state::running;
      s.current = i;
      fibers[k] = std::move(fibers[k]).resume();
      ran = true;
      if (returned(k)) {
        s.waits[i] = wait_state::done;
        --live;
      }
    }
    group_open = false;
    if (!live) break;
    if (whole_group && s.group_waiting == live) { // the work-group barrier opens
      s.group_waiting = 0;
      group_open = true;
      continue;
    }
    if (ran) continue;
    // Every live work-item waits at a barrier that does not open by itself.
    // After a failed assert (reported anyway) a stopped work-item cannot
    // arrive: its sub-group goes on without it.
    bool released = false;
    auto *assert_launch = usycl::rt::cpu_assert::current();
    if (assert_launch && assert_launch->has_failed()) {
      for (uint64_t sg = begin / s.width; sg * s.width < begin + n; ++sg) {
        const sub_group_wait &w = s.sub_groups[sg];
        uint64_t done = 0;
        const uint64_t first = sg * s.width, last = first + s.lanes(sg);
        for (uint64_t i = first; i < last; ++i) done += s.waits[i] == wait_state::done;
        if (w.arrived && !w.mixed_steps && w.arrived + done == s.lanes(sg)) {
          release_sub_group(s, sg);
          released = true;
        }
      }
    }
    if (released) continue;
    const std::string what = describe_stall(s, begin, begin + n);
    fibers.clear(); // unwinds the waiting work-items' stacks
    throw_non_uniform(launch, g, what);
  }
}

} // namespace

namespace {
void run_group(const nd_launch &launch, sycl::detail::cpu_group_ctx &g);
}

void run_work_group(const nd_launch &launch, const uint64_t group_id[3]) {
  sycl::detail::cpu_group_ctx g = launch.group;
  for (int d = 0; d < 3; ++d) g.group[d] = group_id[d];
  run_work_group(launch, g);
}

void run_work_group(const nd_launch &launch, sycl::detail::cpu_group_ctx &g) {
  t_blocks.error.clear(); // left by a group that failed otherwise
  run_group(launch, g);
  if (!t_blocks.error.empty()) [[unlikely]]
    throw_kernel_error(kernel_display_name(launch.kernel_name) + ": " +
                       std::exchange(t_blocks.error, {}));
}

namespace {
// What the headers read about the running group (work_item_builtins.hpp:
// sycl::stream's per-work-item state needs to know which group runs, and
// whether its work-items interleave (as fibers, at barriers) or run one
// after the other; the free-function work-item queries read the group):
// set while a group, or a chunk of groups, runs on this thread.
class running_group_scope {
public:
  explicit running_group_scope(const sycl::detail::cpu_group_ctx &g) {
    __usycl_cpu_work_items_interleave = true;
    __usycl_cpu_current_group = &g;
  }
  ~running_group_scope() {
    __usycl_cpu_work_group_run = 0;
    __usycl_cpu_work_items_interleave = false;
    __usycl_cpu_current_group = nullptr;
  }
  running_group_scope(const running_group_scope &) = delete;
  running_group_scope &operator=(const running_group_scope &) = delete;
};

// The executor's state for groups of g's shape: no barrier reached yet, no
// fiber schedule.
void start_groups(group_state &state, const sycl::detail::cpu_group_ctx &g) {
  state.group_barrier_hit = state.sub_group_barrier_hit = false;
  state.items = g.local[0] * g.local[1] * g.local[2];
  state.width = std::max<uint32_t>(1, g.sub_group_width);
  state.schedule_ready = false;
}

// The next group id (dimension 2 fastest): counting, no division.
void advance_group(sycl::detail::cpu_group_ctx &g) {
  uint64_t *id = g.group;
  if (++id[2] == g.group_range[2]) {
    id[2] = 0;
    if (++id[1] == g.group_range[1]) id[1] = 0, ++id[0];
  }
}

[[noreturn]] void throw_hidden_barrier(const nd_launch &launch, const group_state &state) {
  throw_kernel_error(
      kernel_display_name(launch.kernel_name) + " reached a " +
      (state.group_barrier_hit ? "work-group barrier"
                               : "sub-group barrier (a sub-group collective)") +
      " inside a function the compiler could not see (a SYCL_EXTERNAL function of another "
      "translation unit?): on the CPU such a kernel cannot run as work-item loops; define "
      "the function in the kernel's translation unit");
}
} // namespace

void run_work_groups(const nd_launch &launch, sycl::detail::cpu_group_ctx &g, uint64_t count) {
  if (!launch.group_loops) {
    for (uint64_t i = 0; i < count; ++i, advance_group(g)) run_work_group(launch, g);
    return;
  }
  // What the rewritten launchers read is the same for every group of the
  // chunk: set once (a 256-item group of a memory-bound kernel takes ~100
  // ns, which a per-group set-up would add tens of).
  t_blocks.error.clear();
  ensure_local_memory(launch.local_mem_bytes);
  group_state &state = t_group;
  start_groups(state, g);
  running_group_scope running(g);
  for (uint64_t i = 0; i < count; ++i, advance_group(g)) {
    __usycl_cpu_work_group_run = ++state.groups_run;
    if (!launch.group_loops(launch.kernel_object, g)) [[unlikely]] {
      // Not rewritten (the launcher tells at once, having run nothing):
      // this group and the rest run as fibers, without asking again.
      note_fiber_fallback(launch);
      nd_launch fibers = launch;
      fibers.group_loops = nullptr;
      for (; i < count; ++i, advance_group(g)) run_work_group(fibers, g);
      return;
    }
    if (state.barrier_hit()) [[unlikely]]
      throw_hidden_barrier(launch, state);
  }
  if (!t_blocks.error.empty()) [[unlikely]]
    throw_kernel_error(kernel_display_name(launch.kernel_name) + ": " +
                       std::exchange(t_blocks.error, {}));
}

namespace {
void run_group(const nd_launch &launch, sycl::detail::cpu_group_ctx &g) {
  const uint64_t items = g.local[0] * g.local[1] * g.local[2];
  ensure_local_memory(launch.local_mem_bytes);

  group_state &state = t_group;
  start_groups(state, g);
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
  running_group_scope running(g);
  __usycl_cpu_work_group_run = ++state.groups_run;

  if (launch.group_loops) {
    if (launch.group_loops(launch.kernel_object, g)) {
      if (state.barrier_hit())
        throw_hidden_barrier(launch, state);
      return;
    }
    note_fiber_fallback(launch);
  }

  // A group of one work-item (every hierarchical work-group: its
  // work-group scope runs once and each parallel_for_work_item is a loop,
  // sycl/detail/hierarchical.hpp) needs no schedule: its barriers are
  // complete when it reaches them and a sub-group collective's step runs
  // over its one lane at once. It runs on this thread's stack.
  if (items == 1) {
    struct lone_scope {
      group_state &s;
      explicit lone_scope(group_state &state) : s(state) { s.lone_item = true; }
      ~lone_scope() { s.lone_item = false; }
    } lone(state);
    __usycl_cpu_work_items_interleave = false;
    usycl::rt::cpu_assert::set_first_item(0);
    launch.fn(launch.kernel_object, g, 0, 1);
    usycl::rt::cpu_assert::failed_first_item(); // (no other work-item to run as a fiber)
    return;
  }

  // The fibers' assert contexts (cpu_assert.hpp) must not outlive them when
  // an error unwinds them: this one is back when the group ends.
  usycl::rt::cpu_assert::fiber_switch scheduler_assert_context;
  std::vector<ctx::fiber> fibers;
  using probe_state = group_state::probe_state;

  // The probe: one fiber that runs each sub-group's first work-item alone
  // (work-item 0 first), then, if that one reached no barrier, the rest of
  // the sub-group as a plain loop (one work-item after the other), and goes
  // on with the next sub-group. A group whose work-items reach no barrier
  // costs this one fiber. It comes back to the scheduler when a first
  // work-item waits at a barrier (or returns having reached one, or was
  // stopped by an assert: then its sub-group, or for work-item 0 the whole
  // group, runs as fibers), and when a later work-item of a plain loop
  // reached a barrier (an error). By SYCL's uniformity rule no work-item
  // reaches a work-group barrier when work-item 0 reaches none; sub-groups
  // may still diverge (only sub-group 1 runs a collective), hence the
  // probe per sub-group. No exception may leave a fiber: errors are
  // thrown here.
  state.probe_stop = false;
  ctx::fiber probe(std::allocator_arg, alloc, [&launch, &g](ctx::fiber &&caller) {
    group_state &s = t_group;
    s.scheduler = std::move(caller);
    s.probe = probe_state::done;
    for (uint64_t b = 0; b < s.items && !s.probe_stop; b += s.width) {
      const uint64_t e = std::min<uint64_t>(s.items, b + s.width);
      s.group_barrier_hit = s.sub_group_barrier_hit = false;
      s.probe_item = s.current = b;
      s.probe_finished = false;
      s.probe = probe_state::running;
      usycl::rt::cpu_assert::set_first_item(b);
      __usycl_cpu_work_items_interleave = true;
      s.on_fiber = true;
      launch.fn(launch.kernel_object, g, b, b + 1);
      s.on_fiber = false;
      s.probe_finished = true;
      // (An assert that stopped it hides whether it would have reached a
      // barrier: then its sub-group runs as fibers too; cpu_assert.hpp.)
      if (s.barrier_hit() || usycl::rt::cpu_assert::failed_first_item()) {
        s.probe = probe_state::needs_fibers;
        s.scheduler = std::move(s.scheduler).resume(); // runs them, then resumes here
        s.probe = probe_state::done;
        continue;
      }
      __usycl_cpu_work_items_interleave = false;
      if (e > b + 1) launch.fn(launch.kernel_object, g, b + 1, e);
      if (s.barrier_hit()) {
        s.probe = probe_state::plain_loop_barrier;
        break;
      }
      s.probe = probe_state::done;
    }
    return std::move(s.scheduler);
  });

  for (probe = std::move(probe).resume(); probe; probe = std::move(probe).resume()) {
    // A first work-item waits at a barrier, or returned having reached one.
    const uint64_t b = state.probe_item;
    if (b == 0) { // every work-item runs as a fiber
      fibers.reserve(items);
      fibers.push_back(std::move(probe));
      for (uint64_t i = 1; i < items; ++i) fibers.push_back(make_item(i));
      run_fibers(state, launch, g, fibers, 0, true);
      state.probe_stop = true;
      fibers[0] = std::move(fibers[0]).resume(); // the probe ends
      return;
    }
    if (state.group_barrier_hit) {
      probe = {}; // unwinds the waiting work-item
      throw_non_uniform(launch, g,
                        "a work-group barrier was reached by some work-items only (work-item " +
                            std::to_string(b) + " reached one, work-item 0 none)");
    }
    // Sub-group b / width runs as fibers among themselves.
    const uint64_t e = std::min<uint64_t>(items, b + state.width);
    fibers.clear();
    fibers.reserve(e - b);
    fibers.push_back(std::move(probe));
    for (uint64_t i = b + 1; i < e; ++i) fibers.push_back(make_item(i));
    run_fibers(state, launch, g, fibers, b, false);
    probe = std::move(fibers[0]); // goes on with the next sub-group
  }
  if (state.probe == probe_state::plain_loop_barrier) {
    const uint64_t b = state.probe_item;
    throw_non_uniform(launch, g,
                      std::string(state.group_barrier_hit
                                      ? "a work-group barrier"
                                      : "a sub-group barrier (a sub-group collective or "
                                        "group_barrier(sub_group))") +
                          " was reached by some work-items of sub-group " +
                          std::to_string(b / state.width) + " only (not by its first, work-item " +
                          std::to_string(b) + ")");
  }
}
} // namespace

} // namespace usycl::rt::cpu

extern "C" __attribute__((visibility("default"))) void __usycl_cpu_group_barrier() {
  using namespace usycl::rt::cpu;
  group_state &s = t_group;
  s.group_barrier_hit = true;
  if (!s.on_fiber) return; // reported by run_work_group
  s.prepare_schedule();
  s.waits[s.current] = wait_state::group_barrier;
  ++s.group_waiting;
  wait_on_fiber(s);
}

extern "C" __attribute__((visibility("default"))) void
__usycl_cpu_sub_group_barrier(void (*step)(void *block, uint32_t lanes)) {
  using namespace usycl::rt::cpu;
  group_state &s = t_group;
  s.sub_group_barrier_hit = true;
  if (!s.on_fiber) {
    if (s.lone_item && step) step(usycl::rt::cpu::sub_group_block(0), 1);
    return; // else reported by run_work_group
  }
  s.prepare_schedule();
  const uint64_t sg = s.current / s.width;
  sub_group_wait &w = s.sub_groups[sg];
  if (w.arrived == 0)
    w.step = step;
  else if (w.step != step)
    w.mixed_steps = true;
  s.waits[s.current] = wait_state::sub_group_barrier;
  // The last of the sub-group to arrive runs the step and goes on; the
  // others wait for the scheduler to see them released.
  if (++w.arrived == s.lanes(sg) && !w.mixed_steps) {
    release_sub_group(s, sg);
    return;
  }
  wait_on_fiber(s);
}

extern "C" __attribute__((visibility("default"))) void *
__usycl_cpu_sub_group_block(uint32_t sub_group_id) {
  return usycl::rt::cpu::sub_group_block(sub_group_id);
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
// (Without the pass: the width the runtime launches with.)
extern "C" __attribute__((visibility("default"))) uint32_t
__usycl_cpu_launch_sub_group_width(uint32_t runtime_width) {
  return runtime_width;
}
// Unreachable: only launchers whose __usycl_cpu_work_item_loops() is true
// (rewritten by the pass, which removes these calls) get to them.
extern "C" __attribute__((visibility("default"))) uint64_t
__usycl_cpu_work_item_id(uint64_t, uint64_t, uint64_t, uint32_t, uint64_t, uint64_t) {
  std::abort();
}
extern "C" __attribute__((visibility("default"))) uint64_t __usycl_cpu_work_item_local_id(int) {
  std::abort();
}
extern "C" __attribute__((visibility("default"))) uint32_t __usycl_cpu_work_item_sub_group() {
  std::abort();
}
extern "C" __attribute__((visibility("default"))) uint32_t __usycl_cpu_work_item_lane() {
  std::abort();
}
extern "C" __attribute__((visibility("default"))) uint32_t __usycl_cpu_work_item_lanes() {
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
