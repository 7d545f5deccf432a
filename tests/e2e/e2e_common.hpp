// Shared helpers of the e2e programs: every program checks each result
// against a host computation, prints the first few mismatches (what, where,
// expected, got) and returns non-zero when anything was wrong.
#pragma once

#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace e2e {

inline int &failures() {
  static int n = 0;
  return n;
}

// Report at most this many mismatches per program, then just count them.
constexpr int max_reports = 20;

inline void fail(const std::string &what) {
  if (failures()++ < max_reports) std::printf("FAIL: %s\n", what.c_str());
}

template <typename T> std::string str(const T &v) {
  if constexpr (std::is_floating_point_v<T>)
    return std::to_string(static_cast<double>(v));
  else if constexpr (std::is_enum_v<T>)
    return std::to_string(static_cast<long long>(v));
  else if constexpr (std::is_same_v<T, std::string>)
    return "'" + v + "'";
  else if constexpr (std::is_convertible_v<T, const char *>)
    return std::string("'") + v + "'";
  else if constexpr (std::is_unsigned_v<T>)
    return std::to_string(static_cast<unsigned long long>(v));
  else
    return std::to_string(static_cast<long long>(v));
}

// check_eq("C[3]", got, expected)
template <typename A, typename B>
bool check_eq(const std::string &what, const A &got, const B &expected) {
  if (got == expected) return true;
  fail(what + ": expected " + str(expected) + ", got " + str(got));
  return false;
}

template <typename T>
bool check_near(const std::string &what, T got, T expected, double rel = 1e-5) {
  double d = std::fabs(double(got) - double(expected));
  double tol = rel * std::fmax(1.0, std::fabs(double(expected)));
  if (d <= tol) return true;
  fail(what + ": expected " + str(expected) + ", got " + str(got));
  return false;
}

inline bool check(const std::string &what, bool ok) {
  if (!ok) fail(what);
  return ok;
}

inline void print_device(const sycl::queue &q, const char *test) {
  auto d = q.get_device();
  std::printf("%s: running on %s (%s)\n", test, d.get_info<sycl::info::device::name>().c_str(),
              d.is_gpu() ? "gpu" : d.is_cpu() ? "cpu" : "other");
}

// Ends a program: prints PASSED or the number of failures.
inline int finish(const char *test) {
  if (failures()) {
    std::printf("%s: FAILED (%d mismatches%s)\n", test, failures(),
                failures() > max_reports ? ", first ones shown" : "");
    return 1;
  }
  std::printf("%s: PASSED\n", test);
  return 0;
}

// Runs body, expecting a sycl::exception with errc `code` whose what()
// contains every one of `words`.
template <typename F>
void expect_exception(const std::string &what, sycl::errc code,
                      std::initializer_list<const char *> words, F &&body) {
  try {
    body();
  } catch (const sycl::exception &e) {
    if (e.code() != code) {
      fail(what + ": exception with errc " + std::to_string(e.code().value()) + " instead of " +
           std::to_string(static_cast<int>(code)) + " (what: " + e.what() + ")");
      return;
    }
    if (e.code().category() != sycl::sycl_category())
      fail(what + ": exception not in sycl_category");
    std::string msg = e.what();
    for (const char *w : words)
      if (msg.find(w) == std::string::npos)
        fail(what + ": what() does not mention '" + w + "': " + msg);
    std::printf("%s: got expected exception: %s\n", what.c_str(), msg.c_str());
    return;
  } catch (const std::exception &e) {
    fail(what + ": non-SYCL exception: " + e.what());
    return;
  }
  fail(what + ": no exception thrown");
}

} // namespace e2e
