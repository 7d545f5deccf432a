// runtime/trace: USYCL_TRACE levels, the file sink, kernel-name demangling.
#include "trace.hpp"

#include <sycl/detail/kernel_desc.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace trace = usycl::rt::trace;

namespace {
std::string read_file(const std::string &path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}
} // namespace

TEST(Trace, ParseLevel) {
  EXPECT_EQ(trace::parse_level(nullptr), 0);
  EXPECT_EQ(trace::parse_level(""), 0);
  EXPECT_EQ(trace::parse_level("0"), 0);
  EXPECT_EQ(trace::parse_level("1"), 1);
  EXPECT_EQ(trace::parse_level("2"), 2);
  EXPECT_EQ(trace::parse_level("all"), 2);
  EXPECT_EQ(trace::parse_level("verbose"), -1);
}

TEST(Trace, LevelsAndFileSink) {
  std::string path = "/tmp/usycl-trace-test-" + std::to_string(::getpid()) + ".log";
  ::unlink(path.c_str());
  ::setenv("USYCL_TRACE_FILE", path.c_str(), 1);

  ::setenv("USYCL_TRACE", "1", 1);
  trace::configure();
  EXPECT_TRUE(trace::enabled(trace::level::basic));
  EXPECT_FALSE(trace::enabled(trace::level::api));
  USYCL_TRACE_IF(basic, "test", "basic line %d", 42);
  USYCL_TRACE_IF(api, "test", "api line");

  sycl::detail::kernel_launch l{};
  l.name = "_ZTS6VecAdd";
  l.dims = 2;
  l.nd_range = true;
  l.global[0] = 64;
  l.global[1] = 32;
  l.local[0] = 8;
  l.local[1] = 4;
  trace::launch(l, "the CPU");

  ::setenv("USYCL_TRACE", "all", 1);
  trace::configure();
  EXPECT_TRUE(trace::enabled(trace::level::api));
  USYCL_TRACE_IF(api, "test", "api line now");

  // Off: nothing is evaluated or written.
  ::setenv("USYCL_TRACE", "0", 1);
  trace::configure();
  bool evaluated = false;
  USYCL_TRACE_IF(basic, "test", "%d", (evaluated = true, 1));
  EXPECT_FALSE(evaluated) << "trace arguments were evaluated with tracing off";

  std::string log = read_file(path);
  EXPECT_NE(log.find("test: basic line 42\n"), std::string::npos) << log;
  EXPECT_EQ(log.find("api line\n"), std::string::npos) << log;
  EXPECT_NE(log.find("test: api line now\n"), std::string::npos) << log;
  EXPECT_NE(log.find("launch: 'VecAdd' (_ZTS6VecAdd) on the CPU: nd_range global {64, 32} "
                     "local {8, 4}"),
            std::string::npos)
      << log;
  for (std::istringstream lines(log); !lines.eof();) {
    std::string line;
    std::getline(lines, line);
    if (!line.empty())
      EXPECT_TRUE(line.starts_with("usycl-trace: [")) << line;
  }
  ::unlink(path.c_str());
  ::unsetenv("USYCL_TRACE_FILE");
  ::unsetenv("USYCL_TRACE");
}

TEST(Trace, KernelNames) {
  EXPECT_EQ(trace::kernel_name("_ZTS6VecAdd"), "VecAdd");
  EXPECT_EQ(trace::kernel_name("_ZTSN2ns6KernelE"), "ns::Kernel");
  EXPECT_EQ(trace::kernel_name("not-mangled"), "not-mangled");
  EXPECT_EQ(trace::kernel_name(nullptr), "<unnamed>");
}
