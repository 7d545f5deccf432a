// Error case: a malformed ONEAPI_DEVICE_SELECTOR makes the first SYCL call
// throw a sycl::exception naming the offending term (set here, before the
// runtime reads it). Each case runs in a child process, since the runtime
// reads the variable once.
#include "e2e_common.hpp"

#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

// In the child: construct a queue with the given selector, print the outcome.
static int child(const char *selector, std::initializer_list<const char *> words) {
  setenv("ONEAPI_DEVICE_SELECTOR", selector, 1);
  e2e::expect_exception(std::string("ONEAPI_DEVICE_SELECTOR=") + selector, sycl::errc::runtime, words,
                        [] { sycl::queue q; });
  return e2e::failures() ? 1 : 0;
}

static void run_case(const char *selector, std::initializer_list<const char *> words) {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    int rc = child(selector, words);
    std::fflush(stdout);
    _exit(rc);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    e2e::fail(std::string("case ONEAPI_DEVICE_SELECTOR=") + selector + " failed (status " +
              std::to_string(status) + ")");
}

int main() {
  run_case("vulkan:*", {"vulkan"});
  run_case("cuda:abc", {"abc", "cuda:abc"});
  run_case("native_cpu", {"native_cpu"});
  run_case("native_cpu:0,,1", {"native_cpu:0,,1"});
  // Well-formed, but it removes every device: the error says why.
  run_case("!*:*", {"ONEAPI_DEVICE_SELECTOR"});
  // DPC++'s backends that usycl does not have: named, with the ones it has.
  run_case("level_zero:*", {"'level_zero' backend, which usycl does not have", "native_cpu",
                            "cuda"});
  run_case("opencl:gpu;hip:0", {"'opencl' backend", "'hip' backend"});
  return e2e::finish("err_device_selector");
}
