#include "trace.hpp"

#include "kernel_specializations.hpp"

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/kernel_symbol.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <string_view>
#include <unistd.h>

namespace usycl::rt::trace {

namespace detail {
int current_level = 0;
} // namespace detail

namespace {

struct sink {
  std::mutex mutex;
  int fd = STDERR_FILENO; // owned when != STDERR_FILENO
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  ~sink() {
    if (fd != STDERR_FILENO)
      ::close(fd);
  }
};

// Leaked: trace points may run during static destruction.
sink &the_sink() {
  static sink *s = new sink;
  return *s;
}

void write_all(int fd, const char *data, size_t size) {
  while (size) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return; // nowhere left to report it
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

// Before main, ahead of the constructors of other runtime sources (the
// programs' image registrations run later: libusycl.so is initialised first).
__attribute__((constructor(101))) void configure_at_load() { configure(); }

} // namespace

int parse_level(const char *text) {
  if (!text)
    return 0;
  std::string_view v(text);
  if (v.empty() || v == "0")
    return 0;
  if (v == "1")
    return static_cast<int>(level::basic);
  if (v == "2" || v == "all" || v == "ALL")
    return static_cast<int>(level::api);
  return -1;
}

void configure() {
  sink &s = the_sink();
  std::lock_guard lock(s.mutex);
  int lvl = parse_level(std::getenv("USYCL_TRACE"));
  if (lvl < 0) {
    std::string msg = std::string("usycl: warning: USYCL_TRACE='") + std::getenv("USYCL_TRACE") +
                      "' is not 0, 1, 2 or all; tracing is off\n";
    write_all(STDERR_FILENO, msg.data(), msg.size());
    lvl = 0;
  }
  if (s.fd != STDERR_FILENO) {
    ::close(s.fd);
    s.fd = STDERR_FILENO;
  }
  const char *file = std::getenv("USYCL_TRACE_FILE");
  if (lvl > 0 && file && *file) {
    int fd = ::open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
      std::string msg = std::string("usycl: warning: cannot open USYCL_TRACE_FILE='") + file +
                        "': " + std::strerror(errno) + "; tracing to stderr\n";
      write_all(STDERR_FILENO, msg.data(), msg.size());
    } else {
      s.fd = fd;
    }
  }
  detail::current_level = lvl;
}

void write(const char *category, const std::string &message) {
  sink &s = the_sink();
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s.start)
                  .count();
  char head[96];
  int n = std::snprintf(head, sizeof head, "usycl-trace: [%10.3f ms] %s: ", ms, category);
  std::string line(head, n > 0 ? static_cast<size_t>(std::min<int>(n, sizeof head - 1)) : 0);
  line += message;
  line += '\n';
  std::lock_guard lock(s.mutex);
  write_all(s.fd, line.data(), line.size());
}

void writef(const char *category, const char *format, ...) {
  char buffer[512];
  va_list args;
  va_start(args, format);
  int n = std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  if (n < 0)
    return;
  if (static_cast<size_t>(n) < sizeof buffer) {
    write(category, std::string(buffer, static_cast<size_t>(n)));
    return;
  }
  std::string long_text(static_cast<size_t>(n) + 1, '\0');
  va_start(args, format);
  std::vsnprintf(long_text.data(), long_text.size(), format, args);
  va_end(args);
  long_text.pop_back();
  write(category, long_text);
}

std::string kernel_name(const char *mangled) {
  if (!mangled || !*mangled)
    return "<unnamed>";
  // A kernel named by a type local to its translation unit carries the
  // unit's marker, which the demangler does not know.
  // A host->device specialisation's clone ("<kernel symbol>$hdo<k>"): its kernel's.
  const std::string symbol(sycl::detail::without_translation_unit_marker(
      kernel_specializations::without_clone_marker(mangled)));
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> out(
      abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), std::free);
  if (status != 0 || !out)
    return symbol;
  std::string s = out.get();
  constexpr std::string_view prefix = "typeinfo name for ";
  if (s.starts_with(prefix))
    s.erase(0, prefix.size());
  return s;
}

namespace {
std::string dims(const uint64_t *v, uint32_t n) {
  std::string s = "{";
  for (uint32_t d = 0; d < n && d < 3; ++d)
    s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}
} // namespace

void launch(const sycl::detail::kernel_launch &l, const std::string &device,
            const char *specialised, const char *kernel) {
  const char *name = kernel ? kernel : l.name;
  std::string msg = "'" + kernel_name(name) + "' (" + (name ? name : "") + ") on " + device +
                    ": " + (l.nd_range ? "nd_range global " : "range ") + dims(l.global, l.dims);
  if (l.nd_range)
    msg += " local " + dims(l.local, l.dims);
  bool offset = false;
  for (uint32_t d = 0; d < l.dims && d < 3; ++d)
    offset |= l.offset[d] != 0;
  if (offset)
    msg += " offset " + dims(l.offset, l.dims);
  if (l.local_mem_bytes)
    msg += ", " + std::to_string(l.local_mem_bytes) + " bytes of local memory";
  if (specialised)
    msg += std::string(" [specialised: ") + specialised + "]";
  write("launch", msg);
}

} // namespace usycl::rt::trace
