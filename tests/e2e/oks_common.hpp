// Helpers of the optional-kernel-feature e2e programs (oks_*.cpp, seed 002).
//
// Every program computes what it expects from the device it runs on
// (device::has, sub_group_sizes, max_work_group_size), so the same binary is
// right on the CPU, on the CPU emulating another target (USYCL_EMULATE) and on
// a GPU. Runs registered with OKS_EXPECT_UNSUPPORTED=1 additionally insist
// that the device lacks the feature (the emulation took effect), so a run
// can never pass by accident without exercising the exception path.
#pragma once

#include "e2e_common.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace oks {

// A queue whose asynchronous errors are recorded: a requirement failure
// must be thrown synchronously by the submission, never arrive here.
struct test_queue {
  std::vector<std::string> async_errors;
  sycl::queue q;

  explicit test_queue(const char *test)
      : q([this](sycl::exception_list list) {
          for (auto &e : list) {
            try {
              std::rethrow_exception(e);
            } catch (const std::exception &ex) {
              async_errors.push_back(ex.what());
            }
          }
        }) {
    e2e::print_device(q, test);
    auto d = q.get_device();
    if (const char *emu = std::getenv("USYCL_EMULATE"); emu && *emu) {
      std::string name = d.get_info<sycl::info::device::name>();
      e2e::check("USYCL_EMULATE=" + std::string(emu) + " reported as emulated (aspect::emulated)",
                 d.has(sycl::aspect::emulated));
      e2e::check("emulated device name mentions the target: " + name,
                 name.find(std::string("(emulating ") + emu + ")") != std::string::npos);
    }
  }
  sycl::device device() const { return q.get_device(); }
  std::string device_name() const { return q.get_device().get_info<sycl::info::device::name>(); }

  // Drains the queue; any asynchronous error is a test failure.
  void drain(const std::string &what) {
    try {
      q.wait_and_throw();
    } catch (const std::exception &e) {
      e2e::fail(what + ": wait_and_throw threw " + e.what());
    }
    for (auto &e : async_errors) e2e::fail(what + ": asynchronous error: " + e);
    async_errors.clear();
  }
};

// Whether this run must see the feature missing (set by the test registration).
inline bool expect_unsupported() {
  const char *v = std::getenv("OKS_EXPECT_UNSUPPORTED");
  return v && std::string(v) == "1";
}

// `submit` must throw a sycl::exception with `code` *itself* (synchronously),
// whose what() contains every one of `words`; nothing may be reported
// asynchronously afterwards.
template <typename F>
void expect_sync_exception(test_queue &tq, const std::string &what, sycl::errc code,
                           const std::vector<std::string> &words, F &&submit) {
  bool thrown = false;
  try {
    submit();
  } catch (const sycl::exception &e) {
    thrown = true;
    std::string msg = e.what();
    if (e.code() != code)
      e2e::fail(what + ": errc " + std::to_string(e.code().value()) + " instead of " +
                std::to_string(static_cast<int>(code)) + ": " + msg);
    for (const auto &w : words)
      if (msg.find(w) == std::string::npos)
        e2e::fail(what + ": what() does not contain \"" + w + "\": " + msg);
    std::printf("%s: synchronous exception (errc %d): %s\n", what.c_str(), e.code().value(),
                msg.c_str());
  } catch (const std::exception &e) {
    thrown = true;
    e2e::fail(what + ": non-SYCL exception: " + e.what());
  }
  if (!thrown) e2e::fail(what + ": the submission did not throw");
  tq.drain(what + " (after the exception)");
}

} // namespace oks
