// USYCL_TRACE: what the runtime does, one line per event, for users asking
// "which device did this run on, which kernels ran, what was copied".
//
//   USYCL_TRACE=1    device discovery, kernel launches (name, device, ranges),
//                    memory transfers and fills (bytes), USM allocations,
//                    device-code loads and the on-disk kernel cache
//   USYCL_TRACE=2    also every call into a backend API (each CUDA driver
//                    call with its result); `all` is the same as the highest
//   USYCL_TRACE_FILE=<path>  append the lines to <path> instead of stderr
//
// Cost when off: trace points are written with USYCL_TRACE_IF (or an
// explicit `if (trace::enabled(...))`), one load of a cached int and a
// predictable branch; the message (string formatting, demangling) is only
// built when the level is on. Each line is written with one write(2), so
// lines of threads and processes sharing a file do not interleave.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sycl {
inline namespace _V1 {
namespace detail {
struct kernel_launch;
}
} // namespace _V1
} // namespace sycl

namespace usycl::rt::trace {

enum class level : int { off = 0, basic = 1, api = 2 };

namespace detail {
// Read once from the environment before main (and by configure()).
extern int current_level;
} // namespace detail

inline bool enabled(level l) {
  return __builtin_expect(detail::current_level >= static_cast<int>(l), 0);
}

// Re-reads USYCL_TRACE and USYCL_TRACE_FILE (the runtime does it at load
// time; tests call it after changing the environment). A value that is not
// 0, 1, 2 or `all` turns tracing off with a warning naming the variable.
void configure();

// Parses a USYCL_TRACE value; -1 when it is not valid.
int parse_level(const char *text);

// Writes "usycl-trace: [<ms since start>] <category>: <message>\n". Call
// only when enabled() said yes (USYCL_TRACE_IF does).
void write(const char *category, const std::string &message);
void writef(const char *category, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

// "VecAdd" for "_ZTS6VecAdd"; lambdas demangle to their stable name. A
// host->device specialisation's clone ("_ZTS6VecAdd$hdo0") gives its
// kernel's name.
std::string kernel_name(const char *mangled);

// "launch 'VecAdd' on <device>: range {1024} offset {0}" / nd_range global+local.
// `specialised`: the clone the launch runs (kernel_specializations.hpp),
// appended as " [specialised: <clone>]"; `kernel`: the symbol to show
// (default launch.name, which is the clone on a GPU).
void launch(const sycl::detail::kernel_launch &launch, const std::string &device,
            const char *specialised = nullptr, const char *kernel = nullptr);

} // namespace usycl::rt::trace

// Evaluates the rest of the arguments only when the level is on.
#define USYCL_TRACE_IF(lvl, ...)                                               \
  do {                                                                         \
    if (::usycl::rt::trace::enabled(::usycl::rt::trace::level::lvl))           \
      ::usycl::rt::trace::writef(__VA_ARGS__);                                 \
  } while (0)
