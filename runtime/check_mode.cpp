// USYCL_CHECK (check_mode.hpp). This file must not include the SYCL
// headers: they declare __usycl_check_enabled `const` for the kernels'
// sake, and this is the one place that writes it (during library load).
#include "check_mode.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace usycl::rt {

int parse_check(const char *value) noexcept {
  if (!value || !*value || std::strcmp(value, "0") == 0) return 0;
  if (std::strcmp(value, "1") == 0) return 1;
  return -1;
}

namespace {
bool read_check_env() noexcept {
  const char *value = std::getenv(check_env);
  const int parsed = parse_check(value);
  if (parsed < 0)
    std::fprintf(stderr, "usycl: warning: %s=%s is neither 0 nor 1; the checks stay off\n",
                 check_env, value);
  return parsed == 1;
}
} // namespace

} // namespace usycl::rt

// Set by a priority constructor: before the library's own C++ initialisers
// (which may launch nothing, but may ask check_enabled()) and before the
// program's, since libusycl.so is initialised before the program that links
// it -- so every kernel sees the final value. (A program may hold a copy of
// the variable by copy relocation; this write goes through the GOT to the
// copy it reads.)
extern "C" __attribute__((visibility("default"))) bool __usycl_check_enabled = false;

namespace usycl::rt {
namespace {
__attribute__((constructor(101))) void init_check_mode() {
  __usycl_check_enabled = read_check_env();
}
} // namespace

bool check_enabled() noexcept { return __usycl_check_enabled; }
} // namespace usycl::rt
