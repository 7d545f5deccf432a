#include "dpcpp_environment.hpp"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace usycl::rt {
namespace {
struct dpcpp_variable {
  std::string_view name;
  std::string_view instead; // what usycl offers, as a sentence
};
// Only variables with a usycl counterpart or a reason to ignore them; the
// rest of DPC++'s (SYCL_PROGRAM_COMPILE_OPTIONS, ...) tune parts usycl
// does not have.
constexpr dpcpp_variable variables[] = {
    {"SYCL_PI_TRACE", "set USYCL_TRACE=1 (or 2 for every command; docs/trace.md)"},
    {"SYCL_UR_TRACE", "set USYCL_TRACE=1 (or 2 for every command; docs/trace.md)"},
    {"SYCL_CACHE_PERSISTENT",
     "usycl's kernel cache is always persistent (USYCL_CACHE_DISABLE=1 turns it off; "
     "docs/kernel-cache.md)"},
    {"SYCL_CACHE_DIR", "set USYCL_CACHE_DIR (docs/kernel-cache.md)"},
    {"SYCL_CACHE_MAX_SIZE", "set USYCL_CACHE_MAX_SIZE (docs/kernel-cache.md)"},
    {"SYCL_DEVICE_FILTER", "set ONEAPI_DEVICE_SELECTOR, e.g. ONEAPI_DEVICE_SELECTOR=cuda:0"},
};
} // namespace

std::vector<std::string> dpcpp_environment_notes(const char *(*get)(const char *name)) {
  std::vector<std::string> notes;
  for (const dpcpp_variable &v : variables) {
    const std::string name(v.name);
    if (!get(name.c_str())) continue;
    notes.push_back("usycl: " + name + " is a DPC++ setting usycl does not read; " +
                    std::string(v.instead));
  }
  return notes;
}

void report_dpcpp_environment() {
  for (const std::string &note :
       dpcpp_environment_notes([](const char *name) -> const char * { return std::getenv(name); }))
    std::fprintf(stderr, "%s\n", note.c_str());
}

} // namespace usycl::rt
