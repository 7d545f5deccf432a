// The CPU backend: kernels are host code the headers instantiated; a queue
// is a thread that runs its operations in order, fanning kernels out over a
// shared thread pool.
#include "../../backend.hpp"
#include "../../host_memory.hpp"
#include "../../trace.hpp"
#include "cpu_assert.hpp"
#include "cpu_memory.hpp"
#include "group_executor.hpp"
#include "isa_level.hpp"
#include "sub_group_width.hpp"
#include "thread_pool.hpp"

#include <sycl/aspect.hpp>
#include <sycl/exception.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

namespace usycl::rt {
namespace cpu {
namespace {

uint64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string cpu_model_name(std::string &vendor) {
  std::ifstream in("/proc/cpuinfo");
  std::string line, model = "Host CPU";
  vendor = "usycl";
  while (std::getline(in, line)) {
    auto value = [&] {
      auto colon = line.find(':');
      std::string v = colon == std::string::npos ? "" : line.substr(colon + 1);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    };
    if (line.rfind("model name", 0) == 0) {
      model = value();
      break;
    }
    if (line.rfind("vendor_id", 0) == 0) {
      std::string v = value();
      vendor = v == "GenuineIntel"   ? "Intel(R) Corporation"
               : v == "AuthenticAMD" ? "Advanced Micro Devices, Inc."
                                     : v;
    }
  }
  return model;
}

// A thread that waits for a queue (its worker for the next operation, a
// host thread for completion) first spins this long: a short kernel ends in
// microseconds, but waking a blocked thread takes tens of them (80-100 us on
// a 2-core VM, where submit+wait of an empty kernel took 80 us). OpenMP's
// threads spin before they sleep for the same reason. Long enough for a
// wake-up to be rare, short enough that a spinner steals nothing measurable
// from a kernel that runs for milliseconds.
constexpr auto wait_spin = std::chrono::microseconds(50);

// Spins until done() or wait_spin has passed; returns done().
template <typename Done> bool spin_until(Done done) {
  const auto deadline = std::chrono::steady_clock::now() + wait_spin;
  for (unsigned i = 0;; ++i) {
    if (done()) return true;
    // Reading the clock costs more than a check: only every few rounds.
    if ((i & 63) == 63 && std::chrono::steady_clock::now() > deadline) return done();
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
}

// Copies and fills of at least this many bytes run on every pool thread: one
// core reads or writes a few GB/s of the tens the memory gives a socket, and
// a program's memset of its output between kernels should not take longer
// than the kernel.
constexpr size_t parallel_bytes = size_t(1) << 20;

// Runs body(begin, end) over [0, count) elements of element_size bytes, in
// one piece or, from parallel_bytes on, in a few pieces per pool thread.
template <typename Body>
void split_across(thread_pool &pool, size_t count, size_t element_size, Body &&body) {
  const size_t bytes = count * element_size;
  if (bytes < parallel_bytes || pool.size() == 1) {
    if (count) body(size_t(0), count);
    return;
  }
  const uint64_t pieces = uint64_t(pool.size()) * 2;
  // Pieces start on 4 KB boundaries where the element size allows: whole
  // pages per thread.
  size_t per = (count + pieces - 1) / pieces;
  if (element_size <= 4096 && 4096 % element_size == 0) {
    const size_t page = 4096 / element_size;
    per = (per + page - 1) / page * page;
  }
  pool.run((count + per - 1) / per, [&](uint64_t i) {
    const size_t begin = size_t(i) * per;
    body(begin, std::min(count, begin + per));
  });
}

// count copies of pattern at d: the first written, doubled to a block of
// about 4 KB, then that block copied (it stays in L1): a few memcpy calls
// per block, not one per element.
void fill_pattern(unsigned char *d, const std::vector<unsigned char> &pattern, size_t count) {
  const size_t size = pattern.size(), total = count * size;
  if (size == 1) {
    std::memset(d, pattern[0], count);
    return;
  }
  if (!total) return;
  std::memcpy(d, pattern.data(), size);
  size_t block = size;
  while (block < 4096 && block < total) {
    const size_t n = std::min(block, total - block);
    std::memcpy(d + block, d, n);
    block += n;
  }
  for (size_t done = block; done < total;) {
    const size_t n = std::min(block, total - done);
    std::memcpy(d + done, d, n);
    done += n;
  }
}

// The first exception of a launch's chunks (a kernel error such as
// non-uniform control flow at a barrier), rethrown by the thread that ran the
// launch once every chunk is done: an exception must not leave a pool thread
// (std::terminate) nor end pool.run early (its other threads still run the
// job). Chunks that start after it skip their work.
class launch_error {
public:
  template <typename F> void run(F &&chunk) noexcept {
    if (failed_.load(std::memory_order_relaxed)) return;
    try {
      chunk();
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
  void rethrow() {
    if (failed_.load(std::memory_order_acquire)) std::rethrow_exception(error_);
  }

private:
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::exception_ptr error_;
};

// Shared by a queue and the events it hands out.
struct queue_state {
  std::mutex mutex;
  std::condition_variable work_cv;
  std::deque<std::function<void()>> ops;
  uint64_t submitted = 0;
  std::atomic<uint64_t> pushed{0}; // = submitted, for the worker's spin
  std::atomic<uint64_t> completed{0};
  std::mutex done_mutex;
  std::condition_variable done_cv;
  std::exception_ptr error; // first failure not yet reported
  bool stop = false;

  void wait_for(uint64_t seq) {
    if (spin_until([&] { return completed.load(std::memory_order_acquire) >= seq; })) return;
    std::unique_lock lock(done_mutex);
    done_cv.wait(lock, [&] { return completed.load(std::memory_order_acquire) >= seq; });
  }
  void rethrow_error() {
    std::exception_ptr e;
    {
      std::lock_guard lock(mutex);
      std::swap(e, error);
    }
    if (e) std::rethrow_exception(e);
  }
};

class cpu_event final : public backend_event {
public:
  cpu_event(std::shared_ptr<queue_state> q, uint64_t seq) : q_(std::move(q)), seq_(seq) {}
  bool is_complete() override { return q_->completed.load(std::memory_order_acquire) >= seq_; }
  void wait() override {
    q_->wait_for(seq_);
    q_->rethrow_error();
  }
  uint64_t timestamp_ns() override {
    q_->wait_for(seq_);
    return timestamp_.load(std::memory_order_acquire);
  }
  std::atomic<uint64_t> timestamp_{0};
  const std::shared_ptr<queue_state> &queue() const { return q_; }
  uint64_t seq() const { return seq_; }

private:
  std::shared_ptr<queue_state> q_;
  uint64_t seq_;
};

class cpu_queue final : public backend_queue {
public:
  cpu_queue(thread_pool &pool, uint32_t sub_group_width)
      : pool_(pool), sub_group_width_(sub_group_width), state_(std::make_shared<queue_state>()) {
    worker_ = std::thread([s = state_] { run(*s); });
  }
  ~cpu_queue() override {
    {
      std::lock_guard lock(state_->mutex);
      state_->stop = true;
    }
    state_->work_cv.notify_one();
    worker_.join(); // drains the queue first: submitted work still runs
  }

  void launch(const sycl::detail::kernel_launch &l) override {
    // The caller frees the kernel object after launch(): keep a byte copy.
    auto object = std::shared_ptr<unsigned char[]>(
        new (std::align_val_t(64)) unsigned char[l.kernel_object_size ? l.kernel_object_size : 1],
        [](unsigned char *p) { ::operator delete[](p, std::align_val_t(64)); });
    std::memcpy(object.get(), l.kernel_object, l.kernel_object_size);
    sycl::detail::kernel_launch launch = l;
    // The width the runtime chose at submit (the kernel's required one, or
    // the device's default); this device's default for a launch made
    // without the runtime's submit path.
    if (!launch.sub_group_size) launch.sub_group_size = sub_group_width_;
    thread_pool *pool = &pool_;
    push([launch, object, pool, bq = static_cast<backend_queue *>(this)] {
      cpu_assert::launch_scope assert_scope(bq, launch); // device-side assert (cpu_assert.hpp)
      launch.nd_range ? run_nd(*pool, launch, object.get()) : run_range(*pool, launch, object.get());
    });
  }
  void memcpy(void *dst, const void *src, size_t bytes) override {
    thread_pool *pool = &pool_;
    push([=] {
      split_across(*pool, bytes, 1, [&](size_t begin, size_t end) {
        std::memcpy(static_cast<char *>(dst) + begin, static_cast<const char *>(src) + begin,
                    end - begin);
      });
    });
  }
  void fill(void *dst, const void *pattern, size_t pattern_size, size_t count) override {
    // The caller's pattern may be gone when the work runs: keep a copy.
    const auto *bytes = static_cast<const unsigned char *>(pattern);
    std::vector<unsigned char> p(bytes, bytes + pattern_size);
    thread_pool *pool = &pool_;
    push([=, p = std::move(p)] {
      auto *d = static_cast<unsigned char *>(dst);
      split_across(*pool, count, pattern_size, [&](size_t begin, size_t end) {
        fill_pattern(d + begin * pattern_size, p, end - begin);
      });
    });
  }
  void prefetch(const void *, size_t) override {}
  void host_callback(void (*fn)(void *), void *arg) override {
    push([=] { fn(arg); });
  }
  std::shared_ptr<backend_event> record(bool timing) override {
    std::lock_guard lock(state_->mutex);
    if (!timing) return std::make_shared<cpu_event>(state_, state_->submitted);
    auto ev = std::make_shared<cpu_event>(state_, state_->submitted + 1);
    state_->ops.push_back([ev] { ev->timestamp_.store(steady_ns(), std::memory_order_release); });
    state_->pushed.store(++state_->submitted, std::memory_order_release);
    state_->work_cv.notify_one();
    return ev;
  }
  bool wait_for(backend_event &event) override {
    auto *ev = dynamic_cast<cpu_event *>(&event);
    if (!ev) return false;
    if (ev->queue() == state_) return true;
    push([q = ev->queue(), seq = ev->seq()] { q->wait_for(seq); });
    return true;
  }
  void synchronize() override {
    uint64_t target;
    {
      std::lock_guard lock(state_->mutex);
      target = state_->submitted;
    }
    state_->wait_for(target);
    state_->rethrow_error();
  }

private:
  void push(std::function<void()> op) {
    {
      std::lock_guard lock(state_->mutex);
      state_->ops.push_back(std::move(op));
      state_->pushed.store(++state_->submitted, std::memory_order_release);
    }
    state_->work_cv.notify_one();
  }

  static void run(queue_state &s) {
    uint64_t taken = 0;
    std::deque<std::function<void()>> batch;
    std::unique_lock lock(s.mutex);
    for (;;) {
      if (s.ops.empty() && !s.stop) {
        lock.unlock();
        spin_until([&] { return s.pushed.load(std::memory_order_acquire) > taken; });
        lock.lock();
      }
      s.work_cv.wait(lock, [&] { return s.stop || !s.ops.empty(); });
      if (s.ops.empty()) return; // stop requested and drained
      // Everything queued so far in one take: a submitting thread and this
      // one then meet at the mutex once per batch, not once per operation.
      batch.swap(s.ops);
      taken += batch.size();
      lock.unlock();
      for (auto &op : batch) {
        try {
          op();
        } catch (...) {
          std::lock_guard elock(s.mutex);
          if (!s.error) s.error = std::current_exception();
        }
        op = nullptr; // its captures (kernel object, ...) go now, as before
        {
          std::lock_guard done(s.done_mutex);
          s.completed.fetch_add(1, std::memory_order_acq_rel);
        }
        s.done_cv.notify_all();
      }
      batch.clear();
      lock.lock();
    }
  }


  static void run_range(thread_pool &pool, const sycl::detail::kernel_launch &l,
                        const void *object) {
    sycl::detail::kernel_dims dims{};
    for (int d = 0; d < 3; ++d) {
      dims.global[d] = l.global[d];
      dims.offset[d] = l.offset[d];
    }
    uint64_t total = l.global[0] * l.global[1] * l.global[2];
    // A few chunks per thread balance uneven work; each stays contiguous so
    // the launcher's inner loop vectorises.
    uint64_t chunks = std::min<uint64_t>(total, uint64_t(pool.size()) * 4);
    if (total < 4096) chunks = 1;
    uint64_t per = (total + chunks - 1) / chunks;
    cpu_assert::launch_state *assert_launch = cpu_assert::current(); // device-side assert
    launch_error error;
    pool.run(chunks, [&](uint64_t c) {
      error.run([&] {
        uint64_t b = c * per, e = std::min(total, b + per);
        cpu_assert::bind assert_bind(assert_launch);
        if (b < e) l.cpu_range(object, dims, b, e);
      });
    });
    error.rethrow();
  }

  static void run_nd(thread_pool &pool, const sycl::detail::kernel_launch &l, const void *object) {
    nd_launch nd{l.cpu_nd, object, {}, l.local_mem_bytes};
    // A kernel that can fail an assert runs its work-items under recovery
    // points (cpu_assert.hpp), which the loops do not have. So does every
    // kernel under USYCL_CHECK=1 (guarded): cpu_nd_group_loops
    // (kernel_entry.hpp) relies on never running then.
    cpu_assert::launch_state *assert_launch = cpu_assert::current(); // device-side assert
    if (!(assert_launch && assert_launch->guarded())) nd.group_loops = l.cpu_nd_group;
    nd.kernel_name = l.name;
    uint64_t groups[3];
    for (int d = 0; d < 3; ++d) {
      nd.group.dims.global[d] = l.global[d];
      nd.group.dims.offset[d] = l.offset[d];
      nd.group.local[d] = l.local[d];
      nd.group.group_range[d] = groups[d] = l.global[d] / l.local[d];
    }
    nd.group.sub_group_width = l.sub_group_size;
    uint64_t total = groups[0] * groups[1] * groups[2];
    if (total == 0) return; // the scheduler launches no empty range; kept safe
    if (total < uint64_t(pool.size()) * parts_per_thread && nd.group_loops &&
        run_groups_split(pool, l, nd, total, assert_launch))
      return;
    uint64_t chunks = std::min<uint64_t>(total, uint64_t(pool.size()) * 4);
    uint64_t per = (total + chunks - 1) / chunks;
    launch_error error;
    pool.run(chunks, [&](uint64_t c) {
      error.run([&] {
        cpu_assert::bind assert_bind(assert_launch);
        const uint64_t first = c * per, end = std::min(total, (c + 1) * per);
        if (first >= end) return;
        // The chunk's first group id by division, the others by counting
        // (dimension 2 fastest). One context for the chunk's groups (only
        // the ids change).
        sycl::detail::cpu_group_ctx group = nd.group;
        uint64_t *id = group.group;
        id[0] = first / (groups[1] * groups[2]);
        id[1] = (first / groups[2]) % groups[1];
        id[2] = first % groups[2];
        struct chunk_end { // (also when a group throws: it only combines)
          sycl::detail::cpu_nd_chunk_end_fn fn;
          const void *object;
          ~chunk_end() {
            if (fn) fn(object);
          }
        } finish{nd.group_loops ? l.cpu_nd_chunk_end : nullptr, object};
        run_work_groups(nd, group, end - first);
      });
    });
    error.rethrow();
  }

  // Parts of work-groups per thread a launch with few groups is cut into.
  static constexpr uint64_t parts_per_thread = 4;

  // Fewer work-groups than parts_per_thread per thread (2 groups on 16
  // threads; 16 groups on 16, where one slow thread would hold the launch
  // up): the groups whose launcher is divisible (one loop over the
  // work-items, no barrier, no local memory; see
  // compiler/passes/work_item_loops.hpp) run in parts, about
  // parts_per_thread per thread, as OpenMP splits its loop; the pool's
  // threads take the parts as they take chunks. A group's work-items share
  // nothing a part could need from another. False, having run nothing,
  // where the launcher is not divisible.
  static bool run_groups_split(thread_pool &pool, const sycl::detail::kernel_launch &l,
                               const nd_launch &nd, uint64_t total,
                               cpu_assert::launch_state *assert_launch) {
    const uint64_t items = l.local[0] * l.local[1] * l.local[2];
    if (items < 2) return false;
    sycl::detail::cpu_group_ctx query = nd.group;
    query.item_end = sycl::detail::work_item_range_query;
    if (!nd.group_loops(nd.kernel_object, query)) return false;
    // Parts of a multiple of 8 work-items where they are that large (the
    // loop over them vectorises by 8 or 16 lanes).
    const uint64_t parts_wanted = (pool.size() * parts_per_thread + total - 1) / total;
    uint64_t part = (items + parts_wanted - 1) / parts_wanted;
    if (part > 8) part = (part + 7) / 8 * 8;
    const uint64_t parts = (items + part - 1) / part;
    const uint64_t groups[3] = {nd.group.group_range[0], nd.group.group_range[1],
                                nd.group.group_range[2]};
    if (trace::enabled(trace::level::basic) && nd.kernel_name)
      trace::write("cpu", "kernel '" + trace::kernel_name(nd.kernel_name) + "': " +
                              std::to_string(total) + " work-group(s) for " +
                              std::to_string(pool.size()) + " threads, each run in " +
                              std::to_string(parts) + " parts of up to " + std::to_string(part) +
                              " work-items");
    launch_error error;
    pool.run(total * parts, [&](uint64_t task) {
      error.run([&] {
        cpu_assert::bind assert_bind(assert_launch);
        const uint64_t index = task / parts, first = (task % parts) * part;
        sycl::detail::cpu_group_ctx group = nd.group;
        group.group[0] = index / (groups[1] * groups[2]);
        group.group[1] = (index / groups[2]) % groups[1];
        group.group[2] = index % groups[2];
        group.item_begin = first;
        group.item_end = std::min(items, first + part);
        struct part_end { // (also when the part throws: it only combines)
          sycl::detail::cpu_nd_chunk_end_fn fn;
          const void *object;
          ~part_end() {
            if (fn) fn(object);
          }
        } finish{l.cpu_nd_chunk_end, nd.kernel_object};
        run_work_groups(nd, group, 1);
      });
    });
    error.rethrow();
    return true;
  }

  thread_pool &pool_;
  uint32_t sub_group_width_; // the device's default
  std::shared_ptr<queue_state> state_;
  std::thread worker_;
};

class cpu_device final : public backend_device {
public:
  explicit cpu_device(uint32_t sub_group_width) {
    // As many threads as CPUs the process may use (OpenMP's default too).
    const unsigned threads = available_cpus();
    pool_ = std::make_unique<thread_pool>(threads - 1);
    info_.name = cpu_model_name(info_.vendor);
    info_.version = "1.0";
    info_.driver_version = "usycl 0.1.0";
    info_.arch = "x86_64";
    info_.target = "x86_64";
    info_.kind = device_kind::cpu;
    info_.vendor_id = info_.vendor.find("Intel") != std::string::npos ? 0x8086
                      : info_.vendor.find("AMD") != std::string::npos ? 0x1022
                                                                       : 0;
    info_.max_compute_units = threads;
    info_.max_work_group_size = 4096;
    info_.max_work_item_sizes = {4096, 4096, 4096};
    info_.global_mem_size = host_physical_memory();
    info_.max_mem_alloc_size = info_.global_mem_size;
    info_.local_mem_size = 256 * 1024;
    info_.sub_group_sizes.assign(sub_group_sizes.begin(), sub_group_sizes.end());
    info_.default_sub_group_size = sub_group_width;
    using sycl::aspect;
    for (aspect a : {aspect::cpu, aspect::fp16, aspect::fp64, aspect::queue_profiling,
                     aspect::usm_device_allocations, aspect::usm_host_allocations,
                     aspect::usm_shared_allocations, aspect::usm_system_allocations,
                     aspect::usm_atomic_host_allocations, aspect::usm_atomic_shared_allocations,
                     aspect::atomic64, aspect::host_debuggable, aspect::ext_intel_x86_64,
                     // images: software sampling (sycl/detail/image_texel.hpp)
                     aspect::image,
                     // kernel_bundle input/object states (api_kernel_bundle.cpp)
                     aspect::online_compiler, aspect::online_linker,
                     // sycl_ext_intel_device_info: the host's free memory
                     aspect::ext_intel_free_memory})
      info_.aspects.push_back(static_cast<int>(a));
  }

  const device_info &info() const override { return info_; }
  void *malloc(usm_kind, size_t bytes, size_t alignment) override {
    // More than the machine has is refused here, not left to malloc
    // (host_memory.hpp says why).
    if (bytes == 0 || bytes > info_.max_mem_alloc_size || (alignment & (alignment - 1)))
      return nullptr;
    return allocate(bytes, std::max<size_t>(alignment, 64));
  }
  void free(void *ptr, usm_kind) override { std::free(ptr); }
  std::unique_ptr<backend_queue> create_queue(bool, bool) override {
    return std::make_unique<cpu_queue>(*pool_, info_.default_sub_group_size);
  }
  bool has_kernel(const char *) override { return true; }
  // Kernels run as host code; x86_64 images (usually code-less
  // requirements-only ones) only describe them.
  bool can_use_image(const usycl_device_image &image) const override {
    auto is_x86 = [](const char *s) { return s && std::strcmp(s, "x86_64") == 0; };
    return is_x86(image.target) || is_x86(image.arch);
  }
  void memcpy_sync(void *dst, const void *src, size_t bytes) override {
    std::memcpy(dst, src, bytes);
  }
  uint64_t free_memory() const override { return host_available_memory(); }

private:
  device_info info_;
  std::unique_ptr<thread_pool> pool_;
};

class cpu_backend final : public backend {
public:
  cpu_backend() : sub_group_width_(default_sub_group_width(configuration_error_)) {
    const isa_level_choice &isa = selected_isa_level();
    if (configuration_error_.empty()) configuration_error_ = isa.error;
    USYCL_TRACE_IF(basic, "cpu", "kernels run as %s (the processor supports %s%s)",
                   isa_level_name(isa.level).c_str(), isa_level_name(isa.processor).c_str(),
                   isa.level < isa.processor ? "; USYCL_CPU_ISA lowers it" : "");
  }
  const char *name() const override { return "native_cpu"; }
  std::string platform_name() const override { return "usycl Native CPU"; }
  std::string platform_vendor() const override { return "usycl"; }
  std::string platform_version() const override { return "SYCL 2020 usycl 0.1.0"; }
  const std::vector<std::shared_ptr<backend_device>> &devices() override {
    std::call_once(once_,
                   [&] { devices_.push_back(std::make_shared<cpu_device>(sub_group_width_)); });
    return devices_;
  }
  std::string unavailable_reason() const override { return ""; }
  std::string configuration_error() const override { return configuration_error_; }

private:
  std::string configuration_error_; // USYCL_CPU_SUB_GROUP_SIZE, USYCL_CPU_ISA
  uint32_t sub_group_width_;
  std::once_flag once_;
  std::vector<std::shared_ptr<backend_device>> devices_;
};

} // namespace
} // namespace cpu

std::unique_ptr<backend> make_cpu_backend() { return std::make_unique<cpu::cpu_backend>(); }

} // namespace usycl::rt
