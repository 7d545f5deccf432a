// Helpers of the device-side assert programs (assert_*.cpp, docs/assert.md):
// an async_handler that collects what it is given, a capture of the
// program's own stderr (the runtime prints each failure there), and the
// checks of the message format.
#pragma once

#include "e2e_common.hpp"

#include <cassert>
#include <fcntl.h>
#include <mutex>
#include <regex>
#include <string>
#include <unistd.h>
#include <vector>

namespace e2e {

// Collects asynchronous errors: (errc, what()) per exception.
struct collected_errors {
  std::mutex mutex;
  std::vector<std::pair<sycl::errc, std::string>> errors;
  int handler_calls = 0;

  sycl::async_handler handler() {
    return [this](sycl::exception_list list) {
      std::lock_guard lock(mutex);
      ++handler_calls;
      for (const std::exception_ptr &e : list) {
        try {
          std::rethrow_exception(e);
        } catch (const sycl::exception &ex) {
          errors.emplace_back(static_cast<sycl::errc>(ex.code().value()), ex.what());
        } catch (const std::exception &ex) {
          errors.emplace_back(sycl::errc::runtime, std::string("non-SYCL: ") + ex.what());
        }
      }
    };
  }
  size_t asserts() {
    std::lock_guard lock(mutex);
    size_t n = 0;
    for (auto &[code, what] : errors) n += code == sycl::errc::ext_oneapi_assert;
    return n;
  }
  std::vector<std::string> assert_messages() {
    std::lock_guard lock(mutex);
    std::vector<std::string> v;
    for (auto &[code, what] : errors)
      if (code == sycl::errc::ext_oneapi_assert) v.push_back(what);
    return v;
  }
  void clear() {
    std::lock_guard lock(mutex);
    errors.clear();
    handler_calls = 0;
  }
};

// Redirects this process's stderr (fd 2) to a temporary file until stop(),
// which restores it, echoes what was captured (so the test log shows it) and
// returns it.
class stderr_capture {
public:
  stderr_capture() {
    std::fflush(stderr);
    char name[] = "/tmp/usycl-assert-stderr-XXXXXX";
    fd_ = mkstemp(name);
    if (fd_ < 0) return;
    unlink(name);
    saved_ = dup(2);
    dup2(fd_, 2);
  }
  ~stderr_capture() { stop(); }
  // What was written so far (without stopping).
  std::string peek() const {
    std::string s;
    if (fd_ < 0) return s;
    char buf[4096];
    off_t at = 0;
    ssize_t n;
    while ((n = pread(fd_, buf, sizeof buf, at)) > 0) {
      s.append(buf, size_t(n));
      at += n;
    }
    return s;
  }
  std::string stop() {
    if (fd_ < 0) return text_;
    std::fflush(stderr);
    text_ = peek();
    dup2(saved_, 2);
    close(saved_);
    close(fd_);
    fd_ = -1;
    std::fprintf(stderr, "%s", text_.c_str());
    return text_;
  }

private:
  int fd_ = -1;
  int saved_ = -1;
  std::string text_;
};

// Lines of `text` that report a failed assertion in the seed's format.
inline std::vector<std::string> assert_lines(const std::string &text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    if (line.find("Assertion `") != std::string::npos && line.find(" failed.") != std::string::npos)
      lines.push_back(line);
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return lines;
}

// <file>:<line>: <function>: global id: [g0,g1,g2], local id: [l0,l1,l2] Assertion `<expr>` failed.
inline const std::regex &assert_regex() {
  static const std::regex r(
      R"(^(.+):([0-9]+): (.+): global id: \[([0-9]+),([0-9]+),([0-9]+)\], local id: \[([0-9]+),([0-9]+),([0-9]+)\] Assertion `(.*)` failed\.$)");
  return r;
}

struct assert_fields {
  std::string file, function, expr;
  unsigned line = 0;
  unsigned long long gid[3] = {0, 0, 0}, lid[3] = {0, 0, 0};
};

// Parses `message`; reports a failure (named `what`) when it does not match.
inline bool parse_assert(const std::string &what, const std::string &message, assert_fields &f) {
  std::smatch m;
  if (!std::regex_match(message, m, assert_regex())) {
    fail(what + ": not in the seed's format: '" + message + "'");
    return false;
  }
  f.file = m[1];
  f.line = unsigned(std::stoul(m[2]));
  f.function = m[3];
  for (int d = 0; d < 3; ++d) {
    f.gid[d] = std::stoull(m[4 + d]);
    f.lid[d] = std::stoull(m[7 + d]);
  }
  f.expr = m[10];
  return true;
}

inline bool is_gpu(const sycl::queue &q) { return q.get_device().is_gpu(); }

} // namespace e2e
