// Device-side assert on the CUDA backend: see cuda_assert.hpp.
#include "cuda_assert.hpp"

#include "assert_buffer.hpp"
#include "cuda_device.hpp"
#include "image_registry.hpp"

#include <sycl/detail/device_assert.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace usycl::rt::cuda::device_assert {
namespace {

using sycl::detail::assert_buffer;
using sycl::detail::assert_slot;
using sycl::detail::assert_slot_count;
using sycl::detail::assert_text_bytes;

static_assert(sizeof(assert_slot) == 72 + 3 * assert_text_bytes,
              "assert_slot layout changed: keep device_assert.hpp and the runtime in step");

constexpr uint8_t state_unknown = 0, state_off = 1, state_on = 2;
constexpr auto watch_period = std::chrono::milliseconds(1);
constexpr const char *buffer_variable = "__usycl_assert_buffer";

// A launch of an assert-enabled kernel, tracked until it completed.
struct tracked_launch {
  uint64_t token = 0;
  backend_queue *bq = nullptr;
  uint32_t dims = 1;
  uint64_t offset[3] = {0, 0, 0};
  CUevent done = nullptr;
  bool recorded = false; // after_launch ran (done set or none available)
  bool complete = false;
  int slot = -1; // the record attributed to this launch
  uint32_t extra_slots = 0; // later records of the same launch (not reported)
};

// Per device: the mapped buffer and the launches in flight. Leaked on purpose (like the driver): the watcher may look at it
// while the process exits.
struct device_asserts {
  std::shared_ptr<context> ctx;
  std::shared_ptr<event_pool> events;
  std::string name;
  std::mutex mutex;
  assert_buffer *buffer = nullptr; // host pointer == device pointer (UVA)
  std::deque<tracked_launch> launches;
  bool consumed[assert_slot_count] = {};
  bool orphan[assert_slot_count] = {}; // consumed, no launch to wait for
  uint64_t next_token = 1;
};

struct registry {
  std::mutex mutex;
  std::unordered_map<const device_state *, device_asserts *> devices;
  std::vector<device_asserts *> list;
  // Watcher thread.
  std::mutex watch_mutex;
  std::condition_variable watch_cv;
  std::thread watcher;
  bool started = false;
  bool stop = false;
};
registry &reg() {
  static registry *r = new registry;
  return *r;
}
std::atomic<uint64_t> g_in_flight{0}; // tracked launches, all devices

// ---- reading records ---------------------------------------------------------

uint32_t load_acquire(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

std::string text_of(const char *field) {
  char copy[assert_text_bytes];
  std::memcpy(copy, const_cast<const char *>(field), assert_text_bytes);
  copy[assert_text_bytes - 1] = '\0';
  return copy;
}

std::string message_of(const assert_slot &s, const tracked_launch *l) {
  if (l) return record_message(s, l->dims, l->offset);
  // Not attributed (not expected): as many dimensions as the geometry shows.
  uint32_t dims = 1;
  for (uint32_t c = 0; c < 3; ++c)
    if (s.ntid[c] > 1 || s.nctaid[c] > 1) dims = c + 1;
  const uint64_t zero[3] = {0, 0, 0};
  return record_message(s, dims, zero);
}

// Which tracked launch wrote record `s`: the one whose token is the record's
// key (nullptr if it is no longer tracked: the record is printed only).
tracked_launch *attribute(device_asserts &d, const assert_slot &s) {
  const uint64_t key = __atomic_load_n(&s.key, __ATOMIC_RELAXED);
  for (tracked_launch &l : d.launches)
    if (l.token == key) return &l;
  return nullptr;
}

void free_slot(device_asserts &d, int i) {
  assert_slot &s = d.buffer->slots[i];
  __atomic_store_n(&s.ready, 0u, __ATOMIC_RELAXED);
  __atomic_store_n(&s.key, uint64_t(0), __ATOMIC_RELEASE);
  d.consumed[i] = false;
  d.orphan[i] = false;
}

// One look at a device: which launches completed, which records are new.
// Everything happens under the device's lock, and a completed launch stops
// counting as in flight only after its failure was printed and queued: a
// thread that waited for the kernel and then polls either finds nothing in
// flight (so the exception is queued already) or blocks on the lock until
// the watcher has delivered it. wait_and_throw never misses it.
void poll_device(device_asserts &d) {
  std::lock_guard lock(d.mutex);
  if (d.launches.empty() || !d.buffer) return;
  if (driver::exiting()) return;
  const driver_api &a = d.ctx->api();
  try {
    d.ctx->make_current();
  } catch (...) {
    return;
  }
  // 1. Completion first: a kernel's record is visible once it completed.
  for (tracked_launch &l : d.launches)
    if (!l.complete && l.recorded)
      l.complete = !l.done || a.event_query(l.done) != CUDA_ERROR_NOT_READY;
  // 2. New records: print and queue each (announce may abort: USYCL_ASSERT_ABORT).
  for (uint32_t i = 0; i < assert_slot_count; ++i) {
    assert_slot &s = d.buffer->slots[i];
    if (d.consumed[i] || !load_acquire(&s.ready)) continue;
    d.consumed[i] = true;
    tracked_launch *l = attribute(d, s);
    if (l && l->slot >= 0) {
      // A second record of a launch that reported already (its work-items
      // raced with the host freeing an earlier slot): the kernel reports
      // once; the slot is freed with the launch.
      l->extra_slots |= 1u << i;
      continue;
    }
    if (l)
      l->slot = static_cast<int>(i);
    else
      d.orphan[i] = true;
    const std::string message = message_of(s, l);
    assert_support::announce(message);
    if (l) assert_support::deliver(l->bq, message);
  }
  // 3. Completed launches: free their slots (their kernel cannot write
  //    again), return their events, and only then stop counting them.
  uint64_t finished = 0;
  for (auto it = d.launches.begin(); it != d.launches.end();) {
    if (!it->complete) {
      ++it;
      continue;
    }
    if (it->slot >= 0) free_slot(d, it->slot);
    for (uint32_t i = 0; i < assert_slot_count; ++i)
      if (it->extra_slots & (1u << i)) free_slot(d, static_cast<int>(i));
    if (it->done) d.events->release(it->done, false);
    it = d.launches.erase(it);
    ++finished;
  }
  if (d.launches.empty())
    for (uint32_t i = 0; i < assert_slot_count; ++i)
      if (d.orphan[i]) free_slot(d, static_cast<int>(i));
  if (finished) g_in_flight.fetch_sub(finished, std::memory_order_release);
}

void poll_all() {
  if (g_in_flight.load(std::memory_order_acquire) == 0) return;
  std::vector<device_asserts *> devices;
  {
    std::lock_guard lock(reg().mutex);
    devices = reg().list;
  }
  for (device_asserts *d : devices) poll_device(*d);
}

// ---- the watcher thread --------------------------------------------------------

void stop_watcher() {
  registry &r = reg();
  {
    std::lock_guard lock(r.watch_mutex);
    r.stop = true;
  }
  r.watch_cv.notify_all();
  if (r.watcher.joinable()) r.watcher.join();
}

void watch() {
  registry &r = reg();
  std::unique_lock lock(r.watch_mutex);
  while (!r.stop) {
    if (g_in_flight.load(std::memory_order_acquire) == 0) {
      r.watch_cv.wait(lock);
      continue;
    }
    lock.unlock();
    poll_all();
    lock.lock();
    r.watch_cv.wait_for(lock, watch_period);
  }
}

void start_watcher() { // holds reg().mutex
  registry &r = reg();
  if (r.started) return;
  r.started = true;
  r.watcher = std::thread(watch);
  // Registered after cuInit: runs before libcuda's exit handlers.
  std::atexit(stop_watcher);
  assert_support::add_poller(&poll_all);
}

device_asserts &asserts_of(device_state &dev) {
  registry &r = reg();
  std::lock_guard lock(r.mutex);
  auto it = r.devices.find(&dev);
  if (it != r.devices.end()) return *it->second;
  auto *d = new device_asserts;
  d->ctx = dev.ctx;
  d->events = dev.events;
  d->name = dev.info.name;
  r.devices.emplace(&dev, d);
  r.list.push_back(d);
  start_watcher();
  return *d;
}

// The first launch of `k` on this device: does its image use assert, and
// is the module's variable pointed at the buffer? Holds d.mutex.
void set_up(device_asserts &d, kernel_entry &k, device_state &dev) {
  if (k.assert_state.load(std::memory_order_acquire) != state_unknown) return;
  if (!k.image || !find_property_set(*k.image, "isAssertEnabled")) {
    k.assert_state.store(state_off, std::memory_order_release);
    return;
  }
  const driver_api &a = d.ctx->api();
  d.ctx->make_current();
  if (!d.buffer) {
    void *p = nullptr;
    check(a.mem_alloc_host(&p, sizeof(assert_buffer)), sycl::errc::memory_allocation,
          "CUDA backend: cannot allocate the assert buffer (mapped host memory) on device " +
              d.name);
    std::memset(p, 0, sizeof(assert_buffer));
    d.buffer = static_cast<assert_buffer *>(p);
    d.buffer->slot_count = assert_slot_count;
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  // Stop under cuda-gdb or when asked: device code executes `brkpt` at the
  // failing assert. Looked at per kernel set-up, as a debugger may attach
  // after the first launch. (A host-only debugger is no reason: `brkpt`
  // without a GPU debugger kills the kernel.)
  if (assert_support::break_requested() || assert_support::gpu_debugger_attached())
    __atomic_or_fetch(&d.buffer->flags, sycl::detail::assert_flag_break, __ATOMIC_SEQ_CST);
  size_t bytes = 0;
  void *var = dev.kernels->module_global(k, buffer_variable, &bytes);
  if (!var || bytes != sizeof(void *)) {
    // Not expected (post-link gives the set only to images that have the
    // variable): without it, device code traps on a failed assert.
    k.assert_state.store(state_off, std::memory_order_release);
    return;
  }
  // Once per module: a module whose variable already points at the buffer
  // (another kernel of it came first) is left alone. Asked of the device,
  // not of a set of addresses: a module loaded where an unloaded one was is
  // new.
  const uint64_t module = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(var));
  const auto host = [](const void *p) {
    return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
  };
  assert_buffer *current = nullptr;
  const std::string what =
      "CUDA backend: cannot set up the assert buffer of kernel " + k.pretty + " on device " + d.name;
  check(a.memcpy(host(&current), static_cast<CUdeviceptr>(module), sizeof current),
        sycl::errc::runtime, what);
  if (current != d.buffer) {
    assert_buffer *value = d.buffer;
    check(a.memcpy(static_cast<CUdeviceptr>(module), host(&value), sizeof value),
          sycl::errc::runtime, what);
  }
  k.assert_state.store(state_on, std::memory_order_release);
}

} // namespace

std::string record_message(const assert_slot &s, uint32_t dims, const uint64_t offset[3]) {
  dims = dims < 1 ? 1 : dims > 3 ? 3 : dims;
  uint64_t gid[3] = {0, 0, 0}, lid[3] = {0, 0, 0};
  for (uint32_t c = 0; c < dims; ++c) {
    uint32_t d = dims - 1 - c; // SYCL dimension of CUDA axis c
    lid[d] = s.tid[c];
    gid[d] = uint64_t(s.ctaid[c]) * s.ntid[c] + s.tid[c] + offset[d];
  }
  std::string file = text_of(s.file), func = text_of(s.func), expr = text_of(s.expr);
  return assert_support::format_message(file.c_str(), s.line, func.c_str(), gid, lid,
                                         expr.c_str());
}

uint64_t before_launch(device_state &dev, kernel_entry &k, const sycl::detail::kernel_launch &l,
                       backend_queue *bq) {
  if (k.assert_state.load(std::memory_order_acquire) == state_unknown &&
      (!k.image || !find_property_set(*k.image, "isAssertEnabled"))) {
    // No assert in the kernel's image: nothing set up, ever (zero cost).
    k.assert_state.store(state_off, std::memory_order_release);
    return 0;
  }
  device_asserts &d = asserts_of(dev);
  std::lock_guard lock(d.mutex);
  set_up(d, k, dev);
  if (k.assert_state.load(std::memory_order_relaxed) != state_on) return 0;
  tracked_launch t;
  t.token = d.next_token++;
  t.bq = bq;
  t.dims = l.dims ? l.dims : 1;
  for (int i = 0; i < 3; ++i) t.offset[i] = l.offset[i];
  d.launches.push_back(t);
  if (g_in_flight.fetch_add(1, std::memory_order_acq_rel) == 0) {
    std::lock_guard watch_lock(reg().watch_mutex); // no lost wake-up
    reg().watch_cv.notify_all();
  }
  return t.token;
}

void after_launch(device_state &dev, uint64_t token, CUstream stream, bool launched) {
  device_asserts &d = asserts_of(dev);
  std::lock_guard lock(d.mutex);
  for (auto it = d.launches.rbegin(); it != d.launches.rend(); ++it) {
    if (it->token != token) continue;
    if (!launched) {
      d.launches.erase(std::next(it).base());
      g_in_flight.fetch_sub(1, std::memory_order_relaxed);
      return;
    }
    it->recorded = true;
    try {
      CUevent e = d.events->acquire(false);
      if (d.ctx->api().event_record(e, stream) == CUDA_SUCCESS)
        it->done = e;
      else
        d.events->release(e, false);
    } catch (...) {
    }
    // Without an event the launch counts as complete at the next poll (its
    // record, if any, is still attributed then if already written).
    return;
  }
}

} // namespace usycl::rt::cuda::device_assert
