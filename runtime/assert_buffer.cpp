#include "assert_buffer.hpp"

#include "image_registry.hpp"
#include "queue_impl.hpp"

#include <sycl/context.hpp>
#include <sycl/exception.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string_view>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace usycl::rt::assert_support {
namespace {

bool env_flag(const char *name) {
  const char *v = std::getenv(name);
  return v && *v && std::strcmp(v, "0") != 0;
}

struct queue_registry {
  std::mutex mutex;
  std::unordered_map<backend_queue *, sycl::detail::queue_impl *> queues;
};
queue_registry &queues() {
  static queue_registry *r = new queue_registry; // leaked: used at exit
  return *r;
}

struct poller_list {
  std::mutex mutex;
  std::vector<void (*)()> pollers;
};
poller_list &pollers() {
  static poller_list *p = new poller_list;
  return *p;
}
std::atomic<bool> g_have_pollers{false};

void append_ids(std::string &s, const uint64_t v[3]) {
  s += '[';
  for (int d = 0; d < 3; ++d) {
    if (d) s += ',';
    s += std::to_string(v[d]);
  }
  s += ']';
}

} // namespace

bool abort_requested() {
  static const bool v = env_flag("USYCL_ASSERT_ABORT");
  return v;
}

bool break_requested() {
  static const bool v = env_flag("USYCL_ASSERT_BREAK");
  return v;
}

namespace {
long tracer_pid() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("TracerPid:", 0) == 0)
      return std::strtol(line.c_str() + 10, nullptr, 10);
  return 0;
}
} // namespace

bool debugger_attached() {
  // Asked at each failure: a debugger may attach at any time.
  return tracer_pid() != 0;
}

bool gpu_debugger_attached() {
  const long pid = tracer_pid();
  if (pid == 0) return false;
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(comm, name);
  return name.rfind("cuda-gdb", 0) == 0;
}

std::string format_message(const char *file, uint32_t line, const char *func,
                           const uint64_t global_id[3], const uint64_t local_id[3],
                           const char *expr) {
  std::string s = file ? file : "<unknown file>";
  s += ':';
  s += std::to_string(line);
  s += ": ";
  s += func ? func : "<unknown function>";
  s += ": global id: ";
  append_ids(s, global_id);
  s += ", local id: ";
  append_ids(s, local_id);
  s += " Assertion `";
  s += expr ? expr : "";
  s += "` failed.";
  return s;
}

void announce(const std::string &message) {
  // One write, so lines of failures on several threads never interleave.
  std::string line = message + '\n';
  std::fflush(stderr);
  const char *p = line.data();
  size_t left = line.size();
  while (left) {
    ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n <= 0) break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (abort_requested()) std::abort();
}

void deliver(backend_queue *bq, const std::string &message, sycl::errc code) {
  queue_registry &r = queues();
  std::lock_guard lock(r.mutex); // the queue cannot go away meanwhile
  auto it = r.queues.find(bq);
  if (it == r.queues.end()) return; // queue destroyed: the message was printed
  sycl::detail::queue_impl *q = it->second;
  std::exception_ptr e;
  try {
    throw sycl::exception(sycl::context(q->context()),
                          sycl::make_error_code(code), message);
  } catch (...) {
    e = std::current_exception();
  }
  q->report_async_error(std::move(e));
}

void register_queue(backend_queue *bq, sycl::detail::queue_impl *queue) {
  queue_registry &r = queues();
  std::lock_guard lock(r.mutex);
  r.queues[bq] = queue;
}

void unregister_queue(backend_queue *bq) {
  queue_registry &r = queues();
  std::lock_guard lock(r.mutex);
  r.queues.erase(bq);
}

void add_poller(void (*fn)()) {
  poller_list &p = pollers();
  std::lock_guard lock(p.mutex);
  for (auto f : p.pollers)
    if (f == fn) return;
  p.pollers.push_back(fn);
  g_have_pollers.store(true, std::memory_order_release);
}

void poll() {
  if (!g_have_pollers.load(std::memory_order_acquire)) [[likely]]
    return;
  std::vector<void (*)()> fns;
  {
    poller_list &p = pollers();
    std::lock_guard lock(p.mutex);
    fns = p.pollers;
  }
  for (auto fn : fns) fn();
}

} // namespace usycl::rt::assert_support

// Test and diagnostic query (not a SYCL API; tests/e2e/assert_*): whether the
// registered images of `target` (a -fsycl-targets name, e.g. "x86_64",
// "nvidia_gpu_sm_90") that hold kernel `symbol` (_ZTS...) carry the
// isAssertEnabled property set: 1 if one does, 0 if none does, -1 if no
// image of that target holds the kernel.
extern "C" __attribute__((visibility("default"))) int
__usycl_kernel_has_assert(const char *symbol, const char *target) {
  if (!symbol || !target) return -1;
  int result = -1;
  for (const usycl_device_image *img :
       usycl::rt::image_registry::instance().images_with_kernel(symbol)) {
    if (!img->target || std::string_view(img->target) != target) continue;
    if (usycl::rt::find_property_set(*img, "isAssertEnabled")) return 1;
    result = 0;
  }
  return result;
}
